/// <reference lib="dom" />
/**
 * What the editor test does in a node's panel, as a user does it: open a node of a saved workflow, open a
 * resource locator's "From list", search it and pick an entry, open a dropdown and read its options, run the
 * node ("Execute step"). Selectors are n8n 2.40.7's own test ids.
 */
/* eslint-disable @typescript-eslint/no-explicit-any, @typescript-eslint/no-require-imports -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import { randomBytes, randomUUID } from 'crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';

import type { RunningSandbox } from '../../sandbox';
import { expectedTranKey } from '../../sandbox/auth';
import { addSandboxCredentials, describeNeeding, distExists, setupN8n, startServer, teardownN8n, type N8nHandle, type ServerHandle } from './harness';

const { CHROMIUM_ARGS, findChromium } = require('../../scripts/n8n/chromium.js');
const env = require('../../scripts/n8n/env.js');

/**
 * The Chromium of an editor test file, or why there is none. A machine where Chromium cannot be had (no
 * apt-get, no root, no Debian mirror) skips the file, saying why; under CI (or with PAYSUITE_REQUIRE_BROWSER=1)
 * the file fails instead, saying what was missing.
 */
export function editorChromium(label: string): { path?: string; reason?: string; describeIfBrowser: jest.Describe } {
	const chromium: { path?: string; reason?: string } = distExists() ? findChromium() : { path: undefined, reason: 'dist/ does not exist; run `npm run build` first' };
	return { ...chromium, describeIfBrowser: describeNeeding(`e2e ${label}`, chromium.path ? undefined : chromium.reason, 'PAYSUITE_REQUIRE_BROWSER') };
}

/** A new page of this browser context, signed in as the owner, on n8n's home page (inputs by name: n8n 1.123 gives them generated ids). */
export async function signIn(context: BrowserContext, serverUrl: string): Promise<Page> {
	const page = await context.newPage();
	await page.goto(`${serverUrl}/signin`);
	await page.fill('input[name="emailOrLdapLoginId"]', env.OWNER.email);
	await page.fill('input[name="password"]', env.OWNER.password);
	await page.click('[data-test-id="form-submit-button"]');
	await page.waitForURL(/\/home\//, { timeout: 60_000 });
	return page;
}

/**
 * Opens a saved workflow in the editor. From another saved, unchanged workflow it moves within n8n's app, as a click
 * in the app does (loading the whole page again costs 5-15 s on a busy machine); else it loads the page.
 */
export async function openWorkflow(page: Page, serverUrl: string, id: string): Promise<void> {
	const to = `/workflow/${id}`;
	const from = page.url();
	if (from.startsWith(`${serverUrl}/workflow/`) && !from.startsWith(`${serverUrl}${to}`) && (await moveInApp(page, to, id))) return;
	await page.goto(`${serverUrl}${to}`);
}

/** n8n's router and stores, as the editor's Vue app holds them; false when they cannot move it there. */
async function moveInApp(page: Page, to: string, id: string): Promise<boolean> {
	const moved = await page.evaluate(async (path) => {
		const app = (document.querySelector('#app') as { __vue_app__?: any } | null)?.__vue_app__;
		const router = app?.config?.globalProperties?.$router;
		const stores = app?.config?.globalProperties?.$pinia?._s;
		// An unsaved change would ask "Save changes before leaving?".
		if (!router || !stores || stores.get('ui')?.stateIsDirty !== false) return false;
		await Promise.race([router.push(path), new Promise((resolve) => window.setTimeout(resolve, 5_000))]);
		return router.currentRoute.value.fullPath === path;
	}, to);
	if (!moved) return false;
	// The canvas draws the new workflow once n8n's store holds it (until then it may still show the one before).
	await page.waitForFunction(
		(wanted) => (document.querySelector('#app') as { __vue_app__?: any } | null)?.__vue_app__?.config?.globalProperties?.$pinia?._s?.get('workflows')?.workflowId === wanted,
		id,
		{ timeout: 30_000 },
	);
	return true;
}

export interface PanelNode {
	type: string;
	parameters: Record<string, unknown>;
	credentials: Record<string, { id: string; name: string }>;
	/** Its type version (default 1). */
	typeVersion?: number;
	/** A trigger: the workflow's only node, with a webhook ID. */
	trigger?: boolean;
}

/** Saves a workflow Start → the node (named "Node"), or the trigger alone, and opens the node's panel in the editor. */
export async function openNodePanel(page: Page, server: ServerHandle, node: PanelNode, name = 'Editor check'): Promise<string> {
	const own = { id: 'node-1', name: 'Node', type: node.type, typeVersion: node.typeVersion ?? 1, parameters: node.parameters, credentials: node.credentials };
	const start = { id: 'start-1', name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} };
	const saved = await server.rest.call('POST', '/rest/workflows', {
		name,
		nodes: node.trigger ? [{ ...own, position: [0, 0], webhookId: randomUUID() }] : [start, { ...own, position: [260, 0] }],
		connections: node.trigger ? {} : { Start: { main: [[{ node: 'Node', type: 'main', index: 0 }]] } },
		settings: { executionOrder: 'v1' },
	});
	if (saved.status !== 200) throw new Error(`saving the workflow failed: ${saved.status} ${saved.text}`);
	const id = saved.json.data.id as string;
	await openWorkflow(page, server.url, id);
	const canvasNode = page.locator('[data-test-id="canvas-node"]', { hasText: 'Node' }).last();
	await canvasNode.waitFor();
	await canvasNode.dblclick();
	await page.locator('[data-test-id="ndv"]').waitFor({ timeout: 30_000 });
	await page.waitForSelector('[data-test-id="node-parameters"] [data-test-id="parameter-item"]');
	return id;
}

