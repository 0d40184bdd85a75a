import { formatIsoUtc, isoUtcOrAsTyped } from '../shared/schemas/dateTime';

/** Minutes a session stays open when the user sets no expiration. */
export const DEFAULT_EXPIRATION_MINUTES = 60;

/**
 * The date-time given (as ISO 8601 UTC), or now plus the default window when empty. Without an offset (the picker's)
 * it is read on the site's clock, `timeZone`; text that is not a date-time is handed back for validation to name.
 */
export function resolveExpiration(value: unknown, timeZone: string | undefined, now: number): string {
	if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
		return formatIsoUtc(new Date(now + DEFAULT_EXPIRATION_MINUTES * 60_000));
	}
	return String(isoUtcOrAsTyped(value, timeZone));
}
