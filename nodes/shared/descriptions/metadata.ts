/**
 * Free-form maps the documents leave open (a request's metadata, the gateway's additional data): key/value rows
 * for the no-code user, plus the same map as a JSON object for values that are not text (numbers, lists,
 * objects). Both are merged, a row's key winning over the JSON's: the row is what the user typed last, by hand.
 * The same names in every node: `<name>` (rows) and `<name>Json` ("<Display Name> (JSON)").
 */
import type { IDataObject, INodeProperties } from 'n8n-workflow';

/** How a builder reads the JSON fields it is given: parsed, or the item refused naming the field. */
export interface JsonReader {
	/** The JSON object of a parameter path (`additionalFields.metadataJson`); undefined when empty or `{}`. */
	jsonObject(path: string): IDataObject | undefined;
}

/** The rows field and the JSON field of a free-form map. */
export function keyValueProperties(name: string, displayName: string, description: string): INodeProperties[] {
	return [
		{
			displayName,
			name,
			type: 'fixedCollection',
			typeOptions: { multipleValues: true },
			placeholder: 'Add Key',
			default: {},
			description,
			options: [
				{
					name: 'pair',
					displayName: 'Pair',
					values: [
						{ displayName: 'Key', name: 'key', type: 'string', default: '', description: 'Name of the value' },
						{ displayName: 'Value', name: 'value', type: 'string', default: '', description: 'The value, as text' },
					],
				},
			],
		},
		{
			displayName: `${displayName} (JSON)`,
			name: `${name}Json`,
			type: 'json',
			default: '{}',
			description: `${displayName} as a JSON object, for values that are not text; the ${displayName} rows are added to it (a row's key wins)`,
		},
	];
}

/** The rows as an object (a row without a key is left out); undefined when there are none. */
export function keyValueRows(value: unknown): IDataObject | undefined {
	const rows = (value as { pair?: IDataObject[] } | undefined)?.pair ?? [];
	const out: IDataObject = {};
	for (const row of rows) if (typeof row.key === 'string' && row.key.trim() !== '') out[row.key.trim()] = row.value;
	return Object.keys(out).length ? out : undefined;
}

/**
 * The map of `collection.<name>` rows over `collection.<name>Json`; undefined when neither is set.
 * @param extra the collection's value (Additional Fields)
 * @param collection its parameter name, for the JSON field's path (`additionalFields`)
 */
export function keyValueMap(extra: IDataObject, collection: string, name: string, reader: JsonReader): IDataObject | undefined {
	const json = extra[`${name}Json`] === undefined ? undefined : reader.jsonObject(`${collection}.${name}Json`);
	const rows = keyValueRows(extra[name]);
	return rows || json ? { ...json, ...rows } : undefined;
}

/** Metadata, as every node that sends it shows it. */
export const metadataProperties = (description: string): INodeProperties[] => keyValueProperties('metadata', 'Metadata', description);
