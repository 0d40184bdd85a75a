import { createHash } from 'crypto';

/** The platform's rule for `Idempotency-Key`: 16 to 64 characters of letters, digits and `_ . : -`. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_.:-]{16,64}$/;

/**
 * JSON with the keys of every object sorted and undefined values left out, so that the same content gives the
 * same text whatever order its keys were built in. Arrays keep their order.
 */
export function canonicalJson(value: unknown): string {
	if (value === undefined) return 'null';
	if (Array.isArray(value)) return `[${value.map((entry) => (entry === undefined ? 'null' : canonicalJson(entry))).join(',')}]`;
	if (value && typeof value === 'object' && !(value instanceof Date)) {
		const record = value as Record<string, unknown>;
		const keys = Object.keys(record)
			.filter((key) => record[key] !== undefined)
			.sort();
		return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`).join(',')}}`;
	}
	return JSON.stringify(value) ?? 'null';
}

/**
 * An Idempotency-Key derived from what is sent: `n8n-` + 48 hex characters of SHA-256(scope + canonical body).
 * The same scope and body always give the same key, so running the same item again makes the platform
 * return the original process instead of doing the work twice; any change to the body gives another key.
 */
export function deriveIdempotencyKey(scope: string, body: unknown): string {
	const digest = createHash('sha256').update(`${scope}\n${canonicalJson(body)}`, 'utf8').digest('hex');
	return `n8n-${digest.slice(0, 48)}`;
}
