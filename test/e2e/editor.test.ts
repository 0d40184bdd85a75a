/// <reference lib="dom" />
/**
 * The n8n editor in a real browser (playwright-core driving Debian's Chromium, installed with apt-get when
 * missing): signs in, adds every PaySuite node through the node panel exactly as a user does, saves a
 * screenshot of each node's parameter panel into test-results/screenshots/ (`npm run screenshots` writes them
 * to docs/screenshots/ instead, on purpose), and checks that
 *  - each node's icon is shown, in the light and in the dark theme (each with its own SVG);
 *  - no parameter of a freshly added node shows an issue;
 *  - every notice and hint of its panel and every parameter's description (its tooltip) reads as the node
 *    declares it: no HTML shown as text, no lines run together, as many lines as declared (n8n's notice keeps
 *    only a, ul and li); a trigger's set-up notice shows its steps apart, names the buttons this n8n shows and
 *    links to the node's page;
 *  - the sandbox credential is picked for the node on its own;
 *  - every resource locator's "From list" shows the sandbox's records, narrows to what is searched, and the
 *    entry picked runs the node; every dropdown of a closed set (and every list loaded from the platform) opens
 *    with its options;
 *  - no parameter the served node types declare as JSON is left but the ones CONTRIBUTING lists, with why;
 *  - a person's path: a payment link made with Execute step, its `url` opened from the output panel and paid on
 *    the sandbox's page, runs the published Checkout Trigger workflow once;
 *  - every example (examples/*.json and the offline twins in examples/offline/) opens with no issue but a
 *    third-party node's missing credential.
 * Needs `npm run build` first (skips itself otherwise). Skips, saying why, only when Chromium is missing and
 * cannot be installed here (PAYSUITE_REQUIRE_BROWSER=1 turns that into a failure).
 */
/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-explicit-any, @typescript-eslint/no-require-imports -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import * as fs from 'fs';
import * as path from 'path';
import type { Browser, BrowserContext, Page } from 'playwright-core';

import { startSandbox, type RunningSandbox } from '../../sandbox';
import { expectedTranKey } from '../../sandbox/auth';
import {
	canvasIssues,
	declaredTexts,
	dropdownOptions,
	editorChromium,
	executeStep,
	openNodePanel,
	openWorkflow,
	pickFromList,
	readingProblems,
	shownLines,
	shownTexts,
	signedCaller,
	signIn as signInAs,
	type PanelNode,
	type SignedCaller,
} from './editorPanels';
import { addSandboxCredentials, distExists, N8nHandle, outcomes, PACKAGE_NAME, REPO_DIR, setupN8n, startServer, storedRun, teardownN8n, until, type ServerHandle } from './harness';

const { CHROMIUM_ARGS } = require('../../scripts/n8n/chromium.js');
const env = require('../../scripts/n8n/env.js');

const chromium = editorChromium('editor test');
const { describeIfBrowser } = chromium;

// The check leaves the tree as it found it: pictures go to an ignored folder unless `npm run screenshots` asks.
const SHOTS = path.resolve(REPO_DIR, process.env.PAYSUITE_SCREENSHOTS_DIR || path.join('test-results', 'screenshots'));

interface Example {
	/** Path under examples/, e.g. "offline/paid-checkout-to-data-table.json". */
	file: string;
	workflow: { id: string; name: string; nodes: Array<{ name: string; type: string; disabled?: boolean }>; connections: Record<string, any> };
}

/** Every example: examples/*.json and the offline twins in its folders (examples/offline/*.json). */
function loadExamples(dir = path.join(REPO_DIR, 'examples'), under = ''): Example[] {
	return fs
		.readdirSync(dir, { withFileTypes: true })
		.sort((a, b) => a.name.localeCompare(b.name))
		.flatMap((entry): Example[] => {
			if (entry.isDirectory()) return loadExamples(path.join(dir, entry.name), `${under}${entry.name}/`);
			if (!entry.name.endsWith('.json')) return [];
			return [{ file: `${under}${entry.name}`, workflow: JSON.parse(fs.readFileSync(path.join(dir, entry.name), 'utf8')) }];
		});
}
/** The examples this n8n gets: all in n8n 2.x; in 1.123 (PAYSUITE_N8N_VERSION) not those that need n8n 2.0. */
const EXAMPLES: Example[] = require('../../scripts/n8n/examples.js').examplesFor(require('../../scripts/n8n/install.js').N8N_VERSION, { examples: loadExamples() });

/**
 * The third-party nodes the real-node examples use: they open needing the user's own credential, the one issue
 * an example may show. n8n 2.40.7 marks a node without one "Credentials for HubSpot are not set."; a credential
 * the file names but this n8n lacks is not marked on the canvas (its other wording is allowed all the same).
 */
