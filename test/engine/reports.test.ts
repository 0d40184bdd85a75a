/**
 * Reports of any length, run by n8n's engine against the sandbox with 62 days of past transactions: Request and
 * Wait splits a long period into windows of at most 10 days, one after the other, and outputs one report; the
 * Period presets are the site's days (the credential's Site Time Zone, America/Bogota; the workflow's zone for a
 * credential without one), sent with the site's offset; an empty period gives one clear item or none; Request
 * refuses more than 10 days before sending.
 */
import type { IDataObject } from 'n8n-workflow';

import { presetPeriod, reportWindows } from '../../nodes/PaySuiteGateway/actions/report/reportPeriod';
import { expectFieldRefused, outputJson, runNode, type NodeRunOptions } from '../helpers/engine';
import { readCsv } from '../helpers/csv';
import { apiCallsOf, control, paySuiteApi, withoutAuth, withSandbox } from '../helpers/sandbox';

const sandbox = withSandbox({ historyDays: 62, retryAfterSeconds: 0, reportPendingPolls: 1 }, 'clearLedger');

const GATEWAY = { name: 'Gateway', type: 'paySuiteGateway', credentialType: 'paySuiteApi' };
const run = (parameters: IDataObject, options: NodeRunOptions & { timeZone?: string } = {}) =>
	runNode(GATEWAY, { resource: 'report', pollInterval: 0, ...parameters }, paySuiteApi(sandbox, { timeZone: options.timeZone }), options);
const SITE_ZONE = 'America/Bogota';

const DAY = 86_400_000;
const HOUR = 3_600_000;
/** The site's calendar day of an instant: Bogota is UTC-5 all year. */
const bogotaDay = (ms: number) => new Date(ms - 5 * HOUR).toISOString().slice(0, 10);
// The 31 whole days before the site's today: every one of them is in the sandbox's 62 days of history.
const MONTH = { startDate: `${bogotaDay(Date.now() - 31 * DAY)}T00:00:00-05:00`, endDate: `${bogotaDay(Date.now() - DAY)}T23:59:59-05:00` };

/** The references of the demo site's transactions within the period, in the order the sandbox holds them. */
async function referencesBetween(startDate: string, endDate: string): Promise<string[]> {
	const { transactions } = await control(sandbox, '/__sandbox/gateway/transactions');
	return (transactions as IDataObject[])
		.filter((txn) => txn.siteLogin === sandbox.credentials.login)
		.filter((txn) => Date.parse(String(txn.transactionDate)) >= Date.parse(startDate) && Date.parse(String(txn.transactionDate)) <= Date.parse(endDate))
		.map((txn) => String(txn.reference));
}

/** The filters of every report request the sandbox received, in order. */
const requestedPeriods = () =>
	apiCallsOf(sandbox)
		.filter((entry) => entry.path === '/gateway/report')
		.map((entry) => {
			const { startDate, endDate } = (withoutAuth(entry.body).filters ?? {}) as IDataObject;
			return { startDate, endDate };
		});

describe('Request and Wait over 31 days', () => {
	it('asks for 4 windows of at most 10 days, one after the other, and outputs every row once, in order', async () => {
		const result = await run({ operation: 'requestAndWait', startDate: MONTH.startDate, endDate: MONTH.endDate });
		expect(result.error).toBeUndefined();

		const windows = reportWindows(MONTH.startDate, MONTH.endDate, SITE_ZONE);
		expect(windows).toHaveLength(4);
		expect(windows.every((window) => window.startDate.endsWith('-05:00') && window.endDate.endsWith('-05:00'))).toBe(true);
		expect(requestedPeriods()).toEqual(windows);
		for (const window of windows) expect(Date.parse(window.endDate) - Date.parse(window.startDate)).toBeLessThanOrEqual(10 * DAY);
		// One window at a time: each report is obtained before the next one is asked for.
		expect(apiCallsOf(sandbox).map((entry) => `${entry.path} ${entry.status}`)).toEqual(
			windows.flatMap(() => ['/gateway/report 200', '/gateway/report/obtain 425', '/gateway/report/obtain 200']),
		);

		const expected = await referencesBetween(MONTH.startDate, MONTH.endDate);
		expect(expected.length).toBeGreaterThan(31);
		const references = outputJson(result, 'Gateway').map((row) => row.reference);
		expect(references).toEqual(expected);
		expect(new Set(references).size).toBe(references.length);
	});

	it('as a binary file: one TSV with the header once and every row, the windows listed with their rows', async () => {
		const result = await run({ operation: 'requestAndWait', ...MONTH, output: 'binary' });
		expect(result.error).toBeUndefined();
		const [item] = result.output('Gateway');
		expect(result.output('Gateway')).toHaveLength(1);
		const lines = Buffer.from(item.binary!.data.data, 'base64').toString('utf8').trim().split('\n');
		const expected = await referencesBetween(MONTH.startDate, MONTH.endDate);
		expect(lines.filter((line) => line.startsWith('id\tdate\t'))).toHaveLength(1);
		expect(lines).toHaveLength(expected.length + 1);
		const reference = lines[0].split('\t').indexOf('reference');
		expect(lines.slice(1).map((line) => line.split('\t')[reference])).toEqual(expected);
		const windows = item.json.windows as IDataObject[];
		expect(windows.map(({ startDate, endDate }) => ({ startDate, endDate }))).toEqual(reportWindows(MONTH.startDate, MONTH.endDate, SITE_ZONE));
		expect(windows.reduce((sum, window) => sum + Number(window.rows), 0)).toBe(expected.length);
		expect(item.json).toMatchObject({ rows: expected.length, ...MONTH });
		expect(item.binary!.data.fileName).toMatch(/^report-\d+-to-\d+\.tsv$/);
	});
});

