/**
 * The codex files (nodes/<Node>/<Node>.node.json) are what n8n's node panel searches besides the display name
 * (`alias`, read by n8n-core's loader into `codex.alias`) and what its "Docs" link opens. A node without them
 * is found only by its name, which people do not know: they search for the job ("report", "refund").
 */
/* eslint-disable @typescript-eslint/no-require-imports -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import type { INodePropertyOptions, INodeType } from 'n8n-workflow';

// Read through require: the community scanner forbids fs and path under nodes/, test files included.
const pkg = require('../../package.json') as { name: string; n8n: { nodes: string[] } };

/** The categories n8n's own app nodes use in their codex (n8n-nodes-base, e.g. Stripe: Finance & Accounting, Sales). */
const N8N_APP_CATEGORIES = ['Analytics', 'Communication', 'Data & Storage', 'Development', 'Finance & Accounting', 'Marketing', 'Miscellaneous', 'Productivity', 'Sales', 'Utility'];

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
		// As n8n's own payment nodes (Stripe, PayPal): Finance & Accounting first, then what else the node is for.
		expect(codex.categories[0]).toBe('Finance & Accounting');
		for (const category of codex.categories) expect(N8N_APP_CATEGORIES).toContain(category);
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

// -------------------------------------------------------------------------------------------------------------
// The node panel's search, as n8n 2.40.7's editor runs it.
// -------------------------------------------------------------------------------------------------------------

/*
 * n8n's nodes panel matches what is typed against two fields of every node: its display name (weight 1.3) and
 * each of its codex aliases (weight 1), with a fuzzy match (the letters typed, in order, anywhere in the text;
 * case ignored), and orders the nodes by their best score. It searches nothing else: not the description, not
 * the subtitle, not the operations. A trailing "trigger" (or its start) typed after a word is dropped first.
 * Source: n8n's packages/@n8n/utils/src/search/sublimeSearch.ts (DEFAULT_KEYS, fuzzyMatchRecursive) called by
 * searchNodes in packages/frontend/editor-ui/.../nodeCreator/nodeCreator.utils.ts; the constants below are those
 * of the editor bundle n8n 2.40.7 ships (its unmatched-letter penalty is -2.5, where the source on main says -5).
 */
const SEARCH_KEYS = [
	{ key: 'displayName', weight: 1.3 },
	{ key: 'alias', weight: 1 },
] as const;

function fuzzyMatchSimple(pattern: string, target: string): boolean {
	let patternIdx = 0;
	for (let strIdx = 0; patternIdx < pattern.length && strIdx < target.length; strIdx++) {
		if (pattern.charAt(patternIdx).toLowerCase() === target.charAt(strIdx).toLowerCase()) patternIdx++;
	}
	return pattern.length !== 0 && target.length !== 0 && patternIdx === pattern.length;
}

function fuzzyMatchRecursive(pattern: string, target: string, patternIdx: number, targetIdx: number, sourceMatches: number[] | null, matches: number[], nextMatch: number, recursion: { count: number }): { matched: boolean; score: number } {
	if (++recursion.count >= 5 || patternIdx === pattern.length || targetIdx === target.length) return { matched: false, score: 0 };
	let recursiveMatch = false;
	let bestRecursiveScore = 0;
	let firstMatch = true;
	while (patternIdx < pattern.length && targetIdx < target.length) {
		if (pattern[patternIdx].toLowerCase() === target[targetIdx].toLowerCase()) {
			if (nextMatch >= 256) return { matched: false, score: 0 };
			if (firstMatch && sourceMatches) {
				matches = [...sourceMatches];
				firstMatch = false;
			}
			const recursive = fuzzyMatchRecursive(pattern, target, patternIdx, targetIdx + 1, matches, [], nextMatch, recursion);
			if (recursive.matched) {
				if (!recursiveMatch || recursive.score > bestRecursiveScore) bestRecursiveScore = recursive.score;
				recursiveMatch = true;
			}
			matches[nextMatch++] = targetIdx;
			++patternIdx;
		}
		++targetIdx;
	}
	if (patternIdx !== pattern.length) return { matched: false, score: 0 };
	let score = 100;
	if (!target.toLowerCase().startsWith('n8n')) score += Math.max(-20 * matches[0], -200);
	score += -2.5 * (target.length - nextMatch);
	for (let i = 0; i < nextMatch; i++) {
		const current = matches[i];
		if (i > 0 && current === matches[i - 1] + 1) score += 60;
		if (current > 0) {
			const neighbour = target[current - 1];
			const letter = target[current];
			if (neighbour !== neighbour.toUpperCase() && letter !== letter.toLowerCase()) score += 30;
			if (neighbour === '_' || neighbour === ' ') score += 38;
		} else {
			score += 15;
		}
	}
	return { matched: true, score: recursiveMatch && bestRecursiveScore > score ? bestRecursiveScore : score };
}

/** A node's best score for what is typed, or undefined when neither its name nor an alias matches. */
function nodeScore(typed: string, node: { displayName: string; alias: string[] }): number | undefined {
	let best: number | undefined;
	for (const { key, weight } of SEARCH_KEYS) {
		for (const text of key === 'alias' ? node.alias : [node.displayName]) {
			if (!fuzzyMatchSimple(typed, text)) continue;
			const match = fuzzyMatchRecursive(typed, text, 0, 0, null, [], 0, { count: 0 });
			if (match.matched && (best === undefined || match.score * weight > best)) best = match.score * weight;
		}
	}
	return best;
}

