/// <reference lib="dom" />
/**
 * The n8n editor in a real browser (playwright-core driving Debian's Chromium, installed with apt-get when
 * missing): signs in, adds every PaySuite node through the node panel exactly as a user does, saves a
 * screenshot of each node's parameter panel into test-results/screenshots/ (`npm run screenshots` writes them
 * to docs/screenshots/ instead, on purpose), and checks that
 *  - each node's icon is shown, in the light and in the dark theme (each with its own SVG);
 *  - no parameter of a freshly added node shows an issue;
 *  - the sandbox credential is picked for the node on its own.
 * Needs `npm run build` first (skips itself otherwise). Skips, saying why, only when Chromium is missing and
 * cannot be installed here (PAYSUITE_REQUIRE_BROWSER=1 turns that into a failure).
 */
import * as fs from 'fs';
import * as path from 'path';
import type { Browser, BrowserContext, Page } from 'playwright-core';

import { startSandbox, type RunningSandbox } from '../../sandbox';
import { addSandboxCredentials, distExists, N8nHandle, PACKAGE_NAME, REPO_DIR, setupN8n, startServer, teardownN8n, type ServerHandle } from './harness';

const examples = require('../../scripts/n8n/examples.js');

const { findChromium, CHROMIUM_ARGS } = require('../../scripts/n8n/chromium.js');
const env = require('../../scripts/n8n/env.js');

const chromium = distExists() ? findChromium() : { path: undefined, reason: 'dist/ does not exist; run `npm run build` first' };
// A machine where Chromium cannot be had (no apt-get, no root, no Debian mirror) skips this file, saying why;
// PAYSUITE_REQUIRE_BROWSER=1 makes that a failure instead.
const requireBrowser = Boolean(process.env.PAYSUITE_REQUIRE_BROWSER);
if (!chromium.path) console.warn(`e2e editor test ${requireBrowser ? 'FAILS' : 'SKIPPED'}: ${chromium.reason}`);
const describeIfBrowser = chromium.path || requireBrowser ? describe : describe.skip;

// The check leaves the tree as it found it: pictures go to an ignored folder unless `npm run screenshots` asks.
const SHOTS = path.resolve(REPO_DIR, process.env.PAYSUITE_SCREENSHOTS_DIR || path.join('test-results', 'screenshots'));
const EXAMPLES: Array<{ file: string; workflow: { id: string; name: string; nodes: unknown[] } }> = examples.loadExamples();
const pkg = JSON.parse(fs.readFileSync(path.join(REPO_DIR, 'package.json'), 'utf8')) as { n8n: { nodes: string[] } };

interface NodeInfo {
	name: string;
	displayName: string;
	trigger: boolean;
	credential: string;
}

/** What the built package declares, read from its compiled files. */
const NODES: NodeInfo[] = distExists()
	? pkg.n8n.nodes.map((file) => {
			const mod = require(path.join(REPO_DIR, file));
			const description = new (Object.values(mod)[0] as new () => { description: any })().description;
			return {
				name: description.name,
				displayName: description.displayName,
				trigger: (description.group ?? []).includes('trigger'),
				credential: description.credentials?.[0]?.name,
			};
		})
	: [];

