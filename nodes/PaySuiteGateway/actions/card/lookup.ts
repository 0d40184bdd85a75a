/** What the three card lookups share: the optional payment they may carry and the request options. */
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import type { OperationContext } from '../../../shared/operation';
import { localeOption } from '../../fields';

export const paymentOptions: INodeProperties[] = [
	{
		displayName: 'Payment Amount',
		name: 'paymentTotal',
		type: 'number',
		typeOptions: { numberPrecision: 2, minValue: 0 },
		default: 0,
		description: 'Amount of the payment the card is for; sent with Payment Currency and Payment Reference',
	},
	{
		displayName: 'Payment Currency',
		name: 'paymentCurrency',
		type: 'string',
		default: '',
		placeholder: 'USD',
		description: 'ISO 4217 alphabetic code of the currency of the payment',
	},
	{
		displayName: 'Payment Reference',
		name: 'paymentReference',
		type: 'string',
		default: '',
		description: 'Your reference of the payment (1 to 32 characters)',
	},
];

export const clientOptions: INodeProperties[] = [
	{ displayName: 'IP Address', name: 'ipAddress', type: 'string', default: '', description: "The buyer's IP address (max 46 characters)" },
	localeOption,
	{ displayName: 'User Agent', name: 'userAgent', type: 'string', default: '', description: "The buyer's browser user agent (max 255 characters)" },
];

/** The payment of a lookup, from the options; undefined when none of its fields was set. */
export function lookupPayment(options: IDataObject): IDataObject | undefined {
	const { paymentTotal, paymentCurrency, paymentReference } = options;
	if (paymentTotal === undefined && !paymentCurrency && !paymentReference) return undefined;
	return { reference: paymentReference, amount: { currency: paymentCurrency, total: paymentTotal } };
}

export const optionsOf = (ctx: OperationContext) => ctx.param<IDataObject>('options', {});
