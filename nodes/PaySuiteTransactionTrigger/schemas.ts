/** The trigger's parameters, checked and turned into what a poll works with. Pure. */
import { z } from 'zod/v3';

import { transactionStatusOptions, transactionTypeOptions } from '../shared/descriptions/choices';
import { parseDateTimeInput } from '../shared/schemas/dateTime';
import { DEFAULT_FOLLOW_PENDING_HOURS, DEFAULT_OVERLAP_MINUTES } from './descriptions/fields';
import type { TriggerOn } from './selection';

const STATUSES = transactionStatusOptions.map((option) => String(option.value));
const TYPES = transactionTypeOptions.map((option) => String(option.value));

const oneOf = (values: string[], what: string) =>
	z.array(z.string().refine((value) => values.includes(value), { message: `must be ${what} the list offers` })).default([]);

const parametersSchema = z.object({
	triggerOn: z.enum(['newTransaction', 'statusChanged'], { errorMap: () => ({ message: 'must be New Transactions or Status Changed' }) }),
	statuses: oneOf(STATUSES, 'statuses'),
	types: oneOf(TYPES, 'types'),
	simple: z.boolean().default(true),
	options: z
		.object({
			overlapMinutes: z.number({ invalid_type_error: 'must be a number' }).min(1, 'must be at least 1').max(1440, 'must be at most 1440').default(DEFAULT_OVERLAP_MINUTES),
			followPendingHours: z.number({ invalid_type_error: 'must be a number' }).min(0, 'must be at least 0').max(240, 'must be at most 240').default(DEFAULT_FOLLOW_PENDING_HOURS),
			startFrom: z.unknown().optional(),
		})
		.default({}),
});

export interface TriggerSettings {
	triggerOn: TriggerOn;
	statuses: string[];
	types: string[];
	simple: boolean;
	overlapMs: number;
	followPendingMs: number;
	/** The Start From option as an instant; undefined when not set. */
	startFrom?: number;
}

const LABELS: Record<string, string> = {
	triggerOn: 'Trigger On',
	statuses: 'Statuses',
	types: 'Transaction Types',
	simple: 'Simplify',
	'options.overlapMinutes': 'Options › Overlap (Minutes)',
	'options.followPendingHours': 'Options › Follow Pending For (Hours)',
	'options.startFrom': 'Options › Start From',
};

/** The parameters as a poll uses them, or what is wrong with them in the panel's words. */
export function readSettings(parameters: Record<string, unknown>, timeZone: string): { settings: TriggerSettings } | { problem: string } {
	const parsed = parametersSchema.safeParse(parameters);
	if (!parsed.success) {
		const issue = parsed.error.issues[0];
		const path = issue.path.filter((part) => typeof part === 'string').join('.');
		return { problem: `${LABELS[path] ?? path} ${issue.message}` };
	}
	const { options, ...chosen } = parsed.data;
	const hasStart = options.startFrom !== undefined && options.startFrom !== null && options.startFrom !== '';
	const start = hasStart ? parseDateTimeInput(options.startFrom, timeZone) : undefined;
	if (hasStart && !start) return { problem: `${LABELS['options.startFrom']} must be a date-time such as 2026-11-01 00:00:00` };
	return {
		settings: {
			...chosen,
			overlapMs: options.overlapMinutes * 60_000,
			followPendingMs: options.followPendingHours * 3_600_000,
			startFrom: start?.getTime(),
		},
	};
}

/**
 * The report's filters for the settings: the chosen types, or every type, so that the report always has its type
 * column; the chosen statuses and Pending, so that a pending transaction is followed until it settles.
 */
export function reportFilters(settings: TriggerSettings): { state?: string[]; type: string[] } {
	const type = settings.types.length ? settings.types : TYPES;
	if (!settings.statuses.length) return { type };
	return { state: [...new Set([...settings.statuses, 'PENDING'])], type };
}