describeIfBrowser('e2e: the PaySuite nodes in the n8n editor (Chromium)', () => {
	let sandbox: RunningSandbox;
	let n8n: N8nHandle | undefined;
	let server: ServerHandle | undefined;
	let browser: Browser | undefined;
	let light: BrowserContext;
	let page: Page;
	let startOnlyWorkflow: string;
	let credentials: Record<string, { id: string; name: string }>;

	async function signIn(context: BrowserContext): Promise<Page> {
		const p = await context.newPage();
		await p.goto(`${server!.url}/signin`);
		await p.fill('#emailOrLdapLoginId', env.OWNER.email);
		await p.fill('#password', env.OWNER.password);
		await p.click('[data-test-id="form-submit-button"]');
		await p.waitForURL(/\/home\//, { timeout: 60_000 });
		return p;
	}

	const iconsLoaded = (p: Page, selector: string) =>
		p.waitForFunction(
			(sel) => {
				const imgs = Array.from(document.querySelectorAll<HTMLImageElement>(sel));
				return imgs.length > 0 && imgs.every((img) => img.complete && img.naturalWidth > 0);
			},
			selector,
			{ timeout: 30_000 },
		);

	beforeAll(async () => {
		if (!chromium.path) throw new Error(`Chromium is needed for the editor test and could not be installed: ${chromium.reason}`);
		sandbox = await startSandbox({ port: 0 });
		n8n = await setupN8n();
		// The credentials the examples refer to (fixed ids), and the examples themselves, as `npm start` imports them.
		credentials = await addSandboxCredentials(n8n, sandbox);
		await env.importWorkflows(
			n8n.userFolder,
			EXAMPLES.map((e: { workflow: unknown }) => e.workflow),
		);
		server = await startServer(n8n);
		const saved = await server.rest.call('POST', '/rest/workflows', {
			name: 'Editor test',
			nodes: [{ id: 'start-1', name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} }],
			connections: {},
			settings: { executionOrder: 'v1' },
		});
		startOnlyWorkflow = saved.json.data.id;
		const { chromium: playwright } = await import('playwright-core');
		browser = await playwright.launch({ executablePath: chromium.path, args: CHROMIUM_ARGS });
		light = await browser.newContext({ viewport: { width: 1440, height: 900 }, colorScheme: 'light' });
		page = await signIn(light);
		fs.mkdirSync(SHOTS, { recursive: true });
	});

	afterAll(async () => {
		await browser?.close();
		await server?.stop();
		await teardownN8n(n8n);
		await sandbox?.stop();
	});

	it('finds the ten nodes the package declares', () => {
		expect(NODES.map((n) => n.name)).toHaveLength(10);
		expect(NODES.filter((n) => n.trigger)).toHaveLength(3);
	});

	it.each(NODES.map((n) => [n.displayName, n] as const))('adds %s from the node panel: icon shown, no parameter issue, screenshot saved', async (_label, node) => {
		// Action nodes go after a Manual Trigger; triggers start an empty workflow.
		await page.goto(`${server!.url}/workflow/${node.trigger ? 'new' : startOnlyWorkflow}`);
		const opener = node.trigger ? '[data-test-id="canvas-plus-button"]' : '[data-test-id="node-creator-plus-button"]';
		await page.waitForSelector(opener);
		await page.click(opener);
		await page.waitForSelector('[data-test-id="node-creator-search-bar"]');
		await page.keyboard.type(node.displayName);
		// The node panel lists a trigger with events without its " Trigger" suffix.
		const listedAs = node.displayName.replace(/ Trigger$/, '');
		const found = page.locator('[data-test-id="item-iterator-item"]', { hasText: listedAs });
		await found.first().waitFor();
		expect(await found.count()).toBe(1);
		// The node panel shows the node with its icon.
		await iconsLoaded(page, '[data-test-id="item-iterator-item"] img');
		await found.first().click();
		// Its details list its actions (or trigger events) and the user picks the first one; a trigger without
		// events offers "Add to workflow" instead.
		const item = '[data-test-id="node-creator"] [data-test-id="item-iterator-item"]';
		const firstAction = page.locator(`${item}[data-keyboard-nav-type="action"], ${item}:has-text("Add to workflow")`).first();
		await firstAction.waitFor();
		await firstAction.click();

		const ndv = page.locator('[data-test-id="ndv"]');
		await ndv.waitFor({ timeout: 30_000 });
		await page.waitForSelector('[data-test-id="node-parameters"] [data-test-id="parameter-item"]');
		// The credential of the sandbox was picked on its own (it is the only one of its type).
		await page.waitForSelector('[data-test-id="node-credentials-select"]', { timeout: 15_000 });
		expect(await page.locator('[data-test-id="node-credentials-empty-state"]').count()).toBe(0);
		// No parameter of the fresh node shows an issue.
		expect(await page.locator('[data-test-id="node-parameters"] [data-test-id="parameter-issues"]').count()).toBe(0);
		// The panel's header shows the node icon (the light SVG).
		await iconsLoaded(page, '[data-test-id="ndv"] img');
		const srcs = await page.$$eval('[data-test-id="ndv"] img', (imgs) => imgs.map((i) => (i as HTMLImageElement).src));
		expect(srcs.some((s) => s.endsWith(`/icons/${PACKAGE_NAME}/dist/icons/paysuite.svg`))).toBe(true);
		await page.waitForTimeout(300); // let the panel's open animation settle before the picture
		await ndv.screenshot({ path: path.join(SHOTS, `${node.name}.png`), animations: 'disabled' });
		expect(fs.statSync(path.join(SHOTS, `${node.name}.png`)).size).toBeGreaterThan(10_000);
	});

	it('shows every node with its light icon, and with its dark icon in the dark theme', async () => {
		const nodes = NODES.map((n, i) => ({
			id: `n${i}`,
			name: n.displayName,
			type: `${PACKAGE_NAME}.${n.name}`,
			typeVersion: 1,
			position: [(i % 5) * 260, Math.floor(i / 5) * 240],
			parameters: {},
			credentials: { [n.credential]: credentials[n.credential] },
			...(n.trigger ? { webhookId: `0e8a1c00-2222-4000-8000-0000000000${10 + i}` } : {}),
		}));
		const saved = await server!.rest.call('POST', '/rest/workflows', { name: 'All PaySuite nodes', nodes, connections: {}, settings: { executionOrder: 'v1' } });
		expect(saved.status).toBe(200);
		const id = saved.json.data.id;
		const canvasIcons = '[data-test-id="canvas-node"] img';
		const check = async (p: Page, file: string, icon: string) => {
			await p.goto(`${server!.url}/workflow/${id}`);
			await p.waitForSelector('[data-test-id="canvas-node"]');
			expect(await p.locator('[data-test-id="canvas-node"]').count()).toBe(10);
			await iconsLoaded(p, canvasIcons);
			const srcs = await p.$$eval(canvasIcons, (imgs) => imgs.map((i) => new URL((i as HTMLImageElement).src).pathname));
			expect(srcs).toHaveLength(10);
			expect(new Set(srcs)).toEqual(new Set([`/icons/${PACKAGE_NAME}/dist/icons/${icon}`]));
			// The action nodes here have their required fields empty, so the canvas marks them: proof that the
			// selector the examples' check relies on finds issues when there are some.
			expect(await p.locator('[data-test-id="canvas-node"] [data-test-id="node-issues"]').count()).toBe(NODES.filter((n) => !n.trigger).length);
			await p.click('[data-test-id="zoom-to-fit"]');
			await p.waitForTimeout(500);
			await p.screenshot({ path: path.join(SHOTS, file), animations: 'disabled' });
		};
		await check(page, 'all-nodes-light.png', 'paysuite.svg');
		const dark = await browser!.newContext({ viewport: { width: 1440, height: 900 }, colorScheme: 'dark' });
		try {
			await check(await signIn(dark), 'all-nodes-dark.png', 'paysuite.dark.svg');
		} finally {
			await dark.close();
		}
	});

	it.each(EXAMPLES.map((e) => [e.file, e] as const))('opens the example %s with no node showing an issue', async (file, example) => {
		await page.goto(`${server!.url}/workflow/${example.workflow.id}`);
		await page.waitForSelector('[data-test-id="canvas-node"]');
		const nodes = (example.workflow.nodes as Array<{ type: string }>).filter((node) => node.type !== 'n8n-nodes-base.stickyNote');
		expect(await page.locator('[data-test-id="canvas-node"]').count()).toBe(nodes.length);
		await iconsLoaded(page, '[data-test-id="canvas-node"] img');
		expect(await page.locator('[data-test-id="canvas-node"] [data-test-id="node-issues"]').count()).toBe(0);
		await page.click('[data-test-id="zoom-to-fit"]');
		await page.waitForTimeout(500);
		await page.screenshot({ path: path.join(SHOTS, `example-${file.replace(/\.json$/, '')}.png`), animations: 'disabled' });
	});
});
