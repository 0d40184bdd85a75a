import { formatSpaced, parseDateTimeInput, wallTimeIn } from '../shared/schemas/dateTime';

/**
 * The link's `expirationDate` (`YYYY-MM-DD HH:MM:SS`), which the platform reads in the site's time zone.
 * The value is read as n8n gives it: with an offset (an expression such as `{{ $now.plus(2, 'hours') }}`) it
 * is that instant; without one (the date picker) it is wall-clock time of the workflow's zone, as in every
 * other date field. The instant is then written as the clocks of the site's zone show it. Text that is not a
 * date-time is handed back for validation.
 */
export function toLinkDate(value: unknown, workflowZone: string | undefined, siteZone: string | undefined = workflowZone): unknown {
	if (value === undefined || value === null || value === '') return undefined;
	const date = parseDateTimeInput(value, workflowZone);
	return date ? formatSpaced(date, siteZone) : value;
}

/** How long a new link stays valid when the user gives no date (version 2's default). */
export const DEFAULT_VALID_DAYS = 14;

const pad = (value: number, size = 2) => String(value).padStart(size, '0');

/**
 * The expiry of a link valid for `days` days from `now`, as the site's clocks show it: the same time of day,
 * `days` calendar days later (so a change to or from daylight saving time does not move it by an hour).
 */
export function expiryAfterDays(days: number, now: Date, siteZone: string): string {
	const wall = wallTimeIn(now, siteZone);
	const day = new Date(Date.UTC(wall.year, wall.month - 1, wall.day + days));
	const date = `${pad(day.getUTCFullYear(), 4)}-${pad(day.getUTCMonth() + 1)}-${pad(day.getUTCDate())}`;
	return `${date} ${pad(wall.hour)}:${pad(wall.minute)}:${pad(wall.second)}`;
}

/** A comma- or line-separated list as an array of trimmed, non-empty entries; arrays pass through. */
export function toList(value: unknown): string[] | undefined {
	if (value === undefined || value === null || value === '') return undefined;
	const entries = Array.isArray(value) ? value.map(String) : String(value).split(/[,\n]/);
	const list = entries.map((entry) => entry.trim()).filter((entry) => entry !== '');
	return list.length ? list : undefined;
}
