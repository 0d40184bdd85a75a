/**
 * A released node version keeps what saved workflows set: each version's parameters (name and where it shows,
 * type, default, choices) are recorded in test/package/versions/<node>/v<version>.<n>.json, and today's
 * description of that version must still hold every recorded one. A saved workflow holds only the values that
 * differ from a default, so removing, renaming or retyping a parameter, changing a default or dropping a choice
 * is a new version of the node, never an edit. Adding a parameter or a choice is allowed, and recorded in a new
 * file: `RECORD_NODE_VERSIONS=1 npx jest test/package/releasedVersions.test.ts` writes only files that do not
 * exist, and frozenRecords.test.ts fails on any record that changed after its first commit.
 */
/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'fs';
import { join } from 'path';

import { packageNodeTypes } from '../helpers/nodeTypes';
import { defaultVersionOf, parameterShape, versionChanges, versionsOf, type ChoiceLists } from '../helpers/nodeVersions';

interface VersionRecord {
	/** The version's parameters by path and where they show. */
	parameters: Record<string, string>;
	/** The long lists of choices they name. */
	choices: ChoiceLists;
}

const VERSIONS = join(__dirname, 'versions');
const RECORD = process.env.RECORD_NODE_VERSIONS === '1';
const types = packageNodeTypes();

/** The record files of a node version, oldest first: v2.1.json, v2.2.json... */
function recordFiles(node: string, version: number): string[] {
	const folder = join(VERSIONS, node);
	if (!existsSync(folder)) return [];
	const files = readdirSync(folder).filter((name) => new RegExp(`^v${version}\\.\\d+\\.json$`).test(name));
	return files.sort((a, b) => Number(a.split('.')[1]) - Number(b.split('.')[1])).map((name) => join(folder, name));
}

/** Everything recorded for a node version, its records read in order. */
function recorded(node: string, version: number): VersionRecord | undefined {
	const files = recordFiles(node, version);
	if (!files.length) return undefined;
	const records = files.map((file) => JSON.parse(readFileSync(file, 'utf8')) as VersionRecord);
	return records.reduce((all, record) => ({ parameters: { ...all.parameters, ...record.parameters }, choices: { ...all.choices, ...record.choices } }));
}

/** Writes what a version has that its records lack, as a new record file (never an existing one). */
function recordAdditions(node: string, version: number, current: VersionRecord, keys: string[]) {
	const parameters = Object.fromEntries(keys.map((key) => [key, current.parameters[key]]));
	const lists = new Set(Object.values(parameters).flatMap((described) => described.match(/list:[0-9a-f]+/g) ?? []));
	const choices = Object.fromEntries(Object.entries(current.choices).filter(([name]) => lists.has(name)));
	const next = recordFiles(node, version).length + 1;
	mkdirSync(join(VERSIONS, node), { recursive: true });
	const file = join(VERSIONS, node, `v${version}.${next}.json`);
	if (existsSync(file)) throw new Error(`${file} exists: a record is never rewritten`);
	writeFileSync(file, `${JSON.stringify({ parameters, choices }, null, '\t')}\n`);
}

const nodeVersions = Object.values(types).flatMap(({ description }) => versionsOf(description).map((version) => [description.name, version, description] as const));

describe('released node versions', () => {
	it.each(nodeVersions)('%s v%s keeps every parameter recorded for it', (name, version, description) => {
		const choices: ChoiceLists = {};
		const current: VersionRecord = { parameters: parameterShape(description.properties, version, choices), choices };
		const record = recorded(name, version);
		if (!record) {
			if (RECORD) return recordAdditions(name, version, current, Object.keys(current.parameters));
			throw new Error(`${name} v${version} is not recorded: record it (RECORD_NODE_VERSIONS=1 npx jest test/package/releasedVersions.test.ts).`);
		}
		const { broken, added } = versionChanges(record.parameters, current.parameters, { before: record.choices, after: current.choices });
		if (broken.length) {
			throw new Error(
				`${name} v${version} lost or changed parameters that saved workflows set. Restore them at v${version} and give the ` +
					"change a new version: add it to `version`, make it `defaultVersion`, and show the new fields with `displayOptions: { show: { '@version': [...] } }` " +
					`(the node's versions.ts says what each version reads).\n${broken.join('\n')}`,
			);
		}
		if (added.length) {
			const keys = Object.keys(current.parameters).filter((key) => record.parameters[key] !== current.parameters[key]);
			if (RECORD) return recordAdditions(name, version, current, keys);
			throw new Error(
				`${name} v${version} has new parameters or choices. If each is optional and its default keeps what saved workflows do, record ` +
					`them in a new file (RECORD_NODE_VERSIONS=1 npx jest test/package/releasedVersions.test.ts); otherwise raise the node's version.\n${added.join('\n')}`,
			);
		}
	});

	it('every recorded node and version is still there', () => {
		const missing = readdirSync(VERSIONS).flatMap((node) =>
			readdirSync(join(VERSIONS, node))
				.map((file) => Number(file.split('.')[0].slice(1)))
				.filter((version) => !types[node] || !versionsOf(types[node].description).includes(version))
				.map((version) => `${node} v${version}`),
		);
		expect([...new Set(missing)]).toEqual([]);
	});

	it.each(Object.values(types).map(({ description }) => [description.name, description] as const))('%s: the default version is one of its versions', (_, description) => {
		expect(versionsOf(description)).toContain(defaultVersionOf(description));
	});
});