/** The texts of the entries the open list shows, once it has some (or its error, thrown). */
async function listedEntries(page: Page): Promise<string[]> {
	// The list is a popover n8n renders at the page's end: its parts are found page-wide.
	const items = page.locator('[data-test-id="rlc-item"]:visible');
	const error = page.locator('[data-test-id="rlc-error-container"]:visible');
	await Promise.race([items.first().waitFor({ timeout: 30_000 }), error.first().waitFor({ timeout: 30_000 })]);
	if (await error.count()) throw new Error(`the list shows an error: ${await error.first().innerText()}`);
	return items.allInnerTexts();
}

/**
 * Opens the locator's "From list" (it is the default mode), reads what it lists (unless it needs a search
 * first), types `search` in its search box, waits for the list to change, and picks the entry `pick` names.
 */
export async function pickFromList(
	page: Page,
	parameter: string,
	search: string,
	pick: string,
	options: { needsSearch?: boolean; screenshot?: string } = {},
): Promise<{ before: string[]; after: string[] }> {
	const { needsSearch = false, screenshot } = options;
	const locator = page.locator(`[data-test-id="resource-locator-${parameter}"]`);
	await locator.waitFor();
	await locator.locator('[data-test-id="rlc-input"]').click();
	const box = page.locator('input[data-test-id="rlc-search"]:visible');
	await box.waitFor();
	const before = needsSearch ? [] : await listedEntries(page);
	await box.fill(search);
	// The search runs after a short pause in typing: wait until the list is no longer what it was.
	await page.waitForFunction(
		(old) => {
			const texts = Array.from(document.querySelectorAll<HTMLElement>('[data-test-id="rlc-item"]'))
				.filter((item) => item.offsetWidth > 0)
				.map((item) => item.innerText);
			return texts.length > 0 && JSON.stringify(texts) !== old;
		},
		JSON.stringify(before),
		{ timeout: 30_000 },
	);
	const after = await listedEntries(page);
	if (screenshot) await page.locator('[data-test-id="ndv"]').screenshot({ path: screenshot, animations: 'disabled' });
	await page.locator('[data-test-id="rlc-item"]:visible', { hasText: pick }).first().click();
	return { before, after };
}

