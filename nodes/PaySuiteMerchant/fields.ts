/**
 * The Merchant node's fields that several operations show: the merchant write body as node parameters (and the
 * body they make), the wait that follows a write, and the process ID.
 */
import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { z } from 'zod/v3';

import { additionalFieldsCollection, optionsCollection } from '../shared/descriptions/collections';
import { DEFAULT_PROCESS_TIMEOUT_SECONDS, processIdSchema } from '../shared/onboardingProcess';
import { timeoutProperty, type OperationContext } from '../shared/operation';

type WriteKind = 'create' | 'update';

const show = (specifyBody: 'fields' | 'json') => ({ show: { specifyBody: [specifyBody] } });

export const merchantIdProperty: INodeProperties = {
	displayName: 'Merchant ID',
	name: 'merchantId',
	type: 'string',
	default: '',
	required: true,
	placeholder: '3001',
	description: 'Numeric ID of the merchant: the merchantId in the result of its creation process',
};

const specifyBodyProperty: INodeProperties = {
	displayName: 'Specify Merchant',
	name: 'specifyBody',
	type: 'options',
	options: [
		{ name: 'Using Fields Below', value: 'fields' },
		{ name: 'Using JSON', value: 'json' },
	],
	default: 'fields',
	description: 'Whether to fill in the merchant field by field or give the whole write body as JSON',
};

const jsonExample = JSON.stringify(
	{
		name: 'Acme Holdings S.A.S.',
		brand: 'Acme',
		languages: ['es'],
		currencies: ['USD'],
		document: { type: 'NIT', number: '900123456' },
		address: { street: 'Calle 1 # 2-3', city: 'Bogota', state: 11, country: 'CO', phone: '+5712345678', postalCode: '110111' },
		legalRepresentative: { name: 'Ana', surname: 'Lopez', document: '52123456', documentType: 'CC' },
		control: { seller: 'direct' },
	},
	null,
	2,
);

const merchantJsonCreateProperty: INodeProperties = {
	displayName: 'Merchant (JSON)',
	name: 'merchantJson',
	type: 'json',
	default: jsonExample,
	required: true,
	displayOptions: show('json'),
	description:
		'The whole merchant write body: name, brand, languages, currencies, document, address, legalRepresentative and control are required. It is checked against the same rules as the fields before it is sent.',
};

const merchantJsonUpdateProperty: INodeProperties = {
	displayName: 'Merchant (JSON)',
	name: 'merchantJson',
	type: 'json',
	default: '{\n  "brand": ""\n}',
	required: true,
	displayOptions: show('json'),
	description: 'Only the fields to change. An integration replaces the one of the same type; a payment method with an ID changes that one, one with a code is added.',
};

const jsonField = (displayName: string, name: string, description: string): INodeProperties => ({
	displayName,
	name,
	type: 'json',
	default: '',
	description,
});

const documentOptions: INodeProperties[] = [
	{ displayName: 'Type', name: 'type', type: 'string', default: '', placeholder: 'NIT', description: 'Type of the tax identification document' },
	{ displayName: 'Number', name: 'number', type: 'string', default: '', description: 'Number of the tax identification document' },
];

const addressOptions: INodeProperties[] = [
	{ displayName: 'City', name: 'city', type: 'string', default: '' },
	{ displayName: 'Country', name: 'country', type: 'string', default: '', placeholder: 'CO', description: 'Country code' },
	{ displayName: 'Phone', name: 'phone', type: 'string', default: '' },
	{ displayName: 'Postal Code', name: 'postalCode', type: 'string', default: '' },
	{ displayName: 'State', name: 'state', type: 'number', default: 0, description: 'Code of the state or department (a whole number)' },
	{ displayName: 'Street', name: 'street', type: 'string', default: '' },
];

const legalRepresentativeOptions: INodeProperties[] = [
	{ displayName: 'Document', name: 'document', type: 'string', default: '', description: 'Identity document number' },
	{ displayName: 'Document Type', name: 'documentType', type: 'string', default: '', placeholder: 'CC' },
	{ displayName: 'Name', name: 'name', type: 'string', default: '', description: 'Given name(s)' },
	{ displayName: 'Surname', name: 'surname', type: 'string', default: '', description: 'Family name(s)' },
];

const controlOptions: INodeProperties[] = [
	{ displayName: 'Payment Facilitator', name: 'paymentFacilitator', type: 'string', default: '', description: 'ID of the payment facilitator, if the merchant sells through one' },
	{ displayName: 'Reseller', name: 'reseller', type: 'string', default: '', description: 'Reseller of the commercial structure' },
	{ displayName: 'Seller', name: 'seller', type: 'string', default: '', description: 'Seller of the commercial structure' },
];

