/**
 * Workflows saved with an older node version keep working: every example workflow and every fixture of a node
 * version older than its default (test/fixtures/saved/, saved as the editor saves: only what differs from a
 * default). n8n loads each node's parameters with its own NodeHelpers.getNodeParameters against the node's
 * description at the saved type version, and none of the values the workflow sets may be lost; each fixture's
 * action node then runs in n8n's engine against the sandbox, sends exactly the requests recorded for it
 * (`<fixture>.sent.json`) and outputs items of the recorded structure (`<fixture>.output.json`: every key and the
 * type of its value). `RECORD_SAVED_REQUESTS=1 npx jest test/engine/savedWorkflows.test.ts` adds what is not
 * recorded yet and never replaces a record.
 */
/* eslint-disable @n8n/community-nodes/no-restricted-imports -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import { join } from 'path';
import type { INode, INodeProperties, INodeType } from 'n8n-workflow';

import { runWorkflow, type TestCredentials } from '../helpers/engine';
import { packageNodeTypes } from '../helpers/nodeTypes';
import { apiCallsOf, paySuiteApi, withoutAuth, withSandbox } from '../helpers/sandbox';
import { defaultVersionOf, shownAtVersion } from '../helpers/nodeVersions';
import { recordedOnce, structure } from '../helpers/savedRecords';
import { asLoadedByN8n, droppedParameters, loadedParameters, packageNodesOf, SAVED_FIXTURES, savedWorkflows } from '../helpers/savedWorkflows';

const sandbox = withSandbox({ historyDays: 40, retryAfterSeconds: 0, reportPendingPolls: 0 });
const types = packageNodeTypes();
const workflows = savedWorkflows();
const fixtures = workflows.filter((workflow) => workflow.file.startsWith('test/fixtures/saved/'));

describe('every saved node keeps each parameter it sets when n8n loads it', () => {
	const nodes = workflows.flatMap((workflow) => packageNodesOf(workflow).map((node) => ({ file: workflow.file, node })));

	it('the examples and fixtures hold nodes of every kind, at versions older than the default', () => {
		expect(new Set(nodes.map(({ node }) => node.shortType)).size).toBe(Object.keys(types).length);
		// Every version older than a node's default is held by a saved node (the examples are on the defaults).
		const olderVersions = Object.entries(types).flatMap(([shortType, type]) => {
			const versions = [type.description.version].flat();
			return versions.filter((version) => version < defaultVersionOf(type.description)).map((version) => `${shortType} v${version}`);
		});
		const held = new Set(nodes.map(({ node }) => `${node.shortType} v${node.typeVersion}`));
		expect(olderVersions.length).toBeGreaterThan(5);
		expect(olderVersions.filter((version) => !held.has(version))).toEqual([]);
	});

	const loaded = Object.fromEntries(Object.entries(packageNodeTypes()).map(([name, nodeType]) => [name, asLoadedByN8n(nodeType)]));
	it.each(nodes.map(({ file, node }) => [`${file} › ${node.name} (${node.shortType} v${node.typeVersion})`, node] as const))('%s', (_, node) => {
		const nodeType = loaded[node.shortType];
		expect(nodeType).toBeDefined();
		expect([nodeType.description.version].flat()).toContain(node.typeVersion);
		expect(droppedParameters(node.parameters, loadedParameters(nodeType, node))).toEqual([]);
	});
});

describe('the check, against a node whose old version lost a parameter', () => {
	/** The node type with each parameter named `from` (at any depth) shown at `version` renamed to `to`. */
	function renamed(type: string, from: string, to: string, version: number): INodeType {
		const rename = (properties: INodeProperties[]): INodeProperties[] =>
			properties.map((property) => {
				const options = property.type === 'collection' ? rename((property.options ?? []) as INodeProperties[]) : property.options;
				const named = property.name === from && shownAtVersion(property, version) ? { ...property, name: to } : property;
				return { ...named, ...(options ? { options } : {}) } as INodeProperties;
			});
		const nodeType = packageNodeTypes()[type];
		return { ...nodeType, description: { ...nodeType.description, properties: rename(nodeType.description.properties) } } as INodeType;
	}
	const fixtureNode = (file: string) => packageNodesOf(fixtures.find((workflow) => workflow.file.endsWith(file))!)[0];

	it('names a top-level parameter renamed at version 1 only', () => {
		const node = fixtureNode('payment-link-v1.json');
		expect(droppedParameters(node.parameters, loadedParameters(renamed('paySuitePaymentLink', 'expirationDate', 'expiresAt', 1), node))).toEqual(['expirationDate']);
	});

	it('names a parameter inside a collection (the taxes of a session)', () => {
		const node = fixtureNode('session-v1.json');
		expect(droppedParameters(node.parameters, loadedParameters(renamed('paySuiteSession', 'taxes', 'taxLines', 1), node))).toEqual(['additionalFields.taxes']);
	});
});

