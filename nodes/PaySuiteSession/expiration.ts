import { formatIsoUtc, isoUtcOrAsTyped } from '../shared/schemas/dateTime';

/** Minutes a session stays open when the user sets no expiration. */
export const DEFAULT_EXPIRATION_MINUTES = 60;

/**
 * The `expiration` to send: the date-time the user gave (in ISO 8601 UTC), or now plus the default window
 * when it is empty. A date-time without an offset (the date picker's) is read in `timeZone`: the site's clock
 * (the credential's Site Time Zone, else the workflow's zone). Text that is not a date-time is handed back
 * unchanged so that validation names it.
 */
export function resolveExpiration(value: unknown, timeZone: string | undefined, now: number): string {
	if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
		return formatIsoUtc(new Date(now + DEFAULT_EXPIRATION_MINUTES * 60_000));
	}
	return String(isoUtcOrAsTyped(value, timeZone));
}
