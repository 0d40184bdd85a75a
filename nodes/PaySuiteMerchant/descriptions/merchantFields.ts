/**
 * The merchant write body as parameters, shared by Create and Update: objects as groups of fields, lists of records
 * as lists of entries, JSON only for the settings the document leaves open; "Using JSON" takes the whole body.
 */
import type { INodeProperties } from 'n8n-workflow';

import { additionalFieldsCollection } from '../../shared/descriptions/collections';
import { countryOptions, currencyOptions, documentTypeOptions, notificationLocaleOptions } from '../../shared/descriptions/choices';
import { textField as text, wholeNumberField as wholeNumber } from '../../shared/descriptions/fields';
import { idLocatorProperty } from '../../shared/descriptions/locator';
import { allTimeZones } from '../../shared/schemas/timeZone';
import { SEARCH_PAYMENT_FACILITATORS } from '../../shared/methods/paymentFacilitators';

const show = (specifyBody: 'fields' | 'json') => ({ show: { specifyBody: [specifyBody] } });

const specifyBodyProperty: INodeProperties = {
	displayName: 'Specify Merchant',
	name: 'specifyBody',
	type: 'options',
	options: [{ name: 'Using Fields Below', value: 'fields' }, { name: 'Using JSON', value: 'json' }],
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

const group = (displayName: string, name: string, options: INodeProperties[], description: string, required = false): INodeProperties =>
	({ displayName, name, type: 'collection', placeholder: 'Add Field', default: {}, required, description, options });

const requiredGroup =
	(displayName: string, name: string, options: INodeProperties[], description: string) =>
	(required: boolean): INodeProperties => group(displayName, name, options, `${description}${required ? ' (required)' : ''}`, required);

const documentGroup = requiredGroup('Document', 'document', [
	text('Number', 'number', 'Number of the tax identification document'),
	{ displayName: 'Type', name: 'type', type: 'options', options: documentTypeOptions, default: 'NIT', description: 'Type of the tax identification document' },
	], 'Tax identification document');

const addressGroup = requiredGroup('Address', 'address', [
	text('City', 'city'),
	{ displayName: 'Country', name: 'country', type: 'options', options: countryOptions, default: 'CO' },
	text('Phone', 'phone', undefined, '+5712345678'),
	text('Postal Code', 'postalCode'),
	wholeNumber('State', 'state', 'Code of the state or department (a whole number)'),
	text('Street', 'street'),
	], 'Fiscal address');

const legalRepresentativeGroup = requiredGroup('Legal Representative', 'legalRepresentative', [
	text('Document', 'document', 'Identity document number'),
	{ displayName: 'Document Type', name: 'documentType', type: 'options', options: documentTypeOptions, default: 'CC' },
	text('Name', 'name', 'Given name(s)'),
	text('Surname', 'surname', 'Family name(s)'),
	], 'Legal representative');

/** The platform lists facilitators only through the signed credential (see the node). */
const paymentFacilitatorLocator: INodeProperties = idLocatorProperty({
	displayName: 'Payment Facilitator',
	name: 'paymentFacilitator',
	description: 'The payment facilitator the merchant sells through, if any',
	example: '12',
	searchListMethod: SEARCH_PAYMENT_FACILITATORS,
	required: false,
	hint: 'From List needs a PaySuite API (signed) credential chosen for this node; By ID takes the ID that Site › Payment Facilitator › Get Many shows',
});

const controlGroup = requiredGroup('Control', 'control', [paymentFacilitatorLocator, text('Reseller', 'reseller', 'Reseller of the commercial structure'), text('Seller', 'seller', 'Seller of the commercial structure')], 'Commercial structure');

const billingGroup = group(
	'Billing',
	'billing',
	[
		text('CIIU', 'ciiu', 'Economic activity code (CIIU)'),
		text('Contact', 'contact', 'Billing contact person'),
		{ displayName: 'Email', name: 'mail', type: 'string', default: '', placeholder: 'e.g. billing@shop.example.com', description: 'E-mail address for billing' },
		wholeNumber('Organization Type', 'organizationType', 'Code of the type of organization'),
		text('Registration Number', 'registrationNumber', 'Commercial registration number'),
		wholeNumber('Tax Regime', 'taxRegime', 'Code of the tax regime'),
		wholeNumber('Tax Type', 'taxType', 'Code of the tax type'),
	],
	'Billing details',
);

const travelAgencyGroup = group(
	'Travel Agency',
	'travelAgency',
	[
		{ displayName: 'Dispersion', name: 'dispersion', type: 'boolean', default: false, description: 'Whether dispersion applies' },
		text('IATA', 'iata', 'IATA code of the agency'),
	],
	'Tourism sector only',
);

const multi = (displayName: string, name: string, options: INodeProperties['options'], description: string) => (required: boolean): INodeProperties =>
	({ displayName, name, type: 'multiOptions', options, default: [], required, description });

// The platform's languages (the notifications' set): another code still goes in as an expression.
const languagesProperty = multi('Languages', 'languages', notificationLocaleOptions, 'Languages of the merchant. Each language once: the platform refuses a repeated one.');
const currenciesProperty = multi('Currencies', 'currencies', currencyOptions, 'Currencies the merchant sells in. Each currency once: the platform refuses a repeated one.');

const nameProperty = (required: boolean): INodeProperties => ({ ...text('Name', 'name', 'Legal name of the merchant (max 80 characters)'), required });
const brandProperty = (required: boolean): INodeProperties => ({ ...text('Brand', 'brand', 'Trade name the buyer sees (max 60 characters)'), required });

const settingsJson = (description: string): INodeProperties => ({ displayName: 'Settings (JSON)', name: 'settings', type: 'json', default: '', description });

/** A list of entries, each added with its own button. */
const list = (displayName: string, name: string, [entry, entryName]: [string, string], description: string, values: INodeProperties[]): INodeProperties => ({
	displayName,
	name,
	type: 'fixedCollection',
	typeOptions: { multipleValues: true, multipleValueButtonText: `Add ${entryName}` },
	placeholder: `Add ${entryName}`,
	default: {},
	description,
	options: [{ name: entry, displayName: entryName, values }],
});

const paymentMethodDetails: INodeProperties[] = [
	text('Account Number', 'accountNumber'),
	wholeNumber('Account Type', 'accountType', 'Code of the account type'),
	{
		displayName: 'Commission Model',
		name: 'commissionModel',
		type: 'options',
		options: [{ name: 'Percentage', value: 'P' }, { name: 'Fixed Amount', value: 'F' }],
		default: 'P',
	},
	{ displayName: 'Commission Value', name: 'commissionValue', type: 'number', typeOptions: { numberPrecision: 2 }, default: 0 },
	{ displayName: 'Disabled', name: 'disabled', type: 'boolean', default: false, description: 'Whether the payment method is turned off' },
	text('Financial Entity ID', 'financialEntity', 'ID of the financial entity (digits)'),
	text('Franchise', 'franchise', 'Franchise code'),
	text('Name', 'name'),
	wholeNumber('Order', 'order', 'Position of the payment method in the list the payer sees'),
];

const paymentMethodsProperty = list('Payment Methods', 'paymentMethods', ['paymentMethod', 'Payment Method'], 'Each payment method either changes an existing one (give its ID) or adds a new one (give its code), never both', [
	text('ID', 'id', 'ID of an existing payment method to change (leave empty to add one by code)'),
	text('Code', 'code', 'Code of the payment method to add, such as VISA (leave empty when changing one by ID)', 'VISA'),
	group('Details', 'details', paymentMethodDetails, 'Commission, account and order of the payment method'),
	settingsJson("The payment method's provider settings as a JSON object (free-form)"),
]);

const integrationsProperty = list('Integrations', 'integrations', ['integration', 'Integration'], 'An integration replaces the one of the same type; one not named is kept, and none can be deleted', [
	{ ...text('Type', 'type', 'Type of the integration, such as crm', 'crm'), required: true },
	settingsJson("The integration's settings as a JSON object (free-form)"),
]);

const siteDetails: INodeProperties[] = [
	{ displayName: 'Active', name: 'active', type: 'boolean', default: true, description: 'Whether the site is active' },
	text('Category', 'category'),
	{ displayName: 'Currency', name: 'currency', type: 'options', options: currencyOptions, default: 'USD' },
	text('Custom Batch', 'customBatch'),
	text('Display Name', 'displayName', 'Name the payer sees'),
	{ displayName: 'Email', name: 'email', type: 'string', default: '', placeholder: 'e.g. payments@shop.example.com', description: 'E-mail address of the site' },
	text('Expiration', 'expiration', 'When the site expires (YYYY-MM-DD HH:MM:SS)'),
	{ displayName: 'Language', name: 'language', type: 'options', options: notificationLocaleOptions, default: 'es', description: 'Main language of the site' },
	{ displayName: 'Languages', name: 'languages', type: 'multiOptions', options: notificationLocaleOptions, default: [], description: 'Languages of the site, each once' },
	text('Login', 'login', 'Login of the site'),
	{ displayName: 'On Test', name: 'onTest', type: 'boolean', default: false, description: 'Whether the site works in test mode' },
	text('Production Date', 'productionDate', 'Date the site went live (YYYY-MM-DD)'),
	text('Type', 'type', 'Type of site'),
];

const sitesProperty = list('Sites', 'sites', ['site', 'Site'], 'Sites of the merchant. A site with an ID changes that site; one without is added (it needs a name).', [
	text('Site ID', 'id', 'ID of an existing site to change (leave empty to add a new one)'),
	text('Name', 'name', 'Name of the site (max 120 characters; required for a new site)'),
	group('Details', 'details', siteDetails, 'Currency, languages, contact and state of the site'),
	{
		displayName: 'Configuration (JSON)',
		name: 'configuration',
		type: 'json',
		default: '',
		description:
			"More of the site as a JSON object, merged into it: its settings groups (integration, control, threeDS, branding, metadata...), promotions, and the site's own paymentMethods and integrations",
	},
]);

/** By parameter name; all of them for an update. */
const optional = {
	active: { displayName: 'Active', name: 'active', type: 'boolean', default: true, description: 'Whether the merchant is active (the platform defaults to active)' },
	billing: billingGroup,
	incrementType: {
		displayName: 'Increment Type',
		name: 'incrementType',
		type: 'options',
		options: [{ name: 'Consumer Price Index (IPC)', value: 'IPC' }, { name: 'Legal Minimum Wage (SMLMV)', value: 'SMLMV' }],
		default: 'SMLMV',
		description: 'How amounts are updated each year; the platform uses the legal minimum wage when none is registered',
	},
	integrations: integrationsProperty,
	mcc: text('MCC', 'mcc', 'Merchant category code; it must exist in the platform catalog', '5411'),
	notificationUrl: text('Notification URL', 'notificationUrl', 'URL that receives the process result when it is final. Leave empty for no notification.', 'https://example.com/webhook'),
	paymentMethods: paymentMethodsProperty,
	sites: sitesProperty,
	size: {
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
	timezone: {
		displayName: 'Timezone',
		name: 'timezone',
		type: 'options',
		options: allTimeZones().map((zone) => ({ name: zone, value: zone })),
		default: 'America/Bogota',
		description: "The merchant's time zone; it must be in the platform catalog",
	},
	travelAgency: travelAgencyGroup,
	url: text('URL', 'url', 'Website of the merchant (max 255 characters)', 'https://shop.example.com'),
} satisfies Record<string, INodeProperties>;

const optionalFields: INodeProperties[] = Object.values(optional);

export const createProperties: INodeProperties[] = [
	specifyBodyProperty,
	merchantJsonCreateProperty,
	...[
		nameProperty(true),
		brandProperty(true),
		languagesProperty(true),
		currenciesProperty(true),
		documentGroup(true),
		addressGroup(true),
		legalRepresentativeGroup(true),
		controlGroup(true),
		additionalFieldsCollection(optionalFields),
	].map((property) => ({ ...property, displayOptions: show('fields') })),
];

/** Only what changes is sent. */
export const updateFieldsProperties: INodeProperties[] = [
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
			optional.active,
			addressGroup(false),
			optional.billing,
			brandProperty(false),
			controlGroup(false),
			currenciesProperty(false),
			documentGroup(false),
			optional.incrementType,
			optional.integrations,
			languagesProperty(false),
			legalRepresentativeGroup(false),
			optional.mcc,
			nameProperty(false),
			optional.notificationUrl,
			optional.paymentMethods,
			optional.sites,
			optional.size,
			optional.timezone,
			optional.travelAgency,
			optional.url,
		],
	},
];
