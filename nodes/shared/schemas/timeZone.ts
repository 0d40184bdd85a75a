/** Time zones for date-times the platform reads without an offset (a link's `YYYY-MM-DD HH:MM:SS`, in the site's zone). */
import type { IDataObject, INodePropertyOptions } from 'n8n-workflow';

import { formatSpaced, inZone, parseDateTimeInput } from './dateTime';

/** Its settings, or the instance's default. */
export const WORKFLOW_TIME_ZONE = 'workflow';

/**
 * Each spelling asked for, canonical once per process: Intl builds a formatter to tell, which was most of a
 * request's own time (bench/README.md). Zone names only, bounded.
 */
const canonicalZones = new Map<string, string | undefined>();
const MAX_ZONE_SPELLINGS = 1000;

/** `america/bogota` → `America/Bogota`; undefined when unknown. */
export function canonicalTimeZone(zone: string): string | undefined {
	const name = zone.trim();
	if (!name) return undefined;
	if (canonicalZones.has(name)) return canonicalZones.get(name);
	let canonical: string | undefined;
	try {
		canonical = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
	} catch {
		canonical = undefined;
	}
	if (canonicalZones.size >= MAX_ZONE_SPELLINGS) canonicalZones.clear();
	canonicalZones.set(name, canonical);
	return canonical;
}

export function allTimeZones(): string[] {
	const zones = (Intl as { supportedValuesOf?: (key: 'timeZone') => string[] }).supportedValuesOf?.('timeZone') ?? [];
	return ['UTC', ...zones.filter((zone) => zone !== 'UTC')];
}

/** An unknown zone is an error to show, never a silent fallback to UTC. */
export function resolveTimeZone(choice: unknown, workflowZone: string): { zone: string } | { error: string } {
	const text = typeof choice === 'string' ? choice.trim() : '';
	if (text === '' || text === WORKFLOW_TIME_ZONE) return { zone: canonicalTimeZone(workflowZone) ?? 'UTC' };
	const zone = canonicalTimeZone(text);
	return zone ? { zone } : { error: `must be a time zone name such as America/Bogota or Europe/Madrid; got '${text}'` };
}

/** `2026-11-24 10:00:00 (America/Bogota)`. */
export const sentAs = (wallTime: string, zone: string) => `${wallTime} (${zone})`;

/** When the date field holds a date (an expression resolves only when the node runs), each option says what it sends. */
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

const CREDENTIAL_TIME_ZONE = 'timeZone';

/** Undefined when it names none (older credentials). */
export function credentialTimeZone(credentials: IDataObject | undefined): string | undefined {
	const value = credentials?.[CREDENTIAL_TIME_ZONE];
	return typeof value === 'string' ? canonicalTimeZone(value) : undefined;
}

/** `2026-12-01T18:00:00-05:00`. */
export function isoInZone(date: Date, zone: string): string {
	// Whole seconds, and +00:00 rather than Z: the form of the platform's samples.
	const iso = inZone(date, zone).startOf('second').toISO({ suppressMilliseconds: true }) ?? '';
	return iso.endsWith('Z') ? `${iso.slice(0, -1)}+00:00` : iso;
}
