/**
 * Money moves once, as the user meant, and the user sees what happened, on the platform as the documents describe
 * it (a payment says only whether it is `refunded`; the sandbox answers documented fields only): a refund's item
 * says what it gave back, what was refunded in all and what is left, and on what that is based; a later
 * Session › Get and Gateway › Transaction › Get say the same; the same refund again within 15 minutes (a second
 * node, a re-run step, a workflow run twice) is refused with nothing sent, unless Allow Repeat is on. The memory is
 * n8n's record of the workflow (its deduplication store; test/helpers/processedData.ts mirrors n8n's). Run by n8n's
 * real engine against the sandbox.
 */
import type { IDataObject } from 'n8n-workflow';

import { REFUND_BASIS } from '../../nodes/shared/output/refunds';
import { outputJson, runNode, runWorkflow, type NodeRunOptions } from '../helpers/engine';
import { paidSessionPayment } from '../helpers/payments';
import { processedData } from '../helpers/processedData';
import { apiCallsOf, paySuiteApi, withSandbox } from '../helpers/sandbox';

const sandbox = withSandbox({ retryAfterSeconds: 0 }, (box) => {
	box.clearLedger();
	box.clearFaults();
});

beforeEach(() => processedData.clear());

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
const fullRefund = (internalReference: number) => ({ resource: 'transaction', operation: 'refund', internalReference: String(internalReference) });

describe('a refund shows its result, as numbers with what they are based on', () => {
	it('20.00 of 120.50: the Refund item, a later Session › Get and Gateway › Transaction › Get each show 20 refunded and 100.5 left', async () => {
		const { requestId, internalReference } = await paidSession();
		const refunded = await session(partialRefund(internalReference, 20));
		expect(refunded.error).toBeUndefined();
		const [item] = outputJson(refunded, 'Session');
		const columns = { refundedAmount: 20, refundableAmount: 100.5, refundedAmountBasis: REFUND_BASIS.byThisWorkflow };
		expect(item).toMatchObject({ internalReference, status: 'APPROVED', refundStatus: 'APPROVED', amount: 20, currency: 'USD', paymentAmount: 120.5, refunded: false, ...columns });
		expect(item).not.toHaveProperty('refunds');
		// When the platform answered the refund (its status date), and on the site's clock.
		expect([item.refundDate, item.refundDateIso]).toEqual([expect.stringMatching(/^\d{4}-\d\d-\d\dT/), expect.stringMatching(/-05:00$/)]);

		const split = await session({ resource: 'session', operation: 'get', requestId: String(requestId), options: { splitPayments: true } });
		expect(outputJson(split, 'Session')[0]).toMatchObject({ internalReference, amount: 120.5, ...columns });
		const whole = await session({ resource: 'session', operation: 'get', requestId: String(requestId) });
		expect(outputJson(whole, 'Session')[0]).toMatchObject({ internalReference, ...columns });
		const [transaction] = outputJson(await gateway({ resource: 'transaction', operation: 'get', internalReference: String(internalReference) }), 'Gateway');
		expect(transaction).toMatchObject({ internalReference, amount: 120.5, ...columns });
		expect(typeof transaction.refundedAmount).toBe('number');
	});

	it('the rest refunded in full: 100.5 given back, and the platform says it is all refunded', async () => {
		const { internalReference } = await paidSession();
		await session(partialRefund(internalReference, 20));
		const rest = await session(fullRefund(internalReference));
		expect(outputJson(rest, 'Session')[0]).toMatchObject({
			amount: 100.5,
			refundedAmount: 120.5,
			refundableAmount: 0,
			refunded: true,
			refundedAmountBasis: REFUND_BASIS.refundedInFull,
		});
	});

	it('a payment never refunded through n8n: nothing given back by this workflow, everything left, and the basis says refunds elsewhere are not known', async () => {
		const { internalReference } = await paidSession();
		const [transaction] = outputJson(await gateway({ resource: 'transaction', operation: 'get', internalReference: String(internalReference) }), 'Gateway');
		expect(transaction).toMatchObject({ refundedAmount: 0, refundableAmount: 120.5 });
		expect(transaction.refundedAmountBasis).toContain('Refunds made elsewhere (another workflow, the platform');
	});

	it('another workflow does not know this one’s refunds: its columns say they count its own only', async () => {
		const { internalReference } = await paidSession();
		await session(partialRefund(internalReference, 20));
		const [elsewhere] = outputJson(await gateway({ resource: 'transaction', operation: 'get', internalReference: String(internalReference) }, { workflowId: 'another-workflow' }), 'Gateway');
		expect(elsewhere).toMatchObject({ refundedAmount: 0, refundableAmount: 120.5, refundedAmountBasis: REFUND_BASIS.byThisWorkflow });
	});
});

