/**
 * A payment found by what a caller has: Gateway › Transaction › Find by Reference finds it by its reference alone
 * (no amount), with its refunds, through documented reads only (the transaction reports of the period in windows
 * of at most 10 days, then the transaction's own read); a search that finds nothing says why and what to try. In
 * n8n's engine against the sandbox.
 */
import type { IDataObject } from 'n8n-workflow';

import { outputJson, runNode } from '../helpers/engine';
import { paidSessionPayment } from '../helpers/payments';
import { apiCallsOf, control, paySuiteApi, withoutAuth, withSandbox } from '../helpers/sandbox';

const sandbox = withSandbox({ retryAfterSeconds: 0, reportPendingPolls: 1 });

const node = (name: string, type: string) => ({ name, type, credentialType: 'paySuiteApi' });
const GATEWAY = node('Gateway', 'paySuiteGateway');
const SESSION = node('Session', 'paySuiteSession');
const gateway = (parameters: IDataObject, typeVersion = 4) => runNode(GATEWAY, parameters, paySuiteApi(sandbox), { typeVersion });
const find = (parameters: IDataObject) => gateway({ resource: 'transaction', operation: 'findByReference', options: { pollInterval: 0 }, ...parameters });

/** A paid checkout payment of 120.50 USD refunded 20.00, then in full: its reference and internal reference. */
async function refundedPayment(): Promise<{ reference: string; internalReference: number }> {
	const { internalReference } = await paidSessionPayment(sandbox, 'FIND');
	const [payment] = outputJson(await gateway({ resource: 'transaction', operation: 'get', internalReference: String(internalReference) }), 'Gateway');
	const refund = (parameters: IDataObject) =>
		runNode(SESSION, { resource: 'transaction', operation: 'refund', internalReference: String(internalReference), ...parameters }, paySuiteApi(sandbox));
	expect((await refund({ refundType: 'partial', currency: 'USD', total: 20 })).error).toBeUndefined();
	expect((await refund({})).error).toBeUndefined();
	sandbox.clearLedger();
	return { reference: String(payment.reference), internalReference };
}

describe('Find by Reference', () => {
	it('finds a payment by its reference alone, with its partial and full refund, from the reports of the last 30 days', async () => {
		const { reference, internalReference } = await refundedPayment();
		await paidSessionPayment(sandbox, 'OTHER');
		const result = await find({ reference: ` ${reference.toLowerCase()} ` });
		expect(result.error).toBeUndefined();
		const items = outputJson(result, 'Gateway');
		expect(items).toHaveLength(1);
		expect(items[0]).toMatchObject({ internalReference, reference, kind: 'payment', status: 'APPROVED', amount: 120.5, currency: 'USD', refundTransactionsTotal: 120.5 });
		expect(items[0].refundTransactions).toEqual([
			expect.objectContaining({ kind: 'refund', status: 'APPROVED', amount: 20, currency: 'USD', date: expect.stringMatching(/-05:00$/), dateUtc: expect.stringMatching(/\+00:00$/) }),
			expect.objectContaining({ kind: 'refund', status: 'APPROVED', amount: 100.5 }),
		]);
		expect(String(items[0].dateIso)).toMatch(/-05:00$/);

		// Documented reads only: three reports of at most 10 days (every type asked for), then the payment's own read.
		const calls = apiCallsOf(sandbox);
		const reports = calls.filter((call) => call.path === '/gateway/report').map((call) => withoutAuth(call.body).filters as IDataObject);
		expect(reports).toHaveLength(3);
		for (const filters of reports) {
			expect(Date.parse(String(filters.endDate)) - Date.parse(String(filters.startDate))).toBeLessThanOrEqual(10 * 86_400_000);
			expect((filters.type as string[]).length).toBe(15);
			expect(String(filters.startDate)).toMatch(/-05:00$/);
		}
		expect(calls.filter((call) => call.path === '/gateway/query').map((call) => withoutAuth(call.body))).toEqual([{ internalReference }]);
		expect(calls.map((call) => call.path)).not.toContain('/gateway/search');
	});

	it('gives each attempt with the reference, in the order they happened: a rejected payment, then the approved one', async () => {
		const made = await runNode(SESSION, { resource: 'session', operation: 'create', sessionType: 'payment', returnUrl: 'https://shop.example.com/r', ipAddress: '203.0.113.7', userAgent: 'Mozilla/5.0', reference: 'TWICE-1', description: 'Shoes', currency: 'USD', total: 50 }, paySuiteApi(sandbox));
		const requestId = outputJson(made, 'Session')[0].requestId;
		await control(sandbox, `/__sandbox/sessions/${String(requestId)}/pay`, { status: 'REJECTED' });
		const again = await runNode(SESSION, { resource: 'session', operation: 'create', sessionType: 'payment', returnUrl: 'https://shop.example.com/r', ipAddress: '203.0.113.7', userAgent: 'Mozilla/5.0', reference: 'TWICE-1', description: 'Shoes', currency: 'USD', total: 50 }, paySuiteApi(sandbox));
		await control(sandbox, `/__sandbox/sessions/${String(outputJson(again, 'Session')[0].requestId)}/pay`, { status: 'APPROVED' });
		const items = outputJson(await find({ reference: 'TWICE-1', searchPeriod: 'last7Days' }), 'Gateway');
		expect(items.map((item) => [item.status, item.kind, item.refundTransactions])).toEqual([
			['REJECTED', 'payment', []],
			['APPROVED', 'payment', []],
		]);
	});

	it('says why it found nothing and what to try, or outputs nothing when asked', async () => {
		await paidSessionPayment(sandbox, 'SOMETHING');
		const result = await find({ reference: 'ORDER-404', searchPeriod: 'last7Days' });
		const [item] = outputJson(result, 'Gateway');
		expect(item).toMatchObject({ found: 0, reference: 'ORDER-404', startDate: expect.stringMatching(/-05:00$/), endDate: expect.stringMatching(/-05:00$/) });
		expect(item.message).toMatch(/^No transaction has the reference ORDER-404 between .+ \(the site's clock\)\. Check the reference .+ longer Search Period/);
		expect(outputJson(await find({ reference: 'ORDER-404', searchPeriod: 'last7Days', whenEmpty: 'nothing' }), 'Gateway')).toEqual([]);
	});

	it('refuses a custom period that ends before it starts, before anything is sent', async () => {
		const result = await find({ reference: 'X', searchPeriod: 'custom', startDate: '2026-11-10T00:00:00', endDate: '2026-11-01T00:00:00' });
		expect(result.error?.message).toMatch(/^End Date must not be before the Start Date/);
		expect(apiCallsOf(sandbox)).toEqual([]);
	});
});

describe('Search by reference and amount, finding nothing', () => {
	it('version 4: one item saying the search matches both exactly, and to use Find by Reference; version 3: no item', async () => {
		const { reference } = await refundedPayment();
		const search = { resource: 'transaction', operation: 'search', reference, currency: 'USD', total: 99 };
		const [item] = outputJson(await gateway(search), 'Gateway');
		expect(item).toMatchObject({ found: 0, reference, amount: 99, currency: 'USD' });
		expect(item.message).toBe(
			`No transaction has the reference ${reference} and the amount 99.00 USD. The search matches both exactly: it recovers a payment after a lost connection. To find a payment by its reference alone (and its refunds), use Transaction › Find by Reference.`,
		);
		expect(outputJson(await gateway(search, 3), 'Gateway')).toEqual([]);
		expect(outputJson(await gateway({ ...search, total: 120.5 }), 'Gateway')).toEqual([expect.objectContaining({ reference, amount: 120.5, kind: 'payment' })]);
	});
});
