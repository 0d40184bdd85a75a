/**
 * JSON with the keys of every object sorted and undefined values left out, so that the same content gives the
 * same text whatever order its keys were built in. Arrays keep their order; an undefined entry in an array is
 * written null, as JSON.stringify does. Both derived keys hash this text (the gateway's `idempotenceKey`, the
 * onboarding API's `Idempotency-Key`), so changing it changes every derived key. Pure.
 */
export function canonicalJson(value: unknown): string {
	if (value === undefined) return 'null';
	if (Array.isArray(value)) return `[${value.map((entry) => canonicalJson(entry)).join(',')}]`;
	if (value && typeof value === 'object' && !(value instanceof Date)) {
		const record = value as Record<string, unknown>;
		const keys = Object.keys(record)
			.filter((key) => record[key] !== undefined)
			.sort();
		return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`).join(',')}}`;
	}
	// An identifier held as a bigint is written as the bare integer it is sent as.
	if (typeof value === 'bigint') return value.toString();
	return JSON.stringify(value) ?? 'null';
}
