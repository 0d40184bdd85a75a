/// <reference lib="dom" />
/**
 * What a finance team sees in a real n8n editor (playwright-core driving Chromium), against the sandbox holding a
 * payment of 120.50 USD refunded 20.00 and then in full:
 *  - Gateway › Report › Request and Wait (node version 4): each row says its kind and its payment, its dates on
 *    the site's clock (America/Bogota, -05:00);
 *  - the Transaction Trigger's Types field: its tooltip says which type a card or link payment is;
 *  - Gateway › Transaction › Find by Reference: the payment found by its reference alone, with its refunds;
 *  - Session › Transaction › Refund's list searched by that reference: the payment while something is left.
 * Pictures go to test-results/screenshots/ (docs/screenshots/ with `npm run screenshots`). Needs `npm run build`
 * first; skips, saying why, when Chromium is missing (PAYSUITE_REQUIRE_BROWSER=1 makes that a failure).
 */
/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import * as fs from 'fs';
import * as path from 'path';
import type { Browser, Page } from 'playwright-core';

import { startSandbox, type RunningSandbox } from '../../sandbox';
import { closeEditor, editorChromium, executeStep, openEditor, openNodePanel, paidPayment, sandboxCaller } from './editorPanels';
import { N8nHandle, PACKAGE_NAME, REPO_DIR, type ServerHandle } from './harness';

const chromium = editorChromium('finance views test');
const SHOTS = path.resolve(REPO_DIR, process.env.PAYSUITE_SCREENSHOTS_DIR || path.join('test-results', 'screenshots'));
const REFERENCE = `ORDER-${Date.now() % 100000}`;

