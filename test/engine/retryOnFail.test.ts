/**
 * n8n's node setting "Retry On Fail" runs the node's whole execute again, with all its items, up to Max Tries.
 * A plain write (a refund: no key the platform deduplicates by) must still be made once: a write the platform
 * answered in an earlier try is not sent again (its answer is reused), and a write whose answer was lost fails
 * again with the same "may have been made" words, unsent. Run by n8n's real engine (WorkflowExecute honours
 * retryOnFail) against the sandbox's faults. Also: a Process idempotence key reused for another payment.
 */
import type { IDataObject } from 'n8n-workflow';

import { outputJson, runNode, type NodeRunOptions } from '../helpers/engine';
import { paidSessionPayment } from '../helpers/payments';
import { apiCallsOf, control, paySuiteApi, withSandbox } from '../helpers/sandbox';

const sandbox = withSandbox({ retryAfterSeconds: 0 }, (box) => {
	box.clearLedger();
	box.clearFaults();
});

const SESSION = { name: 'Session', type: 'paySuiteSession', credentialType: 'paySuiteApi' };
const GATEWAY = { name: 'Gateway', type: 'paySuiteGateway', credentialType: 'paySuiteApi' };
const session = (parameters: IDataObject, options: NodeRunOptions = {}) => runNode(SESSION, parameters, paySuiteApi(sandbox), options);
const gateway = (parameters: IDataObject, options: NodeRunOptions = {}) => runNode(GATEWAY, parameters, paySuiteApi(sandbox), options);
const RETRY = { maxTries: 3, waitBetweenTries: 0 };

interface CheckoutSlice {
	transactions: Record<string, { returned: number; state: string }>;
}
const returnedOn = (internalReference: number) =>
	sandbox.world.slice<CheckoutSlice>('checkout', () => ({ transactions: {} }) as never).transactions[String(internalReference)].returned;
const refundCalls = () => apiCallsOf(sandbox).filter((call) => call.path === '/api/reverse');

/** A paid session's approved payment of 120.50 USD: its internal reference. */
const paidPayment = async (): Promise<number> => (await paidSessionPayment(sandbox, 'RETRY')).internalReference;

const partialRefund = { resource: 'transaction', operation: 'refund', internalReference: '={{ $json.ref }}', refundType: 'partial', currency: 'USD', total: 50, simple: false };

describe('Retry On Fail never makes a refund twice', () => {
	it('the answer is lost after the platform refunded (HTTP 503): 1 refund, and the payment read again says it was made', async () => {
		const ref = await paidPayment();
		sandbox.setFaults([{ path: '/api/reverse', kind: 'status', status: 503, when: 'after', count: 1 }]);
		const result = await session(partialRefund, { items: [{ ref }], retry: RETRY });
		expect(result.error).toBeUndefined();
		expect(String(outputJson(result, 'Session')[0].confirmedAfterLostAnswer)).toContain(`The refund of 50.00 USD on transaction ${ref} was made`);
		expect(refundCalls()).toHaveLength(1);
		expect(returnedOn(ref)).toBe(50);
	});

	it('the second item is refused: n8n runs both items again, the first refund (done) is not sent again, its answer is reused', async () => {
		const ref = await paidPayment();
		const missing = 987654;
		const result = await session(partialRefund, { items: [{ ref }, { ref: missing }], retry: RETRY });
		expect(result.error?.message).toBe('Transaction 987654 was not found: check the Internal Reference.');
		const calls = refundCalls().map((call) => (call.body as IDataObject).internalReference);
		// One refund of the first item (later tries reuse its answer, the repeat check does not refuse it); the
		// second item is refused by the read before it, on each try, and never sent.
		expect(calls).toEqual([ref]);
		const reads = apiCallsOf(sandbox).filter((call) => call.path === '/gateway/query' && (call.body as IDataObject).internalReference === missing);
		expect(reads).toHaveLength(3);
		expect(returnedOn(ref)).toBe(50);
	});

	it('with Continue On Fail too (n8n then retries when the first item is an error): the done refund is output, made once', async () => {
		const ref = await paidPayment();
		const other = await paidPayment();
		sandbox.setFaults([{ path: '/api/reverse', kind: 'status', status: 503, when: 'after', count: 1 }]);
		const result = await session(partialRefund, { items: [{ ref }, { ref: other }], retry: RETRY, continueOnFail: true });
		expect(result.error).toBeUndefined();
		const [first, second] = outputJson(result, 'Session');
		expect(String(first.confirmedAfterLostAnswer)).toContain('was made');
		expect(second.error).toBeUndefined();
		expect(second.status).toMatchObject({ status: 'OK' });
		expect(refundCalls()).toHaveLength(2);
		expect([returnedOn(ref), returnedOn(other)]).toEqual([50, 50]);
	});

	it('a new run of the node (another execution) within 15 minutes is a repeat: refused, unless Allow Repeat is on', async () => {
		const ref = await paidPayment();
		expect((await session(partialRefund, { items: [{ ref }], retry: RETRY })).error).toBeUndefined();
		const again = await session(partialRefund, { items: [{ ref }], retry: RETRY, executionId: 'another' });
		expect(again.error?.message).toMatch(/^Not sent: A refund of 50\.00 USD of transaction \d+ was already made/);
		expect(returnedOn(ref)).toBe(50);
		const onPurpose = await session({ ...partialRefund, options: { allowRepeat: true } }, { items: [{ ref }], retry: RETRY, executionId: 'third' });
		expect(onPurpose.error).toBeUndefined();
		expect(returnedOn(ref)).toBe(100);
	});
});

describe('Process with an idempotence key already used for another payment', () => {
	const payment = (reference: string, total: number): IDataObject => ({
		resource: 'transaction',
		operation: 'process',
		cardNumber: '4111111111111111',
		expiration: '12/30',
		cvv: '987',
		reference,
		description: 'Shoes',
		currency: 'COP',
		total,
		payer: { name: 'Ana', surname: 'Gomez', email: 'ana@example.com', document: '1020304050', documentType: 'CC' },
		additionalFields: { idempotenceKey: 'order-key-77' },
	});
	const charges = async () =>
		((await control(sandbox, '/__sandbox/gateway/transactions')).transactions as IDataObject[]).filter((txn) => txn.idempotenceKey === 'order-key-77');

	it('the platform answers the original transaction; the node fails the item saying so instead of reporting it as this payment', async () => {
		const first = await gateway(payment('ORDER-50', 50000));
		expect(first.error).toBeUndefined();
		const original = outputJson(first, 'Gateway')[0];
		expect(original).toMatchObject({ status: 'APPROVED', reference: 'ORDER-50' });

		// The same key and the same payment (a retry): the original transaction, which is this payment's.
		const again = await gateway(payment('ORDER-50', 50000));
		expect(again.error).toBeUndefined();
		expect(outputJson(again, 'Gateway')[0].internalReference).toBe(original.internalReference);

		const other = await gateway(payment('ORDER-70', 70000));
		expect(other.error?.message).toBe(
			`This idempotence key was already used for a payment of 50,000.00 COP (reference ORDER-50, transaction ${String(original.internalReference)}, APPROVED). Leave Idempotence Key empty to get a new one, or give this payment its own key. (item 0)`,
		);
		expect(other.error?.description).toContain('instead of charging 70,000.00 COP with reference ORDER-70 (different: amount, reference): nothing was charged');
		expect(outputJson(other, 'Gateway')).toEqual([]);
		// The sandbox, as the platform, charged once for the key.
		expect(await charges()).toHaveLength(1);
	});
});
