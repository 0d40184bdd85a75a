/// <reference lib="dom" />
/**
 * "From scratch: every approved payment into a Data Table", done by hand in a real n8n editor (playwright-core driving
 * Chromium) as a new user does it, against the sandbox with its 62 days of past transactions (as `npm start` runs it):
 *  1. a new, empty workflow; the node panel searched for "transaction", *PaySuite Transaction* picked, its event
 *     *On new transactions*; the sandbox credential chosen; Statuses *Approved* and Transaction Types *Authorization
 *     Only* and *Authorization and Capture* (the payment types, docs/nodes/transaction-trigger.md) chosen in their
 *     dropdowns; *Fetch Test Event* clicked and its items waited for;
 *  2. the trigger's output "+" on the canvas, the node panel searched for "Data table", its *Insert row*; the table
 *     (made beforehand through n8n's REST API: reference, amount, currency, internalReference) picked from the list,
 *     *Map Each Column Manually* chosen (the docs page says a step that writes rows should not depend on n8n's
 *     automatic mapping), each column given an expression on the trigger's output; *Execute workflow* clicked and its
 *     run waited for (success);
 *  3. the Data Table checked against the sandbox's own record of its transactions (GET /__sandbox/gateway/transactions),
 *     not against what the nodes output: each row is an approved payment of the sandbox with the same reference, amount
 *     (in integer minor units) and currency, and the rows are exactly the trigger's sample as its docs page states it
 *     (the latest 10 matching transactions of the last 10 days, in the order they happened).
 * Before that, a few payments are paid on the sandbox's checkout page (so that more than 10 match and "the latest 10"
 * is a choice) and part of the last one refunded (an approved refund, which Types must leave out). Pictures go to
 * test-results/screenshots/from-scratch-*.png. Needs `npm run build` first; skips, saying why, when Chromium is missing
 * (PAYSUITE_REQUIRE_BROWSER=1 makes that a failure).
 */
/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-explicit-any -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import * as fs from 'fs';
import * as path from 'path';
import type { Locator, Page } from 'playwright-core';

import { startSandbox, type RunningSandbox } from '../../sandbox';
import { cents, closeEditor, editorChromium, openEditor, paidPayment, sandboxCaller, sandboxTransactions, type EditorSession, type SandboxTransaction } from './editorPanels';
import { outcome, REPO_DIR, storedRun, until, writeFigure } from './harness';

const chromium = editorChromium('editor from-scratch test');
const SHOTS = path.resolve(REPO_DIR, process.env.PAYSUITE_SCREENSHOTS_DIR || path.join('test-results', 'screenshots'));
const DAY_MS = 86_400_000;

/** What the trigger is set to, as the docs page's example says for approved payments. */
const STATUSES = ['Approved'];
const TYPES = ['Authorization Only', 'Authorization and Capture'];
/** The same, as the platform names them (the values the dropdowns save). */
const APPROVED = 'APPROVED';
const PAYMENT_TYPES = ['AUTH_ONLY', 'AUTH_CAPTURE'];
/** Fetch Test Event, as docs/nodes/transaction-trigger.md states it: the last 10 days' report, its latest 10 matching. */
const SAMPLE_DAYS = 10;
const SAMPLE_SIZE = 10;

const TABLE = 'Approved payments';
/** Each column of the table, and the expression typed for it (the trigger's simplified output: docs page, Simplify). */
const MAPPING: Record<string, string> = {
	reference: '{{ $json.reference }}',
	amount: '{{ $json.amount }}',
	currency: '{{ $json.currency_code }}',
	internalReference: '{{ $json.internal_reference }}',
};

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** An approved payment of a type the trigger is set to. */
const isApprovedPayment = (txn: SandboxTransaction) => txn.status.status === APPROVED && PAYMENT_TYPES.includes(txn.type);

/**
 * The transactions Fetch Test Event outputs when it runs at `now`, by the docs page's rule: the report of the last 10
 * days (to the second, as the trigger asks for it), its matching transactions in the order they happened (same time:
 * by internal reference), the latest 10.
 */
function sampleAt(transactions: SandboxTransaction[], now: number): SandboxTransaction[] {
	const start = Math.floor((now - SAMPLE_DAYS * DAY_MS) / 1000) * 1000 + 1000;
	const end = Math.floor(now / 1000) * 1000;
	return transactions
		.filter((txn) => isApprovedPayment(txn) && Date.parse(txn.transactionDate) >= start && Date.parse(txn.transactionDate) <= end)
		.sort((a, b) => Date.parse(a.transactionDate) - Date.parse(b.transactionDate) || Number(a.internalReference) - Number(b.internalReference))
		.slice(-SAMPLE_SIZE);
}

