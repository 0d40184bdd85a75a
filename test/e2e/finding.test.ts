/// <reference lib="dom" />
/**
 * Finding things in a real n8n editor (playwright-core driving Chromium), as a new user does:
 *  - the node panel finds the node that does the job by the words people type ("refund", "transaction"...), and a
 *    node's actions start with a read (the highlighted one, which Enter adds);
 *  - a refund's transaction "From list" searched with a reference alone lists the payments it can refund (and
 *    keeps its search box), under the hint that says what to type;
 *  - a Gateway report's file (version 3: CSV) opens in n8n's binary viewer: its view URL answers 200 and the
 *    output panel's View shows its text, where the TSV of a version 1 node answers "Content not viewable".
 * Pictures go to test-results/screenshots/ (finding-*.png). Needs `npm run build` first (skips itself
 * otherwise); skips, saying why, when Chromium is missing (PAYSUITE_REQUIRE_BROWSER=1 makes that a failure).
 */
/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-explicit-any -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import * as fs from 'fs';
import * as path from 'path';
import type { Browser, Page } from 'playwright-core';

import { startSandbox, type RunningSandbox } from '../../sandbox';
import { closeEditor, editorChromium, executeStep, openEditor } from './editorPanels';
import { N8nHandle, outcome, PACKAGE_NAME, REPO_DIR, storedRun, until, type ServerHandle } from './harness';

const chromium = editorChromium('finding test');
const { describeIfBrowser } = chromium;

const SHOTS = path.resolve(REPO_DIR, process.env.PAYSUITE_SCREENSHOTS_DIR || path.join('test-results', 'screenshots'));
const DAY = 86_400_000;

