/**
 * No store the process keeps (nodes/shared/context/runMemory.ts lists them) gives one credential what another one
 * read. The transaction list keeps the last minute's report: a credential with the same login and address but
 * another secret key must ask the platform itself, signed, and be refused there. Run by n8n's engine against the
 * sandbox over HTTP.
 */
import type { INodeListSearchResult } from 'n8n-workflow';

import { runNodeMethod } from '../helpers/engine';
import { paidSessionPayment } from '../helpers/payments';
import { apiCallsOf, paySuiteApi, withSandbox } from '../helpers/sandbox';

const sandbox = withSandbox({ retryAfterSeconds: 0, reportPendingPolls: 1 }, 'clearLedger');

const GATEWAY = { name: 'Gateway', type: 'paySuiteGateway', credentialType: 'paySuiteApi' };
const WRONG_SECRET = 'not-the-secret-key';

/** Gateway › Transaction › Get takes any transaction: the list offers the report's rows as they are. */
const searchTransactions = (filter: string, secretKey?: string) =>
	runNodeMethod<INodeListSearchResult>('listSearch', 'searchTransactions', {
		node: GATEWAY,
		parameters: { resource: 'transaction', operation: 'get' },
		credentials: paySuiteApi(sandbox, { secretKey }),
		filter,
	});

const sent = () => apiCallsOf(sandbox).map((call) => ({ path: call.path, status: call.status, login: call.auth?.login, signed: call.auth?.ok }));

describe("the transaction list's last report is kept for its signer only", () => {
	it('after one credential listed transactions, another with the same login and address but a wrong secret key gets nothing: the platform refuses it', async () => {
		const payment = await paidSessionPayment(sandbox, 'SIGNER');

		const listed = await searchTransactions('signer');
		expect(listed.results.map((entry) => entry.value)).toEqual([String(payment.internalReference)]);
		expect(sent().filter((call) => call.path === '/gateway/report')).toEqual([{ path: '/gateway/report', status: 200, login: sandbox.credentials.login, signed: true }]);

		// The same signer within the minute: the kept report, nothing sent.
		sandbox.clearLedger();
		expect((await searchTransactions('signer')).results).toEqual(listed.results);
		expect(sent()).toEqual([]);

		const refused = await searchTransactions('signer', WRONG_SECRET).then(
			(answer) => answer,
			(error: Error & { description?: string }) => error,
		);
		expect(refused).toBeInstanceOf(Error);
		const words = `${(refused as Error).message} ${(refused as Error & { description?: string }).description ?? ''}`;
		expect(words).toMatch(/secret key/i);
		expect(words).not.toContain(WRONG_SECRET);
		expect(words).not.toContain(String(payment.internalReference));
		// It asked the platform with its own signature, which refused it.
		expect(sent()).toEqual([{ path: '/gateway/report', status: 401, login: sandbox.credentials.login, signed: false }]);

		// The refusal kept nothing: the right credential still lists its own.
		sandbox.clearLedger();
		expect((await searchTransactions('signer')).results).toEqual(listed.results);
		expect(sent()).toEqual([]);
	});
});