/**
 * Opens a dropdown parameter (shown in the panel) and returns its options' texts once it has some (a list loaded
 * from the platform takes a moment); closes it again. The options are read from the list the field's combobox
 * controls, wherever n8n renders it.
 */
export async function dropdownOptions(page: Page, parameter: string, screenshot?: string): Promise<string[]> {
	const combobox = page.locator(`[data-test-id="parameter-input-${parameter}"] input[role="combobox"]`).first();
	await combobox.waitFor();
	await combobox.click();
	await page.waitForFunction((input) => input?.getAttribute('aria-expanded') === 'true', await combobox.elementHandle(), { timeout: 30_000 });
	const list = await combobox.getAttribute('aria-controls');
	const options = page.locator(`[id="${list}"] .el-select-dropdown__item`);
	await options.first().waitFor({ state: 'attached', timeout: 30_000 });
	const texts = await options.allInnerTexts();
	if (screenshot) await page.locator('[data-test-id="ndv"]').screenshot({ path: screenshot, animations: 'disabled' });
	await page.keyboard.press('Escape');
	return texts;
}

/**
 * Runs the open node ("Execute step") and returns what its output panel shows once it shows `expected` (the
 * items render a moment after their count), or the panel as it is after 30 s (the caller's assertion then says
 * what was there instead).
 */
export async function executeStep(page: Page, expected: RegExp): Promise<string> {
	await page.locator('[data-test-id="node-execute-button"]').first().click();
	const output = page.locator('[data-test-id="output-panel"]');
	await output.locator('[data-test-id="run-data-item-count"], [data-test-id="node-error-message"]').first().waitFor({ timeout: 60_000 });
	await page
		.waitForFunction(
			([pattern, flags]) => new RegExp(pattern, flags).test(document.querySelector<HTMLElement>('[data-test-id="output-panel"]')?.innerText ?? ''),
			[expected.source, expected.flags] as const,
			{ timeout: 30_000 },
		)
		.catch(() => undefined);
	return output.innerText();
}

/** A signed call to the sandbox, as the package's credential makes it: for the records a test needs first. */
export type SignedCaller = (path: string, body: Record<string, unknown>) => Promise<any>;

/** Signs like the package's credential (a fresh nonce and seed, the tranKey given by `tranKeyOf`) and posts. */
export function signedCaller(sandboxUrl: string, login: string, secretKey: string, tranKeyOf: (nonce: Buffer, seed: string, secret: string) => string): SignedCaller {
	return async (path, body) => {
		const nonce = randomBytes(16);
		const seed = new Date().toISOString();
		const auth = { login, tranKey: tranKeyOf(nonce, seed, secretKey), nonce: nonce.toString('base64'), seed };
		const response = await fetch(`${sandboxUrl}${path}`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ auth, ...body }),
		});
		const answer = await response.json();
		if (!response.ok) throw new Error(`${path} answered ${response.status}: ${JSON.stringify(answer)}`);
		return answer;
	};
}

/**
 * What the canvas marks as a node's issues, read as a person does: hover the node's warning and read its
 * tooltip ("Issues:" and a list, one entry per issue). By node name; nodes without a warning are left out. `nodes` are
 * the saved workflow's nodes (the canvas knows them by id).
 */
export async function canvasIssues(page: Page, nodes: Array<{ id: string; name: string }>): Promise<Record<string, string[]>> {
	const shown: Record<string, string[]> = {};
	for (const node of nodes) {
		const mark = page.locator(`.vue-flow__node[data-id="${node.id}"] [data-test-id="node-issues"]`);
		if (!(await mark.count())) continue;
		await mark.first().hover();
		const tooltip = page.locator('[data-test-id="tooltip-content"]:visible', { hasText: 'Issues:' }).first();
		await tooltip.waitFor({ timeout: 10_000 });
		shown[node.name] = (await tooltip.locator('li').allInnerTexts()).map((line) => line.trim());
		// Away from the node, so that the next tooltip read is the next node's.
		await page.mouse.move(0, 0);
		await tooltip.waitFor({ state: 'hidden', timeout: 10_000 });
	}
	return shown;
}

