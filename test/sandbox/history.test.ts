/**
 * The demo site's past transactions (option historyDays): a few a day, some days empty but never yesterday,
 * mixed states, types and currencies, the same for the same calendar day; reports return exactly the seeded
 * rows of the requested range and filters. Without the option the sandbox starts empty.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import { startSandbox, type RunningSandbox } from '../../sandbox';
import { dayTransactions, pastDays } from '../../sandbox/routes/gateway/history';
import { get, post } from './client';
import { auth } from './signer';

const DAYS = 62;
const ZONE = 'America/Bogota';

let sandbox: RunningSandbox;
beforeAll(async () => {
	sandbox = await startSandbox({ port: 0, historyDays: DAYS, reportPendingPolls: 0 });
});
afterAll(() => sandbox.stop());

type Txn = Record<string, any>;
const transactionsOf = async (target: RunningSandbox): Promise<Txn[]> =>
	(await get(`${target.url}/__sandbox/gateway/transactions`)).json<{ transactions: Txn[] }>().transactions;

const signed = (path: string, body: Record<string, unknown>) =>
	post(`${sandbox.url}${path}`, { auth: auth(sandbox.credentials.login, sandbox.credentials.secretKey), ...body });

/** A report's rows as objects keyed by column. */
async function report(filters: Record<string, unknown>): Promise<Array<Record<string, string>>> {
	const requested = await signed('/gateway/report', { filters });
	expect(requested.status).toBe(200);
	const obtained = await signed('/gateway/report/obtain', { id: requested.json<{ id: number }>().id });
	expect(obtained.status).toBe(200);
	const [header, ...lines] = obtained.text.trim().split('\n');
	const columns = header.split('\t');
	return lines.map((line) => Object.fromEntries(line.split('\t').map((value, index) => [columns[index], value])));
}

/** The site's calendar day of a transaction. */
const dayOf = (txn: Txn) => new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date(txn.transactionDate));
/** Midnight of a calendar day of the site's zone (Bogota is UTC-5 all year). */
const midnight = (day: string) => `${day}T00:00:00-05:00`;
const endOf = (day: string) => `${day}T23:59:59-05:00`;

describe('the seeded past', () => {
	it('a few transactions a day over the last 62 days, some days empty but never yesterday, nothing today or later', async () => {
		const all = await transactionsOf(sandbox);
		const days = pastDays(DAYS, Date.now(), ZONE);
		const perDay = days.map((day) => all.filter((txn) => dayOf(txn) === day).length);
		expect(perDay.reduce((sum, count) => sum + count, 0)).toBe(all.length);
		expect(perDay.filter((count) => count === 0).length).toBeGreaterThan(0);
		expect(Math.max(...perDay)).toBeLessThanOrEqual(6);
		expect(perDay.at(-1)).toBeGreaterThan(0);
		expect(all.every((txn) => txn.siteLogin === sandbox.credentials.login && Date.parse(txn.transactionDate) < Date.now())).toBe(true);
		expect(new Set(all.map((txn) => txn.status.status))).toEqual(new Set(['APPROVED', 'REJECTED', 'PENDING', 'FAILED']));
		expect(new Set(all.map((txn) => txn.type)).size).toBeGreaterThan(2);
		expect(new Set(all.map((txn) => txn.amount.currency))).toEqual(new Set(['USD', 'COP', 'EUR']));
	});

	it('is the same for the same calendar day: another sandbox, and a reset, seed exactly the same transactions', async () => {
		const other = await startSandbox({ port: 0, historyDays: DAYS });
		try {
			const strip = (txns: Txn[]) => txns.map(({ status, ...rest }) => ({ ...rest, status: status.status }));
			expect(strip(await transactionsOf(other))).toEqual(strip(await transactionsOf(sandbox)));
			other.reset();
			expect(strip(await transactionsOf(other))).toEqual(strip(await transactionsOf(sandbox)));
		} finally {
			await other.stop();
		}
		// A fixed date: the same draw on every machine and every run.
		const first = dayTransactions('login', '2024-03-05', ZONE);
		expect(first.map((txn) => txn.view.reference)).toEqual(dayTransactions('login', '2024-03-05', ZONE).map((txn) => txn.view.reference));
		expect(first.every((txn) => txn.view.internalReference > 2024030500 && txn.view.internalReference < 2024030600)).toBe(true);
	});

	it('the transaction query finds a seeded transaction by its internal reference', async () => {
		const [txn] = await transactionsOf(sandbox);
		const queried = await signed('/gateway/query', { internalReference: txn.internalReference });
		expect(queried.status).toBe(200);
		expect(queried.json()).toMatchObject({ internalReference: txn.internalReference, reference: txn.reference });
	});

	it('without the option the sandbox starts with no transaction', async () => {
		const empty = await startSandbox({ port: 0 });
		try {
			expect(await transactionsOf(empty)).toEqual([]);
		} finally {
			await empty.stop();
		}
	});
});

describe('reports of the seeded past', () => {
	it("yesterday's report has exactly yesterday's rows", async () => {
		const all = await transactionsOf(sandbox);
		const yesterday = pastDays(1, Date.now(), ZONE)[0];
		const rows = await report({ startDate: midnight(yesterday), endDate: endOf(yesterday) });
		const expected = all.filter((txn) => dayOf(txn) === yesterday);
		expect(expected.length).toBeGreaterThan(0);
		expect(rows.map((row) => row.internal_reference).sort()).toEqual(expected.map((txn) => String(txn.internalReference)).sort());
	});

	it('a 10-day window returns every row in it, and the state and type filters narrow it', async () => {
		const all = await transactionsOf(sandbox);
		const days = pastDays(DAYS, Date.now(), ZONE);
		const [start, end] = [days[20], days[29]];
		const inRange = all.filter((txn) => dayOf(txn) >= start && dayOf(txn) <= end);
		const range = { startDate: midnight(start), endDate: endOf(end) };
		const sorted = (values: unknown[]) => values.map(String).sort();
		expect(sorted((await report(range)).map((row) => row.internal_reference))).toEqual(sorted(inRange.map((txn) => txn.internalReference)));
		const approved = await report({ ...range, state: ['APPROVED'] });
		expect(sorted(approved.map((row) => row.internal_reference))).toEqual(sorted(inRange.filter((txn) => txn.status.status === 'APPROVED').map((txn) => txn.internalReference)));
		expect(approved.every((row) => row.status === 'APPROVED')).toBe(true);
		const authOnly = await report({ ...range, type: ['AUTH_ONLY'] });
		expect(sorted(authOnly.map((row) => row.internal_reference))).toEqual(sorted(inRange.filter((txn) => txn.type === 'AUTH_ONLY').map((txn) => txn.internalReference)));
		expect(authOnly.length).toBeGreaterThan(0);
		expect(authOnly.every((row) => row.type === 'AUTH_ONLY')).toBe(true);
	});
});
