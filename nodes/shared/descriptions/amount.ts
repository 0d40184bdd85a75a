/**
 * Currency (`currency`) and Amount (`total`), the same in every node that asks for an amount: workflows are built
 * on these names and defaults. shared/schemas/payment checks decimals and the maximum before sending.
 */
import type { IDisplayOptions, INodeProperties } from 'n8n-workflow';

import type { OperationContext } from '../context/item';
import { currencyOptions } from './choices';

interface AmountWords {
	/** What the amount is, in the operation's words. */
	amount?: string;
	currency?: string;
	displayOptions?: IDisplayOptions;
}

export function amountProperties({
	amount = 'Total amount',
	currency = 'Currency of the amount',
	displayOptions,
}: AmountWords = {}): INodeProperties[] {
	const shown = displayOptions ? { displayOptions } : {};
	return [
		// A dropdown of the ISO 4217 codes; an expression still gives any code (checked before sending).
		{ displayName: 'Currency', name: 'currency', type: 'options', options: currencyOptions, default: 'USD', required: true, ...shown, description: currency },
		{
			displayName: 'Amount',
			name: 'total',
			type: 'number',
			// No fixed precision: the currency says how many decimals (USD 2, JPY 0, KWD 3), and more are refused.
			typeOptions: { minValue: 0 },
			default: 0,
			required: true,
			...shown,
			description: `${amount}, with at most the decimals of the currency (USD 2, JPY none, KWD 3)`,
		},
	];
}

/** Validated by the caller. */
export function amountFromParameters(ctx: OperationContext): { currency: string; total: number } {
	return { currency: ctx.param<string>('currency', ''), total: ctx.param<number>('total') };
}
