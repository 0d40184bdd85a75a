import { formatSpaced, parseDateTimeInput } from '../shared/dateTime';

/**
 * The link's `expirationDate` (`YYYY-MM-DD HH:MM:SS`) from a date picker value or an ISO date-time, as the
 * clocks of the workflow's time zone show it. Text that is not a date-time is handed back for validation.
 */
export function toLinkDate(value: unknown, timeZone: string | undefined): unknown {
	if (value === undefined || value === null || value === '') return undefined;
	const date = parseDateTimeInput(value, timeZone);
	return date ? formatSpaced(date, timeZone) : value;
}

/** A comma- or line-separated list as an array of trimmed, non-empty entries; arrays pass through. */
export function toList(value: unknown): string[] | undefined {
	if (value === undefined || value === null || value === '') return undefined;
	const entries = Array.isArray(value) ? value.map(String) : String(value).split(/[,\n]/);
	const list = entries.map((entry) => entry.trim()).filter((entry) => entry !== '');
	return list.length ? list : undefined;
}
