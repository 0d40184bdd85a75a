/**
 * The node's fields: the resource and operation selectors with every operation's own (the fields several
 * operations show alike are declared in descriptions/commonFields.ts).
 */
import type { IDisplayOptions, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { optionsCollection } from '../descriptions/collections';
import type { PaySuiteResource } from './types';

/** The node's `resource` and `operation` selectors plus every operation's own fields, shown only where they belong. */
export function buildProperties(resources: PaySuiteResource[]): INodeProperties[] {
	const firstResource = resources[0].value;
	const properties: INodeProperties[] = [
		{
			displayName: 'Resource',
			name: 'resource',
			type: 'options',
			noDataExpression: true,
			options: resources.map(
				(resource): INodePropertyOptions => ({ name: resource.name, value: resource.value, description: resource.description }),
			),
			default: firstResource,
		},
	];
	for (const resource of resources) {
		properties.push(...operationSelectors(resource));
		for (const operation of resource.operations) {
			for (const property of operation.parallel ? withParallelOption(operation.properties, operation.parallel) : operation.properties) {
				const show = { ...(property.displayOptions?.show ?? {}), resource: [resource.value], operation: [operation.value] };
				properties.push({ ...property, displayOptions: { ...property.displayOptions, show } });
			}
		}
	}
	return properties;
}

/**
 * The Operation selector of a resource. With a `defaultOperation`, two selectors that differ only in their
 * default, each shown for its node versions (n8n's own way to change a default without changing saved work).
 */
function operationSelectors(resource: PaySuiteResource): INodeProperties[] {
	const selector = (operationDefault: string, show: IDisplayOptions['show']): INodeProperties => ({
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: [resource.value], ...show } },
		options: resource.operations.map((operation) => ({
			name: operation.name,
			value: operation.value,
			action: operation.action,
			description: operation.description,
		})),
		default: operationDefault,
	});
	const first = resource.firstDefault ?? resource.operations[0].value;
	const chosen = resource.defaultOperation;
	if (!chosen || chosen.value === first) return [selector(first, {})];
	return [
		selector(first, { '@version': [{ _cnd: { lt: chosen.since } }] }),
		selector(chosen.value, { '@version': [{ _cnd: { gte: chosen.since } }] }),
	];
}

/** Options › Requests in Parallel: how many items the router (execute.ts) runs at once. */
export const PARALLEL_OPTIONS = 'options';
export const IN_PARALLEL = 'requestsInParallel';
export const MAX_IN_PARALLEL = 10;
/** Deduplicated writes (payments): one at a time unless the user chooses more. */
export const DEFAULT_IN_PARALLEL = { read: 5, deduplicated: 1 } as const;

function parallelProperty(kind: 'read' | 'deduplicated'): INodeProperties {
	const stops =
		kind === 'read'
			? ''
			:  " If an item fails and the node stops the workflow, the items sent beside it may have been done: set Settings › On Error to Continue to get each item's result.";
	const field: INodeProperties = {
		displayName: 'Requests in Parallel',
		name: IN_PARALLEL,
		type: 'number',
		typeOptions: { minValue: 1, maxValue: MAX_IN_PARALLEL, numberPrecision: 0 },
		// A literal for n8n's lint; the kind's default below.
		default: 5,
		description: `How many items are sent to the platform at the same time (1 to ${MAX_IN_PARALLEL}; ${DEFAULT_IN_PARALLEL[kind]} when not set). More is faster with many items. The results keep the order of the input items, each paired with its item. When the platform asks to slow down, all of them wait.${stops}`,
	};
	return { ...field, default: DEFAULT_IN_PARALLEL[kind] };
}

/** The Options collection is added when the operation has none. */
export function withParallelOption(properties: INodeProperties[], kind: 'read' | 'deduplicated'): INodeProperties[] {
	const field = parallelProperty(kind);
	const existing = properties.find((property) => property.name === PARALLEL_OPTIONS);
	if (!existing) return [...properties, optionsCollection([field])];
	if (existing.type !== 'collection') throw new Error(`The field "${PARALLEL_OPTIONS}" must be the Options collection`);
	const options = [...((existing.options ?? []) as INodeProperties[]), field].sort((a, b) => a.displayName.localeCompare(b.displayName));
	return properties.map((property) => (property === existing ? { ...existing, options } : property));
}
