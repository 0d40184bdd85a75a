/**
 * The codex files (nodes/<Node>/<Node>.node.json) are what n8n's node panel searches besides the display name
 * (`alias`, read by n8n-core's loader into `codex.alias`) and what its "Docs" link opens. A node without them
 * is found only by its name, which people do not know: they search for the job ("report", "refund").
 */
import type { INodePropertyOptions, INodeType } from 'n8n-workflow';

// Read through require: the community scanner forbids fs and path under nodes/, test files included.
const pkg = require('../../package.json') as { name: string; n8n: { nodes: string[] } };

interface Codex {
	node: string;
	codexVersion: string;
	categories: string[];
	resources: { primaryDocumentation: Array<{ url: string }> };
	alias?: unknown;
}

/** Each node the package declares, from its source: its folder, its description and its codex. */
const NODES = pkg.n8n.nodes.map((built) => {
	const base = built.replace(/^.*\//, '').replace(/\.node\.js$/, '');
	const mod = require(`../../nodes/${base}/${base}.node.ts`) as Record<string, new () => INodeType>;
	const description = new mod[base]().description;
	const codex = require(`../../nodes/${base}/${base}.node.json`) as Codex;
	return { base, description, codex };
});

describe.each(NODES.map((n) => [n.base, n] as const))('codex of %s', (_base, { description, codex }) => {
	it('names the node and has a documentation link', () => {
		expect(codex.node).toBe(`${pkg.name}.${description.name}`);
		expect(codex.categories).toEqual(['Finance & Accounting']);
		expect(codex.resources.primaryDocumentation).toHaveLength(1);
		expect(codex.resources.primaryDocumentation[0].url).toMatch(/^https:\/\/\S+$/);
	});

	it('has search words: several, each once, none repeating the display name', () => {
		expect(Array.isArray(codex.alias)).toBe(true);
		const alias = codex.alias as unknown[];
		expect(alias.length).toBeGreaterThanOrEqual(3);
		for (const word of alias) {
			expect(typeof word).toBe('string');
			expect((word as string).trim()).toBe(word);
			expect((word as string).length).toBeGreaterThan(0);
		}
		const lower = alias.map((w) => (w as string).toLowerCase());
		expect(new Set(lower).size).toBe(lower.length);
		// The display name is searched already; an alias equal to it adds nothing.
		expect(lower).not.toContain(description.displayName.toLowerCase());
	});
});

/** The panel lists each operation by its `action` text, and matches what is typed against it. */
function actionsOf(description: INodeType['description'], resource: string): string[] {
	const operation = description.properties.find((p) => p.name === 'operation' && p.displayOptions?.show?.resource?.includes(resource));
	return ((operation?.options ?? []) as INodePropertyOptions[]).map((o) => String(o.action ?? ''));
}

describe('the words people type are in the node and its actions', () => {
	const byBase = Object.fromEntries(NODES.map((n) => [n.base, n]));
	it.each([
		['PaySuiteGateway', 'report'],
		['PaySuiteSession', 'refund'],
		['PaySuiteSession', 'checkout'],
		['PaySuitePaymentLink', 'payment link'],
		['PaySuiteMerchant', 'onboarding'],
		['PaySuiteNotification', 'SMS'],
		['PaySuiteAutopayTrigger', 'failed charge'],
		['PaySuiteCheckoutTrigger', 'payment received'],
	])('%s is found by "%s"', (base, word) => {
		expect(byBase[base].codex.alias).toContain(word);
	});

	it("every report operation of the Gateway says 'report' in its action", () => {
		const actions = actionsOf(byBase.PaySuiteGateway.description, 'report');
		expect(actions.length).toBeGreaterThanOrEqual(3);
		for (const action of actions) expect(action).toMatch(/\breport\b/i);
	});

	it('every operation of every node has an action text', () => {
		for (const { description } of NODES) {
			for (const property of description.properties.filter((p) => p.name === 'operation')) {
				for (const option of (property.options ?? []) as INodePropertyOptions[]) expect(String(option.action ?? '')).toMatch(/^[A-Z]\w/);
			}
		}
	});
});
