/** A Person (payer, buyer): both APIs describe the same Person, so the Gateway and Session nodes offer the same fields. */
import type { DisplayCondition, IDataObject, INodeProperties } from 'n8n-workflow';

import { countryOptions, documentTypeOptions } from './choices';

const PERSON_FIELDS: Array<[string, string, string]> = [
	['company', 'Company', 'Company name'],
	['document', 'Document', 'Identity document number'],
	['documentType', 'Document Type', 'Type of the identity document (another code can be given as an expression)'],
	['email', 'Email', 'E-mail address'],
	['mobile', 'Mobile', 'Mobile phone number'],
	['name', 'Name', 'First name(s)'],
	['surname', 'Surname', 'Last name(s)'],
];

const ADDRESS_FIELDS: Array<[string, string, string]> = [
	['city', 'Address City', 'City'],
	['country', 'Address Country', 'Country of the address'],
	['phone', 'Address Phone', 'Phone number at the address'],
	['postalCode', 'Address Postal Code', 'Postal code'],
	['state', 'Address State', 'State or province'],
	['street', 'Address Street', 'Street and number'],
];

const addressName = (key: string) => `address${key[0].toUpperCase()}${key.slice(1)}`;

/** Address fields flattened into the same list ("Address …" first: options are in alphabetical order). */
export function personProperty(name: string, displayName: string, description: string, required = false): INodeProperties {
	const options: INodeProperties[] = [
		...ADDRESS_FIELDS.map(([key, label, words]): INodeProperties => ({
			displayName: label,
			name: addressName(key),
			description: words,
			...(key === 'country' ? { type: 'options', options: countryOptions, default: 'CO' } : { type: 'string', default: '' }),
		})),
		...PERSON_FIELDS.map(
			([key, label, words]): INodeProperties => ({
				displayName: label,
				name: key,
				description: words,
				...(key === 'documentType' ? { type: 'options', options: documentTypeOptions, default: 'CC' } : { type: 'string', default: '' }),
				...(key === 'email' ? { placeholder: 'e.g. name@example.com' } : {}),
			}),
		),
	];
	return {
		displayName,
		name,
		type: 'collection',
		placeholder: required ? `Add ${displayName} Field` : 'Add Field',
		default: {},
		description,
		options,
		...(required ? { required } : {}),
	};
}

/**
 * n8n's panel shows no required mark on a group of fields, so a notice says it is required and what it usually
 * needs, shown while the group is empty (n8n compares `eq` deeply; its type allows only plain values).
 */
export function requiredPersonNotice(name: string, displayName: string): INodeProperties {
	const empty = { _cnd: { eq: {} } } as unknown as DisplayCondition;
	return {
		displayName: `${displayName} is required: add at least one of its fields below, usually Name, Surname, Email and Document`,
		name: `${name}Notice`,
		type: 'notice',
		default: '',
		displayOptions: { show: { [name]: [empty] } },
	};
}

/** An empty field is not sent; nothing set gives undefined. */
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
