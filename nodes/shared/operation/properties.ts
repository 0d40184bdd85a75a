/**
 * The node's fields: the resource and operation selectors with every operation's own (the fields several
 * operations show alike are declared in descriptions/commonFields.ts).
 */
import type { IDisplayOptions, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { withParallelOption } from './parallel';
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
