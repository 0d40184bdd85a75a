import type { IDataObject, IDisplayOptions, INodeProperties } from 'n8n-workflow';

import type { OperationContext } from '../../../shared/operation';

export const internalReferenceProperty: INodeProperties = {
	displayName: 'Internal Reference',
	name: 'internalReference',
	type: 'number',
	default: 0,
	required: true,
	description: "The platform's internal reference of the payment (internalReference in a session's payments)",
};

/** Currency and total of a partial amount, shown when `displayOptions` holds. */
export function amountProperties(displayOptions: IDisplayOptions, what: string): INodeProperties[] {
	return [
		{
			displayName: 'Currency',
			name: 'currency',
			type: 'string',
			default: 'USD',
			required: true,
			displayOptions,
			description: 'ISO 4217 alphabetic code of the currency, the same as the payment',
		},
		{
			displayName: 'Amount',
			name: 'total',
			type: 'number',
			typeOptions: { numberPrecision: 2, minValue: 0 },
			default: 0,
			required: true,
			displayOptions,
			description: what,
		},
	];
}

/** `amount {currency, total}` from the fields above. */
export function amountFrom(ctx: OperationContext): IDataObject {
	return { currency: ctx.param<string>('currency', ''), total: ctx.param<number>('total') };
}
