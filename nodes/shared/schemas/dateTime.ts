/**
 * Date-times as n8n hands them over (date picker text without an offset, ISO text with one, Date or Luxon
 * objects from expressions) turned into instants and into the text formats the platform asks for.
 * A date-time without an offset is wall-clock time in the workflow's time zone.
 */

interface WallTime {
	year: number;
	month: number;
	day: number;
	hour: number;
	minute: number;
	second: number;
}

const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?$/;
const HAS_OFFSET = /(?:Z|[+-]\d{2}:?\d{2})$/i;

const pad = (value: number, size = 2) => String(value).padStart(size, '0');

function safeZone(timeZone: string | undefined): string {
	if (!timeZone) return 'UTC';
	try {
		new Intl.DateTimeFormat('en-US', { timeZone });
		return timeZone;
	} catch {
		return 'UTC';
	}
}

/**
 * One formatter per time zone, made once: building an Intl.DateTimeFormat costs far more than using it, and a
 * report of thousands of rows writes each row's dates in the site's zone.
 */
const wallFormatters = new Map<string, Intl.DateTimeFormat>();

function wallFormatter(timeZone: string | undefined): Intl.DateTimeFormat {
	const key = timeZone ?? '';
	let formatter = wallFormatters.get(key);
	if (!formatter) {
		formatter = new Intl.DateTimeFormat('en-US', {
			timeZone: safeZone(timeZone),
			hourCycle: 'h23',
			year: 'numeric',
			month: '2-digit',
			day: '2-digit',
			hour: '2-digit',
			minute: '2-digit',
			second: '2-digit',
		});
		wallFormatters.set(key, formatter);
	}
	return formatter;
}

/** The wall-clock time of an instant in a time zone. */
export function wallTimeIn(date: Date, timeZone?: string): WallTime {
	const parts = wallFormatter(timeZone).formatToParts(date);
	const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
	return { year: part('year'), month: part('month'), day: part('day'), hour: part('hour') % 24, minute: part('minute'), second: part('second') };
}

function wallToUtcMs(wall: WallTime): number {
	return Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
}

/** The instant at which a time zone's clocks show the given wall-clock time. */
export function instantOfWallTime(wall: WallTime, timeZone?: string): Date {
	const guess = wallToUtcMs(wall);
	const offsetAt = (ms: number) => wallToUtcMs(wallTimeIn(new Date(ms), timeZone)) - ms;
	let instant = guess - offsetAt(guess);
	const corrected = guess - offsetAt(instant);
	if (corrected !== instant) instant = corrected;
	return new Date(instant);
}

/** Reads what a date-time parameter holds; undefined when it is empty or not a date-time. */
export function parseDateTimeInput(value: unknown, timeZone?: string): Date | undefined {
	if (value === undefined || value === null || value === '') return undefined;
	if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value;
	if (typeof value === 'object' && typeof (value as { toISO?: unknown }).toISO === 'function') {
		return parseDateTimeInput((value as { toISO: () => string }).toISO(), timeZone);
	}
	if (typeof value !== 'string') return undefined;
	const text = value.trim();
	const wall = WALL_TIME.exec(text);
	if (wall) {
		const [, year, month, day, hour = '0', minute = '0', second = '0'] = wall;
		const parsed: WallTime = {
			year: Number(year),
			month: Number(month),
			day: Number(day),
			hour: Number(hour),
			minute: Number(minute),
			second: Number(second),
		};
		const check = new Date(wallToUtcMs(parsed));
		if (
			check.getUTCMonth() + 1 !== parsed.month ||
			check.getUTCDate() !== parsed.day ||
			parsed.hour > 23 ||
			parsed.minute > 59 ||
			parsed.second > 59
		) {
			return undefined;
		}
		return instantOfWallTime(parsed, timeZone);
	}
	if (!HAS_OFFSET.test(text)) return undefined;
	const ms = Date.parse(text);
	return Number.isNaN(ms) ? undefined : new Date(ms);
}

/**
 * ISO 8601 in UTC with an explicit offset and no milliseconds: `2025-01-31T17:05:00+00:00`, the form of the
 * platform's samples (the signing seed, `status.date`, the dates the nodes send). Now when no date is given.
 */
export function formatIsoUtc(date: Date = new Date()): string {
	return `${date.toISOString().slice(0, 19)}+00:00`;
}

/** A date-time parameter in that form; what is not a date-time is handed back as typed, so that validation names it. */
export function isoUtcOrAsTyped(value: unknown, timeZone?: string): unknown {
	const date = parseDateTimeInput(value, timeZone);
	return date ? formatIsoUtc(date) : value;
}

/** `YYYY-MM-DD HH:MM:SS` as the clocks of the time zone show it. */
export function formatSpaced(date: Date, timeZone?: string): string {
	const w = wallTimeIn(date, timeZone);
	return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)} ${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}`;
}

/** `YYYY-MM-DD` of a date or date-time parameter; a plain date is kept as typed. */
export function formatDateOnly(value: unknown, timeZone?: string): string | undefined {
	if (typeof value === 'string' && WALL_TIME.test(value.trim())) {
		return parseDateTimeInput(value, 'UTC') ? value.trim().slice(0, 10) : undefined;
	}
	const date = parseDateTimeInput(value, timeZone);
	if (!date) return undefined;
	return formatSpaced(date, timeZone).slice(0, 10);
}