/**
 * Opens a dropdown (its combobox) and clicks the options named (an option's first line); a multiple choice stays open
 * and is closed with Escape (a single one closes on its own: Escape then would close the node's panel).
 */
async function choose(page: Page, combobox: Locator, names: string[], multiple = false): Promise<void> {
	await combobox.waitFor();
	await combobox.click();
	await page.waitForFunction((input) => input?.getAttribute('aria-expanded') === 'true', await combobox.elementHandle(), { timeout: 30_000 });
	const options = page.locator(`[id="${await combobox.getAttribute('aria-controls')}"] .el-select-dropdown__item`);
	await options.first().waitFor({ timeout: 30_000 });
	const shown = (await options.allInnerTexts()).map((text) => text.split('\n')[0].trim());
	for (const name of names) {
		if (!shown.includes(name)) throw new Error(`the dropdown offers no "${name}": ${JSON.stringify(shown)}`);
		await options.nth(shown.indexOf(name)).click();
	}
	if (multiple) await page.keyboard.press('Escape');
	await page.waitForFunction((input) => input?.getAttribute('aria-expanded') !== 'true', await combobox.elementHandle(), { timeout: 10_000 });
}

/** Searches the open node panel and clicks the entry whose name (its first line) is `name`. */
async function pickFromNodePanel(page: Page, search: string, name: string, screenshot?: string): Promise<string[]> {
	await page.waitForSelector('[data-test-id="node-creator-search-bar"]');
	await page.keyboard.type(search);
	const items = page.locator('[data-test-id="node-creator"] [data-test-id="item-iterator-item"]');
	await items.filter({ hasText: name }).first().waitFor({ timeout: 30_000 });
	const names = (await items.allInnerTexts()).map((text) => text.split('\n')[0].trim());
	if (screenshot) await page.screenshot({ path: path.join(SHOTS, screenshot), animations: 'disabled' });
	const index = names.indexOf(name);
	if (index < 0) throw new Error(`the node panel, searched for "${search}", lists no "${name}": ${JSON.stringify(names)}`);
	await items.nth(index).click();
	return names;
}

/** Clicks the action (or trigger event) of the node picked in the node panel, and waits for its panel to open. */
async function pickAction(page: Page, action: string): Promise<void> {
	const actions = page.locator('[data-test-id="node-creator"] [data-test-id="item-iterator-item"][data-keyboard-nav-type="action"]', {
		hasText: new RegExp(`^\\s*${escapeRegExp(action)}\\s*$`),
	});
	await actions.first().waitFor({ timeout: 30_000 });
	await actions.first().click();
	await page.locator('[data-test-id="ndv"]').waitFor({ timeout: 30_000 });
	await page.waitForSelector('[data-test-id="node-parameters"] [data-test-id="parameter-item"]');
}

/** Types an expression into a column of the Data Table's "Values to insert": its Expression switch, then the editor. */
async function mapColumn(page: Page, column: string, expression: string): Promise<string> {
	const fields = page.locator('[data-test-id="mapping-fields-container"]');
	// Its Fixed/Expression switch shows while the pointer is on the field.
	await fields.locator(`[data-test-id="parameter-input-${column}"]`).hover();
	await page.locator(`[data-test-id="value[\\"${column}\\"]-parameter-input-options-container"] [data-test-id="radio-button-expression"]`).click();
	const editor = fields.locator(`[data-test-id="parameter-input-${column}"] .cm-content`).first();
	await editor.waitFor();
	await editor.click();
	// A number column starts its expression as "{{ 0 }}": replace what is there.
	await page.keyboard.press('ControlOrMeta+a');
	await page.keyboard.insertText(expression);
	const typed = await editor.innerText();
	// Off the field (its label): the result popover under it closes and no longer covers the next field.
	await fields.getByText('Values to insert').first().click();
	await page.waitForTimeout(300);
	return typed;
}