const group = (displayName: string, name: string, options: INodeProperties[], description: string, required: boolean): INodeProperties => ({
	displayName,
	name,
	type: 'collection',
	placeholder: 'Add Field',
	default: {},
	required,
	description,
	options,
});

/** Fields every write may carry beyond the required ones (all of them for an update). */
const optionalFields: INodeProperties[] = [
	{ displayName: 'Active', name: 'active', type: 'boolean', default: true, description: 'Whether the merchant is active (the platform defaults to active)' },
	jsonField('Billing (JSON)', 'billing', 'Billing data: contact, mail, registrationNumber, taxType, taxRegime, organizationType (whole numbers), ciiu'),
	{
		displayName: 'Increment Type',
		name: 'incrementType',
		type: 'options',
		options: [
			{ name: 'IPC', value: 'IPC' },
			{ name: 'SMLMV', value: 'SMLMV' },
		],
		default: 'SMLMV',
		description: 'How amounts are updated each year; the platform uses SMLMV when none is registered',
	},
	jsonField(
		'Integrations (JSON)',
		'integrations',
		'Array of {type, settings}. Upserted by type: an integration not named is kept, and none can be deleted.',
	),
	{ displayName: 'MCC', name: 'mcc', type: 'string', default: '', placeholder: '5411', description: 'Merchant category code; it must exist in the platform catalog' },
	{
		displayName: 'Notification URL',
		name: 'notificationUrl',
		type: 'string',
		default: '',
		placeholder: 'https://example.com/webhook',
		description: 'URL that receives the process result when it is final. Leave empty for no notification.',
	},
	jsonField(
		'Payment Methods (JSON)',
		'paymentMethods',
		'Array of payment methods. Each one either has ID (modifies an existing one) or code (registers a new one), never both.',
	),
	jsonField('Sites (JSON)', 'sites', 'Array of sites (name, languages, currency, login...) with their own settings, payment methods and integrations. A site with ID modifies that site.'),
	{
		displayName: 'Size',
		name: 'size',
		type: 'options',
		options: [
			{ name: 'XS (Under 10 Employees)', value: 'XS' },
			{ name: 'S (Under 50 Employees)', value: 'S' },
			{ name: 'M (Under 250 Employees)', value: 'M' },
			{ name: 'L (Over 250 Employees)', value: 'L' },
		],
		default: 'S',
		description: 'Size of the company',
	},
	{ displayName: 'Timezone', name: 'timezone', type: 'string', default: '', placeholder: 'America/Bogota', description: 'IANA time zone from the platform catalog' },
	{ displayName: 'Travel Agency Dispersion', name: 'travelAgencyDispersion', type: 'boolean', default: false, description: 'Whether dispersion applies (tourism sector only)' },
	{ displayName: 'Travel Agency IATA', name: 'travelAgencyIata', type: 'string', default: '', description: 'IATA code (tourism sector only)' },
	{ displayName: 'URL', name: 'url', type: 'string', default: '', placeholder: 'https://shop.example.com', description: 'Website of the merchant (max 255 characters)' },
];

const nameProperty = (required: boolean): INodeProperties => ({
	displayName: 'Name',
	name: 'name',
	type: 'string',
	default: '',
	required,
	description: 'Legal name of the merchant (max 80 characters)',
});
const brandProperty = (required: boolean): INodeProperties => ({
	displayName: 'Brand',
	name: 'brand',
	type: 'string',
	default: '',
	required,
	description: 'Trade name the buyer sees (max 60 characters)',
});
const languagesProperty = (required: boolean): INodeProperties => ({
	displayName: 'Languages',
	name: 'languages',
	type: 'string',
	default: '',
	required,
	placeholder: 'es, en',
	description: 'Comma-separated language codes. A set: the same language twice (case is ignored) is refused.',
});
const currenciesProperty = (required: boolean): INodeProperties => ({
	displayName: 'Currencies',
	name: 'currencies',
	type: 'string',
	default: '',
	required,
	placeholder: 'USD, COP',
	description: 'Comma-separated ISO currency codes from the platform catalog. A set: the same currency twice (case is ignored) is refused.',
});

/** Create: the required fields one by one, the rest under Additional Fields. */
export const createProperties: INodeProperties[] = [
	specifyBodyProperty,
	merchantJsonCreateProperty,
	...[
		nameProperty(true),
		brandProperty(true),
		languagesProperty(true),
		currenciesProperty(true),
		group('Document', 'document', documentOptions, 'Tax identification document (required)', true),
		group('Address', 'address', addressOptions, 'Fiscal address (required)', true),
		group('Legal Representative', 'legalRepresentative', legalRepresentativeOptions, 'Legal representative (required)', true),
		group('Control', 'control', controlOptions, 'Commercial structure (required)', true),
		additionalFieldsCollection(optionalFields),
	].map((property) => ({ ...property, displayOptions: show('fields') })),
];

