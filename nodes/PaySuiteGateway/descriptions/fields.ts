/** The Gateway node's fields that several operations show (amount and Person are in shared/descriptions). */
import type { DisplayCondition, IDisplayOptions, INodeProperties } from 'n8n-workflow';

import {
	currencyOptions,
	localeOptions,
	TRANSACTION_STATUSES_HINT,
	TRANSACTION_TYPES_HINT,
	transactionStatusOptions,
	transactionTypeOptions,
} from '../../shared/descriptions/choices';
import { filtersCollection, optionsCollection } from '../../shared/descriptions/collections';
import { idLocatorProperty } from '../../shared/descriptions/locator';
import { before, byNames, from, SINCE } from '../versions';
import { textField as text } from '../../shared/descriptions/fields';

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
	placeholder: 'e.g. 12/29',
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

/** A hidden field does not turn typed {{ }} into an expression. */
const MAP_HIDDEN_HINT = 'Hidden as you type. To map it from an earlier node, switch this field to Expression first (hover it, then Expression)';

/** In the words of the operation. */
export function tokenProperties(words: { token: string; subtoken: string }, displayOptions?: IDisplayOptions): INodeProperties[] {
	return (['token', 'subtoken'] as const).map((name) => ({
		displayName: name === 'token' ? 'Token' : 'Subtoken',
		name,
		type: 'string',
		typeOptions: { password: true },
		default: '',
		...(name === 'token' ? { required: true } : {}),
		...(displayOptions ? { displayOptions } : {}),
		description: words[name],
		hint: MAP_HIDDEN_HINT,
	}));
}

export const referenceProperty: INodeProperties = {
	displayName: 'Reference',
	name: 'reference',
	type: 'string',
	default: '',
	required: true,
	description: 'Your reference of the payment, such as an order number (1 to 32 characters)',
};

/** Always inside a collection of optional fields: nothing is sent (the platform's default) until it is added. */
export const localeOption: INodeProperties = {
	displayName: 'Locale',
	name: 'locale',
	type: 'options',
	options: localeOptions,
	default: 'en_US',
	description: 'Language of the answer',
};

// --- Card lookups (Get Information, Calculate Interests, Get Balance): the payment they may carry, the client ---

export const lookupPaymentOptions: INodeProperties[] = [
	{
		displayName: 'Payment Amount',
		name: 'paymentTotal',
		type: 'number',
		typeOptions: { minValue: 0 },
		default: 0,
		description: 'Amount of the payment the card is for; sent with Payment Currency and Payment Reference',
	},
	{
		displayName: 'Payment Currency',
		name: 'paymentCurrency',
		type: 'options',
		options: currencyOptions,
		default: 'USD',
		description: 'Currency of the payment',
	},
	text('Payment Reference', 'paymentReference', 'Your reference of the payment (1 to 32 characters)'),
];

export const clientOptions: INodeProperties[] = [
	{ displayName: 'IP Address', name: 'ipAddress', type: 'string', default: '', description: "The buyer's IP address (max 46 characters)" },
	localeOption,
	{ displayName: 'User Agent', name: 'userAgent', type: 'string', default: '', description: "The buyer's browser user agent (max 255 characters)" },
];

// --- Reports (Request, Request and Wait, Obtain) ---

const customPeriod: IDisplayOptions = { show: { period: ['custom'] } };

/** The site's clock unless an offset is given. */
export const periodDateProperties = (displayOptions: IDisplayOptions): INodeProperties[] => [
	{
		displayName: 'Start Date',
		name: 'startDate',
		type: 'dateTime',
		default: '',
		required: true,
		displayOptions,
		description: "Start of the period, on the site's clock (the credential's Site Time Zone) when no offset is given",
	},
	{
		displayName: 'End Date',
		name: 'endDate',
		type: 'dateTime',
		default: '',
		required: true,
		displayOptions,
		description: "End of the period (included), on the site's clock when no offset is given",
	},
];

export const reportRequestProperties: INodeProperties[] = [
	{
		displayName: 'Period',
		name: 'period',
		type: 'options',
		options: [
			{ name: 'Custom', value: 'custom', description: 'From the Start Date to the End Date' },
			{ name: 'Last 7 Days', value: 'last7Days', description: 'The seven whole days before today; today not included' },
			{ name: 'Last Month', value: 'lastMonth', description: 'The calendar month before this one; today not included (more than 10 days: Request and Wait)' },
			{ name: 'Last Week', value: 'lastWeek', description: 'Monday to Sunday of the week before this one; today not included' },
			{ name: 'This Month', value: 'thisMonth', description: 'From the 1st of this month to now; today included (more than 10 days: Request and Wait)' },
			{ name: 'This Week', value: 'thisWeek', description: 'From Monday of this week to now; today included' },
			{ name: 'Today', value: 'today', description: 'From 00:00:00 today to now; today included' },
			{ name: 'Yesterday', value: 'yesterday', description: 'Yesterday, from 00:00:00 to 23:59:59; today not included' },
		],
		default: 'custom',
		description:
			"The period of the report, in the site's days: the credential's Site Time Zone (the workflow's time zone when the credential has none). The platform reports at most 10 days at once: Request and Wait splits a longer period, Request refuses it.",
	},
	...periodDateProperties(customPeriod),
	// Versions 1–3: States (`state`) and Types (`type`), as their saved workflows hold them.
	...byNames((names) =>
		filtersCollection([
			{
				displayName: names.labels.statuses,
				name: names.statuses,
				type: 'multiOptions',
				options: transactionStatusOptions,
				default: [],
				description: TRANSACTION_STATUSES_HINT,
			},
			{
				displayName: names.labels.types,
				name: names.types,
				type: 'multiOptions',
				options: transactionTypeOptions,
				default: [],
				description: TRANSACTION_TYPES_HINT,
			},
		]),
	),
	optionsCollection([text('Callback URL', 'callbackUrl', 'URL the platform calls when the report is ready'), localeOption]),
];

