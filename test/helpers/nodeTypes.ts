/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-require-imports -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import { existsSync } from 'fs';
import { join } from 'path';
import type { INodeProperties, INodePropertyCollection, INodeType } from 'n8n-workflow';

const root = join(__dirname, '..', '..');

/**
 * Every node type the package registers in package.json (`n8n.nodes`), loaded from its TypeScript source,
 * by its type name. A node whose source does not exist yet is left out.
 */
export function packageNodeTypes(): Record<string, INodeType> {
	const registered: string[] = require('../../package.json').n8n.nodes;
	const types: Record<string, INodeType> = {};
	for (const distPath of registered) {
		const source = distPath.replace(/^dist\//, '').replace(/\.js$/, '');
		if (!existsSync(join(root, `${source}.ts`))) continue;
		// With its extension: outside jest (ts-node, bench/), Node would take the codex file `<name>.node.json` first.
		const exported = require(join(root, `${source}.ts`)) as Record<string, new () => INodeType>;
		for (const NodeClass of Object.values(exported)) {
			const node = new NodeClass();
			types[node.description.name] = node;
		}
	}
	return types;
}

const isGroup = (option: unknown): option is INodePropertyCollection =>
	typeof option === 'object' && option !== null && 'values' in option && Array.isArray((option as INodePropertyCollection).values);

/** Every display name of a node's fields, at any depth: a refusal of bad input starts with one. */
export function panelNames(properties: INodeProperties[], into = new Set<string>()): Set<string> {
	for (const property of properties) {
		into.add(property.displayName);
		const options = property.options ?? [];
		if (property.type === 'collection') panelNames(options as INodeProperties[], into);
		for (const group of options.filter(isGroup)) {
			into.add(group.displayName);
			panelNames(group.values, into);
		}
	}
	return into;
}

/** Whether a refusal starts with one of the node's field names, as the panel shows them. */
export function startsWithPanelName(message: string | undefined, names: Set<string>): boolean {
	return [...names].some((name) => message?.startsWith(`${name} `) || message?.startsWith(`${name}:`));
}
