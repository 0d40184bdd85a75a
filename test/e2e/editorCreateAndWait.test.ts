/// <reference lib="dom" />
/**
 * Payment Link › Create and Wait for Payment in the n8n editor (Chromium, as test/e2e/editor.test.ts drives it):
 * its panel (a notice saying it waits, no Notification URL to fill, no issue), then a person's path: *Execute step*
 * creates the link and the run waits (the panel says *Waiting for input*); the buyer opens the sandbox's outbox (the
 * link e-mailed to the Receiver Emails), follows the link and pays with the approving test card; the panel then
 * shows the resumed item (APPROVED, the amount, the internal reference). Pictures go to test-results/screenshots/
 * (`PAYSUITE_SCREENSHOTS_DIR=docs/screenshots` writes the ones the docs show).
 * Needs `npm run build` first (skips itself otherwise).
 */
/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import * as fs from 'fs';
import * as path from 'path';
import type { Browser, Page } from 'playwright-core';

import { startSandbox, type RunningSandbox } from '../../sandbox';
import { closeEditor, editorChromium, openEditor, openNodePanel } from './editorPanels';
import { PACKAGE_NAME, REPO_DIR, type N8nHandle, type ServerHandle } from './harness';
import { eventually, executionsOf } from './waitingPayment';

const chromium = editorChromium('editor Create and Wait test');
const SHOTS = path.resolve(REPO_DIR, process.env.PAYSUITE_SCREENSHOTS_DIR || path.join('test-results', 'screenshots'));

chromium.describeIfBrowser('e2e: Create and Wait for Payment in the n8n editor (Chromium)', () => {
	let sandbox: RunningSandbox;
	let n8n: N8nHandle | undefined;
	let server: ServerHandle | undefined;
	let browser: Browser | undefined;
	let page: Page;
	let credentials: Record<string, { id: string; name: string }>;

	beforeAll(async () => {
		sandbox = await startSandbox({ port: 0 });
		({ n8n, server, browser, page, credentials } = await openEditor(sandbox, chromium.path!, { width: 1440, height: 900 }));
		fs.mkdirSync(SHOTS, { recursive: true });
	});

	afterAll(async () => {
		await closeEditor({ browser, server, n8n });
		await sandbox?.stop();
	});

	it('Execute step creates the link and waits; paid on its page, the panel shows the resumed payment', async () => {
		const workflowId = await openNodePanel(
			page,
			server!,
			{
				type: `${PACKAGE_NAME}.paySuitePaymentLink`,
				typeVersion: 2,
				parameters: {
					resource: 'paymentLink',
					operation: 'createAndWait',
					name: 'Annual plan for ACME',
					reference: 'DEAL-D-1042',
					description: 'Annual plan for ACME',
					currency: 'USD',
					total: 1200,
					additionalFields: { receiverEmails: 'buyer@acme.example.com' },
				},
				credentials: { paySuiteApi: credentials.paySuiteApi },
			},
			'Won deal: payment link, wait for payment',
		);
		const ndv = page.locator('[data-test-id="ndv"]');
		const parameters = page.locator('[data-test-id="node-parameters"]');
		expect(await parameters.innerText()).toContain('The workflow waits here until the link is paid or expires');
		expect(await parameters.locator('[data-test-id="parameter-issues"]').count()).toBe(0);
		await page.waitForTimeout(300);
		await ndv.screenshot({ path: path.join(SHOTS, 'payment-link-create-and-wait.png'), animations: 'disabled' });

		await page.locator('[data-test-id="node-execute-button"]').first().click();
		const waiting = await eventually('the run to wait', async () => (await executionsOf(server!.rest, workflowId)).find((run) => run.status === 'waiting'), 60_000);
		const link = waiting.run.resultData.runData.Node.at(-1).data.main[0][0].json as { url: string; id: number };
		await page.waitForTimeout(1000);
		expect(await page.locator('[data-test-id="output-panel"]').innerText()).toContain('Waiting for input');
		await ndv.screenshot({ path: path.join(SHOTS, 'payment-link-create-and-wait-waiting.png'), animations: 'disabled' });

		// The buyer's path, nothing copied: the sandbox's outbox shows the link e-mailed to the Receiver Emails.
		const buyer = await page.context().newPage();
		try {
			await buyer.goto(`${sandbox.url}/__sandbox/outbox`);
			await buyer.locator('a', { hasText: 'Pay USD 1200.00' }).first().click();
			expect(buyer.url()).toBe(link.url);
			await buyer.locator('button.APPROVED').click();
			await buyer.locator('h2', { hasText: 'Payment approved' }).waitFor({ timeout: 30_000 });
		} finally {
			await buyer.close();
		}
		await eventually('the run to finish', async () => (await executionsOf(server!.rest, workflowId)).find((run) => run.status === 'success'), 60_000);
		const output = page.locator('[data-test-id="output-panel"]');
		await page.waitForFunction(() => /APPROVED/.test(document.querySelector<HTMLElement>('[data-test-id="output-panel"]')?.innerText ?? ''), undefined, { timeout: 30_000 });
		const shown = await output.innerText();
		expect(shown).toContain('APPROVED');
		expect(shown).toContain('DEAL-D-1042');
		expect(shown).toContain(String(link.id));
		await page.waitForTimeout(500);
		await ndv.screenshot({ path: path.join(SHOTS, 'payment-link-create-and-wait-resumed.png'), animations: 'disabled' });
	});
});
