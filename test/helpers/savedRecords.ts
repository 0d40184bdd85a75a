/**
 * What a saved fixture sent and output, recorded beside it once: `RECORD_SAVED_REQUESTS=1` adds what is missing
 * and never replaces a recorded entry (a record is frozen once committed: test/package/frozenRecords.test.ts).
 */
/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import { existsSync, readFileSync, writeFileSync } from 'fs';

/** A value's structure: each key with the type of its value, lists by their first entry. Output keys, not the day's values. */
export function structure(value: unknown): unknown {
	if (Array.isArray(value)) return value.length ? [structure(value[0])] : [];
	if (value && typeof value === 'object') {
		return Object.fromEntries(
			Object.keys(value)
				.sort()
				.map((key) => [key, structure((value as Record<string, unknown>)[key])]),
		);
	}
	return value === null ? 'null' : typeof value;
}

/** The entry `key` of the record file `path`; while recording, a missing entry is added as `now`. */
export function recordedOnce<T>(path: string, key: string, now: T): T {
	const all = (existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : {}) as Record<string, T>;
	if (process.env.RECORD_SAVED_REQUESTS === '1' && !(key in all)) {
		all[key] = now;
		writeFileSync(path, `${JSON.stringify(all, null, '\t')}\n`);
	}
	if (!(key in all)) throw new Error(`${path} holds nothing for ${key}: record it with RECORD_SAVED_REQUESTS=1 (it adds what is missing, never replaces)`);
	return all[key];
}
