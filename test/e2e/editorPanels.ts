/// <reference lib="dom" />
/**
 * What the editor test does in a node's panel, as a user does it: open a node of a saved workflow, open a
 * resource locator's "From list", search it and pick an entry, open a dropdown and read its options, run the
 * node ("Execute step"). Selectors are n8n 2.40.7's own test ids.
 */
import type { Page } from 'playwright-core';

import type { ServerHandle } from './harness';

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
	const dropdown = page.locator('[data-test-id="resource-locator-dropdown"]:visible');
	await dropdown.waitFor();
	const items = dropdown.locator('[data-test-id="rlc-item"]');
	const error = dropdown.locator('[data-test-id="rlc-error-container"]');
	await Promise.race([items.first().waitFor({ timeout: 30_000 }), error.first().waitFor({ timeout: 30_000 })]);
	if (await error.count()) throw new Error(`the list shows an error: ${await error.first().innerText()}`);
	return items.allInnerTexts();
}

/**
 * Opens the locator's "From list" (it is the default mode), reads what it lists, types `search` in its search
 * box, reads what is left, and picks the entry that `pick` names. Returns both lists.
 */
export async function pickFromList(page: Page, parameter: string, search: string, pick: string): Promise<{ before: string[]; after: string[] }> {
	const locator = page.locator(`[data-test-id="resource-locator-${parameter}"]`);
	await locator.waitFor();
	await locator.locator('[data-test-id="rlc-input"]').click();
	// A list that needs a search shows no entry before one is typed.
	const before = search ? [] : await listedEntries(page);
	const box = page.locator('[data-test-id="resource-locator-dropdown"]:visible [data-test-id="rlc-search"] input');
	if (search || (await box.count())) {
		await box.fill(search);
	}
	const after = await listedEntries(page);
	await page.locator('[data-test-id="resource-locator-dropdown"]:visible [data-test-id="rlc-item"]', { hasText: pick }).first().click();
	return { before, after };
}

/** Opens a dropdown parameter (shown at the panel's top level) and returns its options' texts; closes it again. */
export async function dropdownOptions(page: Page, parameter: string): Promise<string[]> {
	const field = page.locator(`[data-test-id="parameter-input-${parameter}"]`).first();
	await field.waitFor();
	await field.click();
	const options = page.locator('.el-select-dropdown:visible .el-select-dropdown__item');
	await options.first().waitFor({ timeout: 30_000 });
	const texts = await options.allInnerTexts();
	await page.keyboard.press('Escape');
	return texts;
}

/** Runs the open node ("Execute step") and waits for its output or its error. */
export async function executeStep(page: Page): Promise<string> {
	await page.locator('[data-test-id="node-execute-button"]').first().click();
	const output = page.locator('[data-test-id="ndv-output-panel"]');
	await output.locator('[data-test-id="ndv-data-container"], [data-test-id="node-error-message"]').first().waitFor({ timeout: 60_000 });
	return output.innerText();
}

/** What a resource locator test needs of the sandbox: a signed call as the package's credential makes it. */
export interface SignedCaller {
	(path: string, body: Record<string, unknown>): Promise<any>;
}

/** Signs like the package's credential (SHA-256 tranKey over a fresh nonce and seed) and posts to the sandbox. */
export function signedCaller(sandboxUrl: string, login: string, secretKey: string, tranKeyOf: (nonce: Buffer, seed: string, secret: string) => string): SignedCaller {
	return async (path, body) => {
		const nonce = (await import('crypto')).randomBytes(16);
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
