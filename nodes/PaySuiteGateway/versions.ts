/**
 * What the Gateway's versions read differently, in one place. A saved workflow keeps its parameters by name, so an
 * older version keeps the names, defaults and behaviour it was saved with; a change is a new version.
 */
import type { DisplayCondition, IDisplayOptions } from 'n8n-workflow';

/** The version each change starts at. */
export const SINCE = {
	/** A new node starts on Transaction › Get, a read (version 1 started on Process). */
	getFirst: 2,
	/** A report's file is CSV unless File Format says TSV (versions 1 and 2 keep TSV). */
	csvFile: 3,
	/** Reports ask for every type when none is chosen; rows say their kind and payment, on the site's clock; Search says when it finds nothing. */
	siteRows: 4,
	/** The names below. */
	names: 4,
} as const;

/** Parameter names (and labels) that changed, by what they are: versions 1–3 keep those their saved workflows hold. */
const NAMES = {
	before: { statuses: 'state', types: 'type', notificationUrl: 'notificationURL', idempotencyKey: 'idempotenceKey', labels: { statuses: 'States', types: 'Types', idempotencyKey: 'Idempotence Key' } },
	since: { statuses: 'statuses', types: 'types', notificationUrl: 'notificationUrl', idempotencyKey: 'idempotencyKey', labels: { statuses: 'Statuses', types: 'Transaction Types', idempotencyKey: 'Idempotency Key' } },
} as const;

export type GatewayNames = (typeof NAMES)['before' | 'since'];

export const namesAt = (version: number): GatewayNames => (version >= SINCE.names ? NAMES.since : NAMES.before);

/** `@version` conditions: before a change, and from it on. */
export const before = (since: number): DisplayCondition => ({ _cnd: { lt: since } });
export const from = (since: number): DisplayCondition => ({ _cnd: { gte: since } });

/** A property for the versions before the renames, and one for those after, each with its names. */
export function byNames<T extends { displayOptions?: IDisplayOptions }>(build: (names: GatewayNames) => T): T[] {
	const at = (names: GatewayNames, condition: DisplayCondition): T => {
		const property = build(names);
		const show = { ...(property.displayOptions?.show ?? {}), '@version': [condition] };
		return { ...property, displayOptions: { ...property.displayOptions, show } };
	};
	return [at(NAMES.before, before(SINCE.names)), at(NAMES.since, from(SINCE.names))];
}
