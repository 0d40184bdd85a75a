/**
 * The fields many operations show alike: the Include Secrets switch, a list's Return All and Limit (n8n's own
 * wording), a wait's Timeout and Poll Interval.
 */
import type { INodeProperties } from 'n8n-workflow';

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