describe('every fixture of an older node version sends what it sent', () => {
	// Each older version of a node that is not older than its default has a fixture.
	it('each node version older than its default has a fixture', () => {
		const saved = new Set(fixtures.flatMap((workflow) => packageNodesOf(workflow).map((node) => `${node.shortType} v${node.typeVersion}`)));
		const older = Object.values(types).flatMap(({ description }) =>
			[description.version].flat().filter((version) => version < defaultVersionOf(description)).map((version) => `${description.name} v${version}`),
		);
		expect(older.filter((version) => !saved.has(version))).toEqual([]);
	});

	const actionNodes = fixtures.flatMap((workflow) =>
		packageNodesOf(workflow)
			.filter((node) => !/Trigger$/.test(node.shortType))
			.map((node) => ({ file: workflow.file, node })),
	);

	// The credential as saved with the site's time zone, and as saved before the credential had the field (the
	// requests the node sent before it had versions). The workflow's zone, UTC, is not the site's, so a date read on
	// another clock than before shows in the request.
	const credentials = { withSiteTimeZone: () => paySuiteApi(sandbox), withoutSiteTimeZone: () => paySuiteApi(sandbox, { timeZone: '' }) };
	const cases = actionNodes.flatMap(({ file, node }) =>
		(Object.keys(credentials) as Array<keyof typeof credentials>).map((credential) => [`${file} › ${node.name}, credential ${credential}`, file, node, credential] as const),
	);

	it.each(cases)('%s', async (_, file, node, credential) => {
		const result = await runSaved(node, credentials[credential]());
		expect(result.error).toBeUndefined();
		const sent = apiCallsOf(sandbox).map((entry) => ({ method: entry.method, path: entry.path, status: entry.status, body: withoutAuth(entry.body) }));
		expect(sent.length).toBeGreaterThan(0);
		// A fixture of one action node records by credential; one of several, by node and credential.
		const several = actionNodes.filter((entry) => entry.file === file).length > 1;
		expect(sent).toEqual(recorded(file, '.sent.json', several ? `${node.name}, credential ${credential}` : credential, sent));
		const output = result.output(node.name).map((item) => ({ json: structure(item.json), binary: Object.keys(item.binary ?? {}).sort() }));
		expect(output).toEqual(recorded(file, '.output.json', `${node.name}, credential ${credential}`, output));
		if (node.shortType === 'paySuiteGateway' && node.parameters.output === 'binary') {
			// Version 3 made the report file CSV; older versions keep the tab-separated file.
			expect(result.output(node.name)[0].binary?.data.fileExtension).toBe('tsv');
		}
	});
});

/** Runs a saved node as its workflow would: its own parameters and type version, in a workflow whose zone is UTC. */
function runSaved(node: INode & { shortType: string }, credentials: TestCredentials) {
	return runWorkflow({
		nodes: [{ name: node.name, type: node.shortType, typeVersion: node.typeVersion, parameters: node.parameters, credentials: Object.keys(node.credentials ?? {}) }],
		credentials,
		timezone: 'UTC',
	});
}

/** What the fixture's node sent or output when it was recorded (beside the fixture, with the given ending). */
function recorded<T>(file: string, ending: string, key: string, now: T): T {
	return recordedOnce(join(SAVED_FIXTURES, file.replace(/^.*\//, '').replace(/\.json$/, ending)), key, now);
}
