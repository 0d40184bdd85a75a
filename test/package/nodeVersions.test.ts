/**
 * A released node version keeps its parameters: each node's parameters at each of its versions (name and where it
 * shows, type, default, choices) are recorded in nodeVersions.snapshot.json. A saved workflow holds only the values
 * that differ from a default, so removing, renaming or retyping a parameter, changing a default or dropping a
 * choice at a recorded version changes what saved workflows do: that change belongs in a new version of the node.
 * A new version, or a new optional field at a version, is recorded with
 * `UPDATE_NODE_VERSIONS=1 npx jest test/package/nodeVersions.test.ts`.
 */
/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import { existsSync, readFileSync, writeFileSync } from 'fs';
import { join } from 'path';

import { packageNodeTypes } from '../helpers/nodeTypes';
import { defaultVersionOf, nodeShape, versionChanges, versionsOf, type ChoiceLists } from '../helpers/nodeVersions';

interface Snapshot {
	/** Each node's parameters by version, then by path and where it shows. */
	nodes: Record<string, Record<string, Record<string, string>>>;
	/** The long lists of choices the parameters name. */
	choices: ChoiceLists;
}

const SNAPSHOT = join(__dirname, 'nodeVersions.snapshot.json');
const types = packageNodeTypes();
const choices: ChoiceLists = {};
const nodes = Object.fromEntries(
	Object.values(types)
		.map(({ description }) => [description.name, nodeShape(description, choices)] as const)
		.sort(([a], [b]) => a.localeCompare(b)),
);
const current: Snapshot = { nodes, choices: Object.fromEntries(Object.entries(choices).sort(([a], [b]) => a.localeCompare(b))) };
if (process.env.UPDATE_NODE_VERSIONS === '1') writeFileSync(SNAPSHOT, `${JSON.stringify(current, null, '\t')}\n`);
const recorded: Snapshot = existsSync(SNAPSHOT) ? (JSON.parse(readFileSync(SNAPSHOT, 'utf8')) as Snapshot) : { nodes: {}, choices: {} };

describe('node versions', () => {
	it.each(Object.keys(recorded.nodes).map((name) => [name]))('%s is still a node of the package', (name) => {
		expect(types[name]).toBeDefined();
	});

	const recordedVersions = Object.entries(recorded.nodes).flatMap(([name, versions]) => Object.keys(versions).map((version) => [name, version] as const));
	it.each(recordedVersions)('%s v%s keeps the parameters saved workflows set', (name, version) => {
		const after = current.nodes[name]?.[version];
		if (!after) throw new Error(`${name} no longer has version ${version}: workflows saved with it stop. Keep the version in \`version\`.`);
		const { broken, added } = versionChanges(recorded.nodes[name][version], after, { before: recorded.choices, after: current.choices });
		if (broken.length) {
			throw new Error(
				`${name} v${version} changed parameters that saved workflows set. Raise the node's version instead: add a version to ` +
					"`version`, make it `defaultVersion`, show the changed fields with `displayOptions: { show: { '@version': [...] } }` " +
					`and keep the old ones at v${version}; then record the new version (UPDATE_NODE_VERSIONS=1).\n${broken.join('\n')}`,
			);
		}
		if (added.length) {
			throw new Error(
				`${name} v${version} has new parameters. If each is optional and its default keeps what saved workflows do, ` +
					`record them (UPDATE_NODE_VERSIONS=1); otherwise raise the node's version.\n${added.join('\n')}`,
			);
		}
	});

	it.each(Object.values(types).map(({ description }) => [description.name, description] as const))('%s: each version is recorded, the default among them', (name, description) => {
		const unrecorded = versionsOf(description).filter((version) => !recorded.nodes[name]?.[String(version)]);
		if (unrecorded.length) throw new Error(`${name} v${unrecorded.join(', v')} is not recorded: record it (UPDATE_NODE_VERSIONS=1).`);
		expect(versionsOf(description)).toContain(defaultVersionOf(description));
	});
});

describe('versionChanges, which the rule rests on', () => {
	const before = { resource: 'options, default "a", choices ["a","b"]', 'name [resource=["a"]]': 'string, default ""' };
	it('a renamed parameter is a break', () => {
		expect(versionChanges(before, { resource: before.resource, 'title [resource=["a"]]': 'string, default ""' }).broken).toEqual([
			'name [resource=["a"]]: removed (was string, default "")',
		]);
	});
	it('a new default or a choice taken away is a break; a new parameter or choice is only added', () => {
		expect(versionChanges(before, { ...before, resource: 'options, default "b", choices ["a","b"]' }).broken).toHaveLength(1);
		expect(versionChanges(before, { ...before, resource: 'options, default "a", choices ["a"]' }).broken).toHaveLength(1);
		const changes = versionChanges(before, { ...before, resource: 'options, default "a", choices ["a","b","c"]', extra: 'boolean, default false' });
		expect(changes.broken).toEqual([]);
		expect(changes.added).toEqual(['extra', 'resource: choices added']);
	});
	it('a long list of choices compares by its values', () => {
		const old = { currency: 'options, default "USD", choices list:1' };
		const lists = { before: { 'list:1': ['EUR', 'USD'] }, after: { 'list:2': ['EUR', 'JPY', 'USD'], 'list:3': ['USD'] } };
		expect(versionChanges(old, { currency: 'options, default "USD", choices list:2' }, lists).broken).toEqual([]);
		expect(versionChanges(old, { currency: 'options, default "USD", choices list:3' }, lists).broken).toHaveLength(1);
	});
});
