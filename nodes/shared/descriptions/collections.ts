/**
 * n8n's collections of optional fields, with the names, labels and placeholders n8n uses for them, so that every
 * operation shows them alike. The options stay in the order given (alphabetical, as n8n's lint asks).
 */
import type { INodeProperties } from 'n8n-workflow';

const collection =
	(displayName: string, name: string, placeholder: string) =>
	(options: INodeProperties[]): INodeProperties => ({ displayName, name, type: 'collection', placeholder, default: {}, options });

/** Options: how the operation runs or what it outputs (parameter `options`). */
export const optionsCollection = collection('Options', 'options', 'Add Option');

/** Additional Fields: optional fields of what is sent (parameter `additionalFields`). */
export const additionalFieldsCollection = collection('Additional Fields', 'additionalFields', 'Add Field');

/** Filters: optional criteria of a search (parameter `filters`). */
export const filtersCollection = collection('Filters', 'filters', 'Add Filter');

/** A repeatable group of fields: `{<entry>: [...]}` in the parameters. */
export const rows = (name: string, displayName: string, entry: [string, string], placeholder: string, description: string, values: INodeProperties[]): INodeProperties => ({
	displayName,
	name,
	type: 'fixedCollection',
	typeOptions: { multipleValues: true },
	placeholder,
	default: {},
	description,
	options: [{ name: entry[0], displayName: entry[1], values }],
});
