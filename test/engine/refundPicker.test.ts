/**
 * Session › Transaction › Refund's "From list" offers only what a refund can take: approved payments not refunded
 * in full, judged from documented fields (type, status, refunded). Against a sandbox with 10 days of past
 * transactions (payments, pre-authorizations, refunds, captures; approved, rejected, pending, failed) and payments
 * of its own (a session's, the gateway's, one partly and one fully refunded): every entry the list offers is
 * refunded in full by the node without an error, and every payment a refund takes is offered.
 */
import type { IDataObject, INodeListSearchResult } from 'n8n-workflow';

import { outputJson, runNode, runNodeMethod } from '../helpers/engine';
import { gatewayProcessParameters } from '../helpers/fixtures';
import { paidSessionPayment } from '../helpers/payments';
import { control, paySuiteApi, withSandbox } from '../helpers/sandbox';

const sandbox = withSandbox({ historyDays: 10, retryAfterSeconds: 0, reportPendingPolls: 1 }, 'clearLedger');

const SESSION = { name: 'Session', type: 'paySuiteSession', credentialType: 'paySuiteApi' };
const GATEWAY = { name: 'Gateway', type: 'paySuiteGateway', credentialType: 'paySuiteApi' };
const refund = (internalReference: string, parameters: IDataObject = {}) =>
	runNode(SESSION, { resource: 'transaction', operation: 'refund', internalReference: { __rl: true, mode: 'list', value: internalReference }, ...parameters }, paySuiteApi(sandbox));

const offered = async (filter: string): Promise<string[]> => {
	const listed = await runNodeMethod<INodeListSearchResult>('listSearch', 'searchTransactions', {
		node: SESSION,
		parameters: { resource: 'transaction', operation: 'refund' },
		credentials: paySuiteApi(sandbox),
		filter,
	});
	return listed.results.map((entry) => String(entry.value));
};

/** The sandbox's transactions of the demo site, as the platform holds them. */
const transactions = async () => (((await control(sandbox, '/__sandbox/gateway/transactions')).transactions as IDataObject[]) ?? []).filter((txn) => txn.siteLogin === sandbox.credentials.login);

describe("the refund picker offers only what a refund takes, and all of it", () => {
	it('each entry found by a reference alone is refunded without an error; refunds, pre-authorizations and declined payments are never offered', async () => {
		const partly = await paidSessionPayment(sandbox, 'PICK');
		expect((await refund(String(partly.internalReference), { refundType: 'partial', currency: 'USD', total: 20 })).error).toBeUndefined();
		const fully = await paidSessionPayment(sandbox, 'PICK');
		expect((await refund(String(fully.internalReference))).error).toBeUndefined();
		const charged = outputJson(await runNode(GATEWAY, gatewayProcessParameters({ reference: 'PICK-GATEWAY' }), paySuiteApi(sandbox)), 'Gateway')[0];

		// Every transaction of the last 10 days has an ORDER- (past) or PICK- (own) reference.
		const listed = [...(await offered('ORDER')), ...(await offered('pick'))];
		const all = await transactions();
		const byReference = new Map(all.map((txn) => [String(txn.internalReference), txn]));
		// The list reads the last 10 days: what it lists, a refund takes; what a refund takes in them, it lists.
		const since = Date.now() - 10 * 86_400_000 + 60_000;
		const refundable = all.filter(
			(txn) =>
				['AUTH_ONLY', 'CHECKOUT'].includes(String(txn.type)) &&
				(txn.status as IDataObject).status === 'APPROVED' &&
				txn.refunded !== true &&
				Date.parse(String(txn.transactionDate)) >= since,
		);
		expect(new Set(listed)).toEqual(new Set(refundable.map((txn) => String(txn.internalReference))));
		expect(listed).toContain(String(partly.internalReference));
		expect(listed).toContain(String(charged.internalReference));
		expect(listed).not.toContain(String(fully.internalReference));
		expect(listed.map((id) => byReference.get(id)?.type)).not.toContain('REFUND');
		expect(listed.length).toBeGreaterThan(5);

		// What the list offers, the platform refunds.
		for (const internalReference of listed) {
			const result = await refund(internalReference);
			expect({ internalReference, error: result.error?.message }).toEqual({ internalReference, error: undefined });
		}
		// Refunded in full, none of them is offered any more.
		expect([...(await offered('ORDER')), ...(await offered('pick'))]).toEqual([]);
	});

	it("a payment the platform does not know fails saying so, without sending the user to the Base URL", async () => {
		const result = await refund('987654321');
		expect(result.error?.message).toBe('Transaction 987654321 was not found: check the Internal Reference.');
		expect(result.error?.description).not.toMatch(/Base URL/);
		expect(result.error?.description).toMatch(/does not know/);
	});
});
