/**
 * The durable replay record in a trigger's static data: delivery keys by UTC hour of receipt, each hour one string
 * of fixed-length keys in arrival order (`{ "2026-11-26T19": "k1…k16k1…k16…" }`). n8n saves static data whole before
 * each answer and copies it into every stored execution, so its size is paid per delivery: a string per hour keeps it
 * to a few hundred JSON values. The first versions' form (`LEGACY_RECORDS_KEY`) is still read, so nothing recorded
 * then is forgotten. Pure.
 */
/** 16 base64url characters (deliveryKey). */
export const KEY_LENGTH = 16;

export const RECORDS_KEY = 'receivedByHour';
/** The first versions': hash → Unix seconds of receipt. */
export const LEGACY_RECORDS_KEY = 'deliveries';

/** Hour (`YYYY-MM-DDTHH`, UTC) → the keys received in it, concatenated, oldest first. */
export type HourRecords = Record<string, string>;

/** Records are kept at least `keepSeconds`; beyond `maxRecords` the oldest go first. */
type RecordLimits = { keepSeconds: number; maxRecords: number };

const HOUR_SECONDS = 3600;
/** The furthest from 1970 a JavaScript date holds, in seconds. */
const MAX_DATE_SECONDS = 8.64e12;
const HOUR_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}$/;

/** As the records name it. */
export const hourOf = (seconds: number): string => new Date(seconds * 1000).toISOString().slice(0, 13);

/** NaN for anything else. */
const hourStart = (hour: string): number => (HOUR_PATTERN.test(hour) ? Date.parse(`${hour}:00:00Z`) / 1000 : NaN);

export function keysOf(joined: string): string[] {
	const keys: string[] = [];
	for (let at = 0; at + KEY_LENGTH <= joined.length; at += KEY_LENGTH) keys.push(joined.slice(at, at + KEY_LENGTH));
	return keys;
}

/** Both formats read, anything malformed left out; a new object of hours in order. */
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

/** Added where not already there, then pruned: whole hours older than `keepSeconds`, then the oldest beyond `maxRecords`. */
export function addRecords(hours: HourRecords, records: Iterable<readonly [string, number]>, nowSeconds: number, limits: RecordLimits): HourRecords {
	// Hour number → keys received in it, in order.
	const added = new Map<number, string[]>();
	for (const [key, at] of [...records].sort((a, b) => a[1] - b[1])) {
		// A key of another length, or a time no date holds (legacy records are read as stored).
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

/** A record is kept at least `keepSeconds`, at most an hour longer. */
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

export function hasRecord(hours: HourRecords, key: string): boolean {
	for (const joined of Object.values(hours)) {
		for (let at = joined.indexOf(key); at !== -1; at = joined.indexOf(key, at + 1)) if (at % KEY_LENGTH === 0) return true;
	}
	return false;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