/** Update: every field optional, under Update Fields; the grouped objects as JSON (only what changes). */
export const updateProperties: INodeProperties[] = [
	merchantIdProperty,
	specifyBodyProperty,
	merchantJsonUpdateProperty,
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: show('fields'),
		options: [
			...optionalFields,
			jsonField('Address (JSON)', 'address', 'Fiscal address: street, city, state (whole number), country, phone, postalCode'),
			brandProperty(false),
			jsonField('Control (JSON)', 'control', 'Commercial structure: seller, reseller, paymentFacilitator'),
			currenciesProperty(false),
			jsonField('Document (JSON)', 'document', 'Tax identification document: type, number'),
			languagesProperty(false),
			jsonField('Legal Representative (JSON)', 'legalRepresentative', 'Legal representative: name, surname, document, documentType'),
			nameProperty(false),
		].sort((a, b) => a.displayName.localeCompare(b.displayName)),
	},
];

/** "es, en" or an array from an expression → ['es', 'en']; empty → undefined (not sent). */
export function splitList(value: unknown): unknown {
	if (Array.isArray(value)) return value;
	if (typeof value !== 'string') return value;
	const list = value
		.split(',')
		.map((entry) => entry.trim())
		.filter(Boolean);
	return list.length ? list : undefined;
}

const JSON_FIELDS = ['billing', 'integrations', 'paymentMethods', 'sites', 'address', 'control', 'document', 'legalRepresentative'];

/** The write body the parameters describe (before validation: the schema checks it). */
export function merchantBody(ctx: OperationContext, kind: WriteKind): IDataObject {
	if (ctx.param<string>('specifyBody', 'fields') === 'json') {
		const body = ctx.jsonParam<unknown>('merchantJson');
		return (body ?? {}) as IDataObject;
	}
	const collection = kind === 'create' ? 'additionalFields' : 'updateFields';
	const extra = ctx.param<IDataObject>(collection, {});
	const body: IDataObject = {};
	if (kind === 'create') {
		body.name = ctx.param<string>('name', '');
		body.brand = ctx.param<string>('brand', '');
		body.languages = splitList(ctx.param('languages', '')) as IDataObject[];
		body.currencies = splitList(ctx.param('currencies', '')) as IDataObject[];
		for (const key of ['document', 'address', 'legalRepresentative', 'control']) body[key] = ctx.param<IDataObject>(key, {});
	}
	for (const [key, value] of Object.entries(extra)) {
		if (JSON_FIELDS.includes(key)) body[key] = ctx.jsonParam(`${collection}.${key}`) as IDataObject;
		else if (key === 'languages' || key === 'currencies') body[key] = splitList(value) as IDataObject[];
		else if (key === 'notificationUrl') body.notification = value === '' ? undefined : { url: value };
		else if (key === 'travelAgencyDispersion') body.travelAgency = { ...((body.travelAgency as IDataObject) ?? {}), dispersion: value };
		else if (key === 'travelAgencyIata') body.travelAgency = { ...((body.travelAgency as IDataObject) ?? {}), iata: value };
		else body[key] = value;
	}
	return body;
}

export const processIdProperty: INodeProperties = {
	displayName: 'Process ID',
	name: 'processId',
	type: 'string',
	default: '',
	required: true,
	placeholder: '5f0c8a3e-2b1d-4c6f-9a7e-0d1e2f3a4b5c',
	description: 'The processId a merchant Create or Update returned',
};

/** The process ID, checked before anything is sent. */
export function processIdParam(ctx: OperationContext): string {
	return ctx.validate(z.object({ processId: processIdSchema }), { processId: ctx.param<string>('processId', '') }).processId;
}

/** Whether a write waits for its process, and for how long. */
export const waitProperties: INodeProperties[] = [
	{
		displayName: 'Wait for Completion',
		name: 'waitForCompletion',
		type: 'boolean',
		default: true,
		description:
			'Whether to wait until the process is final (asking again while the platform answers Retry-After) and output it with the merchant ID. Off: output the accepted process right away.',
	},
	{
		...timeoutProperty({
			name: 'timeoutSeconds',
			default: DEFAULT_PROCESS_TIMEOUT_SECONDS,
			description: 'How long to wait for the process before the item fails (the process goes on; check it later with Process → Get)',
		}),
		displayOptions: { show: { waitForCompletion: [true] } },
	},
];

export const writeOptionsProperty = optionsCollection([
	{
		displayName: 'Idempotency Key',
		name: 'idempotencyKey',
		type: 'string',
		default: '',
		description:
			'16 to 64 characters of letters, digits and _ . : -. Leave empty to use one derived from the body, so that running the same item again returns the original process instead of doing the work twice.',
	},
]);
