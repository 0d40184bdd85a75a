/**
 * The site's clock: the zone the platform reads and writes a site's wall-clock times in (a link's expiry, a
 * report's days, the dates of its answers). Set in the credential's Site Time Zone; a node's own field may override
 * it; a credential saved before that field existed falls back to the workflow's zone.
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import type { OperationContext, SiteClock } from '../context/item';
import { simplifyOn } from '../descriptions/simplify';
import { formatIsoUtc, parseDateTimeInput } from '../schemas/dateTime';
import { canonicalTimeZone, credentialTimeZone, isoInZone, resolveTimeZone } from '../schemas/timeZone';
import { credentialsOnce } from '../transport/credentials';

export type { SiteClock } from '../context/item';

/** The value of a node's Site Time Zone field that leaves the choice to the credential. */
export const CREDENTIAL_TIME_ZONE_OPTION = 'credential';

/** The node's override when it names a zone, else the credential's, else the workflow's. Pure. */
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

/** The credential is read through the run's cache; `fieldName` names the override in its error. */
export async function siteClock(ctx: OperationContext, override?: unknown, fieldName = 'Site Time Zone'): Promise<SiteClock> {
	const credentials = await credentialsOnce(ctx.fn, 'paySuiteApi');
	const clock = chooseSiteClock(override, credentialTimeZone(credentials as IDataObject), ctx.fn.getTimezone());
	if ('error' in clock) return ctx.fail(`${fieldName} ${clock.error}`, "Choose the site's time zone in the list, or leave it on the credential's.");
	return clock;
}

/** For the operation's body and output, which are not async. */
export function clockOf(ctx: OperationContext): SiteClock {
	if (!ctx.clock) throw new Error('The site clock is read by an operation declared without siteClock');
	return ctx.clock;
}

/**
 * `2026-12-01 18:00:00` (the site's wall clock) and `2026-12-01T23:00:00+00:00` (an instant) both give
 * `2026-12-01T18:00:00-05:00` in Bogota. Null when not a date-time.
 */
export function siteIso(value: unknown, zone: string): string | null {
	if (typeof value !== 'string') return null;
	const instant = parseDateTimeInput(value, zone);
	return instant ? isoInZone(instant, zone) : null;
}

/** Beside each platform date: ISO 8601 with the site's offset. */
const ISO_SUFFIX = 'Iso';

/** ISO 8601 in UTC, where an output gives one too (a link's expiry). */
const UTC_SUFFIX = 'Utc';

/** Null when it is not a date-time. */
export function siteUtc(value: unknown, zone: string): string | null {
	const instant = typeof value === 'string' ? parseDateTimeInput(value, zone) : undefined;
	return instant ? formatIsoUtc(instant) : null;
}

/** `<key>Iso` right after each date key (beside it in a table), then `<key>Utc` for `utcKeys`. Pure. */
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
	/** Top-level date keys of the simplified items. */
	dates?: readonly string[];
	/** Those of `dates` that also get `<key>Utc` (a payment link's expiry). */
	utc?: readonly string[];
	/** A key naming the item's own zone (a site's `timezone`), used instead of the clock. */
	zoneKey?: string;
	/** The node's own Site Time Zone field, where it has one. */
	override?: (ctx: OperationContext) => unknown;
}

/** With Simplify on only; run by the executor after the operation. */
export function withSiteDates(ctx: OperationContext, items: INodeExecutionData[], use: SiteClockUse): INodeExecutionData[] {
	const dates = use.dates;
	if (!dates?.length || !simplifyOn(ctx)) return items;
	const clock = clockOf(ctx);
	return items.map((item): INodeExecutionData => {
		const own = use.zoneKey && typeof item.json[use.zoneKey] === 'string' ? canonicalTimeZone(item.json[use.zoneKey] as string) : undefined;
		return { ...item, json: withSiteIso(item.json, dates, own ?? clock.zone, use.utc) };
	});
}