describe('The file of a version 3 node: CSV', () => {
	const fileOf = (result: Awaited<ReturnType<typeof run>>) => {
		const [item] = result.output('Gateway');
		return { item, binary: item.binary!.data, text: Buffer.from(item.binary!.data.data, 'base64').toString('utf8') };
	};

	it('over 31 days: one CSV (.csv, typed text/plain for the viewer), its header once, holding every cell of the TSV a version 1 node gets', async () => {
		const csv = fileOf(await run({ operation: 'requestAndWait', ...MONTH, output: 'binary' }, { typeVersion: 3 }));
		const tsv = fileOf(await run({ operation: 'requestAndWait', ...MONTH, output: 'binary' }, { typeVersion: 1 }));
		expect(csv.binary.mimeType).toBe('text/plain');
		expect(csv.text.startsWith('\uFEFFid,date,')).toBe(true);
		expect(csv.binary.fileName).toMatch(/^report-\d+-to-\d+\.csv$/);
		expect(csv.binary.fileExtension).toBe('csv');
		expect(tsv.binary.mimeType).toBe('text/tab-separated-values');
		expect(tsv.binary.fileName).toMatch(/^report-\d+-to-\d+\.tsv$/);

		const records = readCsv(csv.text);
		const lines = tsv.text.split('\n').filter((line) => line !== '').map((line) => line.replace(/\r$/, '').split('\t'));
		const expected = await referencesBetween(MONTH.startDate, MONTH.endDate);
		expect(records).toHaveLength(expected.length + 1);
		expect(records[0].slice(0, 4)).toEqual(['id', 'date', 'transaction_date', 'reference']);
		expect(records.filter((record) => record[0] === 'id')).toHaveLength(1);
		// The same cells, character for character: IDs with every digit, amounts with their decimals.
		expect(records).toEqual(lines);
		const internalReference = records[0].indexOf('internal_reference');
		expect(records.slice(1).every((record) => /^\d+$/.test(record[internalReference]))).toBe(true);
		expect(records.slice(1).map((record) => record[records[0].indexOf('reference')])).toEqual(expected);
		// The summary counts the bytes of the file as written.
		expect(csv.item.json).toMatchObject({ rows: expected.length, bytes: Buffer.byteLength(csv.text) });
	});

	it('Obtain with Both: one item per row, the first holding the CSV; File Format TSV keeps the platform file', async () => {
		const requested = await run({ operation: 'request', startDate: MONTH.startDate, endDate: `${bogotaDay(Date.now() - 22 * DAY)}T23:59:59-05:00` });
		const reportId = { __rl: true, mode: 'id', value: String(requested.output('Gateway')[0].json.id) };
		// The sandbox answers 425 once, then the file.
		await run({ operation: 'obtain', reportId }, { typeVersion: 3 });
		const both = await run({ operation: 'obtain', reportId, output: 'both' }, { typeVersion: 3 });
		const rows = outputJson(both, 'Gateway');
		const { binary, text } = fileOf(both);
		expect(binary.mimeType).toBe('text/plain');
		expect(binary.fileName).toBe(`report-${reportId.value}.csv`);
		const records = readCsv(text);
		expect(records).toHaveLength(rows.length + 1);
		expect(records.slice(1).map((record) => record[records[0].indexOf('reference')])).toEqual(rows.map((row) => row.reference));

		const asTsv = await run({ operation: 'obtain', reportId, output: 'binary', fileFormat: 'tsv' }, { typeVersion: 3 });
		expect(fileOf(asTsv).binary.mimeType).toBe('text/tab-separated-values');
		expect(fileOf(asTsv).text.split('\n')[0].split('\t')).toEqual(records[0]);
	});
});