/** The period's dates are top-level fields the body puts in `filters`: without these an error would say "Filters › Start Date". */
export const reportRequestLabels: Record<string, string> = {
	'filters.startDate': 'Start Date',
	'filters.endDate': 'End Date',
	'filters.state': 'Filters › Statuses',
	'filters.type': 'Filters › Transaction Types',
	period: 'Period',
};

/** Nothing lists reports, so By ID, saying where the ID comes from. */
export const reportIdLocator = idLocatorProperty({
	displayName: 'Report ID',
	name: 'reportId',
	description: 'The ID of the requested report',
	example: '1001',
	hint: 'The ID is in the output of Report › Request (its ID field)',
});

/** Version 3 starts on CSV (n8n's binary viewer shows it); versions 1 and 2 keep the TSV their saved workflows got. */
const reportFileFormatProperty = (defaultFormat: 'csv' | 'tsv', versions: DisplayCondition): INodeProperties => ({
	displayName: 'File Format',
	name: 'fileFormat',
	type: 'options',
	options: [
		{
			name: 'CSV',
			value: 'csv',
			description: "Comma-separated (.csv): shown by n8n's file viewer, opened by spreadsheets; every cell as the platform sent it",
		},
		{ name: 'TSV', value: 'tsv', description: "Tab-separated (.tsv): the platform's own file, byte for byte" },
	],
	default: defaultFormat,
	displayOptions: { show: { output: ['binary', 'both'], '@version': [versions] } },
	description: 'The format of the file',
});

export const reportOutputProperties: INodeProperties[] = [
	{
		displayName: 'Output',
		name: 'output',
		type: 'options',
		options: [
			{ name: 'One Item per Row', value: 'items', description: "Each row as an item, keyed by the report's column names" },
			{ name: 'Binary File', value: 'binary', description: 'One item holding the report as a file (CSV or TSV: see File Format)' },
			{ name: 'Both', value: 'both', description: 'One item per row; the first one also holds the file' },
		],
		default: 'items',
		description: 'What to output once the report is ready',
		hint: 'For a large report (tens of thousands of rows or more), choose Binary File: it is saved as it downloads and stays small in memory, while one item per row keeps every row in memory',
	},
	reportFileFormatProperty('tsv', before(SINCE.csvFile)),
	reportFileFormatProperty('csv', from(SINCE.csvFile)),
	{
		displayName: 'Put Output File in Field',
		name: 'binaryPropertyName',
		type: 'string',
		default: 'data',
		displayOptions: { show: { output: ['binary', 'both'] } },
		description: 'Name of the binary field that holds the file',
	},
];

export const whenEmptyProperty = (words: { saying: string; nothing: string; description: string }, displayOptions?: IDisplayOptions): INodeProperties => ({
	displayName: 'When Empty',
	name: 'whenEmpty',
	type: 'options',
	options: [
		{ name: 'Output One Item Saying So', value: 'message', description: words.saying },
		{ name: 'Output Nothing', value: 'nothing', description: words.nothing },
	],
	default: 'message',
	...(displayOptions ? { displayOptions } : {}),
	description: words.description,
});

export const reportWhenEmptyProperty = whenEmptyProperty({
	saying: "One item: rows 0, the period and 'No transactions in this period' (and the file, when one is asked for)",
	nothing: 'No item: the next nodes do not run for this period',
	description: 'What to output when the period has no transactions',
});

// --- Account validation ---

/** Checked by the panel, and by the schema again before sending. */
const SESSION_ID_REGEX = '^\\s*[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\\s*$';

/** Nothing lists the sessions, so By ID, saying where the ID comes from. */
export const validationSessionLocator: INodeProperties = idLocatorProperty({
	displayName: 'Session ID',
	name: 'requestId',
	description: 'The ID of the account validation session',
	example: '0f8fad5b-d9cb-469f-a165-70867728950e',
	idFormat: {
		regex: SESSION_ID_REGEX,
		errorMessage: 'Use the session ID as Create Session gave it, such as 0f8fad5b-d9cb-469f-a165-70867728950e',
	},
	hint: 'The ID is in the output of Account Validation › Create Session (its Request ID)',
});