chromium.describeIfBrowser('e2e: from scratch in the n8n editor, every approved payment into a Data Table, checked against the sandbox (Chromium)', () => {
	let sandbox: RunningSandbox;
	let session: EditorSession | undefined;
	let page: Page;
	let table: { id: string; projectId: string };

	const rest = (method: string, at: string, body?: unknown) => session!.server.rest.call(method, at, body);

	async function executionsOf(workflowId: string): Promise<Array<{ id: string; status: string }>> {
		const listed = await rest('GET', `/rest/executions?filter=${encodeURIComponent(JSON.stringify({ workflowId }))}`);
		expect(listed.status).toBe(200);
		return listed.json.data.results;
	}

	beforeAll(async () => {
		if (!chromium.path) throw new Error(`Chromium is needed for this test and could not be installed: ${chromium.reason}`);
		// As `npm start` runs it: 62 days of past transactions.
		sandbox = await startSandbox({ port: 0, historyDays: 62, retryAfterSeconds: 0 });
		// n8n with the package and the sandbox's credential, its editor open in Chromium and signed in.
		session = await openEditor(sandbox, chromium.path);
		page = session.page;
		fs.mkdirSync(SHOTS, { recursive: true });
		// The Data Table the user writes into, made beforehand in the personal project (as Overview › Data tables does).
		const personal = await rest('GET', '/rest/projects/personal');
		expect(personal.status).toBe(200);
		const made = await rest('POST', `/rest/projects/${personal.json.data.id}/data-tables`, {
			name: TABLE,
			columns: [
				{ name: 'reference', type: 'string' },
				{ name: 'amount', type: 'number' },
				{ name: 'currency', type: 'string' },
				{ name: 'internalReference', type: 'string' },
			],
		});
		if (made.status !== 200) throw new Error(`making the Data Table failed: ${made.status} ${made.text}`);
		table = { id: made.json.data.id, projectId: made.json.data.projectId };
	});

	afterAll(async () => {
		await closeEditor(session);
		await sandbox?.stop();
	});

	it('a new user builds Transaction Trigger (Approved payments) → Data Table Insert row with columns mapped by hand: the rows are the documented sample, each an approved payment of the sandbox to the cent', async () => {
		// More payments than the sample holds, the last ones paid now, and an approved refund after them.
		const before = (await sandboxTransactions(sandbox)).filter((txn) => isApprovedPayment(txn) && Date.parse(txn.transactionDate) > Date.now() - SAMPLE_DAYS * DAY_MS);
		const fresh: string[] = [];
		const run = Date.now() % 100000;
		const freshReferences = Array.from({ length: Math.max(2, SAMPLE_SIZE + 1 - before.length) }, (_, i) => `SCRATCH-${run}-${i + 1}`);
		for (const [i, reference] of freshReferences.entries()) fresh.push(await paidPayment(sandbox, reference, (1999 + i * 725) / 100, 'A new order'));
		// A refund is a transaction of its own, with its payment's reference.
		await sandboxCaller(sandbox)('/api/reverse', { internalReference: Number(fresh.at(-1)), amount: { currency: 'USD', total: 5.5 } });

		// 1. A new, empty workflow; the node panel searched for "transaction".
		await page.goto(`${session!.server.url}/workflow/new`);
		await page.waitForSelector('[data-test-id="canvas-plus-button"]');
		expect(await page.locator('[data-test-id="canvas-node"]').count()).toBe(0);
		await page.click('[data-test-id="canvas-plus-button"]');
		// The node panel lists a trigger with events without its " Trigger" suffix.
		const found = await pickFromNodePanel(page, 'transaction', 'PaySuite Transaction', 'from-scratch-1-search-transaction.png');
		expect(found).toContain('PaySuite Transaction');
		await pickAction(page, 'On new transactions');
		const ndv = page.locator('[data-test-id="ndv"]');

		// The credential, chosen in its dropdown (made beforehand, as `npm start` imports it).
		const credential = page.locator('[data-test-id="node-credentials-select"] input[role="combobox"]').first();
		await choose(page, credential, ['PaySuite sandbox']);
		expect(await credential.inputValue()).toBe('PaySuite sandbox');
		// Approved payments: the statuses and the payment types, each chosen in its dropdown.
		await choose(page, page.locator('[data-test-id="parameter-input-statuses"] input[role="combobox"]').first(), STATUSES, true);
		await choose(page, page.locator('[data-test-id="parameter-input-types"] input[role="combobox"]').first(), TYPES, true);
		const chosen = async (field: string) => (await page.locator(`[data-test-id="parameter-input-${field}"]`).innerText()).split('\n').map((text) => text.trim()).filter(Boolean);
		expect(await chosen('statuses')).toEqual(STATUSES);
		expect((await chosen('types')).sort()).toEqual([...TYPES].sort());

		// Fetch Test Event, and its items in the output panel.
		const fetchButton = page.locator('[data-test-id="node-execute-button"]').first();
		expect((await fetchButton.innerText()).trim()).toBe('Fetch Test Event');
		const fetchedFrom = Date.now();
		await fetchButton.click();
		const output = page.locator('[data-test-id="output-panel"]');
		// The trigger waits up to a minute for the report.
		await output.locator('[data-test-id="run-data-item-count"], [data-test-id="node-error-message"]').first().waitFor({ timeout: 90_000 });
		const fetchedUntil = Date.now();
		expect(await output.locator('[data-test-id="node-error-message"]').count()).toBe(0);
		const fetchedCount = (await output.locator('[data-test-id="run-data-item-count"]').innerText()).trim();
		await page.mouse.move(0, 0);
		await ndv.screenshot({ path: path.join(SHOTS, 'from-scratch-2-fetch-test-event.png'), animations: 'disabled' });
		await page.locator('[data-test-id="ndv-close-button"]').first().click();
		await ndv.waitFor({ state: 'hidden', timeout: 10_000 });
		// The editor saves the new workflow on its own: its address now has the workflow's id.
		await page.waitForURL(/\/workflow\/(?!new\b)[^/?#]+/, { timeout: 30_000 });
		const workflowId = new URL(page.url()).pathname.split('/workflow/')[1];

		// 2. The trigger's output "+", the node panel searched for "Data table", its Insert row.
		await page.locator('[data-test-id="canvas-handle-plus"]').first().click();
		await pickFromNodePanel(page, 'Data table', 'Data table');
		await pickAction(page, 'Insert row');
		// The table, from the list.
		await page.locator('[data-test-id="resource-locator-dataTableId"] [data-test-id="rlc-input"]').click();
		const entries = page.locator('[data-test-id="rlc-item"]:visible');
		await entries.first().waitFor({ timeout: 30_000 });
		await entries.filter({ hasText: TABLE }).first().click();
		// The columns mapped by hand, as the docs page says.
		const mode = page.locator('[data-test-id="mapping-mode-select"] input[role="combobox"]').first();
		await choose(page, mode, ['Map Each Column Manually']);
		expect(await mode.inputValue()).toBe('Map Each Column Manually');
		await page.locator('[data-test-id="mapping-fields-container"] [data-test-id="parameter-input-internalReference"]').waitFor({ timeout: 30_000 });
		for (const [column, expression] of Object.entries(MAPPING)) expect(await mapColumn(page, column, expression)).toBe(expression);
		// Each expression's result under it (the first item's) shows a moment after it is typed: wait for it before the picture.
		const previewsShown = await page
			.waitForFunction(() => !(document.querySelector<HTMLElement>('[data-test-id="mapping-fields-container"]')?.innerText ?? '[empty]').includes('[empty]'), undefined, { timeout: 10_000 })
			.then(() => true, () => false);
		await page.mouse.move(0, 0);
		await ndv.screenshot({ path: path.join(SHOTS, 'from-scratch-3-data-table-mapped.png'), animations: 'disabled' });
		await page.locator('[data-test-id="ndv-close-button"]').first().click();
		await ndv.waitFor({ state: 'hidden', timeout: 10_000 });

		// Execute workflow, and its run.
		await page.click('[data-test-id="zoom-to-fit"]');
		const button = page.locator('[data-test-id="execute-workflow-button"]').first();
		expect((await button.innerText()).replace(/\s+/g, ' ')).toMatch(/Execute workflow/i);
		const earlier = new Set((await executionsOf(workflowId)).map((execution) => execution.id));
		const ranFrom = Date.now();
		await button.click();
		const execution = await until(
			'the run Execute workflow started',
			async () => {
				const started = (await executionsOf(workflowId)).find((listed) => !earlier.has(listed.id));
				if (!started) return undefined;
				const got = (await rest('GET', `/rest/executions/${started.id}`)).json?.data;
				return got && !['new', 'running', 'waiting'].includes(got.status) ? got : undefined;
			},
			180_000,
		);
		const ranUntil = Date.now();
		expect(outcome(execution)).toEqual({ status: 'success' });
		expect(Object.keys(storedRun(execution).resultData.runData).sort()).toEqual(['Insert row', 'PaySuite Transaction Trigger']);
		// What the clicks saved: the trigger's choices, the table and its columns mapped by hand.
		const ran = Object.fromEntries(execution.workflowData.nodes.map((node: any) => [node.name, node]));
		expect(ran['PaySuite Transaction Trigger'].parameters).toMatchObject({ statuses: [APPROVED] });
		expect([...ran['PaySuite Transaction Trigger'].parameters.types].sort()).toEqual([...PAYMENT_TYPES].sort());
		expect(ran['PaySuite Transaction Trigger'].credentials.paySuiteApi.name).toBe('PaySuite sandbox');
		expect(ran['Insert row'].parameters.dataTableId.value).toBe(table.id);
		expect(ran['Insert row'].parameters.columns.mappingMode).toBe('defineBelow');
		expect(ran['Insert row'].parameters.columns.value).toEqual(Object.fromEntries(Object.entries(MAPPING).map(([column, expression]) => [column, `=${expression}`])));
		await page.locator('[data-test-id="execute-workflow-button"]:not([disabled])').first().waitFor({ timeout: 30_000 });
		await page.mouse.move(0, 0);
		await page.screenshot({ path: path.join(SHOTS, 'from-scratch-4-executed.png'), animations: 'disabled' });

		// 3. The table against the sandbox's own record.
		const transactions = await sandboxTransactions(sandbox);
		const byInternalReference = new Map(transactions.map((txn) => [String(txn.internalReference), txn]));
		const got = await rest('GET', `/rest/projects/${table.projectId}/data-tables/${table.id}/rows?take=1000&skip=0`);
		expect(got.status).toBe(200);
		const rows: any[] = [...(got.json.data.data ?? got.json.data)].sort((a, b) => Number(a.id) - Number(b.id));
		// Each row is an approved payment of the sandbox: its reference, amount (to the cent) and currency.
		const shown = rows.map((row) => {
			const txn = byInternalReference.get(String(row.internalReference));
			return { internalReference: String(row.internalReference), reference: row.reference, amount: cents(row.amount), currency: row.currency, status: txn?.status.status, type: txn?.type };
		});
		const recorded = rows.map((row) => {
			const txn = byInternalReference.get(String(row.internalReference));
			return { internalReference: String(row.internalReference), reference: txn?.reference, amount: cents(txn?.amount.total), currency: txn?.amount.currency, status: APPROVED, type: txn?.type };
		});
		expect(shown).toEqual(recorded);
		expect(shown.filter((row) => !PAYMENT_TYPES.includes(String(row.type)))).toEqual([]);
		// Exactly the documented sample, in the order the payments happened: the run's trigger read the report at a
		// moment between the click and the end of the run (both windows give the same sample unless a payment sits on
		// the 10-day edge).
		const expected = [sampleAt(transactions, ranFrom), sampleAt(transactions, ranUntil)].map((sample) => sample.map((txn) => String(txn.internalReference)));
		const inTable = shown.map((row) => row.internalReference);
		writeFigure(
			'editorFromScratch',
			`approved payments of the last ${SAMPLE_DAYS} days before the new ones ${before.length}; paid now ${JSON.stringify(fresh)}, mapping previews shown ${previewsShown}; fetch test event showed "${fetchedCount}" in ${fetchedUntil - fetchedFrom} ms; run ${ranUntil - ranFrom} ms; table ${JSON.stringify(inTable)}; sample ${JSON.stringify(expected[1])}`,
		);
		expect(inTable).toEqual(expected.find((sample) => JSON.stringify(sample) === JSON.stringify(inTable)) ?? expected[1]);
		expect(inTable).toHaveLength(SAMPLE_SIZE);
		// The payments made now are the latest: all in it; the refund after them, approved too, is not a payment.
		expect(inTable).toEqual(expect.arrayContaining(fresh));
		const refund = transactions.filter((txn) => txn.type === 'REFUND' && txn.reference === freshReferences.at(-1));
		expect(refund.map((txn) => [txn.status.status, txn.amount])).toEqual([[APPROVED, { currency: 'USD', total: 5.5 }]]);
		expect(Date.parse(refund[0].transactionDate)).toBeGreaterThanOrEqual(Date.parse(sampleAt(transactions, ranUntil).at(-1)!.transactionDate));
		expect(inTable).not.toContain(String(refund[0].internalReference));
		// Fetch Test Event showed the sample the same rule gives at its own moment.
		expect([sampleAt(transactions, fetchedFrom).length, sampleAt(transactions, fetchedUntil).length].map((count) => `${count} item${count === 1 ? '' : 's'}`)).toContain(fetchedCount);

		// The table as n8n shows it (Overview › Data tables › the table).
		await page.setViewportSize({ width: 1800, height: 900 });
		await page.goto(`${session!.server.url}/projects/${table.projectId}/datatables/${table.id}`);
		await page.locator('.ag-row').nth(rows.length - 1).waitFor({ timeout: 30_000 }).catch(() => undefined);
		await page.mouse.move(0, 0);
		await page.screenshot({ path: path.join(SHOTS, 'from-scratch-5-data-table.png'), animations: 'disabled' });
		await page.setViewportSize({ width: 1600, height: 900 });
	});
});
