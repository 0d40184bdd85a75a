/// <reference lib="dom" />
/**
 * What the editor test does in a node's panel, as a user does it: open a node of a saved workflow, open a
 * resource locator's "From list", search it and pick an entry, open a dropdown and read its options, run the
 * node ("Execute step"). Selectors are n8n 2.40.7's own test ids.
 */
import { randomBytes } from 'crypto';
import type { BrowserContext, Page } from 'playwright-core';

import { distExists, type ServerHandle } from './harness';

const { findChromium } = require('../../scripts/n8n/chromium.js');
const env = require('../../scripts/n8n/env.js');

/**
 * The Chromium of an editor test file, or why there is none. A machine where Chromium cannot be had (no
 * apt-get, no root, no Debian mirror) skips the file, saying why; PAYSUITE_REQUIRE_BROWSER=1 makes that a failure.
 */
export function editorChromium(label: string): { path?: string; reason?: string; describeIfBrowser: jest.Describe } {
	const chromium: { path?: string; reason?: string } = distExists() ? findChromium() : { path: undefined, reason: 'dist/ does not exist; run `npm run build` first' };
	const requireBrowser = Boolean(process.env.PAYSUITE_REQUIRE_BROWSER);
	if (!chromium.path) console.warn(`e2e ${label} ${requireBrowser ? 'FAILS' : 'SKIPPED'}: ${chromium.reason}`);
	return { ...chromium, describeIfBrowser: chromium.path || requireBrowser ? describe : describe.skip };
}

/** A new page of this browser context, signed in as the owner, on n8n's home page. */
export async function signIn(context: BrowserContext, serverUrl: string): Promise<Page> {
	const page = await context.newPage();
	await page.goto(`${serverUrl}/signin`);
	await page.fill('#emailOrLdapLoginId', env.OWNER.email);
	await page.fill('#password', env.OWNER.password);
	await page.click('[data-test-id="form-submit-button"]');
	await page.waitForURL(/\/home\//, { timeout: 60_000 });
	return page;
}

export interface PanelNode {
	type: string;
	parameters: Record<string, unknown>;
	credentials: Record<string, { id: string; name: string }>;
}

/** Saves a workflow Start → the node (named "Node") and opens the node's panel in the editor. */
export async function openNodePanel(page: Page, server: ServerHandle, node: PanelNode, name = 'Editor check'): Promise<string> {
	const saved = await server.rest.call('POST', '/rest/workflows', {
		name,
		nodes: [
			{ id: 'start-1', name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
			{ id: 'node-1', name: 'Node', type: node.type, typeVersion: 1, position: [260, 0], parameters: node.parameters, credentials: node.credentials },
		],
		connections: { Start: { main: [[{ node: 'Node', type: 'main', index: 0 }]] } },
		settings: { executionOrder: 'v1' },
	});
	if (saved.status !== 200) throw new Error(`saving the workflow failed: ${saved.status} ${saved.text}`);
	const id = saved.json.data.id as string;
	await page.goto(`${server.url}/workflow/${id}`);
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
