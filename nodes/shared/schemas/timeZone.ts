/**
 * Time zones for date-times the platform reads without an offset (a payment link's `YYYY-MM-DD HH:MM:SS` is
 * read in the site's time zone): the zone the user chose, the list n8n shows, and a preview of what is sent.
 */
import type { IDataObject, INodePropertyOptions } from 'n8n-workflow';

import { formatSpaced, inZone, parseDateTimeInput } from './dateTime';

/** The option that stands for the workflow's time zone (its settings, or the instance's default). */
export const WORKFLOW_TIME_ZONE = 'workflow';

/** The canonical spelling of an IANA zone (`america/bogota` → `America/Bogota`); undefined when unknown. */
export function canonicalTimeZone(zone: string): string | undefined {
	if (!zone.trim()) return undefined;
	try {
		return new Intl.DateTimeFormat('en-US', { timeZone: zone.trim() }).resolvedOptions().timeZone;
	} catch {
		return undefined;
	}
}

/** Every IANA zone this runtime knows, UTC first. */
export function allTimeZones(): string[] {
	const zones = (Intl as { supportedValuesOf?: (key: 'timeZone') => string[] }).supportedValuesOf?.('timeZone') ?? [];
	return ['UTC', ...zones.filter((zone) => zone !== 'UTC')];
}

/**
 * The zone a choice names: the workflow's for the workflow option (or nothing chosen), else the IANA zone.
 * An unknown zone is an error to show, never a silent fallback to UTC.
 */
export function resolveTimeZone(choice: unknown, workflowZone: string): { zone: string } | { error: string } {
	const text = typeof choice === 'string' ? choice.trim() : '';
	if (text === '' || text === WORKFLOW_TIME_ZONE) return { zone: canonicalTimeZone(workflowZone) ?? 'UTC' };
	const zone = canonicalTimeZone(text);
	return zone ? { zone } : { error: `must be a time zone name such as America/Bogota or Europe/Madrid; got '${text}'` };
}

/** What is sent for a wall-clock date-time of `zone`, with the zone named: `2026-11-24 10:00:00 (America/Bogota)`. */
export const sentAs = (wallTime: string, zone: string) => `${wallTime} (${zone})`;

/**
 * The options of a "site time zone" field: the workflow's zone first, then every zone. When the date field
 * holds a date (not an expression, which only resolves when the node runs), each option says what it sends.
 */
export function timeZoneOptions(workflowZone: string, dateValue: unknown): INodePropertyOptions[] {
	const workflow = canonicalTimeZone(workflowZone) ?? 'UTC';
	const picked = typeof dateValue === 'string' && !dateValue.startsWith('=') ? parseDateTimeInput(dateValue, workflow) : undefined;
	const sends = (zone: string) => (picked ? `Sends ${formatSpaced(picked, zone)}` : undefined);
	return [
		{
			name: `Workflow Time Zone (${workflow})`,
			value: WORKFLOW_TIME_ZONE,
			description: sends(workflow) ?? "The time zone in the workflow's settings",
		},
		...allTimeZones().map((zone) => ({ name: zone, value: zone, description: sends(zone) })),
	];
}

/** The signed credential's field that holds the site's time zone (the zone the platform reads its times in). */
const CREDENTIAL_TIME_ZONE = 'timeZone';

/** The site's time zone a signed credential names, canonical; undefined when it names none (older credentials). */
export function credentialTimeZone(credentials: IDataObject | undefined): string | undefined {
	const value = credentials?.[CREDENTIAL_TIME_ZONE];
	return typeof value === 'string' ? canonicalTimeZone(value) : undefined;
}

/** ISO 8601 as the clocks of `zone` show the instant, with that zone's offset: `2026-12-01T18:00:00-05:00`. */
export function isoInZone(date: Date, zone: string): string {
	// Whole seconds, and +00:00 rather than Z: the form of the platform's samples.
	const iso = inZone(date, zone).startOf('second').toISO({ suppressMilliseconds: true }) ?? '';
	return iso.endsWith('Z') ? `${iso.slice(0, -1)}+00:00` : iso;
}
