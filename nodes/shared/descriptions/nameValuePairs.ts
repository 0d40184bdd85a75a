import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { rows } from './collections';

/** A list of the spec's NameValuePair ({keyword, value, displayOn}) as a repeatable group of fields. */
export function nameValuePairsProperty(name: string, displayName: string, description: string): INodeProperties {
	return rows(name, displayName, ['pair', 'Field'], 'Add Field', description, [
		{ displayName: 'Keyword', name: 'keyword', type: 'string', default: '', description: 'Name of the field' },
		{ displayName: 'Value', name: 'value', type: 'string', default: '', description: 'Value of the field' },
		{
			displayName: 'Display On',
			name: 'displayOn',
			type: 'options',
			options: [
				{ name: 'Approved', value: 'approved', description: 'On the result page of an approved payment' },
				{ name: 'Both', value: 'both', description: 'On the payment page and on the result page' },
				{ name: 'None', value: 'none', description: 'Not shown to the buyer' },
				{ name: 'Payment', value: 'payment', description: 'On the payment page' },
				{ name: 'Platform Default', value: '', description: 'Not sent; the platform decides' },
			],
			default: '',
			description: 'Where the checkout shows the field to the buyer',
		},
	]);
}

/** The group's value as the array the platform takes; undefined when it is empty. */
export function toNameValuePairs(value: unknown): IDataObject[] | undefined {
	const pairs = (value as { pair?: IDataObject[] } | undefined)?.pair;
	if (!Array.isArray(pairs) || pairs.length === 0) return undefined;
	return pairs.map((pair) => ({ keyword: pair.keyword, value: pair.value, displayOn: pair.displayOn }));
}
