/**
 * The Transaction Trigger polls the platform's transaction reports: each poll is n8n-core's real PollContext
 * around the node's poll(), the workflow's static data carried between polls (and read back from JSON on a
 * restart), against the sandbox, whose reports list transactions as they happen and are ready at the second ask.
 */
import type { IDataObject } from 'n8n-workflow';

import { outputJson, runNode } from '../helpers/engine';
import { sessionCreateParameters } from '../helpers/fixtures';
import { apiCallsOf, control, paySuiteApi, withSandbox } from '../helpers/sandbox';
import { poller, type Poller } from './pollHarness';

const DAY_MS = 86_400_000;
const sandbox = withSandbox({ retryAfterSeconds: 0, reportPendingPolls: 1, siteTimeZone: 'America/Bogota' });

const trigger = (parameters: IDataObject = {}): Poller =>
	poller({ type: 'paySuiteTransactionTrigger', parameters: parameters as never, credentials: { paySuiteApi: { ...paySuiteApi(sandbox).paySuiteApi, timeZone: 'America/Bogota' } } });

let counter = 0;

/** A buyer pays a checkout session of `total` USD: the payment's internal reference. */
async function pay(status: 'APPROVED' | 'REJECTED' | 'PENDING', total = 120.5): Promise<number> {
	const created = await runNode({ name: 'Session', type: 'paySuiteSession', credentialType: 'paySuiteApi' }, sessionCreateParameters({ reference: `TT-${++counter}`, total }), paySuiteApi(sandbox));
	expect(created.error).toBeUndefined();
	const requestId = outputJson(created, 'Session')[0].requestId;
	const paid = await control(sandbox, `/__sandbox/sessions/${String(requestId)}/pay`, { status });
	return Number(((paid.session as IDataObject).payments as IDataObject[])[0].internalReference);
}

const referencesOf = (items: Array<{ json: IDataObject }>) => items.map((item) => item.json.internal_reference);
const reportRequests = () => apiCallsOf(sandbox).filter((call) => call.path === '/gateway/report');

describe('New Transactions, Approved', () => {
	it('outputs each new approved payment once, in the order they happened, and nothing twice at later polls', async () => {
		const approved = trigger({ statuses: ['APPROVED'] });
		// Activation: the first report is asked for; nothing before it is new.
		expect(await approved.poll()).toEqual([]);
		const first = await pay('APPROVED', 10);
		await pay('REJECTED', 11);
		const second = await pay('APPROVED', 12);
		// The activation's report (read now) or the next one (read at the poll after) has them.
		const items = [...(await approved.poll()), ...(await approved.poll())];
		expect(referencesOf(items)).toEqual([first, second]);
		expect(items[0].json).toMatchObject({ internal_reference: first, status: 'APPROVED', amount: 10, currency_code: 'USD', type: 'AUTH_ONLY', refunded: false });
		// The flat record of Report › Request and Wait, dates on the site's clock, without the file's row numbers.
		expect(String(items[0].json.transaction_date)).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}-05:00$/);
		expect(items[0].json).not.toHaveProperty('id');
		expect(items[0].json).not.toHaveProperty('line_number');
		// The next reports read the same payments again (the overlap): none is output twice.
		expect(await approved.poll()).toEqual([]);
		expect(await approved.poll()).toEqual([]);
	});

	it('outputs a payment approved while a report was pending, once, when it is approved', async () => {
		const approved = trigger({ statuses: ['APPROVED'] });
		await approved.poll();
		const payment = await pay('PENDING');
		// These reports show the payment pending: remembered, not output.
		expect([...(await approved.poll()), ...(await approved.poll())]).toEqual([]);
		// The next report is asked for; the payment is approved while it is not ready yet.
		await control(sandbox, `/__sandbox/gateway/transactions/${payment}/status`, { status: 'APPROVED' });
		expect(referencesOf(await approved.poll())).toEqual([payment]);
		expect(await approved.poll()).toEqual([]);
		// Every report asked for the statuses chosen, and Pending (to follow it), of every type (so rows have their type).
		const filters = reportRequests().map((call) => call.body.filters as IDataObject);
		expect(filters[0].state).toEqual(['APPROVED', 'PENDING']);
		expect((filters[0].type as string[]).length).toBe(15);
		expect(String(filters[0].startDate)).toMatch(/-05:00$/);
	});

	it('outputs nothing twice after n8n restarts, and what is new after it', async () => {
		const approved = trigger({ statuses: ['APPROVED'] });
		await approved.poll();
		const before = await pay('APPROVED');
		expect(referencesOf([...(await approved.poll()), ...(await approved.poll())])).toEqual([before]);
		approved.restart();
		// The activation poll after the restart, then the reports that read the same period again.
		expect(await approved.poll()).toEqual([]);
		const after = await pay('APPROVED');
		const seen = [...(await approved.poll()), ...(await approved.poll()), ...(await approved.poll())];
		expect(referencesOf(seen)).toEqual([after]);
	});
});

