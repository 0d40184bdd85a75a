/**
 * A session's metadata: a free-form map the spec leaves open, as key/value rows, with a JSON alternative for
 * values that are not text (numbers, lists, objects). Rows and JSON are merged; a key in both takes the JSON's.
 */
import type { IDataObject, INodeProperties } from 'n8n-workflow';

export const metadataProperties: INodeProperties[] = [
	{
		displayName: 'Metadata',
		name: 'metadata',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Metadata',
		default: {},
		description: 'Key/value data that may steer how the session is processed',
		options: [
			{
				name: 'entry',
				displayName: 'Metadata',
				values: [
					{ displayName: 'Key', name: 'key', type: 'string', default: '', description: 'Name of the value' },
					{ displayName: 'Value', name: 'value', type: 'string', default: '', description: 'The value, as text' },
				],
			},
		],
	},
	{
		displayName: 'Metadata (Using JSON)',
		name: 'metadataJson',
		type: 'json',
		default: '{}',
		description: 'Metadata as a JSON object, for values that are not text; merged with the Metadata rows',
	},
];

/** The rows as an object (a row without a key is left out); undefined when there are none. */
export function metadataRows(value: unknown): IDataObject | undefined {
	const rows = (value as { entry?: IDataObject[] } | undefined)?.entry ?? [];
	const out: IDataObject = {};
	for (const row of rows) if (typeof row.key === 'string' && row.key.trim() !== '') out[row.key.trim()] = row.value;
	return Object.keys(out).length ? out : undefined;
}
