/**
 * n8n's Simplify switch (its own nodes' wording and default), where an answer has more than 10 fields: on, a flat
 * record documented in docs/nodes/; off, the answer as it came (secrets still hidden).
 */
import type { IDataObject, IExecuteFunctions, INodeProperties, IPollFunctions, IWebhookFunctions } from 'n8n-workflow';

import type { OperationContext } from '../context/item';

export const simplifyProperty: INodeProperties = {
	displayName: 'Simplify',
	name: 'simple',
	type: 'boolean',
	default: true,
	description: 'Whether to return a simplified version of the response instead of the raw data',
};

type ReadsParameters = Pick<OperationContext, 'param'> | Pick<IExecuteFunctions | IPollFunctions | IWebhookFunctions, 'getNodeParameter'>;

/**
 * The one answer to "is Simplify on?": on by default, also where the field is not shown. `name`: a Transaction
 * Trigger saved at version 1 calls it `simplify`.
 */
export function simplifyOn(from: ReadsParameters, name: 'simple' | 'simplify' = 'simple'): boolean {
	const read = 'param' in from ? from.param<unknown>(name, true) : (from.getNodeParameter as (name: string, fallback: unknown) => unknown)(name, true);
	return read !== false;
}

/** The platform may give it as text ("50000.00"). */
export function amountNumber(value: unknown): number | undefined {
	if (typeof value === 'number') return value;
	if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
	return undefined;
}

/** {} when missing, null, a list or a value. */
export const asObject = (value: unknown): IDataObject => (value && typeof value === 'object' && !Array.isArray(value) ? (value as IDataObject) : {});

/** `{ key: source.key ?? null }` for each key, in this order: every item has the same columns. */
export const orNull = (source: IDataObject, ...keys: string[]): IDataObject => Object.fromEntries(keys.map((key) => [key, source[key] ?? null]));