describeIfBrowser('e2e: finding the PaySuite nodes and reading their files in the n8n editor (Chromium)', () => {
	let sandbox: RunningSandbox;
	let n8n: N8nHandle | undefined;
	let server: ServerHandle | undefined;
	let browser: Browser | undefined;
	let page: Page;
	let credentials: Record<string, { id: string; name: string }>;

	/** Saves a workflow Start → the node "Node" at this type version; answers its id. */
	async function saveWorkflow(name: string, type: string, typeVersion: number, parameters: Record<string, unknown>): Promise<string> {
		const saved = await server!.rest.call('POST', '/rest/workflows', {
			name,
			nodes: [
				{ id: 'start-1', name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
				{ id: 'node-1', name: 'Node', type: `${PACKAGE_NAME}.${type}`, typeVersion, position: [260, 0], parameters, credentials: { paySuiteApi: credentials.paySuiteApi } },
			],
			connections: { Start: { main: [[{ node: 'Node', type: 'main', index: 0 }]] } },
			settings: { executionOrder: 'v1' },
		});
		expect(saved.status).toBe(200);
		return saved.json.data.id;
	}

	/** Runs a saved workflow from its Start (the editor's Execute workflow) and answers the node's first output item. */
	async function runAndReadFirstItem(workflowId: string): Promise<any> {
		const workflowData = (await server!.rest.call('GET', `/rest/workflows/${workflowId}`)).json.data;
		const started = await server!.rest.call('POST', `/rest/workflows/${workflowId}/run`, { workflowData, triggerToStartFrom: { name: 'Start' } });
		expect(started.status).toBe(200);
		const executionId = started.json.data.executionId as string;
		const run = await until(
			`execution ${executionId}`,
			async () => {
				const got = (await server!.rest.call('GET', `/rest/executions/${executionId}`)).json?.data;
				return got && !['new', 'running', 'waiting'].includes(got.status) ? { ...outcome(got), run: storedRun(got) } : undefined;
			},
			120_000,
		);
		expect({ status: run.status, error: run.error }).toEqual({ status: 'success' });
		return run.run.resultData.runData.Node[0].data.main[0][0];
	}

	/**
	 * What n8n answers the editor's binary viewer for a file (GET /rest/binary-data?action=view). Read with fetch:
	 * n8n 2.40.7 refuses a file it does not view with status 400 after announcing the file's length, so the body
	 * of a refusal ends early ("other side closed"); the status and type are what count.
	 */
	async function viewFile(file: { id: string; fileName: string; mimeType: string }): Promise<{ status: number; type: string; text: string }> {
		const query = `id=${encodeURIComponent(file.id)}&action=view&fileName=${encodeURIComponent(file.fileName)}&mimeType=${encodeURIComponent(file.mimeType)}`;
		const response = await fetch(`${server!.url}/rest/binary-data?${query}`, {
			// The session's cookie and the browser id it was given to: n8n checks both.
			headers: { cookie: server!.rest.cookie, 'browser-id': (server!.rest as unknown as { browserId: string }).browserId },
		});
		// Its bytes as sent (a decoder would drop the byte-order mark).
		const text = await response.arrayBuffer().then(
			(bytes) => Buffer.from(bytes).toString('utf8'),
			(error: Error) => `(body cut short: ${error.message})`,
		);
		return { status: response.status, type: response.headers.get('content-type') ?? '', text };
	}

	beforeAll(async () => {
		if (!chromium.path) throw new Error(`Chromium is needed for this test and could not be installed: ${chromium.reason}`);
		sandbox = await startSandbox({ port: 0, historyDays: 10, retryAfterSeconds: 0, reportPendingPolls: 1 });
		({ n8n, server, browser, page, credentials } = await openEditor(sandbox, chromium.path!, { width: 1440, height: 900 }));
		fs.mkdirSync(SHOTS, { recursive: true });
	});

	afterAll(async () => {
		await closeEditor({ browser, server, n8n });
		await sandbox?.stop();
	});

	it.each([
		['refund', ['PaySuite Session']],
		['transaction', ['PaySuite Session', 'PaySuite Gateway']],
		['invoice', ['PaySuite Payment Link']],
		['onboarding', ['PaySuite Merchant', 'PaySuite Onboarding Trigger']],
		['monthly', ['PaySuite Session', 'PaySuite Gateway']],
		['recurring', ['PaySuite Session', 'PaySuite Gateway']],
		['subscription', ['PaySuite Session', 'PaySuite Gateway']],
	])('the node panel lists, for "%s", %j', async (typed, expected) => {
		const workflowId = await saveWorkflow(`Search ${typed}`, 'paySuiteGateway', 3, {});
		await page.goto(`${server!.url}/workflow/${workflowId}`);
		await page.waitForSelector('[data-test-id="node-creator-plus-button"]');
		await page.click('[data-test-id="node-creator-plus-button"]');
		await page.waitForSelector('[data-test-id="node-creator-search-bar"]');
		await page.keyboard.type(typed);
		const listed = page.locator('[data-test-id="node-creator"] [data-test-id="item-iterator-item"]', { hasText: 'PaySuite' });
		await listed.first().waitFor({ timeout: 30_000 });
		await page.waitForTimeout(500); // the list settles after the last key
		const names = (await listed.allInnerTexts()).map((text) => text.split('\n')[0].trim());
		for (const name of expected) expect(names).toContain(name);
		await page.locator('[data-test-id="node-creator"]').screenshot({ path: path.join(SHOTS, `finding-search-${typed}.png`), animations: 'disabled' });
		await page.keyboard.press('Escape');
	});

	it.each([
		['PaySuite Gateway', 'Get a transaction'],
		['PaySuite Session', 'Get a checkout session'],
	])('%s offers a read first in its actions: Enter never adds a charge', async (node, firstAction) => {
		const workflowId = await saveWorkflow(`Actions of ${node}`, 'paySuiteGateway', 3, {});
		await page.goto(`${server!.url}/workflow/${workflowId}`);
		await page.waitForSelector('[data-test-id="node-creator-plus-button"]');
		await page.click('[data-test-id="node-creator-plus-button"]');
		await page.waitForSelector('[data-test-id="node-creator-search-bar"]');
		await page.keyboard.type(node);
		const found = page.locator('[data-test-id="node-creator"] [data-test-id="item-iterator-item"]', { hasText: node }).first();
		await found.waitFor({ timeout: 30_000 });
		await found.click();
		const actions = page.locator('[data-test-id="node-creator"] [data-test-id="item-iterator-item"]');
		await actions.first().waitFor({ timeout: 30_000 });
		await page.waitForTimeout(500); // the list settles after the click
		await page.locator('[data-test-id="node-creator"]').screenshot({ path: path.join(SHOTS, `finding-actions-${node.split(' ')[1].toLowerCase()}.png`), animations: 'disabled' });
		// The first resource's heading ("TRANSACTION ACTIONS"), then its actions in their order.
		const listed = (await actions.allInnerTexts()).map((text) => text.split('\n')[0].trim()).filter((text) => text && text !== text.toUpperCase());
		expect(listed[0]).toBe(firstAction);
		await page.keyboard.press('Escape');
	});

	it("a refund's transaction list searched with a reference alone lists the payments it can refund, and keeps its search box", async () => {
		const workflowId = await saveWorkflow('Refund list', 'paySuiteSession', 2, {
			resource: 'transaction',
			operation: 'refund',
			internalReference: { __rl: true, mode: 'list', value: '' },
		});
		await page.goto(`${server!.url}/workflow/${workflowId}`);
		const canvasNode = page.locator('[data-test-id="canvas-node"]', { hasText: 'Node' }).last();
		await canvasNode.waitFor();
		await canvasNode.dblclick();
		const field = page.locator('[data-test-id="resource-locator-internalReference"]');
		await field.waitFor({ timeout: 30_000 });
		// The hint n8n shows under the field.
		const hint = (await page.locator('[data-test-id="ndv"]').getByText(/^From List: type/).first().innerText()).trim();
		expect(hint).toBe(
			'From List: type a reference (the last 10 days), e.g. ORDER-1001, or a reference, amount and currency for an older one, e.g. ORDER1001 50000 COP. It lists what this operation can take.',
		);
		await field.locator('[data-test-id="rlc-input"]').click();
		const box = page.locator('input[data-test-id="rlc-search"]:visible');
		await box.waitFor();
		await box.fill('ORDER');
		const entries = page.locator('[data-test-id="rlc-item"]:visible');
		await entries.first().waitFor({ timeout: 30_000 });
		const shown = (await entries.allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim());
		expect(shown.length).toBeGreaterThan(3);
		// Only approved payments: no refund, pre-authorization or declined payment is offered to a refund.
		for (const entry of shown) expect(entry).toMatch(/^\d+ · ORDER-\d{8}-\d{2} · (payment|capture) · APPROVED · [\d.]+ [A-Z]{3} · \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
		// A search that finds nothing is an empty list, and the box stays to search again.
		await page.locator('[data-test-id="ndv"]').screenshot({ path: path.join(SHOTS, 'finding-refund-list.png'), animations: 'disabled' });
		await box.fill('NO-SUCH-ORDER');
		await expect(page.locator('input[data-test-id="rlc-search"]:visible').count()).resolves.toBe(1);
		await page.keyboard.press('Escape');
	});

	it("a version 3 Gateway's report file is CSV and n8n's viewer opens it; a version 1 node's TSV is refused", async () => {
		const period = { startDate: new Date(Date.now() - 6 * DAY).toISOString(), endDate: new Date(Date.now() - DAY).toISOString() };
		const report = { resource: 'report', operation: 'requestAndWait', ...period, output: 'binary', pollInterval: 0 };
		const csvItem = await runAndReadFirstItem(await saveWorkflow('Report CSV', 'paySuiteGateway', 3, report));
		expect(Number(csvItem.json.rows)).toBeGreaterThan(0);
		const csv = csvItem.binary.data;
		expect(csv).toMatchObject({ mimeType: 'text/plain', fileName: expect.stringMatching(/^report-\d+\.csv$/) });
		const viewed = await viewFile(csv);
		expect(viewed.status).toBe(200);
		expect(viewed.type).toMatch(/^text\/plain/);
		expect(viewed.text.split('\r\n')[0]).toMatch(/^\uFEFFid,date,transaction_date,reference,/);
		expect(viewed.text.split('\r\n').filter(Boolean)).toHaveLength(Number(csvItem.json.rows) + 1);

		const tsvItem = await runAndReadFirstItem(await saveWorkflow('Report TSV', 'paySuiteGateway', 1, report));
		const tsv = tsvItem.binary.data;
		expect(tsv.mimeType).toBe('text/tab-separated-values');
		const refused = await viewFile(tsv);
		expect(refused.status).toBe(400);
		expect(refused.text).toMatch(/^Content not viewable|body cut short/);

		// In the editor: Execute step, then the output's View button shows the CSV.
		const workflowId = await saveWorkflow('Report CSV in the editor', 'paySuiteGateway', 3, report);
		await page.goto(`${server!.url}/workflow/${workflowId}`);
		const canvasNode = page.locator('[data-test-id="canvas-node"]', { hasText: 'Node' }).last();
		await canvasNode.waitFor();
		await canvasNode.dblclick();
		await page.locator('[data-test-id="ndv"]').waitFor({ timeout: 30_000 });
		await executeStep(page, /report-\d+\.csv|rows/);
		const binaryMode = page.locator('[data-test-id="ndv-run-data-display-mode"] >> text=Binary');
		if (await binaryMode.count()) await binaryMode.first().click();
		const view = page.locator('[data-test-id="ndv-view-binary-data"]').first();
		await view.waitFor({ timeout: 30_000 });
		const answered = page.waitForResponse((response) => response.url().includes('/rest/binary-data') && response.url().includes('action=view'));
		const downloads: string[] = [];
		page.on('download', (download) => downloads.push(download.suggestedFilename()));
		await view.click();
		const response = await answered;
		expect(response.status()).toBe(200);
		expect(response.headers()['content-type']).toMatch(/^text\/plain/);
		// n8n shows the file in a frame: its text is the CSV, header first.
		const shown = page.frameLocator('iframe.binary-data').locator('body');
		await shown.waitFor({ timeout: 30_000 });
		expect(await shown.innerText()).toMatch(/^id,date,transaction_date,reference,/);
		// Shown, not handed to the browser's downloads (what Chromium does with text/csv in a frame).
		expect(downloads).toEqual([]);
		await page.screenshot({ path: path.join(SHOTS, 'finding-report-csv-view.png'), animations: 'disabled' });
	});
});
