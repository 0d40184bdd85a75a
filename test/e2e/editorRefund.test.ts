/// <reference lib="dom" />
/**
 * A refund as a finance user sees it in a real n8n editor (playwright-core driving Chromium), against the sandbox
 * holding a payment of 50.00 USD:
 *  - Session › Transaction › Refund of 10.00, *Execute step*: the item says what was given back, the total refunded,
 *    what is left and what those figures are based on;
 *  - the whole workflow again (*Execute workflow*): the same refund is refused, nothing is sent, and the error says
 *    when it was made and how to send it on purpose, in lines that read apart.
 * Pictures go to test-results/screenshots/ (docs/screenshots/ with `npm run screenshots`). Needs `npm run build` first.
 */
/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import * as fs from 'fs';
import * as path from 'path';
import type { Page } from 'playwright-core';

import { startSandbox, type RunningSandbox } from '../../sandbox';
import { closeEditor, editorChromium, executeStep, openEditor, openNodePanel, paidPayment, type EditorSession } from './editorPanels';
import { PACKAGE_NAME, REPO_DIR } from './harness';

const chromium = editorChromium('editor refund test');
const SHOTS = path.resolve(REPO_DIR, process.env.PAYSUITE_SCREENSHOTS_DIR || path.join('test-results', 'screenshots'));

chromium.describeIfBrowser('e2e: a refund and its repeat, in the n8n editor (Chromium)', () => {
	let sandbox: RunningSandbox;
	let editor: EditorSession | undefined;
	let page: Page;
	let payment: string;

	const shot = (file: string) => page.locator('[data-test-id="ndv"]').screenshot({ path: path.join(SHOTS, file), animations: 'disabled' });
	const refundsToSandbox = () => sandbox.ledger().filter((e) => e.path === '/api/reverse').length;

	beforeAll(async () => {
		if (!chromium.path) throw new Error(`Chromium is needed for this test and could not be installed: ${chromium.reason}`);
		sandbox = await startSandbox({ port: 0, retryAfterSeconds: 0 });
		payment = await paidPayment(sandbox, `REFUND-${Date.now() % 100000}`, 50, 'A jacket');
		editor = await openEditor(sandbox, chromium.path);
		page = editor.page;
		fs.mkdirSync(SHOTS, { recursive: true });
	});

	afterAll(async () => {
		await closeEditor(editor);
		await sandbox?.stop();
	});

	it('Refund of 10.00 shows what was given back, what is left and what that is based on; again, it is refused and nothing is sent', async () => {
		await openNodePanel(page, editor!.server, {
			type: `${PACKAGE_NAME}.paySuiteSession`,
			typeVersion: 2,
			parameters: { resource: 'transaction', operation: 'refund', internalReference: { __rl: true, mode: 'id', value: payment }, refundType: 'partial', currency: 'USD', total: 10 },
			credentials: { paySuiteApi: editor!.credentials.paySuiteApi },
		});
		const first = await executeStep(page, /refundedAmountBasis/);
		expect(first).toContain('1 item');
		const panel = page.locator('[data-test-id="output-panel"]');
		await page.locator('[data-test-id="output-panel"] [data-test-id="ndv-run-data-display-mode"]').getByText('JSON', { exact: true }).first().click();
		await panel.filter({ hasText: 'refundableAmount' }).waitFor({ timeout: 15_000 });
		const json = (await panel.innerText()).replace(/\s+/g, ' ');
		for (const shown of ['"refundedAmount": 10', '"refundableAmount": 40', '"refundedAmountBasis":', '"status": "APPROVED"']) expect(json).toContain(shown);
		expect(refundsToSandbox()).toBe(1);
		await shot('refund-output.png');

		// The whole workflow again (Start → Refund): the same refund is refused before anything is sent.
		await page.keyboard.press('Escape');
		await page.locator('[data-test-id="execute-workflow-button"]').first().click();
		const canvasNode = page.locator('[data-test-id="canvas-node"]', { hasText: 'Node' }).last();
		await canvasNode.locator('[data-test-id="node-issues"], [class*="error"], [class*="issues"]').first().waitFor({ timeout: 60_000 }).catch(() => undefined);
		await canvasNode.dblclick();
		const error = page.locator('[data-test-id="node-error-message"]').first();
		await error.waitFor({ timeout: 30_000 });
		const second = await page.locator('[data-test-id="output-panel"]').innerText();
		await shot('refund-repeat-refused.png');
		expect(await error.innerText()).toMatch(/refund .*already/i);
		// The description reads as sentences apart, not run together.
		expect(second).not.toMatch(/[a-z]\.[A-Z]/);
		expect(second).toMatch(/Allow Repeat/);
		expect(refundsToSandbox()).toBe(1);
	});
});
