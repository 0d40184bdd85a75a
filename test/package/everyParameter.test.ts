/**
 * For every node and every released version, a saved workflow that sets every parameter that version has
 * (test/fixtures/saved/every-parameter/<node>-v<version>.json, made by test/helpers/everyParameter.ts and frozen
 * once committed): n8n's own loader keeps each value it sets, and together its nodes set every parameter the
 * version's record holds. A renamed or removed parameter, a choice taken away or a field moved behind another
 * condition fails here, by n8n's rules rather than ours. `RECORD_SAVED_REQUESTS=1` writes a missing version's file.
 */
/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'fs';
import { join } from 'path';
import type { INode } from 'n8n-workflow';

import { everyParameterNodes, shownFor } from '../helpers/everyParameter';
import { packageNodeTypes } from '../helpers/nodeTypes';
import { parameterShape, versionsOf, type ChoiceLists } from '../helpers/nodeVersions';
import { asLoadedByN8n, droppedParameters, loadedParameters, SAVED_FIXTURES } from '../helpers/savedWorkflows';

const FOLDER = join(SAVED_FIXTURES, 'every-parameter');
// The package's own parameters (not those n8n adds, such as a polling trigger's Poll Times), loaded as n8n loads them.
const own = Object.fromEntries(
	Object.entries(packageNodeTypes()).map(([name, type]) => [name, { description: { ...type.description, properties: [...type.description.properties] } }]),
);
const types = Object.fromEntries(Object.entries(packageNodeTypes()).map(([name, type]) => [name, asLoadedByN8n(type)]));

/** The fixture of a node version; while recording, written when missing (never replaced). */
function fixture(name: string, version: number): INode[] {
	const file = join(FOLDER, `${name}-v${version}.json`);
	if (!existsSync(file) && process.env.RECORD_SAVED_REQUESTS === '1') {
		const { description } = own[name];
		const credential = description.credentials?.[0]?.name;
		const nodes = everyParameterNodes(description, version).map((node, index) => ({
			parameters: node.parameters,
			id: `e7e7a000-0000-4000-8000-${String(index).padStart(12, '0')}`,
			name: node.name,
			type: `n8n-nodes-paysuite.${name}`,
			typeVersion: version,
			position: [0, index * 200],
			...(credential ? { credentials: { [credential]: { id: 'psSandbox', name: 'Sandbox' } } } : {}),
		}));
		mkdirSync(FOLDER, { recursive: true });
		writeFileSync(file, `${JSON.stringify({ name: `${description.displayName} v${version}: every parameter`, nodes, connections: {}, settings: { executionOrder: 'v1' } }, null, '\t')}\n`);
	}
	if (!existsSync(file)) throw new Error(`${file} is missing: write it with RECORD_SAVED_REQUESTS=1 npx jest test/package/everyParameter.test.ts`);
	return (JSON.parse(readFileSync(file, 'utf8')) as { nodes: INode[] }).nodes;
}

const versions = Object.values(types).flatMap(({ description }) => versionsOf(description).map((version) => [description.name, version] as const));

describe('a saved workflow that sets every parameter of each released version', () => {
	it.each(versions)('%s v%s: n8n keeps every value it sets', (name, version) => {
		const dropped = fixture(name, version).flatMap((node) => droppedParameters(node.parameters, loadedParameters(types[name], node)).map((path) => `${node.name}: ${path}`));
		expect(dropped).toEqual([]);
	});

	it.each(versions)('%s v%s: its nodes set every parameter the version has', (name, version) => {
		const { description } = own[name];
		const lists: ChoiceLists = {};
		const all = Object.keys(parameterShape(description.properties, version, lists));
		const set = new Set(fixture(name, version).flatMap((node) => Object.keys(parameterShape(shownFor(description, node), version, lists))));
		expect(all.filter((key) => !set.has(key))).toEqual([]);
	});
});
