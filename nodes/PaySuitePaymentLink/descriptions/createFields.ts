/**
 * Payment Link › Create's fields. Version 2: valid 14 days unless a date is picked, dates on the site's clock,
 * simplified output. Version 1 keeps its required date in the workflow's zone, so a saved workflow sends what it
 * sent. Shared fields have one declaration and the same name.
 */
import type { INodeProperties } from 'n8n-workflow';

import { amountProperties } from '../../shared/descriptions/amount';
import { localeOptions } from '../../shared/descriptions/choices';
import { additionalFieldsCollection } from '../../shared/descriptions/collections';
import { nameValuePairsProperty } from '../../shared/descriptions/nameValuePairs';
import { modifiersProperty } from '../../shared/descriptions/payment';
import { simplifyProperty } from '../../shared/descriptions/simplify';
import { CREDENTIAL_TIME_ZONE_OPTION } from '../../shared/operation/siteClock';
import { WORKFLOW_TIME_ZONE } from '../../shared/schemas/timeZone';
import { DEFAULT_VALID_DAYS } from '../linkDate';
import { BEFORE_SITE_CLOCK, FROM_SITE_CLOCK } from '../versions';

const version1 = BEFORE_SITE_CLOCK;
const fromVersion2 = FROM_SITE_CLOCK;

/** Each zone says what it would send (methods/loadOptions.ts). */
const siteTimeZoneList = { loadOptionsMethod: 'getSiteTimeZones', loadOptionsDependsOn: ['expirationDate', 'validity'] };
const SITE_TIME_ZONE = 'Site Time Zone Name or ID';
const EXPRESSION_LINK = 'Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.';

const versionedFields: INodeProperties[] = [
	{
		displayName: 'Valid For',
		name: 'validity',
		type: 'options',
		displayOptions: { show: fromVersion2 },
		options: [
			{
				name: 'A Number of Days',
				value: 'days',
				description: 'The link takes payments from now for the days you set; then the buyer sees that it has expired',
			},
			{
				name: 'Until a Date',
				value: 'date',
				description: "The link takes payments until the date and time you set, on the site's clock",
			},
		],
		default: 'days',
		description: 'How long buyers can pay through the link. After that it shows as expired and takes no payment.',
	},
	{
		displayName: 'Days',
		name: 'validDays',
		type: 'number',
		typeOptions: { minValue: 1, numberPrecision: 0 },
		displayOptions: { show: { ...fromVersion2, validity: ['days'] } },
		default: DEFAULT_VALID_DAYS,
		required: true,
		description: "How many days the link takes payments: it expires that many days from now, at the same time of day on the site's clock",
	},
	{
		displayName: 'Expiration Date',
		name: 'expirationDate',
		type: 'dateTime',
		displayOptions: { show: { ...fromVersion2, validity: ['date'] } },
		default: '',
		required: true,
		description:
			"The date and time the link stops taking payments, on the site's clock (see Site Time Zone): 2026-12-01 18:00 is 18:00 where the site is. It must be later than now. An expression's date-time with an offset (such as {{ $now.plus({ days: 3 }) }}) is that moment.",
		hint: 'The buyer sees "Valid until" this date and time on the payment page',
	},
	{
		displayName: 'Expiration Date',
		name: 'expirationDate',
		type: 'dateTime',
		displayOptions: { show: version1 },
		default: '',
		required: true,
		description:
			"When the link stops accepting payments; later than now. A date without an offset (as the picker gives) is the workflow's time zone; it is sent as the site's clocks show it (see Site Time Zone).",
	},
	{
		displayName: SITE_TIME_ZONE,
		name: 'siteTimeZone',
		type: 'options',
		typeOptions: siteTimeZoneList,
		displayOptions: { show: fromVersion2 },
		default: CREDENTIAL_TIME_ZONE_OPTION,
		description: `The clock the link's expiry is on. Leave it on the credential's Site Time Zone; choose a zone only when the credential names none or another one than this site's. ${EXPRESSION_LINK}`,
		hint: 'Each zone shows the expiry it would send. The output gives the expiry on the site\'s clock (expirationDate, expirationDateIso) and in UTC (expirationDateUtc).',
	},
	{
		displayName: SITE_TIME_ZONE,
		name: 'siteTimeZone',
		type: 'options',
		typeOptions: siteTimeZoneList,
		displayOptions: { show: version1 },
		default: WORKFLOW_TIME_ZONE,
		description: `The time zone of the site. The platform reads the expiration (YYYY-MM-DD HH:MM:SS, no offset) in it, so it must be the site's zone, not yours: each option shows what it sends. ${EXPRESSION_LINK}`,
		hint: "Must be the site's time zone (ask the platform or see the site's configuration). The output's expirationSentAs shows what was sent.",
	},
];

