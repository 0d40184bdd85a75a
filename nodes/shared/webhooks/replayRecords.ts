/**
 * The durable replay record as it is stored in a trigger node's static data: the deliveries that started a run,
 * grouped by the UTC hour they were received in, each hour one string of fixed-length delivery keys in the order
 * they came: `{ "2026-11-26T19": "k1…k16k1…k16…" }`.
 *
 * n8n saves a workflow's static data whole before it answers a delivery, and copies it into every execution it
 * stores, so its size is paid at each delivery: a string per hour is a few hundred JSON values for the whole
 * window, where an object of one time per delivery was thousands (parsed, wrapped and written again each time).
 * Pruning drops whole hours; a record is kept at least `keepSeconds`, at most an hour longer.
 *
 * The first versions stored `{ key: Unix seconds of receipt }` under another name (`LEGACY_RECORDS_KEY`): it is
 * read as well, so that nothing recorded then is forgotten, and replaced at the next save. All pure.
 */

/** The length of a delivery key (`deliveryKey`): 16 base64url characters. */
export const KEY_LENGTH = 16;

/** Where the records live in the node's static data. */
export const RECORDS_KEY = 'receivedByHour';
/** Where the first versions kept them: hash → Unix seconds of receipt. */
export const LEGACY_RECORDS_KEY = 'deliveries';

/** Hour (`YYYY-MM-DDTHH`, UTC) → the keys received in it, concatenated, oldest first. */
export type HourRecords = Record<string, string>;

interface RecordLimits {
	/** How long a record is kept at least (seconds). */
	keepSeconds: number;
	/** At most this many records; beyond it the oldest go first. */
	maxRecords: number;
}

const HOUR_SECONDS = 3600;
/** The furthest time from 1970 a JavaScript date holds (seconds). */
const MAX_DATE_SECONDS = 8.64e12;
const HOUR_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}$/;

/** The UTC hour a Unix time falls in, as the records name it. */
export function hourOf(seconds: number): string {
	return new Date(seconds * 1000).toISOString().slice(0, 13);
}

/** The Unix seconds an hour's name starts at (NaN for anything else). */
function hourStart(hour: string): number {
	return HOUR_PATTERN.test(hour) ? Date.parse(`${hour}:00:00Z`) / 1000 : NaN;
}

/** The keys of one hour's string. */
export function keysOf(joined: string): string[] {
	const keys: string[] = [];
	for (let at = 0; at + KEY_LENGTH <= joined.length; at += KEY_LENGTH) keys.push(joined.slice(at, at + KEY_LENGTH));
	return keys;
}

/**
 * The stored records still within the limits at `nowSeconds`, as a new object of hours in order: `stored` in
 * this format, `legacy` in the first versions' (both read; anything malformed is left out).
 */
export function readRecords(stored: unknown, legacy: unknown, nowSeconds: number, limits: RecordLimits): HourRecords {
	const hours: HourRecords = {};
	if (isObject(stored)) {
		for (const [hour, joined] of Object.entries(stored)) {
			if (typeof joined === 'string' && joined.length % KEY_LENGTH === 0 && !Number.isNaN(hourStart(hour))) hours[hour] = joined;
		}
	}
	const legacyRecords = isObject(legacy)
		? Object.entries(legacy).filter((entry): entry is [string, number] => entry[0].length === KEY_LENGTH && typeof entry[1] === 'number' && Number.isFinite(entry[1]))
		: [];
	return addRecords(hours, legacyRecords, nowSeconds, limits);
}

/**
 * `hours` with `records` (key, Unix seconds of receipt) added to their hours where not already there, then pruned:
 * hours whose every record is older than `keepSeconds` go, then the oldest records beyond `maxRecords`.
 */
export function addRecords(hours: HourRecords, records: Iterable<readonly [string, number]>, nowSeconds: number, limits: RecordLimits): HourRecords {
	// Hour number (Unix seconds / 3600) → keys received in it, in the order received.
	const added = new Map<number, string[]>();
	for (const [key, at] of [...records].sort((a, b) => a[1] - b[1])) {
		// A key of another length, or a time no date can hold (the first versions' records are read as stored).
		if (key.length !== KEY_LENGTH || !(Math.abs(at) <= MAX_DATE_SECONDS)) continue;
		const hourNumber = Math.floor(at / HOUR_SECONDS);
		const keys = added.get(hourNumber);
		if (keys) keys.push(key);
		else added.set(hourNumber, [key]);
	}
	const merged: HourRecords = { ...hours };
	for (const [hourNumber, keys] of added) {
		const hour = hourOf(hourNumber * HOUR_SECONDS);
		const present = new Set(keysOf(merged[hour] ?? ''));
		const fresh = keys.filter((key) => !present.has(key) && present.add(key));
		merged[hour] = (merged[hour] ?? '') + fresh.join('');
	}
	return prune(merged, nowSeconds, limits);
}

/** The hours in order, without those wholly older than `keepSeconds`, and at most `maxRecords` keys (the newest). */
function prune(hours: HourRecords, nowSeconds: number, limits: RecordLimits): HourRecords {
	const kept = Object.entries(hours)
		.filter(([hour, joined]) => joined.length > 0 && nowSeconds - (hourStart(hour) + HOUR_SECONDS - 1) <= limits.keepSeconds)
		.sort((a, b) => (a[0] < b[0] ? -1 : 1));
	let count = kept.reduce((sum, [, joined]) => sum + joined.length / KEY_LENGTH, 0);
	while (count > limits.maxRecords) {
		const [hour, joined] = kept[0];
		const excess = count - limits.maxRecords;
		if (joined.length / KEY_LENGTH <= excess) {
			kept.shift();
			count -= joined.length / KEY_LENGTH;
		} else {
			kept[0] = [hour, joined.slice(excess * KEY_LENGTH)];
			count = limits.maxRecords;
		}
	}
	return Object.fromEntries(kept);
}

/** Whether `key` is among the records. */
export function hasRecord(hours: HourRecords, key: string): boolean {
	for (const joined of Object.values(hours)) {
		for (let at = joined.indexOf(key); at !== -1; at = joined.indexOf(key, at + 1)) if (at % KEY_LENGTH === 0) return true;
	}
	return false;
}

function isObject(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}
