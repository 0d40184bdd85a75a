/**
 * What the Payment Link's versions read differently, in one place. Version 1 keeps what its saved workflows were built
 * on; a change is a new version.
 */
export const SINCE = {
	/** Create is valid 14 days unless given a date, uses the credential's Site Time Zone and simplifies its output. */
	siteClock: 2,
	/** Create and Wait: n8n's own time limit outputs UNKNOWN naming the link (not the input); each outcome says where it came from. */
	timeLimitOutcome: 3,
} as const;

/** `@version` conditions of the fields that differ. */
export const BEFORE_SITE_CLOCK = { '@version': [{ _cnd: { lt: SINCE.siteClock } }] };
export const FROM_SITE_CLOCK = { '@version': [{ _cnd: { gte: SINCE.siteClock } }] };
export const BEFORE_TIME_LIMIT_OUTCOME = { '@version': [{ _cnd: { lt: SINCE.timeLimitOutcome } }] };
export const FROM_TIME_LIMIT_OUTCOME = { '@version': [{ _cnd: { gte: SINCE.timeLimitOutcome } }] };

export const onSiteClock = (version: number): boolean => version >= SINCE.siteClock;
export const saysTimeLimitOutcome = (version: number): boolean => version >= SINCE.timeLimitOutcome;
