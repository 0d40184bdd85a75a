/**
 * What the Payment Link's versions read differently, in one place. Version 1 keeps what its saved workflows were
 * built on; a change is a new version.
 */
export const SINCE = {
	/** Create is valid 14 days unless given a date, uses the credential's Site Time Zone and simplifies its output. */
	siteClock: 2,
} as const;

/** `@version` conditions of the fields that differ. */
export const BEFORE_SITE_CLOCK = { '@version': [{ _cnd: { lt: SINCE.siteClock } }] };
export const FROM_SITE_CLOCK = { '@version': [{ _cnd: { gte: SINCE.siteClock } }] };

export const onSiteClock = (version: number): boolean => version >= SINCE.siteClock;
