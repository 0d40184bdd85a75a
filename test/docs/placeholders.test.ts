/**
 * docs/verification.md's UX guideline "Placeholders start with 'e.g.'", over every node and credential the
 * package registers (package.json `n8n`, loaded from their sources): every placeholder is an example that starts
 * with "e.g. ", the button label of a collection ("Add Field": n8n's lint wants those exactly), or on ALLOWED.
 */
/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-require-imports -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import type { ICredentialType, INodeProperties, INodeType } from 'n8n-workflow';
import { resolve } from 'node:path';

const ROOT = resolve(__dirname, '../..');
const { n8n } = require(resolve(ROOT, 'package.json')) as { n8n: { nodes: string[]; credentials: string[] } };

/** Placeholders that are neither an example nor a collection's button, each with why. */
const ALLOWED: Array<{ text: RegExp; where: string; reason: string }> = [
	{
		text: /^Select an? [a-z ]+\.\.\.$/,
		where: 'a resource locator\'s "From List" mode',
		reason: 'n8n\'s own "From List" boxes say "Select a ...": the box opens a list to pick from, no value is typed',
	},
];

interface Placeholder {
	/** Where it is: node (or credential) › field › ... */
	path: string;
	text: string;
	/** The type of what declares it: a field's type, or 'list' / 'id' / 'url' for a locator mode. */
	type: string;
	/** A locator mode's message for a value that does not match. */
	errorMessage?: string;
}

/** The exported classes of a registered file (dist/x.js is compiled from x.ts). */
function classesOf(distPath: string): Array<new () => unknown> {
	const source = resolve(ROOT, distPath.replace(/^dist\//, '').replace(/\.js$/, '.ts'));
		return Object.values(require(source) as Record<string, new () => unknown>);
}

/** Every placeholder declared in these properties, their options, fixed collection values and locator modes. */
function placeholdersOf(properties: INodeProperties[], path: string): Placeholder[] {
	return properties.flatMap((property) => {
		const here = `${path} › ${property.displayName}`;
		const own = typeof property.placeholder === 'string' ? [{ path: here, text: property.placeholder, type: property.type }] : [];
		const modes = (property.modes ?? []).flatMap((mode) => {
			if (typeof mode.placeholder !== 'string') return [];
			const check = mode.validation?.find((validation) => typeof validation === 'object' && validation.type === 'regex');
			const errorMessage = typeof check === 'object' ? (check.properties as { errorMessage?: string }).errorMessage : undefined;
			return [{ path: `${here} › ${mode.displayName}`, text: mode.placeholder, type: mode.name, errorMessage }];
		});
		const nested = (property.options ?? []).flatMap((option) => {
			if ('type' in option) return placeholdersOf([option], here); // a collection's field
			if ('values' in option) return placeholdersOf(option.values, `${here} › ${option.displayName}`); // a fixed collection's group
			return []; // a dropdown choice
		});
		return [...own, ...modes, ...nested];
	});
}

const NODES = n8n.nodes.flatMap(classesOf).map((Node) => (new Node() as INodeType).description);
const CREDENTIALS = n8n.credentials.flatMap(classesOf).map((Credential) => new Credential() as ICredentialType);
const PLACEHOLDERS: Placeholder[] = [...NODES, ...CREDENTIALS].flatMap(({ properties, displayName }) => placeholdersOf(properties, displayName));

const isExample = ({ text }: Placeholder) => /^e\.g\. \S/.test(text);
const isButton = ({ text, type }: Placeholder) => (type === 'collection' || type === 'fixedCollection') && /^Add [A-Z]/.test(text);
const isAllowed = ({ text }: Placeholder) => ALLOWED.some((allowed) => allowed.text.test(text));

describe('placeholders (UX guidelines)', () => {
	it('finds the placeholders of every registered node and credential', () => {
		const owners = new Set(PLACEHOLDERS.map(({ path }) => path.split(' › ')[0]));
		const actionNodes = NODES.filter(({ group }) => !group.includes('trigger'));
		expect(actionNodes).toHaveLength(7);
		for (const { displayName } of [...actionNodes, ...CREDENTIALS]) expect(owners).toContain(displayName);
		expect(PLACEHOLDERS.filter(isExample).length).toBeGreaterThan(100);
	});

	it('are an example starting with "e.g.", a collection button "Add ...", or on the short allow-list', () => {
		const others = PLACEHOLDERS.filter((placeholder) => !isExample(placeholder) && !isButton(placeholder) && !isAllowed(placeholder));
		expect(others.map(({ path, text }) => `${path}: "${text}"`)).toEqual([]);
	});

	it('give "Add ..." only to collections, and "e.g." to no collection', () => {
		const misplaced = PLACEHOLDERS.filter(
			(placeholder) => (/^Add /.test(placeholder.text) && !isButton(placeholder)) || (isExample(placeholder) && /collection/i.test(placeholder.type)),
		);
		expect(misplaced.map(({ path, text }) => `${path}: "${text}"`)).toEqual([]);
	});

	it.each(ALLOWED)('allows $text only in $where', ({ text }) => {
		const uses = PLACEHOLDERS.filter((placeholder) => text.test(placeholder.text));
		expect(uses.length).toBeGreaterThan(0);
		expect(uses.filter(({ type }) => type !== 'list')).toEqual([]);
	});

	it('show in a "By ID" box the example its check names when the ID is not digits', () => {
		const byId = PLACEHOLDERS.filter(({ type, errorMessage }) => type === 'id' && errorMessage?.includes('such as'));
		expect(byId.length).toBeGreaterThan(10);
		const mismatched = byId.filter(({ text, errorMessage }) => !errorMessage?.endsWith(`such as ${text.replace(/^e\.g\. /, '')}`));
		expect(mismatched.map(({ path, text, errorMessage }) => `${path}: "${text}" / "${errorMessage}"`)).toEqual([]);
	});
});
