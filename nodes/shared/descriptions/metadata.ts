/**
 * Free-form maps the documents leave open (metadata, additional data): key/value rows for the no-code user plus a JSON field for values
 * that are not text, merged with a row's key winning (typed last, by hand). Named `<name>` and `<name>Json` in every node.
 */
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { rows } from './collections';

export interface JsonReader {
	/** Undefined when empty or `{}`. */
	jsonObject(path: string): IDataObject | undefined;
}

export function keyValueProperties(name: string, displayName: string, description: string): INodeProperties[] {
	return [
		rows(name, displayName, ['pair', 'Pair'], 'Add Key', description, [
			{ displayName: 'Key', name: 'key', type: 'string', default: '', description: 'Name of the value' },
			{ displayName: 'Value', name: 'value', type: 'string', default: '', description: 'The value, as text' },
		]),
		{
			displayName: `${displayName} (JSON)`,
			name: `${name}Json`,
			type: 'json',
			default: '{}',
			description: `${displayName} as a JSON object, for values that are not text; the ${displayName} rows are added to it (a row's key wins)`,
		},
	];
}

/** A row without a key is left out; undefined when there are none. */
export function keyValueRows(value: unknown): IDataObject | undefined {
	const rows = (value as { pair?: IDataObject[] } | undefined)?.pair ?? [];
	const out: IDataObject = {};
	for (const row of rows) if (typeof row.key === 'string' && row.key.trim() !== '') out[row.key.trim()] = row.value;
	return Object.keys(out).length ? out : undefined;
}

/** `collection` is its parameter name, for the JSON field's path; undefined when neither is set. */
export function keyValueMap(extra: IDataObject, collection: string, name: string, reader: JsonReader): IDataObject | undefined {
	const json = extra[`${name}Json`] === undefined ? undefined : reader.jsonObject(`${collection}.${name}Json`);
	const rows = keyValueRows(extra[name]);
	return rows || json ? { ...json, ...rows } : undefined;
}

export const metadataProperties = (description: string): INodeProperties[] => keyValueProperties('metadata', 'Metadata', description);
