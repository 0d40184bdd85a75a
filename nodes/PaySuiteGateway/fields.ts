/** Fields several gateway operations share: the card, the amount, the language (the Person is in shared/person). */
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import type { OperationContext } from '../shared/operation';

export const cardNumberProperty: INodeProperties = {
	displayName: 'Card Number',
	name: 'cardNumber',
	type: 'string',
	typeOptions: { password: true },
	default: '',
	required: true,
	description: 'The card number, digits only (12 to 19). It is sent to the platform and never shown in an output or an error.',
};

export const expirationProperty: INodeProperties = {
	displayName: 'Expiration',
	name: 'expiration',
	type: 'string',
	default: '',
	placeholder: '12/29',
	description: 'Expiry month and two-digit year of the card, as MM/YY',
};

export const cvvProperty: INodeProperties = {
	displayName: 'CVV',
	name: 'cvv',
	type: 'string',
	typeOptions: { password: true },
	default: '',
	description: 'Security code of the card (3 or 4 digits); only sent when set. Never shown in an output or an error.',
};

/** The card fields as the spec's `instrument.card`; digits only (spaces and dashes typed by people are removed). */
export function cardFromParameters(ctx: OperationContext, withCvv = false): IDataObject {
	const number = String(ctx.param<string>('cardNumber', '') ?? '').replace(/[\s-]/g, '');
	return {
		// null rather than empty, so that a missing number is reported as such and not as a missing instrument.
		number: number === '' ? null : number,
		expiration: String(ctx.param<string>('expiration', '') ?? '').trim(),
		cvv: withCvv ? String(ctx.param<string>('cvv', '') ?? '').trim() : undefined,
	};
}

export const currencyProperty: INodeProperties = {
	displayName: 'Currency',
	name: 'currency',
	type: 'string',
	default: 'USD',
	required: true,
	description: 'ISO 4217 alphabetic code of the currency, such as USD or COP',
};

export const totalProperty: INodeProperties = {
	displayName: 'Amount',
	name: 'total',
	type: 'number',
	typeOptions: { numberPrecision: 2, minValue: 0 },
	default: 0,
	required: true,
	description: 'Total amount',
};

export const referenceProperty: INodeProperties = {
	displayName: 'Reference',
	name: 'reference',
	type: 'string',
	default: '',
	required: true,
	description: 'Your reference of the payment, such as an order number (1 to 32 characters)',
};

export const localeOption: INodeProperties = {
	displayName: 'Locale',
	name: 'locale',
	type: 'string',
	default: '',
	placeholder: 'en_US',
	description: 'Language of the answer, such as en_US or es_CO (max 5 characters)',
};