describe('no surprise repeats', () => {
	it('the same refund in a second node of the same workflow: one refund and one refusal, nothing sent the second time', async () => {
		const { internalReference } = await paidSession();
		const refund = (name: string) => ({ name, type: 'paySuiteSession', credentials: ['paySuiteApi'], parameters: partialRefund(internalReference, 20) as never });
		const result = await runWorkflow({ nodes: [refund('Refund'), refund('Refund Again')], credentials: paySuiteApi(sandbox) });
		expect(outputJson(result, 'Refund')[0]).toMatchObject({ amount: 20, refundedAmount: 20 });
		expect(result.error?.message).toMatch(new RegExp(`^Not sent: A refund of 20\\.00 USD of transaction ${internalReference} was already made within the last (minute|2 minutes) \\(item 0\\)$`));
		expect(result.error?.description).toContain("Nothing was sent. Given back so far by this workflow's refunds: 20 USD; left: 100.5 USD. The same refund within 15 minutes is refused, as n8n's record of this workflow shows it");
		expect(result.error?.description).toContain('turn on Options > Allow Repeat');
		expect(refundsSent()).toHaveLength(1);
	});

	it('the same refund run again (Execute step re-runs it, another execution): refused, nothing sent', async () => {
		const { internalReference } = await paidSession();
		expect((await session(partialRefund(internalReference, 20), { executionId: 'manual-1' })).error).toBeUndefined();
		const again = await session(partialRefund(internalReference, 20), { executionId: 'manual-2' });
		expect(again.error?.message).toMatch(/^Not sent: A refund of 20\.00 USD of transaction \d+ was already made within the last (minute|2 minutes)/);
		expect(refundsSent()).toHaveLength(1);
	});

	it('with Allow Repeat on, the same refund is sent again on purpose, and counted', async () => {
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
		expect(outputJson(other, 'Session')[0]).toMatchObject({ amount: 5, refundedAmount: 25, refundableAmount: 95.5 });
		expect(refundsSent()).toHaveLength(2);
	});

	it('a full refund of a payment the platform says is refunded in full is refused before anything is sent', async () => {
		const { internalReference } = await paidSession();
		await session(fullRefund(internalReference));
		// Forgotten by n8n (another workflow, a cleared record): the platform's `refunded` still stops it.
		processedData.clear();
		const again = await session(fullRefund(internalReference));
		expect(again.error?.message).toBe(`Not sent: transaction ${internalReference} is already refunded in full (item 0)`);
		expect(refundsSent()).toHaveLength(1);
	});

	it('a reversal run again is refused the same way, and a refund of the same amount counts as the same money back', async () => {
		const { internalReference } = await paidSession();
		const reverse = { resource: 'transaction', operation: 'reverse', internalReference: String(internalReference), sendAmount: true, currency: 'USD', total: 10 };
		const first = await session(reverse);
		expect(outputJson(first, 'Session')[0]).toMatchObject({ amount: 10, refundedAmount: 10, refundableAmount: 110.5 });
		expect((await session(reverse)).error?.message).toMatch(/^Not sent: A reversal of 10\.00 USD of transaction \d+ was already made within the last (minute|2 minutes)/);
		expect((await session(partialRefund(internalReference, 10))).error?.message).toMatch(/^Not sent: A refund of 10\.00 USD of transaction \d+ was already made/);
		expect(refundsSent()).toHaveLength(1);
	});

	it('a capture the platform refuses (nothing done) is not kept: the same capture is sent again', async () => {
		const checkout = { resource: 'transaction', operation: 'checkout', internalReference: '999999', options: {} };
		// Refused by the platform (unknown transaction): nothing done, so nothing is kept and a second try is sent.
		expect((await session(checkout)).error?.httpCode).toBe('404');
		expect((await session(checkout)).error?.httpCode).toBe('404');
		expect(refundsSent()).toHaveLength(2);
		expect(processedData.held()).toEqual([]);
	});

	it('two copies at the same moment in one n8n: one refund, one refusal', async () => {
		const { internalReference } = await paidSession();
		sandbox.setFaults([{ path: '/api/reverse', kind: 'latency', latencyMs: 500, when: 'before' }]);
		const results = await Promise.all([
			session(partialRefund(internalReference, 20), { executionId: 'copy-1' }),
			session(partialRefund(internalReference, 20), { executionId: 'copy-2' }),
		]);
		expect(refundsSent()).toHaveLength(1);
		const refused = results.filter((result) => result.error);
		expect(refused).toHaveLength(1);
		expect(refused[0].error?.message).toMatch(/^Not sent: A refund of 20\.00 USD of transaction \d+ (was already made within the last (minute|2 minutes)|is being made at this moment by another run of this workflow)/);
	});

	it("the record keeps hashes only: no amount, reference or credential is readable in n8n's database", async () => {
		const { internalReference } = await paidSession();
		await session(partialRefund(internalReference, 20));
		expect(processedData.held().length).toBeGreaterThan(0);
		expect(processedData.held().join(' ')).not.toMatch(new RegExp(`${internalReference}|20\\.00|USD|paySuiteApi`));
	});
});