/** removeTrailingTrigger: "checkout trig" searches "checkout". */
function withoutTrailingTrigger(typed: string): string {
	const parts = typed.split(' ');
	if (parts.length > 1 && 'trigger'.startsWith(parts[parts.length - 1].toLowerCase())) return parts.slice(0, -1).filter(Boolean).join(' ').trimEnd();
	return typed;
}

/** The package's nodes the panel lists for what is typed, best first (display names). */
function panelSearch(typed: string): string[] {
	const filter = withoutTrailingTrigger(typed).toLowerCase();
	return NODES.map(({ description, codex }) => ({ name: description.displayName, score: nodeScore(filter, { displayName: description.displayName, alias: (codex.alias as string[]) ?? [] }) }))
		.filter((found): found is { name: string; score: number } => found.score !== undefined)
		.sort((a, b) => b.score - a.score)
		.map((found) => found.name);
}

describe("n8n's node panel search finds the node that does the job", () => {
	it.each([
		// [what a business user types, the node listed first (undefined: several do it alike), others listed too]
		['refund', 'PaySuite Session', []],
		['transaction', 'PaySuite Gateway', ['PaySuite Session']],
		['payment', undefined, ['PaySuite Session', 'PaySuite Gateway', 'PaySuite Payment Link', 'PaySuite Payment Method', 'PaySuite Checkout Trigger']],
		['charge', 'PaySuite Gateway', ['PaySuite Session']],
		['checkout', 'PaySuite Session', ['PaySuite Checkout Trigger', 'PaySuite Payment Link']],
		['link', 'PaySuite Payment Link', []],
		['payment link', 'PaySuite Payment Link', []],
		['invoice', 'PaySuite Payment Link', []],
		['report', 'PaySuite Gateway', []],
		['reconciliation', 'PaySuite Gateway', []],
		['csv', 'PaySuite Gateway', []],
		['merchant', 'PaySuite Merchant', ['PaySuite Onboarding Trigger']],
		['onboarding', 'PaySuite Merchant', ['PaySuite Onboarding Trigger']],
		['kyc', 'PaySuite Merchant', ['PaySuite Onboarding Trigger']],
		['sms', 'PaySuite Notification', []],
		['email', 'PaySuite Notification', []],
		['autopay', undefined, ['PaySuite Autopay Trigger', 'PaySuite Session']],
		['subscription', 'PaySuite Session', ['PaySuite Autopay Trigger', 'PaySuite Gateway']],
		['failed charge', 'PaySuite Autopay Trigger', []],
		['paid', 'PaySuite Checkout Trigger', []],
		['payment received', 'PaySuite Checkout Trigger', []],
		['card brand', 'PaySuite Payment Method', []],
		['branding', 'PaySuite Site', []],
		['webhook', 'PaySuite Autopay Trigger', ['PaySuite Checkout Trigger', 'PaySuite Onboarding Trigger']],
		// Refunds are made in the Session and counted in the Gateway's reports; a monthly charge stores the card
		// with a Session and charges it with the Gateway.
		['refund', 'PaySuite Session', ['PaySuite Gateway']],
		['refunds', undefined, ['PaySuite Session', 'PaySuite Gateway']],
		['refund report', 'PaySuite Gateway', []],
		['monthly', undefined, ['PaySuite Session', 'PaySuite Gateway']],
		['recurring', undefined, ['PaySuite Session', 'PaySuite Gateway', 'PaySuite Autopay Trigger']],
	] as Array<[string, string | undefined, string[]]>)('"%s" lists %s first', (typed, first, others) => {
		const found = panelSearch(typed);
		if (first) expect(found[0]).toBe(first);
		expect(found).toEqual(expect.arrayContaining(others));
	});

	it('finds by the display name too, and not by words only in a description', () => {
		expect(panelSearch('paysuite session')[0]).toBe('PaySuite Session');
		expect(panelSearch('checkout trig')).toContain('PaySuite Checkout Trigger');
		// "cards" is in the Gateway's description, not in its name or aliases: the panel does not look there.
		expect(nodeScore('look up cards', { displayName: 'PaySuite Gateway', alias: [] })).toBeUndefined();
	});

	it("scores as n8n's rule does: an alias equal to the word beats the same letters scattered in a name", () => {
		// "refund": 100 + first letter 15 + five adjacent letters 5 × 60 = 415, nothing unmatched.
		expect(nodeScore('refund', { displayName: 'X', alias: ['refund'] })).toBe(415);
		// In "reverse fund": 6 letters of 12 unmatched (-15), "re" then "fund" adjacent (4 × 60), "f" after a space (+38).
		expect(nodeScore('refund', { displayName: 'X', alias: ['reverse fund'] })).toBe(100 + 15 - 15 + 4 * 60 + 38);
		expect(nodeScore('refund', { displayName: 'PaySuite Gateway', alias: ['report'] })).toBeUndefined();
	});
});