const THIRD_PARTY = new Set(['n8n-nodes-base.hubspot', 'n8n-nodes-base.pipedrive', 'n8n-nodes-base.googleSheets', 'n8n-nodes-base.slack']);
const MISSING_CREDENTIAL = /^(Credentials for .+ are not set\.|Credentials with name .+ do not exist for .+\.|You can create credentials with the exact name and then they get auto-selected on refresh\.*)$/;
const pkg = JSON.parse(fs.readFileSync(path.join(REPO_DIR, 'package.json'), 'utf8')) as { n8n: { nodes: string[] } };

interface NodeInfo {
	name: string;
	displayName: string;
	trigger: boolean;
	/** A webhook trigger: set up on the platform by pasting its URL (a polling trigger needs no set-up). */
	webhook: boolean;
	credential: string;
	/** The file names of its light and dark icons under icons/. */
	icon: { light: string; dark: string };
	/** The version a node added now gets. */
	version: number;
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
				// A webhook trigger; an action node's webhook (Create and Wait for Payment) is its waiting execution's.
				webhook: (description.group ?? []).includes('trigger') && (description.webhooks ?? []).length > 0,
				credential: description.credentials?.[0]?.name,
				icon: { light: path.basename(description.icon.light), dark: path.basename(description.icon.dark) },
				version: description.defaultVersion ?? Math.max(...[description.version].flat()),
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
	/** The node types as this n8n serves them to the editor (what the panel renders). */
	let servedTypes: Array<{ name: string; displayName: string; properties: any[] }>;
	let credentials: Record<string, { id: string; name: string }>;

