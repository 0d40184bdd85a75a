import { existsSync } from 'fs';
import { join } from 'path';
import type { INodeType } from 'n8n-workflow';

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
		const exported = require(join(root, source)) as Record<string, new () => INodeType>;
		for (const NodeClass of Object.values(exported)) {
			const node = new NodeClass();
			types[node.description.name] = node;
		}
	}
	return types;
}
