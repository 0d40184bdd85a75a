/**
 * Nothing charged twice, nothing garbled: the transport's rules for writes whose answer is lost, run by n8n's
 * real engine against the sandbox's faults. A plain write is never sent again once it may have reached the
 * platform (after a 503 with Retry-After, a reset, a timeout, a cut or unreadable answer); the node asks the
 * platform what happened where the API lets it, or fails saying what may have happened and what to check.
 * A deduplicated write (Process) keeps one key across n8n's Retry of the execution.
 */
import type { IDataObject } from 'n8n-workflow';

import { requestDefaults } from '../../nodes/shared/transport/retry';
import { outputJson, retryExecution, runNode, type NodeRunOptions, type RunResult } from '../helpers/engine';
import { sessionCreateParameters } from '../helpers/fixtures';
import { paidSessionPayment } from '../helpers/payments';
import { apiCallsOf, control, paySuiteApi, withSandbox } from '../helpers/sandbox';

const sandbox = withSandbox({ retryAfterSeconds: 0 }, (box) => {
	box.clearLedger();
	box.clearFaults();
});

const node = (name: string, type: string) => ({ name, type, credentialType: 'paySuiteApi' });
const SESSION = node('Session', 'paySuiteSession');
const GATEWAY = node('Gateway', 'paySuiteGateway');
const LINK = node('Link', 'paySuitePaymentLink');
const session = (parameters: IDataObject, options: NodeRunOptions = {}) => runNode(SESSION, parameters, paySuiteApi(sandbox), options);
const gateway = (parameters: IDataObject, options: NodeRunOptions = {}) => runNode(GATEWAY, parameters, paySuiteApi(sandbox), options);
const link = (parameters: IDataObject, options: NodeRunOptions = {}) => runNode(LINK, parameters, paySuiteApi(sandbox), options);
const callsTo = (path: string) => apiCallsOf(sandbox).filter((call) => call.path === path);

let counter = 0;
const unique = (prefix: string) => `${prefix}-${++counter}-${Date.now() % 100000}`;

// ---------------------------------------------------------------------------------------------------------
// What the sandbox holds, read from its state (not through the nodes under test)
// ---------------------------------------------------------------------------------------------------------
interface CheckoutSlice {
	sessions: Record<string, { reference: string; status: { status: string; reason: string } }>;
	transactions: Record<string, { returned: number; state: string }>;
}
const checkout = () => sandbox.world.slice<CheckoutSlice>('checkout', () => ({ sessions: {}, transactions: {} }));
const sessionsWith = (reference: string) => Object.values(checkout().sessions).filter((entry) => entry.reference === reference);
const linksWith = (reference: string) =>
	Object.values(sandbox.world.slice<{ links: Record<string, { reference: string; status: string }> }>('links', () => ({ links: {} })).links).filter(
		(entry) => entry.reference === reference,
	);
const chargesOf = async (reference: string) =>
	((await control(sandbox, '/__sandbox/gateway/transactions')).transactions as IDataObject[]).filter((txn) => txn.reference === reference);

const paymentSession = (reference: string): IDataObject => sessionCreateParameters({ reference, description: 'Shoes' });

const paidSession = () => paidSessionPayment(sandbox);

/** With Continue On Fail, the one error item of a run. */
function errorItem(result: RunResult, nodeName: string): IDataObject {
	expect(result.error).toBeUndefined();
	const [item, ...rest] = outputJson(result, nodeName);
	expect(rest).toEqual([]);
	expect(item.error).toBeDefined();
	return item;
}

