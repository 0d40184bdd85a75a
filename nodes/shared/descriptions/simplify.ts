/**
 * n8n's Simplify switch (its own nodes' wording and default), where an answer has more than 10 fields: on, a flat
 * record documented in docs/nodes/; off, the answer as it came (secrets still hidden).
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

/** On by default, also where the field is not shown. */
export const wantsSimplified = (ctx: OperationContext): boolean => ctx.param<boolean>('simple', true) !== false;

/** The platform may give it as text ("50000.00"). */
export function amountNumber(value: unknown): number | undefined {
	if (typeof value === 'number') return value;
	if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
	return undefined;
}

/** {} when missing, null, a list or a value. */
export const asObject = (value: unknown): IDataObject => (value && typeof value === 'object' && !Array.isArray(value) ? (value as IDataObject) : {});
