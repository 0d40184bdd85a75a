/// <reference lib="dom" />
/**
 * The README's jobs done in a real n8n editor (playwright-core driving Chromium) exactly as the README says,
 * against the sandbox with its 62 days of past transactions (as `npm start` runs it), their money checked to the cent
 * against the sandbox's own record of its transactions (GET /__sandbox/gateway/transactions), not against what the
 * nodes output:
 *  - "Yesterday's transactions into a spreadsheet": the offline twin opened, *Execute workflow* clicked; the Data
 *    Table holds yesterday's transactions (site's clock) by internal reference, and per currency and kind their sum;
 *  - "Weekly totals": the twin's *Execute workflow*; the Data Table's rows are last week's (Monday to Sunday, site's
 *    clock) approved transactions summed per currency and kind, with their count;
 *  - "How much did we refund this week?": in that twin, *Approved transactions of the week* opened, Period set to This
 *    Week through its dropdown, *Execute workflow*; the `refund` and `reversal` rows with this Sunday's `weekEnding` are
 *    this week's approved refunds (reversals) per currency, a partial refund of a payment made now among them, and the
 *    table holds this week beside last week, each to the cent (README, weekly totals); and its own example,
 *    refunds-this-week.json: *Execute workflow*, one item per currency, the same refunds;
 *  - "Get paid through a link": the twin's *Execute workflow* waits; the buyer opens the sandbox's outbox, follows the
 *    link and pays with the approving test card; the deal's row says closed won, with the payment the sandbox made;
 *  - "Charge a saved card every month": the twin's *Execute workflow* charges the two saved cards; the declined one
 *    is the failed charges' row; clicked again, nothing is charged and the row says so;
 *  - "Refund a payment on request", then more of it: in the refund twin, *Refund* set to 10.00 and *Execute
 *    workflow*, then 5.00 and *Execute step* on *Record the refund*: two refunds of one payment in the sandbox, and
 *    the table's rows say what each gave back and what is left.
 * A transaction's kind is the documented one for its type (docs/nodes/gateway.md, Report); amounts are compared in
 * integer minor units. Pictures go to test-results/screenshots/. Needs `npm run build` first; skips, saying why, when
 * Chromium is missing (PAYSUITE_REQUIRE_BROWSER=1 makes that a failure).
 */
/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-explicit-any, @typescript-eslint/no-require-imports -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import * as fs from 'fs';
import * as path from 'path';
import type { Browser, Page } from 'playwright-core';

import { startSandbox, type RunningSandbox } from '../../sandbox';
import { cents, editorChromium, openWorkflow, paidPayment, sandboxCaller, sandboxTransactions, signIn, type SandboxTransaction } from './editorPanels';
import { eventually, executionsOf as runsOf } from './waitingPayment';
import { addSandboxCredentials, outcome, REPO_DIR, setupN8n, startServer, storedRun, teardownN8n, until, writeFigure } from './harness';
import type { N8nHandle, ServerHandle } from './harness';

const { CHROMIUM_ARGS } = require('../../scripts/n8n/chromium.js');
const env = require('../../scripts/n8n/env.js');

const chromium = editorChromium('editor jobs test');
const SHOTS = path.resolve(REPO_DIR, process.env.PAYSUITE_SCREENSHOTS_DIR || path.join('test-results', 'screenshots'));
/** The sandbox site's time zone (sandbox/world.ts), the twins' and the credential's. */
const SITE_ZONE = 'America/Bogota';
const DAY_MS = 86_400_000;

const twin = (file: string) => JSON.parse(fs.readFileSync(path.join(REPO_DIR, 'examples', 'offline', file), 'utf8'));
const DAILY = twin('daily-report-to-data-table.json');
const WEEKLY = twin('weekly-totals-to-data-table.json');
const WEEK_NODE = "Approved transactions of the week";
const REFUND_TWIN = twin('refund-on-request-to-data-table.json');
const PAY_TWIN = twin('payment-link-for-deal-to-data-table.json');
const MONTHLY_TWIN = twin('monthly-card-charge-to-data-table.json');
const REFUNDS_THIS_WEEK = JSON.parse(fs.readFileSync(path.join(REPO_DIR, 'examples', 'refunds-this-week.json'), 'utf8'));

