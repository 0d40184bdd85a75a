import type { IDataObject } from 'n8n-workflow';

/** Drops what the user left empty, so that nothing unset is sent. Keeps false, 0 and explicit null. */
export function compact<T>(value: T): T {
	if (Array.isArray(value)) return value.map((entry) => compact(entry)).filter((entry) => entry !== undefined) as T;
	if (value && typeof value === 'object' && !(value instanceof Date)) {
		const out: IDataObject = {};
		for (const [key, entry] of Object.entries(value as IDataObject)) {
			if (entry === undefined || entry === '') continue;
			const cleaned = compact(entry);
			if (cleaned && typeof cleaned === 'object' && !Array.isArray(cleaned) && Object.keys(cleaned).length === 0) continue;
			out[key] = cleaned;
		}
		return out as T;
	}
	return value;
}