/** A notice, a hint or a description as the open panel shows it. */
export interface ShownText {
	kind: 'notice' | 'hint' | 'description';
	/** What the reader sees (innerText: one line per rendered line break or block). */
	text: string;
}

/**
 * Every notice and hint the open panel shows, and the description of each parameter shown (its tooltip, read by
 * hovering the label's help icon as a person does).
 */
export async function shownTexts(page: Page): Promise<ShownText[]> {
	const panel = page.locator('[data-test-id="node-parameters"]');
	const notices = await panel.locator('.notice:visible').allInnerTexts();
	// A hint with HTML has no test id of its own: it is the text block under the parameter's input.
	const hints = await panel.locator('[data-test-id="parameter-input-hint"]:visible, [data-test-id="parameter-item"] div.n8n-text > div:visible').allInnerTexts();
	const descriptions: string[] = [];
	const labels = panel.locator('[data-test-id="input-label"]:visible');
	for (let i = 0; i < (await labels.count()); i++) {
		const label = labels.nth(i);
		await label.hover();
		const help = label.locator('[data-icon="circle-help"]').first();
		if (!(await help.count()) || !(await help.isVisible())) continue;
		await help.hover();
		const tooltip = page.locator('[data-test-id="tooltip-content"]:visible').first();
		await tooltip.waitFor({ timeout: 5_000 });
		descriptions.push(await tooltip.innerText());
		await page.mouse.move(0, 0);
		await tooltip.waitFor({ state: 'hidden', timeout: 5_000 });
	}
	return [
		...notices.map((text) => ({ kind: 'notice' as const, text })),
		...hints.map((text) => ({ kind: 'hint' as const, text })),
		...descriptions.map((text) => ({ kind: 'description' as const, text })),
	];
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };
const squeeze = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The lines a text the node declares (HTML allowed) is meant to show: one per line break, list entry or block. */
export function declaredLines(html: string): string[] {
	return html
		.split(/<br\s*\/?>|<\/?(?:ul|ol|li|p|div|h[1-6])\b[^>]*>/i)
		.map((part) => squeeze(part.replace(/<[^>]*>/g, '').replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_all, name: string) => ENTITIES[name])))
		.filter(Boolean);
}

/** The lines a text shows, as read on the screen. */
export const shownLines = (text: string): string[] => text.split('\n').map(squeeze).filter(Boolean);

/** Every notice, hint and description a node type declares (nested collections too), by its text without spaces. */
export function declaredTexts(properties: any[]): Map<string, string[]> {
	const found = new Map<string, string[]>();
	const add = (html: unknown) => {
		if (typeof html !== 'string' || !html) return;
		const lines = declaredLines(html);
		found.set(lines.join('').replace(/\s+/g, ''), lines);
	};
	const walk = (list: any[]) => {
		for (const property of list ?? []) {
			if (property.type === 'notice') add(property.displayName);
			add(property.hint);
			add(property.description);
			if (property.values) walk(property.values);
			if (property.type === 'collection' || property.type === 'fixedCollection') walk(property.options);
		}
	};
	walk(properties);
	return found;
}

/**
 * Why a text the panel shows cannot be read as the node means it: HTML shown as text (a tag, an entity), lines run
 * together (a sentence glued to the next, a list number glued to the word before it), or fewer lines than the
 * declaration has (its line breaks dropped by the editor). Empty when it reads well.
 */