chromium.describeIfBrowser('e2e: report rows, the trigger\'s Types and a payment found by its reference, in the n8n editor (Chromium)', () => {
	let sandbox: RunningSandbox;
	let n8n: N8nHandle | undefined;
	let server: ServerHandle | undefined;
	let browser: Browser | undefined;
	let page: Page;
	let credentials: Record<string, { id: string; name: string }>;
	let payment: string;

	const node = (type: string, typeVersion: number, parameters: Record<string, unknown>, trigger = false) => ({
		type: `${PACKAGE_NAME}.${type}`,
		typeVersion,
		parameters,
		trigger,
		credentials: { paySuiteApi: credentials.paySuiteApi },
	});
	const shot = (file: string) => page.locator('[data-test-id="ndv"]').screenshot({ path: path.join(SHOTS, file), animations: 'disabled' });
	/** The output panel in this display mode (Table, JSON). */
	const showOutputAs = (mode: string) => page.locator('[data-test-id="output-panel"] [data-test-id="ndv-run-data-display-mode"]').getByText(mode, { exact: true }).first().click();
	/** Drags the parameters panel to the left, so that the output panel shows more of its columns. */
	async function widenOutput(by: number): Promise<void> {
		const handle = page.locator('[data-test-id="panel-drag-button"]').first();
		const box = await handle.boundingBox();
		if (!box) return;
		await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
		await page.mouse.down();
		await page.mouse.move(box.x + box.width / 2 - by, box.y + box.height / 2, { steps: 12 });
		await page.mouse.up();
	}

	beforeAll(async () => {
		if (!chromium.path) throw new Error(`Chromium is needed for this test and could not be installed: ${chromium.reason}`);
		sandbox = await startSandbox({ port: 0, retryAfterSeconds: 0, reportPendingPolls: 1 });
		// A checkout payment of 120.50 USD, refunded 20.00 and then the 100.50 left.
		const signed = sandboxCaller(sandbox);
		payment = await paidPayment(sandbox, REFERENCE, 120.5, 'Two pairs of shoes');
		await signed('/api/reverse', { internalReference: Number(payment), amount: { currency: 'USD', total: 20 } });
		({ n8n, server, browser, page, credentials } = await openEditor(sandbox, chromium.path!, { width: 1600, height: 900 }));
		fs.mkdirSync(SHOTS, { recursive: true });
	});

	afterAll(async () => {
		await closeEditor({ browser, server, n8n });
		await sandbox?.stop();
	});

	it("the refund list, searched by the order's reference alone, offers the payment with what is left to refund", async () => {
		await openNodePanel(page, server!, node('paySuiteSession', 2, { resource: 'transaction', operation: 'refund', internalReference: { __rl: true, mode: 'list', value: '' } }));
		const field = page.locator('[data-test-id="resource-locator-internalReference"]');
		await field.locator('[data-test-id="rlc-input"]').click();
		const box = page.locator('input[data-test-id="rlc-search"]:visible');
		await box.waitFor();
		await box.fill(REFERENCE.toLowerCase());
		const entries = page.locator('[data-test-id="rlc-item"]:visible');
		await entries.first().waitFor({ timeout: 30_000 });
		const shown = (await entries.allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim());
		// The payment, not its refund (a refund is an approved transaction with the same reference).
		expect(shown).toEqual([expect.stringMatching(new RegExp(`^${payment} · ${REFERENCE} · payment · APPROVED · 120.5 USD · \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}$`))]);
		await shot('pick-refund-by-reference.png');
		await page.keyboard.press('Escape');
		// The rest refunded: nothing is left, so the payment is no longer offered.
		await sandboxCaller(sandbox)('/api/reverse', { internalReference: Number(payment) });
	});

	it("Report › Request and Wait: each row says its kind and its payment, its dates on the site's clock", async () => {
		const parameters = { resource: 'report', operation: 'requestAndWait', startDate: new Date(Date.now() - 86_400_000).toISOString(), endDate: new Date(Date.now() + 600_000).toISOString(), pollInterval: 1 };
		await openNodePanel(page, server!, node('paySuiteGateway', 4, parameters));
		const output = await executeStep(page, /refund/);
		expect(output).toContain('3 items');
		await showOutputAs('Table');
		await widenOutput(420);
		await page.locator('[data-test-id="output-panel"]', { hasText: 'payment_internal_reference' }).waitFor({ timeout: 15_000 });
		const text = await page.locator('[data-test-id="output-panel"]').innerText();
		for (const shown of ['kind', 'payment', 'refund', 'payment_internal_reference', payment, '-05:00']) expect(text).toContain(shown);
		await shot('report-rows-kind.png');
	});

	it('Gateway › Transaction › Find by Reference: the payment by its reference alone, with its two refunds', async () => {
		await openNodePanel(page, server!, node('paySuiteGateway', 4, { resource: 'transaction', operation: 'findByReference', reference: REFERENCE.toLowerCase(), searchPeriod: 'last7Days', options: { pollInterval: 1 } }));
		const output = await executeStep(page, /refundTransactions/);
		expect(output).toContain('1 item');
		await showOutputAs('JSON');
		// The JSON view renders after the switch; read it once it shows the item.
		await page.locator('[data-test-id="output-panel"]', { hasText: 'refundTransactionsTotal' }).waitFor({ timeout: 15_000 });
		const text = await page.locator('[data-test-id="output-panel"]').innerText();
		for (const shown of ['refundTransactions', 'refundTransactionsTotal', '120.5', REFERENCE]) expect(text).toContain(shown);
		await shot('find-by-reference.png');
	});

	it("the Transaction Trigger's Types field says which type a card or link payment is", async () => {
		await openNodePanel(page, server!, node('paySuiteTransactionTrigger', 1, {}, true));
		const label = page.locator('[data-test-id="parameter-item"]', { hasText: 'Transaction Types' }).locator('[data-test-id="input-label"]').first();
		await label.hover();
		const info = label.locator('.info-tip, [class*="info"], svg').first();
		await info.hover().catch(() => undefined);
		const tooltip = page.locator('[role="tooltip"]:visible, .n8n-tooltip:visible, .el-popper:visible', { hasText: 'Authorization Only' }).first();
		await tooltip.waitFor({ timeout: 10_000 });
		expect(await tooltip.innerText()).toMatch(/A card payment \(through the gateway, a checkout page or a payment link\) is Authorization Only; a refund is Refund/);
		await shot('transaction-trigger-types.png');
	});
});