export const createProperties: INodeProperties[] = [
	{
		displayName: 'Name',
		name: 'name',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. Annual plan',
		description: 'The title of the link, shown to the buyer on the payment page',
	},
	{
		displayName: 'Reference',
		name: 'reference',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. DEAL-1717',
		description:
			"Your reference of the link, such as a deal or invoice number (1 to 32 characters, unique among the site's links). Every payment made through the link carries it, so a later workflow finds your record by it.",
	},
	{
		displayName: 'Description',
		name: 'description',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. Annual plan for ACME',
		description: 'What the buyer pays for, shown on the payment page (1 to 255 characters)',
	},
	...amountProperties({ amount: 'What the buyer pays (each payment, when the link takes several)' }),
	...versionedFields,
	{
		displayName: 'Payment Expiration (Minutes)',
		name: 'paymentExpiration',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: 30,
		required: true,
		description:
			"Minutes a buyer has to finish paying once they start from the link; then they start again from the link. It does not shorten the link's own validity (Valid For or Expiration Date).",
	},
	additionalFieldsCollection([
		nameValuePairsProperty(
			'additional',
			'Additional Data',
			'Extra details kept with the link, such as a campaign or a seller; each keyword at most once. Display On chooses whether the buyer sees it on the payment page or the receipt.',
		),
		{
			displayName: 'Is Generic',
			name: 'isGeneric',
			type: 'boolean',
			default: false,
			description:
				'Whether the link can be paid more than once (by several buyers, such as for a product or a donation) until it has taken Payments Allowed approved payments. Off: the first approved payment closes it.',
		},
		{
			displayName: 'Language',
			name: 'locale',
			type: 'options',
			options: localeOptions,
			default: 'en_US',
			description: 'Language of the payment page the buyer sees',
		},
		// The same rows in every node that takes a payment.
		modifiersProperty,
		{
			displayName: 'Notification URL',
			name: 'notificationUrl',
			type: 'string',
			default: '',
			placeholder: 'e.g. https://n8n.example.com/webhook/…',
			description:
				"Address the platform calls when a payment is made through the link and when the link expires, such as a PaySuite Checkout Trigger's production URL",
		},
		{
			displayName: 'Payment Methods',
			name: 'paymentMethod',
			type: 'string',
			default: '',
			placeholder: 'e.g. visa,master',
			description: 'The only ways to pay the buyer is offered, by their codes separated by commas (methods enabled on the site). Empty: every method of the site.',
		},
		{
			displayName: 'Payments Allowed',
			name: 'paymentsAllowed',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 1,
			description: 'With Is Generic on: how many approved payments the link takes before it closes. Not added: as many as buyers make until it expires.',
		},
		{
			displayName: 'Receiver Emails',
			name: 'receiverEmails',
			type: 'string',
			default: '',
			placeholder: 'e.g. name@example.com, other@example.com',
			description: 'Addresses the platform e-mails the link to once it is created, separated by commas',
		},
	]),
	{ ...simplifyProperty, displayOptions: { show: fromVersion2 } },
];
