/** The node's fields: the resource and operation selectors with every operation's own, and the fields operations share. */
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
	const first = resource.operations[0].value;
	const chosen = resource.defaultOperation;
	if (!chosen || chosen.value === first) return [selector(first, {})];
	return [
		selector(first, { '@version': [{ _cnd: { lt: chosen.since } }] }),
		selector(chosen.value, { '@version': [{ _cnd: { gte: chosen.since } }] }),
	];
}

export const INCLUDE_SECRETS = 'includeSecrets';

/**
 * The one switch that shows secrets (tranKeys, passwords, tokens...) in an output, on every operation whose
 * answer can carry one. Off, or on a node used as an AI tool, each secret is replaced by a marker that says so.
 */
export const includeSecretsProperty: INodeProperties = {
	displayName: 'Include Secrets',
	name: INCLUDE_SECRETS,
	type: 'boolean',
	default: false,
	description:
		'Whether to output the secrets the platform answers with (transactional keys, passwords, API keys, tokens) as they are. Off: each is replaced by "[hidden: turn on Include Secrets]". Executions store their output, so turn it on only when the next node needs them. Never on when the node is used as an AI tool.',
};

export const returnAllProperty: INodeProperties = {
	displayName: 'Return All',
	name: 'returnAll',
	type: 'boolean',
	default: false,
	description: 'Whether to return all results or only up to a given limit',
};

export const limitProperty: INodeProperties = {
	displayName: 'Limit',
	name: 'limit',
	type: 'number',
	typeOptions: { minValue: 1 },
	default: 50,
	description: 'Max number of results to return',
	displayOptions: { show: { returnAll: [false] } },
};

/** A number field in seconds (a parameter name and default that workflows already use). */
export interface SecondsField {
	name: string;
	default: number;
	description: string;
}

/** A number field in seconds, `displayName` in the panel, from `minValue` up. */
const secondsProperty =
	(displayName: string, minValue: number) =>
	({ name, default: seconds, description }: SecondsField): INodeProperties => ({
		displayName,
		name,
		type: 'number',
		typeOptions: { minValue },
		default: seconds,
		description,
	});

/** The Timeout (Seconds) field of a flow that waits. */
export const timeoutProperty = secondsProperty('Timeout (Seconds)', 1);

/** The Poll Interval (Seconds) field: the wait between two checks when the platform asks for none. */
export const intervalProperty = secondsProperty('Poll Interval (Seconds)', 0);