// ---------------------------------------------------------------------------------------------------------
describe('a refund is never sent twice, and a lost answer is settled by reading the payment', () => {
	it('a partial refund answered 503 with Retry-After after the platform made it: one refund, and the item says it was made', async () => {
		const { internalReference } = await paidSession();
		sandbox.setFaults([{ path: '/api/reverse', kind: 'status', status: 503, retryAfter: 0, when: 'after' }]);
		const result = await session(
			{ resource: 'transaction', operation: 'refund', internalReference, refundType: 'partial', currency: 'USD', total: 50 },
			{ continueOnFail: true },
		);
		expect(result.error).toBeUndefined();
		const [item] = outputJson(result, 'Session');
		expect(item).toMatchObject({ internalReference, amount: 50, currency: 'USD', paymentAmount: 120.5, refundedAmount: 50, refundableAmount: 70.5, refunded: false });
		expect(item.confirmedAfterLostAnswer).toBe(
			`The refund of 50.00 USD on transaction ${internalReference} was made: the platform's answer was lost (HTTP 503 with Retry-After: Injected fault), and the platform, read again, shows it.`,
		);
		// Settled by the documented search (by the payment's reference and the refund's amount) and query.
		expect(callsTo('/gateway/search').map((call) => (call.body as IDataObject).amount)).toEqual([{ currency: 'USD', total: 120.5 }, { currency: 'USD', total: 50 }]);
		expect(callsTo('/api/reverse')).toHaveLength(1);
		expect(checkout().transactions[String(internalReference)].returned).toBe(50);
	});

	it('a full refund answered 429 with Retry-After that the platform did not make: not sent again, and the item says nothing was refunded', async () => {
		const { internalReference } = await paidSession();
		sandbox.setFaults([{ path: '/api/reverse', kind: 'status', status: 429, retryAfter: 0 }]);
		const result = await session({ resource: 'transaction', operation: 'refund', internalReference });
		expect(result.error?.message).toBe(
			`The full refund of transaction ${internalReference} was not made: the platform's answer was lost (HTTP 429 with Retry-After: Injected fault), and the platform, read again, shows no such refund (item 0)`,
		);
		expect(result.error?.description).toContain('Nothing was given back. It is safe to run this step again.');
		expect(callsTo('/api/reverse')).toHaveLength(1);
		expect(checkout().transactions[String(internalReference)].returned).toBe(0);
	});

	it('a partial refund answered 429 that the platform did not make: the search (which finds the payment itself) finds no such refund, so "not made"', async () => {
		const { internalReference } = await paidSession();
		sandbox.setFaults([{ path: '/api/reverse', kind: 'status', status: 429, retryAfter: 0 }]);
		const result = await session({ resource: 'transaction', operation: 'refund', internalReference, refundType: 'partial', currency: 'USD', total: 50 });
		expect(result.error?.message).toBe(
			`The refund of 50.00 USD on transaction ${internalReference} was not made: the platform's answer was lost (HTTP 429 with Retry-After: Injected fault), and the platform, read again, shows no such refund (item 0)`,
		);
		expect(callsTo('/api/reverse')).toHaveLength(1);
		expect(checkout().transactions[String(internalReference)].returned).toBe(0);
		// Not made, so not kept: the same refund can be run again at once.
		sandbox.clearFaults();
		expect((await session({ resource: 'transaction', operation: 'refund', internalReference, refundType: 'partial', currency: 'USD', total: 50 })).error).toBeUndefined();
		expect(checkout().transactions[String(internalReference)].returned).toBe(50);
	});

	it('a partial refund whose answer is lost when the search cannot find the payment itself: "may have been made", never "not made"', async () => {
		const { internalReference } = await paidSession();
		sandbox.setFaults([
			{ path: '/api/reverse', kind: 'status', status: 429, retryAfter: 0 },
			{ path: '/gateway/search', kind: 'status', status: 500 },
		]);
		const result = await session({ resource: 'transaction', operation: 'refund', internalReference, refundType: 'partial', currency: 'USD', total: 50 });
		expect(result.error?.message).toMatch(/^The refund of 50\.00 USD on transaction \d+ may have been made: /);
		expect(result.error?.description).toContain("searching the payment's transactions failed too");
	});

	it('a refund whose answer does not come within the timeout, made by the platform: one refund, the item says it was made', async () => {
		const { internalReference } = await paidSession();
		const saved = requestDefaults.timeoutMs;
		requestDefaults.timeoutMs = 1000;
		sandbox.setFaults([{ path: '/api/reverse', kind: 'latency', latencyMs: 2500, when: 'after' }]);
		try {
			const result = await session({ resource: 'transaction', operation: 'refund', internalReference });
			expect(result.error).toBeUndefined();
			const [item] = outputJson(result, 'Session');
			expect(item).toMatchObject({ amount: 120.5, refundedAmount: 120.5, refundableAmount: 0, refunded: true });
			expect(String(item.confirmedAfterLostAnswer)).toMatch(/^The full refund of transaction \d+ was made: the platform's answer was lost \(no answer within 1 s\)/);
		} finally {
			requestDefaults.timeoutMs = saved;
		}
		expect(callsTo('/api/reverse')).toHaveLength(1);
		expect(checkout().transactions[String(internalReference)].state).toBe('reversed');
	});

	it('a refund the platform makes late, after the node stopped waiting: read again a little later, the item says it was made, never "not made"', async () => {
		const { internalReference } = await paidSession();
		const saved = requestDefaults.timeoutMs;
		requestDefaults.timeoutMs = 1000;
		// The request waits 2.5 s before the platform works on it: at the timeout nothing is refunded yet.
		sandbox.setFaults([{ path: '/api/reverse', kind: 'latency', latencyMs: 2500, when: 'before' }]);
		try {
			const result = await session({ resource: 'transaction', operation: 'refund', internalReference, refundType: 'partial', currency: 'USD', total: 30 });
			expect(result.error).toBeUndefined();
			const [item] = outputJson(result, 'Session');
			expect(item).toMatchObject({ amount: 30, refundedAmount: 30, refundableAmount: 90.5 });
			expect(String(item.confirmedAfterLostAnswer)).toContain('was made');
		} finally {
			requestDefaults.timeoutMs = saved;
		}
		expect(callsTo('/api/reverse')).toHaveLength(1);
		// Searched again a little later: without an answer the platform may still be making it.
		expect(callsTo('/gateway/search').length).toBeGreaterThan(2);
	});

	it('a reversal cut short mid-answer: one reversal, and the item says it was made', async () => {
		const { internalReference } = await paidSession();
		sandbox.setFaults([{ path: '/api/transaction', kind: 'truncate' }]);
		const result = await session({ resource: 'transaction', operation: 'reverse', internalReference, sendAmount: true, currency: 'USD', total: 20 });
		expect(result.error).toBeUndefined();
		const [item] = outputJson(result, 'Session');
		expect(item).toMatchObject({ amount: 20, refundedAmount: 20, refundableAmount: 100.5 });
		expect(String(item.confirmedAfterLostAnswer)).toContain(`The reversal of 20.00 USD on transaction ${internalReference} was made`);
		expect(callsTo('/api/transaction')).toHaveLength(1);
		expect(checkout().transactions[String(internalReference)].returned).toBe(20);
	});

	it('when the payment cannot be read again either, the item says the refund may have been made and what to check', async () => {
		const { internalReference } = await paidSession();
		sandbox.setFaults([
			{ path: '/api/reverse', kind: 'status', status: 503, retryAfter: 0, when: 'after' },
			{ path: '/gateway/query', kind: 'status', status: 404, skip: 1 },
		]);
		const result = await session({ resource: 'transaction', operation: 'refund', internalReference, refundType: 'partial', currency: 'USD', total: 50 });
		expect(result.error?.message).toBe(
			`The refund of 50.00 USD on transaction ${internalReference} may have been made: the platform's answer was lost (HTTP 503 with Retry-After: Injected fault) (item 0)`,
		);
		expect(result.error?.description).toContain('PaySuite Gateway > Transaction > Get says whether it is refunded in full');
		expect(callsTo('/api/reverse')).toHaveLength(1);
	});
});

describe('sessions and links', () => {
	it('Session Create whose connection is reset after the platform created it: one session, and the item says one may exist', async () => {
		const reference = unique('RESET');
		sandbox.setFaults([{ path: '/api/session', kind: 'drop', when: 'after' }]);
		const result = await session(paymentSession(reference), { continueOnFail: true });
		const item = errorItem(result, 'Session');
		expect(item.error).toBe(
			`A checkout session for reference ${reference} (120.50 USD) may have been created: the platform's answer was lost (the connection broke after the request was sent) (item 0)`,
		);
		expect(item.description).toContain("Look for it in the platform's back office before creating another");
		expect(callsTo('/api/session')).toHaveLength(1);
		expect(sessionsWith(reference)).toHaveLength(1);
	});

	it('Session Create answered with an HTML page (HTTP 200) is an error, not a junk item', async () => {
		const reference = unique('HTML');
		sandbox.setFaults([{ path: '/api/session', kind: 'html', status: 200, when: 'after' }]);
		const result = await session(paymentSession(reference));
		expect(result.error?.message).toContain('may have been created');
		expect(result.error?.message).toContain('(the answer was an HTML page, not JSON)');
		expect(outputJson(result, 'Session')).toEqual([]);
		expect(sessionsWith(reference)).toHaveLength(1);
	});

	it('Session Cancel whose answer is lost (HTTP 500): the session, read again, shows it cancelled, and the item says so', async () => {
		const created = await session(paymentSession(unique('CANCEL')));
		const requestId = Number(outputJson(created, 'Session')[0].requestId);
		sandbox.clearLedger();
		sandbox.setFaults([{ path: `/api/session/${requestId}/cancel`, kind: 'status', status: 500, when: 'after' }]);
		const result = await session({ resource: 'session', operation: 'cancel', requestId: String(requestId) });
		expect(result.error).toBeUndefined();
		const [out] = outputJson(result, 'Session');
		expect(out.session).toMatchObject({ requestId, status: { status: 'REJECTED', reason: 'MC' } });
		expect(out.confirmedAfterLostAnswer).toBe(
			`The cancellation of session ${requestId} was made: the platform's answer was lost (HTTP 500: Injected fault), and the platform, asked again, shows it done.`,
		);
		expect(apiCallsOf(sandbox).map((call) => call.path)).toEqual([`/api/session/${requestId}/cancel`, `/api/session/${requestId}`]);
	});

	it('Session Cancel refused before the work (HTTP 502): the session, read again, is not cancelled, so the item fails saying so', async () => {
		const created = await session(paymentSession(unique('NOCANCEL')));
		const requestId = Number(outputJson(created, 'Session')[0].requestId);
		sandbox.clearLedger();
		sandbox.setFaults([{ path: `/api/session/${requestId}/cancel`, kind: 'html', status: 502 }]);
		const result = await session({ resource: 'session', operation: 'cancel', requestId: String(requestId) });
		expect(result.error?.message).toContain(`The cancellation of session ${requestId} may have been made`);
		expect(result.error?.description).toContain('Asked right after, the platform did not show it done');
		expect(callsTo(`/api/session/${requestId}/cancel`)).toHaveLength(1);
	});

	it('Payment Link Create cut short: one link, the item says it may have been created; Disable answered by an HTML page: confirmed by reading the link', async () => {
		const reference = unique('LINK');
		const linkParameters = {
			resource: 'paymentLink',
			operation: 'create',
			name: 'Sale',
			reference,
			description: 'Ticket',
			currency: 'COP',
			total: 150000,
			expirationDate: `${new Date().getUTCFullYear() + 1}-03-01T10:15:00`,
			paymentExpiration: 30,
		};
		sandbox.setFaults([{ path: '/api/payment-link', kind: 'truncate', complete: true }]);
		const lost = await link(linkParameters);
		expect(lost.error?.message).toBe(
			`A payment link with reference ${reference} may have been created: the platform's answer was lost (the answer was JSON cut short) (item 0)`,
		);
		expect(callsTo('/api/payment-link')).toHaveLength(1);
		expect(linksWith(reference)).toHaveLength(1);

		sandbox.clearFaults();
		const created = await link({ ...linkParameters, reference: `${reference}-B` });
		const id = Number(outputJson(created, 'Link')[0].id);
		sandbox.clearLedger();
		sandbox.setFaults([{ path: `/api/payment-link/disalbe/${id}`, kind: 'html', status: 200, when: 'after' }]);
		const disabled = await link({ resource: 'paymentLink', operation: 'disable', linkId: id });
		expect(disabled.error).toBeUndefined();
		const [out] = outputJson(disabled, 'Link');
		expect(out).toMatchObject({ id, link: { id, status: 'INACTIVE' } });
		expect(out.confirmedAfterLostAnswer).toMatch(/^The payment link \d+ was disabled: the platform's answer was lost \(the answer was an HTML page, not JSON\)/);
		expect(callsTo(`/api/payment-link/disalbe/${id}`)).toHaveLength(1);
	});
});

// ---------------------------------------------------------------------------------------------------------
describe('Gateway > Process keeps one idempotence key', () => {
	const CARD = '4111111111111111';
	const processParams = (reference: string): IDataObject => ({
		resource: 'transaction',
		operation: 'process',
		cardNumber: CARD,
		expiration: '12/30',
		cvv: '987',
		reference,
		description: 'Shoes',
		currency: 'USD',
		total: 120.5,
		payer: { name: 'Ana', surname: 'Gomez', email: 'ana@example.com', document: '1020304050', documentType: 'CC' },
	});
	const scheduled = (at: string) => [{ timestamp: at, order: 'A-1' }];

	it('a truncated answer to every attempt: an error item under Continue On Fail saying the outcome is unknown; the same execution again charges nothing new', async () => {
		const reference = unique('CUT');
		sandbox.setFaults([{ path: '/gateway/process', kind: 'truncate' }]);
		const first = await gateway(processParams(reference), { continueOnFail: true, items: scheduled('2026-11-24T10:00:00Z') });
		const item = errorItem(first, 'Gateway');
		expect(item.error).toBe(
			`The payment of 120.50 USD with reference ${reference} may have been charged: the platform's answer was lost (the answer was cut short) (item 0)`,
		);
		expect(item.description).toContain("run the same item again (n8n's Retry of this execution, or Retry On Fail)");
		expect(JSON.stringify(item)).not.toContain(CARD);
		const attempts = callsTo('/gateway/process');
		expect(attempts).toHaveLength(4);
		expect(new Set(attempts.map((call) => call.body.idempotenceKey)).size).toBe(1);
		expect(await chargesOf(reference)).toHaveLength(1);

		sandbox.clearFaults();
		const again = await gateway(processParams(reference), { continueOnFail: true, items: scheduled('2026-11-24T10:00:00Z') });
		expect(callsTo('/gateway/process').at(-1)!.body.idempotenceKey).toBe(attempts[0].body.idempotenceKey);
		const charges = await chargesOf(reference);
		expect(charges).toHaveLength(1);
		expect(outputJson(again, 'Gateway')[0].internalReference).toBe(charges[0].internalReference);
	});

	it("n8n's Retry of the failed execution (a new execution id, the stored input) gets the first charge back instead of charging again", async () => {
		const reference = unique('RETRY');
		sandbox.setFaults([{ path: '/gateway/process', kind: 'status', status: 503, when: 'after' }]);
		const failed = await gateway(processParams(reference), { executionId: 'execution-1', items: scheduled('2026-11-24T10:00:00Z') });
		expect(failed.error?.message).toContain('may have been charged');
		expect(await chargesOf(reference)).toHaveLength(1);

		sandbox.clearFaults();
		const retried = await retryExecution(failed, 'execution-2');
		expect(retried.run.mode).toBe('retry');
		expect(retried.error).toBeUndefined();
		const keys = new Set(callsTo('/gateway/process').map((call) => call.body.idempotenceKey));
		expect(keys.size).toBe(1);
		const charges = await chargesOf(reference);
		expect(charges).toHaveLength(1);
		expect(outputJson(retried, 'Gateway')).toHaveLength(1);
		expect(outputJson(retried, 'Gateway')[0].internalReference).toBe(charges[0].internalReference);
	});

	it('a new run with a new input (the next scheduled run) is a new payment and is charged', async () => {
		const reference = unique('NEXT');
		const first = await gateway(processParams(reference), { executionId: 'execution-1', items: scheduled('2026-11-24T10:00:00Z') });
		const second = await gateway(processParams(reference), { executionId: 'execution-2', items: scheduled('2026-11-25T10:00:00Z') });
		expect(first.error).toBeUndefined();
		expect(second.error).toBeUndefined();
		expect(await chargesOf(reference)).toHaveLength(2);
	});
});

// ---------------------------------------------------------------------------------------------------------
describe('reads stay retried, and an unreadable answer is an error', () => {
	it('a read answered once by an HTML page (HTTP 200) is asked again and gives the record', async () => {
		const { requestId } = await paidSession();
		sandbox.setFaults([{ path: `/api/session/${requestId}`, kind: 'html', status: 200, count: 1 }]);
		const result = await session({ resource: 'session', operation: 'get', requestId: String(requestId) });
		expect(result.error).toBeUndefined();
		expect(outputJson(result, 'Session')[0]).toMatchObject({ requestId });
		expect(callsTo(`/api/session/${requestId}`)).toHaveLength(2);
	});

	it('a read whose answers are never JSON fails saying the answer could not be read', async () => {
		const { requestId } = await paidSession();
		sandbox.setFaults([{ path: `/api/session/${requestId}`, kind: 'truncate', complete: true }]);
		const result = await session({ resource: 'session', operation: 'get', requestId: String(requestId) }, { continueOnFail: true });
		const item = errorItem(result, 'Session');
		expect(item.error).toBe(`The platform's answer to /api/session/${requestId} could not be read: the answer was JSON cut short`);
		expect(item.description).toBe('Asked 4 time(s). A read changes nothing on the platform: try again later.');
	});
});
