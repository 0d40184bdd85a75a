/**
 * n8n's Simplify switch (the wording and default of n8n's own nodes), on every operation whose answer has more
 * than 10 fields: on, the item is a flat record of what a workflow uses (ids, status, amounts as numbers, dates,
 * reference...), documented in docs/nodes/; off, the platform's answer as it came (secrets still hidden unless
 * Include Secrets is on).
 */
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import type { OperationContext } from '../context/item';

export const simplifyProperty: INodeProperties = {
	displayName: 'Simplify',
	name: 'simple',
	type: 'boolean',
	default: true,
	description: 'Whether to return a simplified version of the response instead of the raw data',
};

/** Whether this item's output is the simplified record (on by default, also where the field is not shown). */
export const wantsSimplified = (ctx: OperationContext): boolean => ctx.param<boolean>('simple', true) !== false;

/** A number from an amount the platform may give as text ("50000.00"); undefined when there is none. */
export function amountNumber(value: unknown): number | undefined {
	if (typeof value === 'number') return value;
	if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
	return undefined;
}

/** A part of an answer that should be an object, or {} when it is not one (missing, null, a list, a value). */
export const asObject = (value: unknown): IDataObject => (value && typeof value === 'object' && !Array.isArray(value) ? (value as IDataObject) : {});