	const signIn = (context: BrowserContext) => signInAs(context, server!.url);

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
			active: false, // n8n 1.123's database refuses a workflow without it
			nodes: [{ id: 'start-1', name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} }],
			connections: {},
			settings: { executionOrder: 'v1' },
		});
		startOnlyWorkflow = saved.json.data.id;
		const types = await server.rest.call('GET', '/types/nodes.json');
		servedTypes = JSON.parse(types.text);
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

	it('finds the eleven nodes the package declares', () => {
		expect(NODES.map((n) => n.name)).toHaveLength(11);
		expect(NODES.filter((n) => n.trigger)).toHaveLength(4);
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
		// Every notice, hint and description reads as the node means it: its lines apart, no HTML shown as text.
		const served = servedTypes.find((type) => type.name === `${PACKAGE_NAME}.${node.name}`)!;
		const shown = await shownTexts(page);
		expect(shown.filter((text) => text.kind === 'description').length).toBeGreaterThan(0);
		expect(shown.flatMap((text) => readingProblems(text, declaredTexts(served.properties)))).toEqual([]);
		if (node.webhook) {
			// The set-up notice: steps on lines of their own, the buttons this n8n shows, the node's page one click away.
			const setUp = shownLines(shown.find((text) => text.kind === 'notice')!.text);
			expect(setUp.length).toBeGreaterThanOrEqual(4);
			expect(setUp.join('\n')).toMatch(/Webhook URLs/);
			expect(setUp.join('\n')).toMatch(/Execute step/);
			expect(setUp.join('\n')).not.toMatch(/Listen for test event|curl /);
			expect(await page.locator('[data-test-id="ndv"] [data-test-id="node-execute-button"]', { hasText: 'Execute step' }).count()).toBeGreaterThan(0);
			expect(await page.locator('[data-test-id="ndv"]').innerText()).toContain('Webhook URLs');
			const link = page.locator('[data-test-id="node-parameters"] .notice a').first();
			expect(await link.getAttribute('href')).toMatch(new RegExp(`/docs/nodes/${node.name.replace(/^paySuite/, '').replace(/Trigger$/, '').toLowerCase()}-trigger\\.md`));
			expect(await link.getAttribute('target')).toBe('_blank');
		}
		// The panel's header shows the node's own icon (its light SVG).
		await iconsLoaded(page, '[data-test-id="ndv"] img');
		const srcs = await page.$$eval('[data-test-id="ndv"] img', (imgs) => imgs.map((i) => (i as HTMLImageElement).src));
		expect(srcs.some((s) => s.endsWith(`/icons/${PACKAGE_NAME}/dist/icons/${node.icon.light}`))).toBe(true);
		// Reading the descriptions scrolled the panel down: the picture shows it from the top, as it opens.
		await page.locator('[data-test-id="node-parameters"]').evaluate((el) => {
			for (let up: Element | null = el; up; up = up.parentElement) up.scrollTop = 0;
		});
		await page.waitForTimeout(300); // let the panel's open animation settle before the picture
		await ndv.screenshot({ path: path.join(SHOTS, `${node.name}.png`), animations: 'disabled' });
		expect(fs.statSync(path.join(SHOTS, `${node.name}.png`)).size).toBeGreaterThan(10_000);
	});

	it('the Checkout Trigger: Include Secrets only with Simplify off from version 2, its hint naming the token; at version 1 as before', async () => {
		const checkout = (typeVersion: number, parameters: Record<string, unknown>) => ({ ...panelNode('paySuiteCheckoutTrigger', parameters), typeVersion, trigger: true });
		const served = servedTypes.find((type) => type.name === `${PACKAGE_NAME}.paySuiteCheckoutTrigger`)!;
		// Each parameter's name, the first line of its label.
		const labels = async () => (await page.locator('[data-test-id="node-parameters"] [data-test-id="input-label"]:visible').allInnerTexts()).map((text) => text.split('\n')[0]);
		await openNodePanel(page, server!, checkout(2, { simple: false }));
		expect((await labels()).map((label) => label.trim())).toEqual(expect.arrayContaining(['Simplify', 'Include Secrets']));
		const shown = await shownTexts(page);
		expect(shown.flatMap((text) => readingProblems(text, declaredTexts(served.properties)))).toEqual([]);
		expect(shown.filter((text) => text.kind === 'hint').map((text) => text.text)).toEqual(
			expect.arrayContaining([expect.stringMatching(/^Off: a subscription session's token and subtoken .* are output as "\[hidden: turn on Include Secrets\]"/)]),
		);
		await page.locator('[data-test-id="ndv"]').screenshot({ path: path.join(SHOTS, 'checkout-trigger-full-delivery.png'), animations: 'disabled' });
		await openNodePanel(page, server!, checkout(2, {}));
		expect((await labels()).map((label) => label.trim())).not.toContain('Include Secrets');
		await openNodePanel(page, server!, checkout(1, {}));
		const atVersion1 = (await labels()).map((label) => label.trim());
		expect(atVersion1).toContain('Include Secrets');
		expect(atVersion1).not.toContain('Simplify');
	});

	it('Gateway › Process: the Payer notice shows while the Payer is empty and goes once a Payer field is added', async () => {
		const gateway = NODES.find((n) => n.name === 'paySuiteGateway')!;
		await openNodePanel(page, server!, { ...panelNode('paySuiteGateway', { resource: 'transaction', operation: 'process' }), typeVersion: gateway.version });
		const notice = page.locator('[data-test-id="node-parameters"] .notice:visible', { hasText: 'Payer is required' });
		await notice.first().waitFor();
		// As a user adds one: the group's button, then the field in its list.
		await page.locator('[data-test-id="node-parameters"] input[placeholder="Add Payer Field"]').click();
		await page.locator(':is([role="menuitem"], [role="option"], li):visible', { hasText: /^Name$/ }).first().click();
		await page.locator('[data-test-id="node-parameters"] [data-test-id="parameter-input-name"]:visible').first().waitFor();
		await notice.first().waitFor({ state: 'detached', timeout: 10_000 });
		await page.locator('[data-test-id="ndv"]').screenshot({ path: path.join(SHOTS, 'gateway-process-payer-added.png'), animations: 'disabled' });
		expect(await notice.count()).toBe(0);
	});

	it('searching "report" in the node panel offers the PaySuite Gateway and its report actions', async () => {
		// People search for the job, not the node's name: the Gateway's codex lists "report" among its aliases.
		await page.goto(`${server!.url}/workflow/${startOnlyWorkflow}`);
		await page.waitForSelector('[data-test-id="node-creator-plus-button"]');
		await page.click('[data-test-id="node-creator-plus-button"]');
		await page.waitForSelector('[data-test-id="node-creator-search-bar"]');
		await page.keyboard.type('report');
		const gateway = page.locator('[data-test-id="item-iterator-item"]', { hasText: 'PaySuite Gateway' });
		await gateway.first().waitFor();
		expect(await gateway.count()).toBe(1);
		await gateway.first().click();
		// Its details list the three report operations by their action text.
		const reportActions = page.locator('[data-test-id="node-creator"] [data-test-id="item-iterator-item"][data-keyboard-nav-type="action"]', {
			hasText: /transaction report/i,
		});
		await reportActions.first().waitFor();
		expect(await reportActions.allInnerTexts()).toEqual(
			expect.arrayContaining([
				expect.stringMatching(/^Request a transaction report$/m),
				expect.stringMatching(/^Request a transaction report and wait for it$/m),
				expect.stringMatching(/^Obtain a transaction report$/m),
			]),
		);
		await page.keyboard.press('Escape');
		await page.keyboard.press('Escape');
	});

	it('shows every node with its light icon, and with its dark icon in the dark theme', async () => {
		const nodes = NODES.map((n, i) => ({
			id: `n${i}`,
			name: n.displayName,
			type: `${PACKAGE_NAME}.${n.name}`,
			typeVersion: n.version,
			// Two rows (six, then five): zoomed to fit, a third row would sit under the canvas's zoom buttons.
			position: [(i % 6) * 260, Math.floor(i / 6) * 240],
			parameters: {},
			credentials: { [n.credential]: credentials[n.credential] },
			...(n.trigger ? { webhookId: `0e8a1c00-2222-4000-8000-0000000000${10 + i}` } : {}),
		}));
		const saved = await server!.rest.call('POST', '/rest/workflows', { name: 'All PaySuite nodes', nodes, connections: {}, settings: { executionOrder: 'v1' } });
		expect(saved.status).toBe(200);
		const id = saved.json.data.id;
		const canvasIcons = '[data-test-id="canvas-node"] img';
		const check = async (p: Page, file: string, theme: 'light' | 'dark') => {
			await p.goto(`${server!.url}/workflow/${id}`);
			await p.waitForSelector('[data-test-id="canvas-node"]');
			expect(await p.locator('[data-test-id="canvas-node"]').count()).toBe(11);
			await iconsLoaded(p, canvasIcons);
			const srcs = await p.$$eval(canvasIcons, (imgs) => imgs.map((i) => new URL((i as HTMLImageElement).src).pathname));
			expect(srcs).toHaveLength(NODES.length);
			// Each node its own icon, in the theme's version.
			expect(new Set(srcs)).toEqual(new Set(NODES.map((n) => `/icons/${PACKAGE_NAME}/dist/icons/${n.icon[theme]}`)));
			expect(new Set(srcs).size).toBe(NODES.length);
			// The action nodes here have their required fields empty, so the canvas marks them: proof that the
			// selector the examples' check relies on finds issues when there are some.
			expect(await p.locator('[data-test-id="canvas-node"] [data-test-id="node-issues"]').count()).toBe(NODES.filter((n) => !n.trigger).length);
			await p.click('[data-test-id="zoom-to-fit"]');
			// The pointer away from the nodes and buttons: a hovered trigger shows its own Execute button.
			await p.mouse.move(720, 140);
			await p.waitForTimeout(500);
			await p.screenshot({ path: path.join(SHOTS, file), animations: 'disabled' });
		};
		await check(page, 'all-nodes-light.png', 'light');
		const dark = await browser!.newContext({ viewport: { width: 1440, height: 900 }, colorScheme: 'dark' });
		try {
			await check(await signIn(dark), 'all-nodes-dark.png', 'dark');
		} finally {
			await dark.close();
		}
	});

	// -------------------------------------------------------------------------------------------------------
	// Pick, don't type: resource locators and dropdowns, as a user opens them.
	// -------------------------------------------------------------------------------------------------------
	const rl = (mode: 'list' | 'id' = 'list', value = '') => ({ __rl: true, mode, value });
	const panelNode = (name: string, parameters: Record<string, unknown>, extra: string[] = []): PanelNode => {
		const info = NODES.find((n) => n.name === name)!;
		const wanted = [info.credential, ...extra];
		return { type: `${PACKAGE_NAME}.${name}`, parameters, credentials: Object.fromEntries(wanted.map((type) => [type, credentials[type]])) };
	};
	let signed: SignedCaller;
	let referenceCount = 0;
	const payer = { name: 'Ana', surname: 'Gomez', email: 'ana@example.com', document: '1020304050', documentType: 'CC' };

	describe('resource locators: From list shows the sandbox records, search narrows, the entry picked runs the node', () => {
		beforeAll(() => {
			signed = signedCaller(sandbox.url, sandbox.credentials.login, sandbox.credentials.secretKey, (nonce, seed, secret) =>
				expectedTranKey(nonce, seed, secret, 'sha256'),
			);
		});

		it('Gateway › Transaction › Get: Internal Reference, searched by reference, amount and currency', async () => {
			const reference = `EDITOR-${Date.now() % 100000}-${++referenceCount}`;
			const processed = await signed('/gateway/process', {
				payer,
				instrument: { card: { number: '4111111111111111', expiration: '12/30', cvv: '123' } },
				payment: { reference, description: 'Editor test', amount: { currency: 'USD', total: 120.5 } },
				ipAddress: '203.0.113.7',
				userAgent: 'editor-test',
			});
			const internalReference = String(processed.internalReference);
			await openNodePanel(page, server!, panelNode('paySuiteGateway', { resource: 'transaction', operation: 'get', internalReference: rl() }));
			const { after } = await pickFromList(page, 'internalReference', `${reference} 120.5 USD`, internalReference, {
				needsSearch: true,
				screenshot: path.join(SHOTS, 'pick-transaction-from-list.png'),
			});
			expect(after).toEqual([expect.stringContaining(`${internalReference} · ${reference} · payment · APPROVED`)]);
			expect(await executeStep(page, new RegExp(reference))).toContain(reference);
		});

		it('Session › Transaction › Refund: Internal Reference of a paid session, then the refund runs', async () => {
			const reference = `EDITOR-${Date.now() % 100000}-${++referenceCount}`;
			const created = await signed('/api/session', {
				payment: { reference, description: 'Editor test', amount: { currency: 'USD', total: 80 } },
				returnUrl: 'https://shop.example.com/return',
				ipAddress: '203.0.113.7',
				userAgent: 'editor-test',
			});
			const paid = await fetch(`${sandbox.url}/__sandbox/sessions/${created.requestId}/pay`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
			expect(paid.ok).toBe(true);
			await openNodePanel(page, server!, panelNode('paySuiteSession', { resource: 'transaction', operation: 'refund', internalReference: rl() }));
			const { after } = await pickFromList(page, 'internalReference', `${reference} 80 USD`, reference, { needsSearch: true });
			expect(after).toHaveLength(1);
			expect(await executeStep(page, /APPROVED|REFUNDED/)).toMatch(/APPROVED|REFUNDED/);
		});

		it("Payment Method › Get Many: Filters › ID lists the merchant's payment methods", async () => {
			const parameters = { resource: 'merchantPaymentMethod', operation: 'getMany', merchantId: rl('id', String(sandbox.credentials.customerId)), filters: { id: rl() } };
			await openNodePanel(page, server!, panelNode('paySuitePaymentMethod', parameters));
			const { before, after } = await pickFromList(page, 'id', 'Credit card A', '(ID 501)', {
				screenshot: path.join(SHOTS, 'pick-payment-method-from-list.png'),
			});
			expect(before.length).toBeGreaterThanOrEqual(6);
			expect(before).toEqual(expect.arrayContaining([expect.stringContaining('(ID 501)'), expect.stringContaining('(ID 502)')]));
			expect(after.length).toBeLessThan(before.length);
			expect(after).toEqual(expect.arrayContaining([expect.stringContaining('(ID 501)')]));
			expect(await executeStep(page, /Credit card A/)).toContain('Credit card A');
		});

		it('Site › Payment Facilitator › Get Many: Filters › ID lists the facilitators', async () => {
			await openNodePanel(page, server!, panelNode('paySuiteSite', { resource: 'paymentFacilitator', operation: 'getMany', filters: { id: rl() } }));
			const { before, after } = await pickFromList(page, 'id', 'Facilitator 02', '(ID 2)');
			expect(before.length).toBeGreaterThanOrEqual(10);
			expect(after).toEqual([expect.stringContaining('Sandbox Facilitator 02')]);
			expect(await executeStep(page, /Sandbox Facilitator 02/)).toContain('Sandbox Facilitator 02');
		});

		it('Merchant › Create: Control › Payment Facilitator lists them with the optional signed credential', async () => {
			const parameters = {
				resource: 'merchant',
				operation: 'create',
				specifyBody: 'fields',
				name: 'Editor Merchant S.A.S.',
				brand: 'Editor',
				languages: ['es', 'en'],
				currencies: ['USD', 'COP'],
				document: { type: 'NIT', number: '900123999' },
				address: { street: 'Calle 1 # 2-3', city: 'Bogota', state: 11, country: 'CO', phone: '+5712345678', postalCode: '110111' },
				legalRepresentative: { name: 'Ana', surname: 'Lopez', document: '52123456', documentType: 'CC' },
				control: { seller: 'direct', paymentFacilitator: rl() },
				waitForCompletion: true,
				timeoutSeconds: 30,
			};
			await openNodePanel(page, server!, panelNode('paySuiteMerchant', parameters, ['paySuiteApi']));
			const { before } = await pickFromList(page, 'paymentFacilitator', 'Facilitator 03', '(ID 3)');
			expect(before.length).toBeGreaterThanOrEqual(10);
			expect(await executeStep(page, /merchantId/)).toContain('merchantId');
			// The facilitator picked went out with the merchant.
			const sent = sandbox.ledger().filter((entry) => entry.method === 'POST' && entry.path === '/api/merchants');
			const body = sent.at(-1)?.body as { name?: string; control?: { paymentFacilitator?: unknown } } | undefined;
			expect(body?.name).toBe('Editor Merchant S.A.S.');
			expect(String(body?.control?.paymentFacilitator)).toBe('3');
		});
	});

	// -------------------------------------------------------------------------------------------------------
	// A person's path: paid link → the published trigger workflow.
	// -------------------------------------------------------------------------------------------------------
	const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

	/** Executions n8n recorded for a workflow, as its Executions list shows them. */
	async function executionsOf(workflowId: string): Promise<Array<{ id: string; status: string; mode: string }>> {
		const filter = encodeURIComponent(JSON.stringify({ workflowId }));
		const listed = await server!.rest.call('GET', `/rest/executions?filter=${filter}`);
		expect(listed.status).toBe(200);
		return listed.json.data.results;
	}

	it("a person's path: the link's url from Execute step's output, paid on the sandbox's page, runs the published Checkout Trigger workflow once", async () => {
		// The trigger workflow, saved and published through the REST API as the editor does; its production URL
		// is fixed by its webhook id.
		const webhookId = 'e0d17000-0000-4000-8000-00000000ca11';
		const trigger = await server!.rest.call('POST', '/rest/workflows', {
			name: 'Paid link → deal won',
			nodes: [
				{
					id: 'trigger-1',
					name: 'Paid Checkout',
					type: `${PACKAGE_NAME}.paySuiteCheckoutTrigger`,
					// The version a person adding the trigger now gets: Simplify on.
					typeVersion: 2,
					position: [0, 0],
					webhookId,
					parameters: { statuses: ['APPROVED'], options: {} },
					credentials: { paySuiteApi: credentials.paySuiteApi },
				},
				{ id: 'won-1', name: 'Mark Deal Won', type: 'n8n-nodes-base.noOp', typeVersion: 1, position: [260, 0], parameters: {} },
			],
			connections: { 'Paid Checkout': { main: [[{ node: 'Mark Deal Won', type: 'main', index: 0 }]] } },
			settings: { executionOrder: 'v1' },
		});
		expect(trigger.status).toBe(200);
		const { id: triggerWorkflow, versionId } = trigger.json.data as { id: string; versionId: string };
		const published = await server!.rest.call('POST', `/rest/workflows/${triggerWorkflow}/activate`, { versionId });
		expect(published.status).toBe(200);
		const productionUrl = `${server!.url}/webhook/${webhookId}/checkout`;

		// Start → Payment Link › Create, notifying the trigger's production URL; run with "Execute step".
		const reference = 'DEAL-42'; // a fresh sandbox and n8n: the only link with it
		await openNodePanel(
			page,
			server!,
			panelNode('paySuitePaymentLink', {
				resource: 'paymentLink',
				operation: 'create',
				name: 'Deal 42',
				reference,
				description: 'Annual plan for ACME',
				currency: 'USD',
				total: 250,
				expirationDate: `${new Date().getUTCFullYear() + 1}-03-01T10:15:00`,
				paymentExpiration: 30,
				additionalFields: { notificationUrl: productionUrl },
			}),
			'Payment link for a deal',
		);
		// The link's url, read from what the output panel shows.
		const linkUrl = new RegExp(`${escapeRegExp(sandbox.url)}/payment-link/\\d+/[0-9a-f]+`);
		const output = await executeStep(page, linkUrl);
		const url = linkUrl.exec(output)?.[0];
		expect(url).toEqual(expect.stringContaining('/payment-link/'));

		// Opened in a new page, paid with the approving test card; the page confirms and names the notification.
		const buyer = await light.newPage();
		try {
			await buyer.setViewportSize({ width: 720, height: 620 });
			await buyer.goto(url!);
			await buyer.locator('button.APPROVED').waitFor();
			expect(await buyer.locator('main').innerText()).toContain(reference);
			await buyer.screenshot({ path: path.join(SHOTS, 'sandbox-checkout-page.png'), animations: 'disabled' });
			await buyer.locator('button.APPROVED').click();
			await buyer.locator('h2', { hasText: 'Payment approved' }).waitFor({ timeout: 30_000 });
			expect(await buyer.locator('main').innerText()).toContain('The shop was notified: it answered HTTP 200.');
			// The buyer sees nothing of the workflow's addresses.
			expect(await buyer.locator('main').innerText()).not.toContain(productionUrl);
		} finally {
			await buyer.close();
		}

		// The published workflow ran once, from its production webhook, with the link's reference.
		let finished: Array<{ id: string; status: string; mode: string }> = [];
		for (const deadline = Date.now() + 60_000; Date.now() < deadline; await page.waitForTimeout(250)) {
			finished = (await executionsOf(triggerWorkflow)).filter((run) => run.status !== 'new' && run.status !== 'running');
			if (finished.length) break;
		}
		expect(finished).toHaveLength(1);
		// A moment more, to see that no second run follows.
		await page.waitForTimeout(3000);
		const runs = await executionsOf(triggerWorkflow);
		expect(runs.map((run) => run.mode)).toEqual(['webhook']);
		expect(await outcomes(server!.rest, runs)).toEqual([{ status: 'success' }]);
		const run = await server!.rest.call('GET', `/rest/executions/${runs[0].id}`);
		expect(run.status).toBe(200);
		expect(String(run.json.data.data)).toContain(reference);
		// The simplified item (its ISO date), not the full delivery (which says how it was signed).
		expect(String(run.json.data.data)).toMatch(/"dateIso"/);
		expect(String(run.json.data.data)).not.toMatch(/"signatureAlgorithm"/);
	});

	/** Dropdowns of closed sets and lists loaded from the platform: [node, parameters, field, an option it shows, at least]. */
	const DROPDOWNS: Array<[string, string, Record<string, unknown>, string, string, number]> = [
		['Gateway › Process: Currency', 'paySuiteGateway', { resource: 'transaction', operation: 'process' }, 'currency', 'COP: Colombian Peso', 150],
		['Gateway › Process: Payer › Document Type', 'paySuiteGateway', { resource: 'transaction', operation: 'process', payer: { documentType: 'CC' } }, 'documentType', 'Citizenship Card (CC)', 10],
		['Gateway › Process: Payer › Country', 'paySuiteGateway', { resource: 'transaction', operation: 'process', payer: { addressCountry: 'CO' } }, 'addressCountry', 'Colombia (CO)', 240],
		['Gateway › Report: Types', 'paySuiteGateway', { resource: 'report', operation: 'request', filters: { type: [] } }, 'type', 'Chargeback', 15],
		['Gateway › Report: States', 'paySuiteGateway', { resource: 'report', operation: 'request', filters: { state: [] } }, 'state', 'Approved', 4],
		['Session › Create: Language', 'paySuiteSession', { resource: 'session', operation: 'create', additionalFields: { locale: 'es_CO' } }, 'locale', 'Spanish (Colombia): es_CO', 20],
		['Merchant › Create: Currencies', 'paySuiteMerchant', { resource: 'merchant', operation: 'create', specifyBody: 'fields' }, 'currencies', 'COP: Colombian Peso', 150],
		['Merchant › Create: Time Zone', 'paySuiteMerchant', { resource: 'merchant', operation: 'create', specifyBody: 'fields', additionalFields: { timezone: 'America/Bogota' } }, 'timezone', 'America/Bogota', 300],
		['Notification › Send: Language', 'paySuiteNotification', { resource: 'message', operation: 'send', additionalFields: { locale: 'es' } }, 'locale', 'Spanish', 4],
		['Site › Create: Allowed Bank Countries', 'paySuiteSite', { resource: 'site', operation: 'create', control: { allowedBankCountries: [] } }, 'allowedBankCountries', 'Colombia (CO)', 240],
		['Payment Method › Get Many: Code (from the platform)', 'paySuitePaymentMethod', { resource: 'merchantPaymentMethod', operation: 'getMany', merchantId: rl('id', '1001'), filters: { code: '' } }, 'code', 'CRA', 3],
		['Payment Method › Get Many: Franchise (from the platform)', 'paySuitePaymentMethod', { resource: 'merchantPaymentMethod', operation: 'getMany', merchantId: rl('id', '1001'), filters: { franchise: '' } }, 'franchise', 'CARD_A', 1],
		['Payment Link › Create: Site Time Zone (each with the time it sends)', 'paySuitePaymentLink', { resource: 'paymentLink', operation: 'create' }, 'siteTimeZone', 'America/Bogota', 300],
	];

	it.each(DROPDOWNS)('%s: the dropdown opens with its options', async (_label, name, parameters, field, shows, atLeast) => {
		await openNodePanel(page, server!, panelNode(name, parameters));
		const shot = name === 'paySuiteGateway' && field === 'currency' ? path.join(SHOTS, 'dropdown-currency.png') : undefined;
		const options = await dropdownOptions(page, field, shot);
		expect(options.length).toBeGreaterThanOrEqual(atLeast);
		expect(options).toEqual(expect.arrayContaining([expect.stringContaining(shows)]));
	});

	it('declares JSON parameters only where CONTRIBUTING lists them, with why', async () => {
		const types = await server!.rest.call('GET', '/types/nodes.json');
		expect(types.status).toBe(200);
		const served = (JSON.parse(types.text) as Array<{ name: string; displayName: string; properties: any[] }>).filter(
			(type) => type.name.startsWith(`${PACKAGE_NAME}.`) && !type.name.endsWith('Tool'),
		);
		expect(served.length).toBe(11);
		const found = new Set<string>();
		for (const type of served) {
			const node = type.displayName.replace(/^PaySuite /, '');
			const resources = new Map<string, string>((type.properties.find((p) => p.name === 'resource')?.options ?? []).map((o: any) => [o.value, o.name]));
			const operationNames = new Map<string, string>();
			for (const p of type.properties.filter((q) => q.name === 'operation')) for (const o of p.options) operationNames.set(`${p.displayOptions?.show?.resource?.[0]}:${o.value}`, o.name);
			const walk = (properties: any[], path: string[], where: string) => {
				for (const property of properties) {
					const show = property.displayOptions?.show;
					const at = show?.operation ? `${resources.get(show.resource[0])} › ${operationNames.get(`${show.resource[0]}:${show.operation[0]}`)}` : where;
					const named = [...path, property.displayName];
					if (property.type === 'json') found.add(`${node} | ${at} | ${named.join(' › ')}`);
					if (property.type === 'collection' || property.type === 'fixedCollection') {
						for (const option of property.options ?? []) {
							if (option.values) walk(option.values, property.type === 'fixedCollection' ? [...named, option.displayName] : named, at);
							else walk([option], named, at);
						}
					}
				}
			};
			walk(type.properties, [], '');
		}
		const contributing = fs.readFileSync(path.join(REPO_DIR, 'CONTRIBUTING.md'), 'utf8');
		const section = contributing.split('## Parameters left as JSON')[1]?.split('\n## ')[0] ?? '';
		const listed = new Set(
			section
				.split('\n')
				.filter((line) => /^\| [^-|]/.test(line) && !line.startsWith('| Node |'))
				.map((line) => line.split('|').slice(1, 4).map((cell) => cell.trim()).join(' | ')),
		);
		expect(listed.size).toBeGreaterThan(0);
		expect([...found].sort()).toEqual([...listed].sort());
	});

	it('loads every example, the offline twins too, each with its own workflow id', () => {
		expect(EXAMPLES.length).toBeGreaterThanOrEqual(6);
		const ids = EXAMPLES.map((e) => e.workflow.id);
		expect(new Set(ids).size).toBe(ids.length);
	});

	it.each(EXAMPLES.map((e) => [e.file, e] as const))(
		'opens the example %s: no issue but a third-party node\'s missing credential, none on PaySuite and Data Table nodes',
		async (file, example) => {
			await openWorkflow(page, server!.url, example.workflow.id);
			await page.waitForSelector('[data-test-id="canvas-node"]');
			// The nodes as n8n saved them (with the ids the canvas knows them by).
			const saved = await server!.rest.call('GET', `/rest/workflows/${example.workflow.id}`);
			expect(saved.status).toBe(200);
			const nodes = (saved.json.data.nodes as Array<{ id: string; name: string; type: string; credentials?: Record<string, unknown> }>).filter((node) => node.type !== 'n8n-nodes-base.stickyNote');
			expect(nodes.map((node) => node.name).sort()).toEqual(example.workflow.nodes.filter((node) => node.type !== 'n8n-nodes-base.stickyNote').map((node) => node.name).sort());
			expect(await page.locator('[data-test-id="canvas-node"]').count()).toBe(nodes.length);
			// The icons shown as pictures are loaded (the Data Table's and core nodes' icons are drawn, not pictures).
			await page.waitForFunction(() => Array.from(document.querySelectorAll<HTMLImageElement>('[data-test-id="canvas-node"] img')).every((img) => img.complete && img.naturalWidth > 0), undefined, { timeout: 30_000 });
			// A third-party node the file gives no credential is marked "Credentials for … are not set." (one the file
			// names but this n8n lacks is not marked on the canvas): wait for those marks, then read every mark.
			const thirdParty = nodes.filter((node) => THIRD_PARTY.has(node.type));
			const unset = thirdParty.filter((node) => !Object.keys(node.credentials ?? {}).length).map((node) => node.name);
			await page.waitForFunction(
				(count) => document.querySelectorAll('[data-test-id="canvas-node"] [data-test-id="node-issues"]').length >= count,
				unset.length,
				{ timeout: 30_000 },
			);
			const shown = await canvasIssues(page, nodes);
			expect(unset.filter((name) => !shown[name])).toEqual([]);
			const unexpected = Object.entries(shown)
				.map(([node, issues]) => ({ node, issues: thirdParty.some((n) => n.name === node) ? issues.filter((line) => !MISSING_CREDENTIAL.test(line)) : issues }))
				.filter((entry) => entry.issues.length);
			expect(unexpected).toEqual([]);
			const ours = nodes.filter((node) => node.type.startsWith(`${PACKAGE_NAME}.`) || node.type === 'n8n-nodes-base.dataTable');
			expect(ours.filter((node) => shown[node.name]).map((node) => node.name)).toEqual([]);
			// Fitted, then one step out: the bottom row clear of the Execute workflow button, the pointer off the nodes.
			await page.click('[data-test-id="zoom-to-fit"]');
			await page.click('[data-test-id="zoom-out-button"]');
			await page.mouse.move(720, 140);
			await page.waitForTimeout(500);
			await page.screenshot({ path: path.join(SHOTS, `example-${file.replace(/\.json$/, '').replace(/\//g, '-')}.png`), animations: 'disabled' });
		},
	);

	// The README says "click Execute workflow" for an offline twin: the button must start at Try it. n8n's button
	// picks a webhook, schedule or app trigger over a Manual Trigger, so a twin ships its real trigger turned off.
	it.each(EXAMPLES.filter((e) => e.file.startsWith('offline/')).map((e) => [e.file, e] as const))(
		'the offline twin %s: Execute workflow, as the README says, runs it from Try it (its real trigger is off)',
		async (_file, example) => {
			const id = example.workflow.id;
			const off = example.workflow.nodes.filter((node) => node.disabled).map((node) => node.name);
			expect(off).toHaveLength(1);
			const afterTryIt = example.workflow.connections['Try it'].main[0][0].node as string;
			await openWorkflow(page, server!.url, id);
			await page.waitForSelector('[data-test-id="canvas-node"]');
			const button = page.locator('[data-test-id="execute-workflow-button"]').first();
			await button.waitFor();
			const label = (await button.innerText()).replace(/\s+/g, ' ');
			expect(label).toMatch(/Execute workflow/i);
			expect(label).not.toContain(off[0]);
			const earlier = new Set((await executionsOf(id)).map((execution) => execution.id));
			await button.click();
			const run = await until(
				`the run of ${example.workflow.name}`,
				async () => {
					const started = (await executionsOf(id)).find((execution) => !earlier.has(execution.id));
					if (!started) return undefined;
					const got = await server!.rest.call('GET', `/rest/executions/${started.id}`);
					const execution = got.json?.data;
					return execution && !['new', 'running'].includes(execution.status) ? storedRun(execution) : undefined;
				},
				120_000,
			);
			const ran = Object.keys(run.resultData.runData);
			expect(ran).toContain('Try it');
			expect(ran).toContain(afterTryIt);
			expect(ran).not.toContain(off[0]);
			await page.screenshot({ path: path.join(SHOTS, `twin-executed-${path.basename(_file, '.json')}.png`), animations: 'disabled' });
		},
	);
});
