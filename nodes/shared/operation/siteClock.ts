/**
 * The site's clock: the time zone the platform reads and writes a site's wall-clock times in (a payment link's
 * expiry, a report's days, the `YYYY-MM-DD HH:MM:SS` dates of its answers). It is set once, in the signed
 * credential's Site Time Zone; a node that offers its own Site Time Zone field may override it; a credential
 * saved before that field existed falls back to the workflow's zone, as the nodes did before it.
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import type { OperationContext, SiteClock } from '../context/item';
import { wantsSimplified } from '../descriptions/simplify';
import { formatIsoUtc, parseDateTimeInput } from '../schemas/dateTime';
import { canonicalTimeZone, credentialTimeZone, isoInZone, resolveTimeZone } from '../schemas/timeZone';
import { credentialsOnce } from '../transport/credentials';

export type { SiteClock } from '../context/item';

/** The value of a node's Site Time Zone field that leaves the choice to the credential. */
export const CREDENTIAL_TIME_ZONE_OPTION = 'credential';

/**
 * The site's clock from what is known: the node's override when it names a zone (empty or "credential" names
 * none), else the credential's zone, else the workflow's. An override that is not a zone is an error to show.
 * Pure.
 */
export function chooseSiteClock(override: unknown, credentialZone: string | undefined, workflowZone: string): SiteClock | { error: string } {
	const text = typeof override === 'string' ? override.trim() : '';
	if (text !== '' && text !== CREDENTIAL_TIME_ZONE_OPTION) {
		const chosen = resolveTimeZone(text, workflowZone);
		return 'error' in chosen ? chosen : { zone: chosen.zone, source: 'node' };
	}
	const fromCredential = credentialZone ? canonicalTimeZone(credentialZone) : undefined;
	if (fromCredential) return { zone: fromCredential, source: 'credential' };
	return { zone: canonicalTimeZone(workflowZone) ?? 'UTC', source: 'workflow' };
}

/**
 * The site's clock for this item, the credential read through the run's cache (one read per node run).
 * `override` is the value of the node's own Site Time Zone field, where it has one; `fieldName` names it in the
 * error when it is not a zone.
 */
export async function siteClock(ctx: OperationContext, override?: unknown, fieldName = 'Site Time Zone'): Promise<SiteClock> {
	const credentials = await credentialsOnce(ctx.fn, 'paySuiteApi');
	const clock = chooseSiteClock(override, credentialTimeZone(credentials as IDataObject), ctx.fn.getTimezone());
	if ('error' in clock) return ctx.fail(`${fieldName} ${clock.error}`, "Choose the site's time zone in the list, or leave it on the credential's.");
	return clock;
}

/** The clock the executor resolved for this item, for the operation's body and output (which are not async). */
export function clockOf(ctx: OperationContext): SiteClock {
	if (!ctx.clock) throw new Error('The site clock is read by an operation declared without siteClock');
	return ctx.clock;
}

/**
 * A date of the platform as ISO 8601 with the site's offset: `2026-12-01 18:00:00` (no offset: the site's
 * wall clock) and `2026-12-01T23:00:00+00:00` (an instant) both give `2026-12-01T18:00:00-05:00` in Bogota.
 * Null when the value is not a date-time. Pure.
 */
export function siteIso(value: unknown, zone: string): string | null {
	if (typeof value !== 'string') return null;
	const instant = parseDateTimeInput(value, zone);
	return instant ? isoInZone(instant, zone) : null;
}

/** The suffix of the field beside each platform date that holds it as ISO 8601 with the site's offset. */
const ISO_SUFFIX = 'Iso';

/** The suffix of the field that holds a date as ISO 8601 in UTC, where an output gives one too (a link's expiry). */
const UTC_SUFFIX = 'Utc';

/** A date of the platform as ISO 8601 in UTC (`2026-12-01T23:00:00+00:00`); null when it is not a date-time. Pure. */
export function siteUtc(value: unknown, zone: string): string | null {
	const instant = typeof value === 'string' ? parseDateTimeInput(value, zone) : undefined;
	return instant ? formatIsoUtc(instant) : null;
}

/**
 * The record with `<key>Iso` right after each date key it has (its place in a table is beside the date), and
 * `<key>Utc` after that for the keys of `utcKeys`. Pure.
 */
export function withSiteIso(record: IDataObject, keys: readonly string[], zone: string, utcKeys: readonly string[] = []): IDataObject {
	const result: IDataObject = {};
	for (const [key, value] of Object.entries(record)) {
		result[key] = value;
		if (keys.includes(key)) result[`${key}${ISO_SUFFIX}`] = siteIso(value, zone);
		if (utcKeys.includes(key)) result[`${key}${UTC_SUFFIX}`] = siteUtc(value, zone);
	}
	return result;
}

export interface SiteClockUse {
	/** Top-level keys of the simplified items that are platform dates: each gets its `<key>Iso` beside it. */
	dates?: readonly string[];
	/** Those of `dates` that also get `<key>Utc` (a payment link's expiry). */
	utc?: readonly string[];
	/** A key of the item that names its own zone (a site's `timezone`), used instead of the clock when it is one. */
	zoneKey?: string;
	/** The node's own Site Time Zone field, where it has one. */
	override?: (ctx: OperationContext) => unknown;
}

/**
 * The items of an operation declared with `siteClock`: with Simplify on, each listed date gets its ISO 8601 form
 * with the site's offset (or the item's own zone, `zoneKey`). Run by the executor after the operation.
 */
export function withSiteDates(ctx: OperationContext, items: INodeExecutionData[], use: SiteClockUse): INodeExecutionData[] {
	const dates = use.dates;
	if (!dates?.length || !wantsSimplified(ctx)) return items;
	const clock = clockOf(ctx);
	return items.map((item): INodeExecutionData => {
		const own = use.zoneKey && typeof item.json[use.zoneKey] === 'string' ? canonicalTimeZone(item.json[use.zoneKey] as string) : undefined;
		return { ...item, json: withSiteIso(item.json, dates, own ?? clock.zone, use.utc) };
	});
}