describe('Period presets', () => {
	it("Yesterday asks for the site's yesterday, 00:00:00 to 23:59:59 with the site's offset, whatever the workflow's zone", async () => {
		const result = await run({ operation: 'request', period: 'yesterday' }, { timezone: 'Asia/Tokyo' });
		expect(result.error).toBeUndefined();
		const yesterday = bogotaDay(Date.now() - DAY);
		expect(requestedPeriods()).toEqual([{ startDate: `${yesterday}T00:00:00-05:00`, endDate: `${yesterday}T23:59:59-05:00` }]);
	});

	it("Last 7 Days: the site's seven whole days before today", async () => {
		const result = await run({ operation: 'request', period: 'last7Days' }, { timezone: 'Asia/Tokyo' });
		expect(result.error).toBeUndefined();
		expect(requestedPeriods()).toEqual([{ startDate: `${bogotaDay(Date.now() - 7 * DAY)}T00:00:00-05:00`, endDate: `${bogotaDay(Date.now() - DAY)}T23:59:59-05:00` }]);
	});

	it("with a credential saved before Site Time Zone existed, the workflow's days, as before", async () => {
		const result = await run({ operation: 'request', period: 'yesterday' }, { timezone: 'Asia/Tokyo', timeZone: '' });
		expect(result.error).toBeUndefined();
		expect(requestedPeriods()).toEqual([presetPeriod('yesterday', new Date(), 'Asia/Tokyo')]);
		expect(requestedPeriods()[0].startDate).toMatch(/T00:00:00\+09:00$/);
	});

	it('a custom period picked without an offset is on the site\'s clock', async () => {
		const result = await run({ operation: 'request', startDate: '2026-11-01T00:00:00', endDate: '2026-11-02T23:59:59' }, { timezone: 'Asia/Tokyo' });
		expect(result.error).toBeUndefined();
		expect(requestedPeriods()).toEqual([{ startDate: '2026-11-01T00:00:00-05:00', endDate: '2026-11-02T23:59:59-05:00' }]);
	});

	it('Last Month through Request and Wait: the month before this one, in windows, every row of it', async () => {
		const result = await run({ operation: 'requestAndWait', period: 'lastMonth' }, { timezone: 'Asia/Tokyo' });
		expect(result.error).toBeUndefined();
		const month = presetPeriod('lastMonth', new Date(), SITE_ZONE);
		expect(requestedPeriods()).toEqual(reportWindows(month.startDate, month.endDate, SITE_ZONE));
		expect(requestedPeriods().length).toBeGreaterThanOrEqual(3);
		expect(outputJson(result, 'Gateway').map((row) => row.reference)).toEqual(await referencesBetween(month.startDate, month.endDate));
	});
});

describe('An empty period', () => {
	const EMPTY = { startDate: '2020-03-01T00:00:00-05:00', endDate: '2020-03-05T23:59:59-05:00' };

	it('gives one item saying so by default', async () => {
		const result = await run({ operation: 'requestAndWait', ...EMPTY });
		expect(result.error).toBeUndefined();
		expect(outputJson(result, 'Gateway')).toEqual([
			expect.objectContaining({ rows: 0, ...EMPTY, message: 'No transactions in this period' }),
		]);
	});

	it('gives no item with When Empty: Output Nothing', async () => {
		const result = await run({ operation: 'requestAndWait', ...EMPTY, whenEmpty: 'nothing' });
		expect(result.error).toBeUndefined();
		expect(result.output('Gateway')).toEqual([]);
		expect(requestedPeriods()).toEqual([EMPTY]);
	});
});

describe('Request', () => {
	it('refuses more than 10 days before sending, naming the dates and pointing to Request and Wait', async () => {
		const result = await run({ operation: 'request', ...MONTH });
		const error = expectFieldRefused(result, 'period', apiCallsOf(sandbox));
		expect(error.message).toMatch(/^Period is longer than 10 days, .*Request and Wait/);
		expect(error.message).toMatch(/Request and Wait/);
	});

	it('refuses Last Month the same way', async () => {
		const result = await run({ operation: 'request', period: 'lastMonth' });
		// Named by the field the panel shows: with a preset, the dates are hidden.
		const error = expectFieldRefused(result, 'period', apiCallsOf(sandbox));
		expect(error.message).toMatch(/^Period is longer than 10 days/);
	});
});
