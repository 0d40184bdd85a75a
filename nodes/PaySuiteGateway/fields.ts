/** Fields several gateway operations share: the card, the amount, a person, the language. */
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

const PERSON_FIELDS: Array<[string, string, string]> = [
	['company', 'Company', 'Company name'],
	['document', 'Document', 'Identity document number'],
	['documentType', 'Document Type', 'Type of the identity document, such as CC, CE, NIT or PPN'],
	['email', 'Email', 'E-mail address'],
	['mobile', 'Mobile', 'Mobile phone number'],
	['name', 'Name', 'First name(s)'],
	['surname', 'Surname', 'Last name(s)'],
];

const ADDRESS_FIELDS: Array<[string, string, string]> = [
	['city', 'Address City', 'City'],
	['country', 'Address Country', 'Country code (ISO 3166-1 alpha-2), such as CO'],
	['phone', 'Address Phone', 'Phone number at the address'],
	['postalCode', 'Address Postal Code', 'Postal code'],
	['state', 'Address State', 'State or province'],
	['street', 'Address Street', 'Street and number'],
];

const addressName = (key: string) => `address${key[0].toUpperCase()}${key.slice(1)}`;

/** A Person (payer, buyer) as a collection of optional fields; the address fields are flattened. */
export function personProperty(name: string, displayName: string, description: string, required = false): INodeProperties {
	const options: INodeProperties[] = [
		...ADDRESS_FIELDS.map(([key, label, words]): INodeProperties => ({ displayName: label, name: addressName(key), type: 'string', default: '', description: words })),
		...PERSON_FIELDS.map(
			([key, label, words]): INodeProperties => ({
				displayName: label,
				name: key,
				type: 'string',
				default: '',
				description: words,
				...(key === 'email' ? { placeholder: 'name@email.com' } : {}),
			}),
		),
	];
	options.sort((a, b) => a.displayName.localeCompare(b.displayName));
	return { displayName, name, type: 'collection', placeholder: 'Add Field', default: {}, description, options, required };
}

/** The collection's value as the spec's Person; undefined when nothing was set. */
export function toPerson(value: unknown): IDataObject | undefined {
	if (!value || typeof value !== 'object') return undefined;
	const fields = value as IDataObject;
	const person: IDataObject = {};
	for (const [key] of PERSON_FIELDS) if (fields[key] !== undefined && fields[key] !== '') person[key] = fields[key];
	const address: IDataObject = {};
	for (const [key] of ADDRESS_FIELDS) if (fields[addressName(key)] !== undefined && fields[addressName(key)] !== '') address[key] = fields[addressName(key)];
	if (Object.keys(address).length) person.address = address;
	return Object.keys(person).length ? person : undefined;
}