/** A transaction's kind by its type, as docs/nodes/gateway.md (Report, `kind`) documents it. */
const DOCUMENTED_KIND: Record<string, string> = {
	AUTH_ONLY: 'payment',
	AUTH_CAPTURE: 'payment',
	CHECKOUT: 'capture',
	CAPTURE_ONLY: 'capture',
	CHECKIN: 'pre-authorization',
	PRE_AUTH: 'pre-authorization',
	RE_AUTH: 'reauthorization',
	REFUND: 'refund',
	VOID: 'reversal',
	CREDIT: 'credit',
	SETTLE: 'settlement',
	DISPUTE: 'dispute',
	CHARGEBACK: 'chargeback',
	DISPUTE_LOSS: 'dispute lost',
	DISPUTE_WIN: 'dispute won',
};

/** The calendar day (YYYY-MM-DD) of an instant on the site's clock. */
const siteDay = (at: string | number | Date) =>
	new Intl.DateTimeFormat('en-CA', { timeZone: SITE_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(at));
/** A calendar day moved by whole days. */
const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T12:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
/** The Monday (ISO week) of a calendar day. */
const mondayOf = (day: string) => addDays(day, -((new Date(`${day}T12:00:00Z`).getUTCDay() + 6) % 7));

/** Per currency and kind ("USD refund"): the sum in minor units and the count. */
type Totals = Record<string, { total: number; transactions: number }>;
function totalsOf(entries: Array<{ currency: string; kind: string; amount: unknown; count?: unknown }>): Totals {
	const out: Totals = {};
	for (const entry of entries) {
		const key = `${entry.currency} ${entry.kind}`;
		out[key] ??= { total: 0, transactions: 0 };
		out[key].total += cents(entry.amount);
		out[key].transactions += entry.count === undefined ? 1 : Number(entry.count);
	}
	return out;
}

chromium.describeIfBrowser("e2e: the README's jobs in the n8n editor, their money checked against the sandbox (Chromium)", () => {
	let sandbox: RunningSandbox;
	let n8n: N8nHandle | undefined;
	let server: ServerHandle | undefined;
	let browser: Browser | undefined;
	let page: Page;

	const kindOf = (txn: SandboxTransaction) => DOCUMENTED_KIND[txn.type] ?? `(type ${txn.type})`;
	/** The sandbox's transactions summed per currency and kind. */
	const sandboxTotals = (transactions: SandboxTransaction[]) =>
		totalsOf(transactions.map((txn) => ({ currency: txn.amount.currency, kind: kindOf(txn), amount: txn.amount.total })));
	/** The table's rows summed per currency and kind: a totals row counts its `transactions`. */
	const tableTotals = (rows: any[]) => totalsOf(rows.map((row) => ({ currency: row.currency, kind: row.kind, amount: row.total, count: row.transactions })));

	/** The rows of the Data Table with this name (empty when it does not exist), and where n8n shows it. */
	async function dataTable(name: string): Promise<{ rows: any[]; url?: string }> {
		const listed = await server!.rest.call('GET', '/rest/data-tables-global?take=100&skip=0');
		const tables: Array<{ id: string; name: string; projectId: string }> = listed.json?.data?.data ?? listed.json?.data ?? [];
		const table = tables.find((entry) => entry.name === name);
		if (!table) return { rows: [] };
		const got = await server!.rest.call('GET', `/rest/projects/${table.projectId}/data-tables/${table.id}/rows?take=1000&skip=0`);
		return { rows: got.json?.data?.data ?? got.json?.data ?? [], url: `${server!.url}/projects/${table.projectId}/datatables/${table.id}` };
	}

	async function executionsOf(workflowId: string): Promise<Array<{ id: string; status: string }>> {
		const listed = await server!.rest.call('GET', `/rest/executions?filter=${encodeURIComponent(JSON.stringify({ workflowId }))}`);
		expect(listed.status).toBe(200);
		return listed.json.data.results;
	}

	/**
	 * Clicks the canvas's *Execute workflow* (it must start at Try it: the twin's real trigger is off) and waits until
	 * the run it started has finished: the stored execution, with its run.
	 */
	async function executeWorkflow(workflowId: string): Promise<{ execution: any; run: any }> {
		const button = page.locator('[data-test-id="execute-workflow-button"]').first();
		await button.waitFor();
		expect((await button.innerText()).replace(/\s+/g, ' ')).toMatch(/Execute workflow/i);
		const earlier = new Set((await executionsOf(workflowId)).map((execution) => execution.id));
		await button.click();
		const execution = await until(
			'the run Execute workflow started',
			async () => {
				const started = (await executionsOf(workflowId)).find((listed) => !earlier.has(listed.id));
				if (!started) return undefined;
				const got = (await server!.rest.call('GET', `/rest/executions/${started.id}`)).json?.data;
				return got && !['new', 'running', 'waiting'].includes(got.status) ? got : undefined;
			},
			180_000,
		);
		const run = storedRun(execution);
		expect(outcome(execution)).toEqual({ status: 'success' });
		expect(Object.keys(run.resultData.runData)).toContain('Try it');
		// The canvas shows the run as finished (its button no longer says it is running) before any picture.
		await page.locator('[data-test-id="execute-workflow-button"]:not([disabled])').first().waitFor({ timeout: 30_000 });
		return { execution, run };
	}

	/** Opens a workflow on the canvas, fitted to the screen. */
	async function openFitted(id: string): Promise<void> {
		await openWorkflow(page, server!.url, id);
		await page.waitForSelector('[data-test-id="canvas-node"]');
		await page.click('[data-test-id="zoom-to-fit"]');
	}

	/** The Data Table as n8n shows it (Overview › Data tables › the table), pictured. */
	async function pictureTable(url: string | undefined, file: string, rows: number): Promise<void> {
		if (!url) return;
		// Wide enough for every column.
		await page.setViewportSize({ width: 2200, height: 900 });
		await page.goto(url);
		await page.locator('.ag-row').nth(Math.max(0, rows - 1)).waitFor({ timeout: 30_000 }).catch(() => undefined);
		await page.mouse.move(0, 0);
		await page.screenshot({ path: path.join(SHOTS, file), animations: 'disabled' });
		await page.setViewportSize({ width: 1600, height: 900 });
	}

	beforeAll(async () => {
		if (!chromium.path) throw new Error(`Chromium is needed for this test and could not be installed: ${chromium.reason}`);
		// As `npm start` runs it: 62 days of past transactions, so that yesterday and last week have rows.
		sandbox = await startSandbox({ port: 0, historyDays: 62, retryAfterSeconds: 0 });
		n8n = await setupN8n();
		// The credentials the twins refer to (fixed ids) and the twins themselves, as `npm start` imports them.
		await addSandboxCredentials(n8n, sandbox);
		await env.importWorkflows(n8n.userFolder, [DAILY, WEEKLY, REFUNDS_THIS_WEEK, REFUND_TWIN, PAY_TWIN, MONTHLY_TWIN]);
		server = await startServer(n8n);
		const { chromium: playwright } = await import('playwright-core');
		browser = await playwright.launch({ executablePath: chromium.path, args: CHROMIUM_ARGS });
		page = await signIn(await browser.newContext({ viewport: { width: 1600, height: 900 }, colorScheme: 'light' }), server.url);
		fs.mkdirSync(SHOTS, { recursive: true });
	});

	afterAll(async () => {
		await browser?.close();
		await server?.stop();
		await teardownN8n(n8n);
		await sandbox?.stop();
	});

	it("Yesterday's transactions: Execute workflow in the twin fills the Data Table with yesterday's transactions, each currency and kind to the cent, and totals the approved ones", async () => {
		await openFitted(DAILY.id);
		const { execution, run } = await executeWorkflow(DAILY.id);
		const yesterday = addDays(siteDay(execution.startedAt), -1);

		const expected = (await sandboxTransactions(sandbox)).filter((txn) => siteDay(txn.transactionDate) === yesterday);
		const { rows, url } = await dataTable('PaySuite transactions');
		// The table's columns are the report's field names, as the README names them.
		const written = totalsOf(rows.map((row) => ({ currency: row.currency_code, kind: row.kind, amount: row.amount })));
		writeFigure('editorJobs', `yesterday ${yesterday}: sandbox ${JSON.stringify(sandboxTotals(expected))} table ${JSON.stringify(written)}`);
		expect(expected.length).toBeGreaterThan(0);
		expect(rows.map((row) => String(row.internal_reference)).sort()).toEqual(expected.map((txn) => String(txn.internalReference)).sort());
		expect(written).toEqual(sandboxTotals(expected));
		// Yesterday's totals: the approved transactions per currency and kind, to the cent.
		const totals = (run.resultData.runData["Yesterday's totals"]?.[0]?.data?.main?.[0] ?? []).map((item: any) => item.json);
		const shown = totalsOf(totals.map((item: any) => ({ currency: item.currency_code, kind: item.kind, amount: item.sum_amount, count: item.count_internal_reference })));
		expect(shown).toEqual(sandboxTotals(expected.filter((txn) => txn.status.status === 'APPROVED')));
		await pictureTable(url, 'job-yesterday-data-table.png', rows.length);
	});

	it("Weekly totals: Execute workflow in the twin writes last week's approved totals per currency and kind, to the cent", async () => {
		await openFitted(WEEKLY.id);
		const { execution } = await executeWorkflow(WEEKLY.id);
		const monday = addDays(mondayOf(siteDay(execution.startedAt)), -7);
		const sunday = addDays(monday, 6);

		const inWeek = (txn: SandboxTransaction) => siteDay(txn.transactionDate) >= monday && siteDay(txn.transactionDate) <= sunday;
		const approved = (await sandboxTransactions(sandbox)).filter((txn) => txn.status.status === 'APPROVED' && inWeek(txn));
		const expected = sandboxTotals(approved);
		const { rows, url } = await dataTable('PaySuite weekly totals');
		const shown = tableTotals(rows);
		writeFigure('editorJobs', `last week ${monday}..${sunday}: sandbox ${JSON.stringify(expected)} table ${JSON.stringify(shown)}`);
		expect(approved.length).toBeGreaterThan(0);
		expect(rows.map((row) => row.weekEnding)).toEqual(rows.map(() => sunday));
		// One row per currency and kind.
		expect(rows).toHaveLength(Object.keys(shown).length);
		expect(shown).toEqual(expected);
		// Each row says what it counts as: a pre-authorization only holds money.
		const countsAs = (kind: string) => (['payment', 'capture'].includes(kind) ? 'money taken' : ['refund', 'reversal'].includes(kind) ? 'given back' : 'neither');
		expect(rows.map((row) => [row.kind, row.countsAs])).toEqual(rows.map((row) => [row.kind, countsAs(row.kind)]));
		await pictureTable(url, 'job-weekly-totals-data-table.png', rows.length);
	});

	it("How much did we refund this week: Period set to This Week in the twin's report node, the refund rows are this week's refunds per currency, to the cent", async () => {
		// A refund this week: 80.25 USD paid on the sandbox's checkout page, 30.10 of it given back.
		const payment = await paidPayment(sandbox, `JOBS-${Date.now() % 100000}`, 80.25, 'A week of coffee');
		await sandboxCaller(sandbox)('/api/reverse', { internalReference: Number(payment), amount: { currency: 'USD', total: 30.1 } });

		await openFitted(WEEKLY.id);
		// Open the report node, as the README says (a double click on the canvas).
		await page.locator('[data-test-id="canvas-node"]', { hasText: WEEK_NODE }).first().dblclick();
		await page.locator('[data-test-id="ndv"]').waitFor({ timeout: 30_000 });
		const combobox = page.locator('[data-test-id="parameter-input-period"] input[role="combobox"]').first();
		await combobox.waitFor();
		await combobox.click();
		await page.waitForFunction((input) => input?.getAttribute('aria-expanded') === 'true', await combobox.elementHandle(), { timeout: 30_000 });
		const list = await combobox.getAttribute('aria-controls');
		await page.locator(`[id="${list}"] .el-select-dropdown__item`, { hasText: /^\s*This Week/ }).first().click();
		await page.waitForFunction((input) => input?.getAttribute('aria-expanded') !== 'true', await combobox.elementHandle(), { timeout: 10_000 });
		expect(await combobox.inputValue()).toBe('This Week');
		await page.locator('[data-test-id="ndv"]').screenshot({ path: path.join(SHOTS, 'job-refunds-this-week-period.png'), animations: 'disabled' });
		// Close the panel (its ×), back to the canvas.
		await page.locator('[data-test-id="ndv-close-button"]').first().click();
		await page.locator('[data-test-id="ndv"]').waitFor({ state: 'hidden', timeout: 10_000 });

		const { execution } = await executeWorkflow(WEEKLY.id);
		const ran = execution.workflowData.nodes.find((node: { name: string }) => node.name === WEEK_NODE);
		expect(ran.parameters.period).toBe('thisWeek');
		const monday = mondayOf(siteDay(execution.startedAt));
		const ranUntil = Date.parse(execution.stoppedAt);

		const thisWeek = (txn: SandboxTransaction) => siteDay(txn.transactionDate) >= monday && Date.parse(txn.transactionDate) <= ranUntil;
		const given = (await sandboxTransactions(sandbox)).filter((txn) => txn.status.status === 'APPROVED' && ['refund', 'reversal'].includes(kindOf(txn)) && thisWeek(txn));
		expect(given.map((txn) => txn.amount)).toContainEqual({ currency: 'USD', total: 30.1 });
		const expected = sandboxTotals(given);
		const { rows, url } = await dataTable('PaySuite weekly totals');
		// The refund and reversal rows of this week, named by its Sunday so that a run later in the week updates them
		// (last week's rows stay as they were).
		const sundayAhead = addDays(monday, 6);
		const back = rows.filter((row) => ['refund', 'reversal'].includes(row.kind) && row.weekEnding === sundayAhead);
		const shown = tableTotals(back);
		const all = rows.map((row) => [row.weekEnding, row.currency, row.kind, row.total, row.transactions]);
		writeFigure('editorJobs', `this week from ${monday}: sandbox ${JSON.stringify(expected)} table ${JSON.stringify(shown)}; all rows ${JSON.stringify(all)}`);
		expect(shown).toEqual(expected);
		// This week beside last week (README, weekly totals): every kind of this week, and last week's rows as they were.
		const approved = (await sandboxTransactions(sandbox)).filter((txn) => txn.status.status === 'APPROVED');
		expect(tableTotals(rows.filter((row) => row.weekEnding === sundayAhead))).toEqual(sandboxTotals(approved.filter(thisWeek)));
		const lastSunday = addDays(monday, -1);
		const lastWeek = (txn: SandboxTransaction) => siteDay(txn.transactionDate) >= addDays(monday, -7) && siteDay(txn.transactionDate) <= lastSunday;
		expect(tableTotals(rows.filter((row) => row.weekEnding === lastSunday))).toEqual(sandboxTotals(approved.filter(lastWeek)));
		expect(new Set(rows.map((row) => row.weekEnding))).toEqual(new Set([lastSunday, sundayAhead]));
		await pictureTable(url, 'job-refunds-this-week-data-table.png', rows.length);
	});
	it("How much did we refund this week, its own example: Execute workflow gives one item per currency, this week's approved refunds to the cent", async () => {
		// A refund this week: 64.40 USD paid on the sandbox's checkout page, 12.35 of it given back.
		const payment = await paidPayment(sandbox, `JOBS8-${Date.now() % 100000}`, 64.4, 'A week of tea');
		await sandboxCaller(sandbox)('/api/reverse', { internalReference: Number(payment), amount: { currency: 'USD', total: 12.35 } });

		await openFitted(REFUNDS_THIS_WEEK.id);
		const { execution, run } = await executeWorkflow(REFUNDS_THIS_WEEK.id);
		const monday = mondayOf(siteDay(execution.startedAt));
		const ranUntil = Date.parse(execution.stoppedAt);
		const thisWeek = (txn: SandboxTransaction) => siteDay(txn.transactionDate) >= monday && Date.parse(txn.transactionDate) <= ranUntil;
		const given = (await sandboxTransactions(sandbox)).filter((txn) => txn.status.status === 'APPROVED' && ['refund', 'reversal'].includes(kindOf(txn)) && thisWeek(txn));
		expect(given.map((txn) => txn.amount)).toContainEqual({ currency: 'USD', total: 12.35 });
		// Per currency, whatever the kind: what was given back.
		const expected = totalsOf(given.map((txn) => ({ currency: txn.amount.currency, kind: 'given back', amount: txn.amount.total })));
		const items = (run.resultData.runData['Given back per currency']?.[0]?.data?.main?.[0] ?? []).map((item: any) => item.json);
		const shown = totalsOf(items.map((item: any) => ({ currency: item.currency_code, kind: 'given back', amount: item.sum_amount, count: item.count_internal_reference })));
		writeFigure('editorJobs', `refunds this week from ${monday}: sandbox ${JSON.stringify(expected)} example ${JSON.stringify(shown)}`);
		expect(items).toHaveLength(Object.keys(expected).length);
		expect(shown).toEqual(expected);
		await page.screenshot({ path: path.join(SHOTS, 'job-refunds-this-week-example.png'), animations: 'disabled' });
	});
	/** Opens a node of the open workflow, sets its fields (a dropdown by its option's name, else typed), closes it. */
	async function setFields(node: string, fields: Array<[string, string, 'option' | 'text']>): Promise<void> {
		// By its whole name: "Refund" is also in "Refund request" and "Refund row".
		await page.locator('[data-test-id="canvas-node"]').filter({ has: page.getByText(node, { exact: true }) }).first().dblclick();
		await page.locator('[data-test-id="ndv"]').waitFor({ timeout: 30_000 });
		for (const [name, value, kind] of fields) {
			const input = page.locator(`[data-test-id="parameter-input-${name}"] input`).first();
			await input.waitFor();
			if (kind === 'option') {
				await input.click();
				const list = await input.getAttribute('aria-controls');
				await page.locator(`[id="${list}"] .el-select-dropdown__item`, { hasText: value }).first().click();
			} else {
				await input.fill(value);
				await input.press('Tab');
			}
		}
		await page.locator('[data-test-id="ndv-close-button"]').first().click();
		await page.locator('[data-test-id="ndv"]').waitFor({ state: 'hidden', timeout: 10_000 });
	}

	it('Refund part of a payment, then more of it: the twin at 10.00, Execute workflow; then 5.00, Execute step on Record the refund', async () => {
		await openFitted(REFUND_TWIN.id);
		await page.screenshot({ path: path.join(SHOTS, 'job-refund-twin.png'), animations: 'disabled' });
		await setFields('Refund', [
			['refundType', 'Partial Amount', 'option'],
			['total', '10', 'text'],
		]);
		const { run } = await executeWorkflow(REFUND_TWIN.id);
		const payment = String(run.resultData.runData['Payments of the session'][0].data.main[0][0].json.internalReference);

		// More of the same payment, as the README says: Partial Amount changed, Execute step on Record the refund.
		await setFields('Refund', [['total', '5', 'text']]);
		await page.locator('[data-test-id="canvas-node"]', { hasText: 'Record the refund' }).first().dblclick();
		await page.locator('[data-test-id="ndv"]').waitFor({ timeout: 30_000 });
		await page.locator('[data-test-id="ndv"] [data-test-id="node-execute-button"]').first().click();
		await page.locator('[data-test-id="output-panel"] [data-test-id="run-data-item-count"], [data-test-id="output-panel"] [data-test-id="node-error-message"]').first().waitFor({ timeout: 120_000 });
		await page.locator('[data-test-id="ndv"]').screenshot({ path: path.join(SHOTS, 'job-refund-more-of-it.png'), animations: 'disabled' });
		await page.locator('[data-test-id="ndv-close-button"]').first().click();

		// The sandbox was asked for 10.00, then 5.00 of that payment, and gave both back; nothing more was sent.
		const asked = sandbox.ledger().filter((entry) => entry.path === '/api/reverse' && String(entry.body?.internalReference) === payment);
		expect(asked.map((entry) => [entry.body?.amount?.total, entry.status])).toEqual([
			[10, 200],
			[5, 200],
		]);
		// The table: a row per refund made, each with what it gave back and what is left of the 45.00.
		const rows = (await dataTable('PaySuite refunds')).rows.filter((row) => row.internalReference === payment && row.outcome === 'refunded');
		writeFigure('editorJobs', `refund more of ${payment}: rows ${JSON.stringify(rows.map((row) => [row.amountRefunded, row.refundedAmount, row.refundableAmount]))}`);
		expect(rows.map((row) => [row.amountRefunded, row.refundedAmount, row.refundableAmount])).toEqual([
			[10, 10, 35],
			[5, 15, 30],
		]);

		// Execute step on Record the refund again, nothing changed: n8n gives it the same refund, and no row is added
		// (trial 95: the same two rows were inserted again), nothing is sent.
		const before = (await dataTable('PaySuite refunds')).rows.filter((row) => row.internalReference === payment);
		await page.locator('[data-test-id="canvas-node"]', { hasText: 'Record the refund' }).first().dblclick();
		await page.locator('[data-test-id="ndv"]').waitFor({ timeout: 30_000 });
		const runsBefore = (await runsOf(server!.rest, REFUND_TWIN.id)).length;
		await page.locator('[data-test-id="ndv"] [data-test-id="node-execute-button"]').first().click();
		await eventually('the step run again', async () => ((await runsOf(server!.rest, REFUND_TWIN.id)).filter((run) => run.status !== 'running' && run.status !== 'new').length > runsBefore ? true : undefined), 120_000);
		await page.locator('[data-test-id="ndv-close-button"]').first().click();
		const after = (await dataTable('PaySuite refunds')).rows.filter((row) => row.internalReference === payment);
		writeFigure('editorJobs', `refund step again for ${payment}: rows ${before.length} -> ${after.length}`);
		expect(after.map((row) => [row.outcome, row.amountRefunded, row.askedAt])).toEqual(before.map((row) => [row.outcome, row.amountRefunded, row.askedAt]));
		expect(sandbox.ledger().filter((entry) => entry.path === '/api/reverse' && String(entry.body?.internalReference) === payment)).toHaveLength(2);
	});
	it("Get paid through a link: Execute workflow in the twin waits; paid from the outbox on the checkout page, the deal's row says closed won, as the sandbox recorded the payment", async () => {
		await openFitted(PAY_TWIN.id);
		const button = page.locator('[data-test-id="execute-workflow-button"]').first();
		expect((await button.innerText()).replace(/\s+/g, ' ')).toMatch(/Execute workflow/i);
		await button.click();
		const waiting = await eventually('the run to wait for the payment', async () => (await runsOf(server!.rest, PAY_TWIN.id)).find((run) => run.status === 'waiting'), 120_000);
		expect(Object.keys(waiting.run.resultData.runData)).toContain('Try it');
		const link = waiting.run.resultData.runData['Payment link, wait for payment'].at(-1).data.main[0][0].json as { url: string; reference: string };

		// The buyer's path, as the README says: the outbox, the link's e-mail, the checkout page, the approving card.
		const buyer = await page.context().newPage();
		try {
			await buyer.goto(`${sandbox.url}/__sandbox/outbox`);
			await buyer.locator(`a[href="${link.url}"]`).first().click();
			await buyer.locator('button.APPROVED').click();
			await buyer.locator('h2', { hasText: 'Payment approved' }).waitFor({ timeout: 30_000 });
		} finally {
			await buyer.close();
		}
		await eventually('the run to finish', async () => (await runsOf(server!.rest, PAY_TWIN.id)).find((run) => run.status === 'success'), 120_000);

		const paid = (await sandboxTransactions(sandbox)).filter((txn) => txn.reference === link.reference && txn.status.status === 'APPROVED');
		const { rows, url } = await dataTable('PaySuite deal payments');
		const row = rows.find((entry) => entry.reference === link.reference);
		writeFigure('editorJobs', `paid link ${link.reference}: row ${JSON.stringify(row)}; sandbox ${JSON.stringify(paid.map((txn) => [txn.internalReference, txn.amount]))}`);
		expect(paid).toHaveLength(1);
		expect({ stage: row?.stage, status: row?.status, currency: row?.currency, cents: cents(row?.amount), internalReference: row?.internalReference }).toEqual({
			stage: 'closed won',
			status: 'APPROVED',
			currency: paid[0].amount.currency,
			cents: cents(paid[0].amount.total),
			internalReference: String(paid[0].internalReference),
		});
		await pictureTable(url, 'job-payment-link-deal-row.png', rows.length);
	});

	it('Charge a saved card every month: Execute workflow in the twin charges each saved card once; the declined one is a row; clicked again, nothing is charged and the row says so', async () => {
		// The twin's $now is on its workflow's time zone, the site's.
		expect(MONTHLY_TWIN.settings.timezone).toBe(SITE_ZONE);
		const month = siteDay(Date.now()).slice(0, 7);
		const charges = async () => (await sandboxTransactions(sandbox)).filter((txn) => txn.reference.startsWith('SUB-') && txn.reference.endsWith(month));
		await openFitted(MONTHLY_TWIN.id);
		await executeWorkflow(MONTHLY_TWIN.id);
		const first = await charges();
		expect(first.map((txn) => [txn.reference, txn.status.status]).sort()).toEqual([
			[`SUB-C-1001-${month}`, 'APPROVED'],
			[`SUB-C-1002-${month}`, 'REJECTED'],
		]);
		expect((await dataTable('PaySuite failed charges')).rows.map((row) => [row.reference, row.status])).toEqual([[`SUB-C-1002-${month}`, 'REJECTED']]);

		await openFitted(MONTHLY_TWIN.id);
		await executeWorkflow(MONTHLY_TWIN.id);
		expect((await charges()).length).toBe(first.length);
		const { rows, url } = await dataTable('PaySuite failed charges');
		writeFigure('editorJobs', `monthly charge ${month}: sandbox ${JSON.stringify(first.map((txn) => [txn.reference, txn.status.status, txn.amount]))}; failed charges ${JSON.stringify(rows.map((row) => [row.reference, row.outcome]))}`);
		expect(rows.map((row) => [row.reference, row.outcome])).toEqual([[`SUB-C-1002-${month}`, 'already tried this month (REJECTED): no new charge']]);
		await pictureTable(url, 'job-monthly-failed-charge.png', rows.length);
	});
});
