/** Fields many operations show alike (n8n's own wording where it has one). */
import type { INodeProperties } from 'n8n-workflow';
import { flagField as flag } from './fields';

export const INCLUDE_SECRETS = 'includeSecrets';

/** Off, or on a node used as an AI tool, each secret is replaced by a marker that says so. */
export const includeSecretsProperty: INodeProperties = {
	displayName: 'Include Secrets',
	name: INCLUDE_SECRETS,
	type: 'boolean',
	default: false,
	description:
		'Whether to output the secrets the platform answers with (transactional keys, passwords, API keys, tokens) as they are. Off: each is replaced by "[hidden: turn on Include Secrets]". Executions store their output, so turn it on only when the next node needs them. Never on when the node is used as an AI tool.',
};

export const returnAllProperty: INodeProperties = flag('Return All', 'returnAll', 'Whether to return all results or only up to a given limit');

export const limitProperty: INodeProperties = {
	displayName: 'Limit',
	name: 'limit',
	type: 'number',
	typeOptions: { minValue: 1 },
	default: 50,
	description: 'Max number of results to return',
	displayOptions: { show: { returnAll: [false] } },
};

/** A parameter name and default that workflows already use. */
export interface SecondsField {
	name: string;
	default: number;
	description: string;
}

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

export const timeoutProperty = secondsProperty('Timeout (Seconds)', 1);

/** The wait between two checks when the platform asks for none. */
export const intervalProperty = secondsProperty('Poll Interval (Seconds)', 0);
