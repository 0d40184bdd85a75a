/** A panel as operations declare it, for the unit tests of field names and validation words. */
import type { INodeProperties } from 'n8n-workflow';

/** Fields of a panel as operations declare them: plain, in collections, in groups. */
export const PANEL_FIELDS: INodeProperties[] = [
	{ displayName: 'Currency', name: 'currency', type: 'string', default: '' },
	{ displayName: 'Amount', name: 'total', type: 'number', default: 0 },
	{ displayName: 'Account Number', name: 'accountNumber', type: 'string', default: '' },
	{
		displayName: 'Commission Model',
		name: 'commissionModel',
		type: 'options',
		options: [
			{ name: 'Percentage', value: 'P' },
			{ name: 'Fixed', value: 'F' },
		],
		default: 'P',
	},
	{
		displayName: 'Control',
		name: 'control',
		type: 'collection',
		default: {},
		options: [{ displayName: 'Max Amount', name: 'maxAmount', type: 'number', default: 0 }],
	},
	{
		displayName: 'Buyer',
		name: 'buyer',
		type: 'collection',
		default: {},
		options: [
			{ displayName: 'Email', name: 'email', type: 'string', default: '', placeholder: 'e.g. name@example.com' },
			{ displayName: 'Address City', name: 'addressCity', type: 'string', default: '' },
		],
	},
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		default: {},
		options: [
			{ displayName: 'Cancel URL', name: 'cancelUrl', type: 'string', default: '' },
			{ displayName: 'Payment Extras', name: 'paymentExtras', type: 'json', default: '{}' },
		],
	},
	{
		displayName: 'Fields',
		name: 'fields',
		type: 'fixedCollection',
		default: {},
		options: [{ name: 'pair', displayName: 'Field', values: [{ displayName: 'Keyword', name: 'keyword', type: 'string', default: '' }] }],
	},
	{ displayName: 'Subscription Reference', name: 'subscriptionReference', type: 'string', default: '' },
	{ displayName: 'Reference', name: 'reference', type: 'string', default: '' },
];

/** Labels of body paths no field names (a JSON field merged into an object). */
export const PANEL_LABELS = { payment: 'Additional Fields › Payment Extras' };
