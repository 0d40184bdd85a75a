/**
 * Workflows as n8n saved them: the example workflows and the fixtures of every node version older than its
 * default (test/fixtures/saved/), and what n8n makes of a saved node's parameters when it loads it.
 */
/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import { readdirSync, readFileSync } from 'fs';
import { join } from 'path';
import { DirectoryLoader } from 'n8n-core';
import { NodeHelpers, type INode, type INodeParameters, type INodeType } from 'n8n-workflow';

const root = join(__dirname, '..', '..');
export const SAVED_FIXTURES = join(root, 'test', 'fixtures', 'saved');
const PACKAGE_PREFIX = 'n8n-nodes-paysuite.';

export interface SavedWorkflow {
	/** The file, from the repository's root. */
	file: string;
	nodes: INode[];
}

const jsonFiles = (folder: string) =>
	readdirSync(join(root, folder))
		.filter((name) => name.endsWith('.json') && !/\.(sent|output)\.json$/.test(name))
		.map((name) => `${folder}/${name}`);

/** Every example workflow and every saved fixture. */
export function savedWorkflows(): SavedWorkflow[] {
	return ['examples', 'examples/offline', 'test/fixtures/saved'].flatMap(jsonFiles).map((file) => ({
		file,
		nodes: (JSON.parse(readFileSync(join(root, file), 'utf8')) as { nodes: INode[] }).nodes,
	}));
}

/** A workflow's nodes of this package, with their type name without the package prefix. */
export const packageNodesOf = (workflow: SavedWorkflow): Array<INode & { shortType: string }> =>
	workflow.nodes.filter((node) => node.type.startsWith(PACKAGE_PREFIX)).map((node) => ({ ...node, shortType: node.type.slice(PACKAGE_PREFIX.length) }));

/**
 * A node type as n8n serves it: n8n-core's loader adds the parameters n8n declares for some kinds of node (a
 * polling trigger's Poll Times). It changes the given instance; call it once per instance.
 */
export function asLoadedByN8n(nodeType: INodeType): INodeType {
	(DirectoryLoader.prototype as unknown as { applySpecialNodeParameters(type: INodeType): void }).applySpecialNodeParameters.call(undefined, nodeType);
	return nodeType;
}

/** A node's parameters as n8n holds them once it loads the workflow (n8n-workflow's Workflow does the same). */
export function loadedParameters(nodeType: INodeType, node: INode): INodeParameters {
	const { description } = nodeType;
	return NodeHelpers.getNodeParameters(description.properties, node.parameters, true, false, node, description) ?? {};
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Each value the saved parameters set that the loaded ones do not hold as saved, by its path (`additionalFields.taxes`):
 * a parameter n8n dropped because the node no longer declares it there, or a value it changed.
 */
export function droppedParameters(saved: unknown, loaded: unknown, path = ''): string[] {
	if (Array.isArray(saved)) {
		if (!Array.isArray(loaded) || loaded.length !== saved.length) return [path];
		return saved.flatMap((entry, index) => droppedParameters(entry, loaded[index], `${path}[${index}]`));
	}
	if (isObject(saved)) {
		if (!isObject(loaded)) return [path];
		return Object.keys(saved).flatMap((name) =>
			name in loaded ? droppedParameters(saved[name], loaded[name], path ? `${path}.${name}` : name) : [path ? `${path}.${name}` : name],
		);
	}
	return saved === loaded ? [] : [path];
}
