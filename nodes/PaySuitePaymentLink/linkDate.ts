import { formatSpaced, parseDateTimeInput, wallTimeIn } from '../shared/schemas/dateTime';

/**
 * `YYYY-MM-DD HH:MM:SS`, read by the platform in the site's zone. With an offset the value is that instant; without
 * (the date picker) it is wall-clock time of the workflow's zone, as in every other date field. Non-dates are handed
 * back for validation.
 */
export function toLinkDate(value: unknown, workflowZone: string | undefined, siteZone: string | undefined = workflowZone): unknown {
	if (value === undefined || value === null || value === '') return undefined;
	const date = parseDateTimeInput(value, workflowZone);
	return date ? formatSpaced(date, siteZone) : value;
}

/** Version 2's default. */
export const DEFAULT_VALID_DAYS = 14;

const pad = (value: number, size = 2) => String(value).padStart(size, '0');

/**
 * The same time of day `days` calendar days later, on the site's clock, so a daylight saving change does not move it
 * an hour.
 */
export function expiryAfterDays(days: number, now: Date, siteZone: string): string {
	const wall = wallTimeIn(now, siteZone);
	const day = new Date(Date.UTC(wall.year, wall.month - 1, wall.day + days));
	const date = `${pad(day.getUTCFullYear(), 4)}-${pad(day.getUTCMonth() + 1)}-${pad(day.getUTCDate())}`;
	return `${date} ${pad(wall.hour)}:${pad(wall.minute)}:${pad(wall.second)}`;
}

/** Arrays pass through. */
export function toList(value: unknown): string[] | undefined {
	if (value === undefined || value === null || value === '') return undefined;
	const entries = Array.isArray(value) ? value.map(String) : String(value).split(/[,\n]/);
	const list = entries.map((entry) => entry.trim()).filter((entry) => entry !== '');
	return list.length ? list : undefined;
}
