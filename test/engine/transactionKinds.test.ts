/**
 * Numbers a finance team can add up: a week holding a payment of 120.50 USD refunded 20.00 and then in full, read
 * by Gateway › Report › Request and Wait with its default rows (no filter) and by the Transaction Trigger, in n8n's
 * engine against the sandbox. Every row says what it is (kind) and which payment it belongs to, on the site's clock
 * (America/Bogota) with its UTC form beside it, so that summing by kind gives the money taken and the refunds apart.
 */
import type { IDataObject } from 'n8n-workflow';

import { REPORT_TYPES } from '../../nodes/PaySuiteGateway/schemas';
import { outputJson, runNode } from '../helpers/engine';
import { paidSessionPayment } from '../helpers/payments';
import { apiCallsOf, paySuiteApi, withoutAuth, withSandbox } from '../helpers/sandbox';
import { poller } from './pollHarness';

const sandbox = withSandbox({ retryAfterSeconds: 0, reportPendingPolls: 0 });

const node = (name: string, type: string) => ({ name, type, credentialType: 'paySuiteApi' });
const GATEWAY = node('Gateway', 'paySuiteGateway');
/** Gateway at node version 4, the default of a node added now. */
const gateway = (parameters: IDataObject, options: { timezone?: string; typeVersion?: number } = {}) =>
	runNode(GATEWAY, parameters, paySuiteApi(sandbox), { typeVersion: 4, ...options });
const SESSION = node('Session', 'paySuiteSession');
const SITE_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}-05:00$/;
const UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/;

/** A paid checkout payment of 120.50 USD, refunded 20.00 and then what is left (100.50): its internal reference. */
async function refundedWeek(): Promise<number> {
	const { internalReference } = await paidSessionPayment(sandbox, 'WEEK');
	const refund = (parameters: IDataObject) =>
		runNode(SESSION, { resource: 'transaction', operation: 'refund', internalReference: String(internalReference), ...parameters }, paySuiteApi(sandbox));
	expect((await refund({ refundType: 'partial', currency: 'USD', total: 20 })).error).toBeUndefined();
	expect((await refund({})).error).toBeUndefined();
	sandbox.clearLedger();
	return internalReference;
}

/** The week up to now, as a custom period on the site's clock. */
const week = () => ({ startDate: new Date(Date.now() - 7 * 86_400_000).toISOString(), endDate: new Date(Date.now() + 60_000).toISOString() });

/** The sum of `amount` by `kind`, as n8n's Summarize node gives it. */
function totalsByKind(rows: IDataObject[]): Record<string, number> {
	const totals: Record<string, number> = {};
	for (const row of rows) totals[String(row.kind)] = Math.round(((totals[String(row.kind)] ?? 0) + Number(row.amount)) * 100) / 100;
	return totals;
}

describe('Report › Request and Wait (node version 4): the default rows', () => {
	it('summed by kind give the payment taken (120.50) and the refunds apart (20.00 + 100.50)', async () => {
		const payment = await refundedWeek();
		const result = await gateway({ resource: 'report', operation: 'requestAndWait', ...week(), pollInterval: 0 });
		expect(result.error).toBeUndefined();
		const rows = outputJson(result, 'Gateway');
		expect(rows.map((row) => [row.kind, row.amount, row.status])).toEqual([
			['payment', 120.5, 'APPROVED'],
			['refund', 20, 'APPROVED'],
			['refund', 100.5, 'APPROVED'],
		]);
		expect(totalsByKind(rows)).toEqual({ payment: 120.5, refund: 120.5 });
		// Every refund belongs to the payment; the payment to itself.
		expect(rows.map((row) => row.payment_internal_reference)).toEqual([payment, payment, payment]);
		expect(rows.every((row) => row.reference === rows[0].reference)).toBe(true);
		// The report was asked for every type, so each row has its type.
		const [asked] = apiCallsOf(sandbox).filter((call) => call.path === '/gateway/report');
		expect((withoutAuth(asked.body).filters as IDataObject).type).toEqual([...REPORT_TYPES]);
		expect(rows.map((row) => row.type)).toEqual(['AUTH_ONLY', 'REFUND', 'REFUND']);
	});

	it("every row's dates are on the site's clock with its offset, their UTC forms at the end of the row", async () => {
		await refundedWeek();
		const result = await gateway({ resource: 'report', operation: 'requestAndWait', ...week(), pollInterval: 0 }, { timezone: 'Asia/Tokyo' });
		const rows = outputJson(result, 'Gateway');
		expect(rows).toHaveLength(3);
		for (const row of rows) {
			expect(row.date).toMatch(SITE_OFFSET);
			expect(row.transaction_date).toMatch(SITE_OFFSET);
			expect(row.date_utc).toMatch(UTC);
			expect(Date.parse(String(row.date))).toBe(Date.parse(String(row.date_utc)));
			expect(Object.keys(row).slice(0, 6)).toEqual(['id', 'date', 'transaction_date', 'reference', 'kind', 'payment_internal_reference']);
			expect(Object.keys(row).slice(-2)).toEqual(['date_utc', 'transaction_date_utc']);
		}
	});

	it('Obtain of that report gives the same rows; a version 3 node asks without a type and keeps the rows as the platform wrote them', async () => {
		await refundedWeek();
		const asked = await gateway({ resource: 'report', operation: 'request', ...week() });
		const reportId = { __rl: true, mode: 'id', value: String(outputJson(asked, 'Gateway')[0].id) };
		const obtained = outputJson(await gateway({ resource: 'report', operation: 'obtain', reportId }), 'Gateway');
		expect(obtained.map((row) => row.kind)).toEqual(['payment', 'refund', 'refund']);
		expect(obtained[0].date).toMatch(SITE_OFFSET);

		sandbox.clearLedger();
		const old = await gateway({ resource: 'report', operation: 'requestAndWait', ...week(), pollInterval: 0 }, { typeVersion: 3 });
		const [request] = apiCallsOf(sandbox).filter((call) => call.path === '/gateway/report');
		expect(withoutAuth(request.body).filters).not.toHaveProperty('type');
		const rows = outputJson(old, 'Gateway');
		expect(rows).toHaveLength(3);
		expect(rows[0]).not.toHaveProperty('kind');
		expect(rows[0]).not.toHaveProperty('type');
		expect(rows[0].date).toMatch(UTC);
	});
});

describe('Transaction Trigger', () => {
	it("every item has its kind, its payment and a site's-clock date", async () => {
		const trigger = poller({
			type: 'paySuiteTransactionTrigger',
			parameters: { options: { startFrom: new Date(Date.now() - 3_600_000).toISOString() } } as never,
			credentials: paySuiteApi(sandbox),
		});
		await trigger.poll();
		const payment = await refundedWeek();
		const items = [...(await trigger.poll()), ...(await trigger.poll())].map((item) => item.json);
		expect(items.map((item) => [item.kind, item.amount, item.payment_internal_reference])).toEqual([
			['payment', 120.5, payment],
			['refund', 20, payment],
			['refund', 100.5, payment],
		]);
		for (const item of items) {
			expect(item.transaction_date).toMatch(SITE_OFFSET);
			expect(item.transaction_date_utc).toMatch(UTC);
		}
	});
});
