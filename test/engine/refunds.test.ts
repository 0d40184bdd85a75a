/**
 * Money moves once, as the user meant, and the user sees what happened: a refund's item says what it gave back,
 * what was refunded in all and what is left; a later Session › Get and Gateway › Transaction › Get say the same;
 * the same refund run again within 15 minutes (a re-run step, a workflow run twice) is refused with nothing
 * sent, unless Allow Repeat is on. Run by n8n's real engine against the sandbox.
 */
import type { IDataObject } from 'n8n-workflow';

import { outputJson, runNode, type NodeRunOptions } from '../helpers/engine';
import { paidSessionPayment } from '../helpers/payments';
import { apiCallsOf, paySuiteApi, withSandbox } from '../helpers/sandbox';

const sandbox = withSandbox({ retryAfterSeconds: 0 }, (box) => {
	box.clearLedger();
	box.clearFaults();
});

const node = (name: string, type: string) => ({ name, type, credentialType: 'paySuiteApi' });
const SESSION = node('Session', 'paySuiteSession');
const GATEWAY = node('Gateway', 'paySuiteGateway');
const session = (parameters: IDataObject, options: NodeRunOptions = {}) => runNode(SESSION, parameters, paySuiteApi(sandbox), options);
const gateway = (parameters: IDataObject, options: NodeRunOptions = {}) => runNode(GATEWAY, parameters, paySuiteApi(sandbox), options);
const refundsSent = () => apiCallsOf(sandbox).filter((call) => call.path === '/api/reverse' || call.path === '/api/transaction');

const paidSession = () => paidSessionPayment(sandbox, 'REFUND');

const partialRefund = (internalReference: number, total: number, options: IDataObject = {}) => ({
	resource: 'transaction',
	operation: 'refund',
	internalReference: String(internalReference),
	refundType: 'partial',
	currency: 'USD',
	total,
	options,
});

describe('a refund shows its result', () => {
	it('20.00 of 120.50: the Refund item, a later Session › Get and Gateway › Transaction › Get each show 20 refunded and 100.5 refundable', async () => {
		const { requestId, internalReference } = await paidSession();
		const refunded = await session(partialRefund(internalReference, 20));
		expect(refunded.error).toBeUndefined();
		const [item] = outputJson(refunded, 'Session');
		expect(item).toMatchObject({
			internalReference,
			status: 'APPROVED',
			amount: 20,
			currency: 'USD',
			paymentAmount: 120.5,
			refundedAmount: 20,
			refundableAmount: 100.5,
			fullyRefunded: false,
			refunded: false,
		});
		expect(item.refundInternalReference).toEqual(expect.any(Number));
		expect(item.refunds).toEqual([expect.objectContaining({ amount: 20, currency: 'USD', status: 'APPROVED', internalReference: item.refundInternalReference })]);

		const sessionGet = await session({ resource: 'session', operation: 'get', requestId: String(requestId), options: { splitPayments: true } });
		expect(outputJson(sessionGet, 'Session')[0]).toMatchObject({ internalReference, amount: 120.5, refundedAmount: 20, refundableAmount: 100.5, fullyRefunded: false });
		const transactionGet = await gateway({ resource: 'transaction', operation: 'get', internalReference: String(internalReference) });
		const [transaction] = outputJson(transactionGet, 'Gateway');
		expect(transaction).toMatchObject({ internalReference, amount: 120.5, refundedAmount: 20, refundableAmount: 100.5, fullyRefunded: false });
		expect(typeof transaction.refundedAmount).toBe('number');
	});

	it('the rest refunded in full: 100.5 given back, nothing left, refunded', async () => {
		const { internalReference } = await paidSession();
		await session(partialRefund(internalReference, 20));
		const rest = await session({ resource: 'transaction', operation: 'refund', internalReference: String(internalReference) });
		expect(outputJson(rest, 'Session')[0]).toMatchObject({ amount: 100.5, refundedAmount: 120.5, refundableAmount: 0, fullyRefunded: true, refunded: true });
	});
});

describe('no surprise repeats', () => {
	it('the same refund run again (a re-run step or workflow) is refused, nothing is sent, and the error says what was done and how to repeat on purpose', async () => {
		const { internalReference } = await paidSession();
		const first = await session(partialRefund(internalReference, 20));
		expect(first.error).toBeUndefined();
		const again = await session(partialRefund(internalReference, 20));
		expect(again.error?.message).toMatch(
			new RegExp(`^Not sent: A refund of 20\\.00 USD of transaction ${internalReference} was already made less than a minute ago \\(.+, refund \\d+, by execution \\S+`),
		);
		expect(again.error?.description).toContain('Nothing was sent. Refunded so far: 20 USD; still refundable: 100.5 USD.');
		expect(again.error?.description).toContain('turn on Options > Allow Repeat');
		expect(refundsSent()).toHaveLength(1);
	});

	it('with Allow Repeat on, the same refund is sent again on purpose', async () => {
		const { internalReference } = await paidSession();
		await session(partialRefund(internalReference, 20));
		const again = await session(partialRefund(internalReference, 20, { allowRepeat: true }));
		expect(again.error).toBeUndefined();
		expect(outputJson(again, 'Session')[0]).toMatchObject({ amount: 20, refundedAmount: 40, refundableAmount: 80.5 });
		expect(refundsSent()).toHaveLength(2);
	});

	it('a different amount on the same payment is not a repeat', async () => {
		const { internalReference } = await paidSession();
		await session(partialRefund(internalReference, 20));
		const other = await session(partialRefund(internalReference, 5));
		expect(other.error).toBeUndefined();
		expect(refundsSent()).toHaveLength(2);
	});

	it('a full refund run again once the payment is refunded is refused before anything is sent', async () => {
		const { internalReference } = await paidSession();
		await session({ resource: 'transaction', operation: 'refund', internalReference: String(internalReference) });
		const again = await session({ resource: 'transaction', operation: 'refund', internalReference: String(internalReference) });
		expect(again.error?.message).toMatch(/^Not sent: A full refund of transaction \d+ was already made/);
		expect(refundsSent()).toHaveLength(1);
	});

	it('a reversal run again is refused the same way', async () => {
		const { internalReference } = await paidSession();
		const reverse = { resource: 'transaction', operation: 'reverse', internalReference: String(internalReference), sendAmount: true, currency: 'USD', total: 10 };
		expect((await session(reverse)).error).toBeUndefined();
		const again = await session(reverse);
		expect(again.error?.message).toMatch(/^Not sent: A reversal of 10\.00 USD of transaction \d+ was already made/);
		expect(refundsSent()).toHaveLength(1);
	});

	it('two copies sent at the same moment both pass the check (a gap the docs state): each item then warns that the payment was refunded twice', async () => {
		const { internalReference } = await paidSession();
		// Each refund waits 0.5 s before the platform makes it: both copies have read the payment by then.
		sandbox.setFaults([{ path: '/api/reverse', kind: 'latency', latencyMs: 500, when: 'before' }]);
		const [first, second] = await Promise.all([session(partialRefund(internalReference, 20)), session(partialRefund(internalReference, 20))]);
		expect(refundsSent()).toHaveLength(2);
		for (const result of [first, second]) {
			const [item] = outputJson(result, 'Session');
			expect(item.refundedAmount).toBe(40);
			expect(String(item.warning)).toMatch(/^2 refunds of 20 USD were made on this payment at the same moment \(\d+, \d+\): another run sent the same refund\./);
		}
	});
});

