/**
 * Date-times as n8n hands them over (picker text without an offset, ISO text, Date or Luxon objects) as instants
 * and the platform's text formats. Without an offset, a date-time is wall-clock time in the given zone. Zones are
 * luxon's: n8n provides it, as it does n8n-workflow.
 */
import { DateTime } from 'luxon';

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

/** An unknown zone is UTC. */
export function inZone(date: Date, timeZone?: string): DateTime {
	const at = DateTime.fromJSDate(date, { zone: timeZone || 'UTC' });
	return at.isValid || !timeZone ? at : DateTime.fromJSDate(date, { zone: 'UTC' });
}

export function wallTimeIn(date: Date, timeZone?: string): WallTime {
	const { year, month, day, hour, minute, second } = inZone(date, timeZone);
	return { year, month, day, hour, minute, second };
}

const sameWallTime = (at: DateTime, wall: WallTime) =>
	at.year === wall.year && at.month === wall.month && at.day === wall.day && at.hour === wall.hour && at.minute === wall.minute && at.second === wall.second;

/**
 * Clocks that go back show a wall time twice: the first is taken (luxon's choice depends on today's offset). One
 * they jump over gives luxon's instant, moved forward by the jump.
 */
export function instantOfWallTime(wall: WallTime, timeZone?: string): Date {
	const asUtc = DateTime.fromObject(wall, { zone: 'UTC' });
	const near = inZone(asUtc.toJSDate(), timeZone);
	const shown = [near.minus({ days: 1 }).offset, near.plus({ days: 1 }).offset]
		.map((offset) => asUtc.minus({ minutes: offset }).setZone(near.zone))
		.filter((candidate) => sameWallTime(candidate, wall))
		.sort((a, b) => a.toMillis() - b.toMillis());
	return (shown[0] ?? DateTime.fromObject(wall, { zone: near.zone })).toJSDate();
}

/** Undefined when empty or not a date-time. */
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
		// A real date and time of day (luxon also takes 24:00:00, the next day's midnight: refused here).
		return sameWallTime(DateTime.fromObject(parsed, { zone: 'UTC' }), parsed) ? instantOfWallTime(parsed, timeZone) : undefined;
	}
	if (!HAS_OFFSET.test(text)) return undefined;
	const ms = Date.parse(text);
	return Number.isNaN(ms) ? undefined : new Date(ms);
}

/** `2025-01-31T17:05:00+00:00`, the form of the platform's samples (signing seed, `status.date`). Now by default. */
export function formatIsoUtc(date: Date = new Date()): string {
	return `${date.toISOString().slice(0, 19)}+00:00`;
}

/** What is not a date-time is handed back as typed, so that validation names it. */
export function isoUtcOrAsTyped(value: unknown, timeZone?: string): unknown {
	const date = parseDateTimeInput(value, timeZone);
	return date ? formatIsoUtc(date) : value;
}

export function formatSpaced(date: Date, timeZone?: string): string {
	return inZone(date, timeZone).toFormat('yyyy-MM-dd HH:mm:ss');
}

/** A plain date is kept as typed. */
export function formatDateOnly(value: unknown, timeZone?: string): string | undefined {
	if (typeof value === 'string' && WALL_TIME.test(value.trim())) {
		return parseDateTimeInput(value, 'UTC') ? value.trim().slice(0, 10) : undefined;
	}
	const date = parseDateTimeInput(value, timeZone);
	if (!date) return undefined;
	return formatSpaced(date, timeZone).slice(0, 10);
}