describe('Refunds and status changes', () => {
	it('outputs a refund as a transaction of its own when Refund is chosen, and not its payment', async () => {
		const refunds = trigger({ types: ['REFUND'] });
		await refunds.poll();
		const payment = await pay('APPROVED', 120.5);
		const refunded = await runNode(
			{ name: 'Session', type: 'paySuiteSession', credentialType: 'paySuiteApi' },
			{ resource: 'transaction', operation: 'refund', internalReference: String(payment), refundType: 'partial', currency: 'USD', total: 20 },
			paySuiteApi(sandbox),
		);
		expect(refunded.error).toBeUndefined();
		const items = [...(await refunds.poll()), ...(await refunds.poll())];
		expect(items.map((item) => item.json)).toEqual([expect.objectContaining({ internal_reference: expect.any(Number), type: 'REFUND', amount: 20, status: 'APPROVED' })]);
		// The refund's own internal reference, not its payment's.
		expect(items[0].json.internal_reference).not.toBe(payment);
		expect(reportRequests().every((call) => JSON.stringify((call.body.filters as IDataObject).type) === '["REFUND"]')).toBe(true);
	});

	it('Status Changed: a pending payment that became rejected, with the status it had', async () => {
		const changes = trigger({ triggerOn: 'statusChanged' });
		await changes.poll();
		const payment = await pay('PENDING');
		await pay('APPROVED');
		expect([...(await changes.poll()), ...(await changes.poll())]).toEqual([]);
		await control(sandbox, `/__sandbox/gateway/transactions/${payment}/status`, { status: 'REJECTED' });
		const items = await changes.poll();
		expect(items.map((item) => item.json)).toEqual([expect.objectContaining({ internal_reference: payment, status: 'REJECTED', previous_status: 'PENDING' })]);
		expect(await changes.poll()).toEqual([]);
	});
});

describe('Fetch Test Event', () => {
	it('outputs the latest matching transactions at once, without moving what the published workflow has seen', async () => {
		const approved = trigger({ statuses: ['APPROVED'] });
		await approved.poll();
		const payment = await pay('APPROVED');
		const state = approved.savedStaticData();
		const started = Date.now();
		const samples = await approved.fetchTestEvent();
		expect(Date.now() - started).toBeLessThan(10_000);
		expect(referencesOf(samples)).toEqual([payment]);
		expect(approved.savedStaticData()).toEqual(state);
		// The published workflow still outputs it, as new to it.
		expect(referencesOf([...(await approved.poll()), ...(await approved.poll())])).toEqual([payment]);
	});

	it('says so when no transaction of the last 10 days matches', async () => {
		await expect(trigger({ types: ['CHARGEBACK'] }).fetchTestEvent()).rejects.toThrow('No transaction of the last 10 days matches the trigger');
	});
});

describe('a workflow off for 12 days', () => {
	const history = withSandbox({ retryAfterSeconds: 0, reportPendingPolls: 1, historyDays: 14, siteTimeZone: 'America/Bogota' });

	it('catches up in two reports of at most 10 days, each approved transaction once, in order', async () => {
		const approved = poller({
			type: 'paySuiteTransactionTrigger',
			parameters: { statuses: ['APPROVED'] },
			credentials: { paySuiteApi: { ...paySuiteApi(history).paySuiteApi, timeZone: 'America/Bogota' } },
		});
		const offSince = Math.floor((Date.now() - 12 * DAY_MS) / 1000) * 1000;
		approved.restart({ transactionPoll: { version: 1, since: offSince, cursor: offSince, seen: {} } });
		const items = [...(await approved.poll()), ...(await approved.poll()), ...(await approved.poll())];
		const { transactions } = await control(history, '/__sandbox/gateway/transactions');
		const expected = (transactions as IDataObject[])
			.filter((txn) => (txn.status as IDataObject).status === 'APPROVED' && Date.parse(String(txn.transactionDate)) >= offSince)
			.sort((a, b) => Date.parse(String(a.transactionDate)) - Date.parse(String(b.transactionDate)))
			.map((txn) => txn.internalReference);
		expect(expected.length).toBeGreaterThan(5);
		expect(referencesOf(items)).toEqual(expected);
		const periods = apiCallsOf(history)
			.filter((call) => call.path === '/gateway/report')
			.map((call) => call.body.filters as IDataObject)
			.map((filters) => ({ start: Date.parse(String(filters.startDate)), end: Date.parse(String(filters.endDate)) }));
		expect(periods.length).toBeGreaterThanOrEqual(2);
		for (const period of periods) expect(period.end - period.start).toBeLessThanOrEqual(10 * DAY_MS);
		expect(periods[0].start).toBeLessThanOrEqual(offSince);
		expect(periods[1].end).toBeGreaterThanOrEqual(Date.now() - 60_000);
	});
});

describe('version 2: Simplify is `simple`, as on every other node', () => {
	const atVersion2 = (parameters: IDataObject) =>
		poller({ type: 'paySuiteTransactionTrigger', typeVersion: 2, parameters: parameters as never, credentials: { paySuiteApi: { ...paySuiteApi(sandbox).paySuiteApi, timeZone: 'America/Bogota' } } });

	it('on by default: the flat row; off: the row as the report gives it', async () => {
		const flat = atVersion2({ statuses: ['APPROVED'] });
		const raw = atVersion2({ statuses: ['APPROVED'], simple: false });
		await flat.poll();
		await raw.poll();
		const payment = await pay('APPROVED', 13);
		const flatItems = [...(await flat.poll()), ...(await flat.poll())];
		const rawItems = [...(await raw.poll()), ...(await raw.poll())];
		expect(referencesOf(flatItems)).toEqual([payment]);
		expect(referencesOf(rawItems)).toEqual([payment]);
		expect(flatItems[0].json).not.toHaveProperty('line_number');
		expect(flatItems[0].json).toHaveProperty('kind');
		expect(rawItems[0].json).toHaveProperty('line_number');
		expect(rawItems[0].json).not.toHaveProperty('kind');
	});
});