export function readingProblems(shown: ShownText, declared: Map<string, string[]>): string[] {
	const problems: string[] = [];
	const where = `${shown.kind} "${squeeze(shown.text).slice(0, 60)}…"`;
	const tag = /<\/?[a-z][a-z0-9-]*(?:\s[^<>]*)?\/?>/i.exec(shown.text);
	if (tag) problems.push(`${where} shows HTML as text: ${tag[0]}`);
	const entity = /&(?:[a-z]+|#\d+);/i.exec(shown.text);
	if (entity) problems.push(`${where} shows an HTML entity as text: ${entity[0]}`);
	const lines = shownLines(shown.text);
	for (const line of lines) {
		// "once.Try", "Fields).3.", "platform1. Open": what a dropped line break leaves.
		const glued = /[a-z][.!?:][A-Z][a-z]|[a-z)][.!?]\d|[a-z]{3}\d\.\s/.exec(line);
		if (glued) problems.push(`${where} runs lines together at "${line.slice(Math.max(0, glued.index - 15), glued.index + 15)}"`);
	}
	const meant = declared.get(lines.join('').replace(/\s+/g, ''));
	if (meant && meant.length !== lines.length) {
		problems.push(`${where} shows ${lines.length} line(s) where the node declares ${meant.length}: ${JSON.stringify(meant.map((l) => l.slice(0, 30)))}`);
	}
	return problems;
}

/** A real n8n with the package and the sandbox's credentials, its editor open in Chromium and signed in. */
export interface EditorSession {
	n8n: N8nHandle;
	server: ServerHandle;
	browser: Browser;
	page: Page;
	credentials: Record<string, { id: string; name: string }>;
}

/** Starts n8n against the sandbox and opens its editor; what started is stopped again when a step fails. */
export async function openEditor(sandbox: RunningSandbox, chromiumPath: string, viewport = { width: 1600, height: 900 }): Promise<EditorSession> {
	const started: Partial<EditorSession> = {};
	let open = false;
	try {
		started.n8n = await setupN8n();
		started.credentials = await addSandboxCredentials(started.n8n, sandbox);
		started.server = await startServer(started.n8n);
		const { chromium } = await import('playwright-core');
		started.browser = await chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_ARGS });
		const context = await started.browser.newContext({ viewport, colorScheme: 'light' });
		started.page = await signIn(context, started.server.url);
		open = true;
		return started as EditorSession;
	} finally {
		if (!open) await closeEditor(started);
	}
}

/** Closes the browser and stops n8n, whatever of them started. */
export async function closeEditor(session: Partial<EditorSession> | undefined): Promise<void> {
	await session?.browser?.close();
	await session?.server?.stop();
	await teardownN8n(session?.n8n);
}

/** The sandbox's own signed caller, signing as its demo credential does (SHA-256). */
export const sandboxCaller = (sandbox: RunningSandbox): SignedCaller =>
	signedCaller(sandbox.url, sandbox.credentials.login, sandbox.credentials.secretKey, (nonce, seed, secret) => expectedTranKey(nonce, seed, secret, 'sha256'));

/** A checkout payment in USD paid on the sandbox's page: its internal reference. */
export async function paidPayment(sandbox: RunningSandbox, reference: string, total: number, description = 'An order'): Promise<string> {
	const session = await sandboxCaller(sandbox)('/api/session', {
		payment: { reference, description, amount: { currency: 'USD', total } },
		returnUrl: 'https://shop.example.com/return',
		ipAddress: '203.0.113.7',
		userAgent: 'paysuite-e2e',
	});
	const paid = await (await fetch(`${sandbox.url}/__sandbox/sessions/${session.requestId}/pay`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).json();
	return String(paid.session.payments[0].internalReference);
}

/** The sandbox's record of a transaction (its view, as /__sandbox/gateway/transactions lists it). */
export interface SandboxTransaction {
	siteLogin: string;
	internalReference: number | string;
	reference: string;
	transactionDate: string;
	type: string;
	status: { status: string };
	amount: { currency: string; total: number };
}

/** Every transaction of the demo site, as the sandbox records it: what its reports draw from. */
export async function sandboxTransactions(sandbox: RunningSandbox): Promise<SandboxTransaction[]> {
	const listed = (await (await fetch(`${sandbox.url}/__sandbox/gateway/transactions`)).json()) as { transactions: SandboxTransaction[] };
	return listed.transactions.filter((txn) => txn.siteLogin === sandbox.credentials.login);
}

/** An amount in integer minor units (every currency here has two decimals: USD, COP, EUR). */
export const cents = (amount: unknown) => Math.round(Number(amount) * 100);
