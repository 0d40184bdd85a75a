import type { IDataObject } from 'n8n-workflow';

const isPlainObject = (value: unknown): value is IDataObject =>
	!!value && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date);

/**
 * The site `data` from the JSON configuration and the node's fields: a field that is set wins over the same
 * field in the JSON, objects merge field by field, and unset fields (undefined, empty text) leave the JSON
 * as it is. An explicit null is a value (it removes `initiatorIndicator` on update-all).
 */
export function mergeSiteData(json: IDataObject, fields: IDataObject): IDataObject {
	const merged: IDataObject = { ...json };
	for (const [key, value] of Object.entries(fields)) {
		if (value === undefined || value === '') continue;
		merged[key] = isPlainObject(value) && isPlainObject(merged[key]) ? mergeSiteData(merged[key] as IDataObject, value) : value;
	}
	return merged;
}
