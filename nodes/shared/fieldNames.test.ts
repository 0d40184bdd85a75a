import type { INodeProperties } from 'n8n-workflow';

import { FieldNames, humanize } from './fieldNames';

/** Fields of a panel as operations declare them: plain, in collections, in groups. */
const FIELDS: INodeProperties[] = [
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
			{ displayName: 'Email', name: 'email', type: 'string', default: '', placeholder: 'name@email.com' },
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
const names = new FieldNames(FIELDS, { payment: 'Additional Fields › Payment Extras' });

describe('FieldNames', () => {
	it.each([
		[['payment', 'amount', 'total'], 'Amount'],
		[['data', 'control', 'maxAmount'], 'Control › Max Amount'],
		[['buyer', 'email'], 'Buyer › Email'],
		[['buyer', 'address', 'city'], 'Buyer › Address City'],
		[['cancelUrl'], 'Additional Fields › Cancel URL'],
		[['additionalFields', 'paymentExtras'], 'Additional Fields › Payment Extras'],
		[['fields', 1, 'keyword'], 'Fields › Keyword (entry 2)'],
		[['subscription', 'reference'], 'Subscription Reference'],
		[['payment', 'reference'], 'Reference'],
		[['payment'], 'Additional Fields › Payment Extras'],
		[['payment', 'shipping', 'name'], 'Additional Fields › Payment Extras › Shipping › Name'],
		[['data', 'sites', 0, 'mainSite'], 'Sites › Main Site (entry 1)'],
	])('%j is shown as %s', (path, label) => {
		expect(names.label(path)).toBe(label);
	});

	it('says a path no field names in words', () => {
		expect(humanize('maxAmount')).toBe('Max Amount');
		expect(humanize('3DSVersion')).toBe('3DS Version');
		expect(humanize('merchantId')).toBe('Merchant ID');
		expect(new FieldNames().label(['data', 'accountNumber'])).toBe('Account Number');
		expect(new FieldNames().label([])).toBe('The input');
	});
});

