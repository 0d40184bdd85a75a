import type { IDataObject } from 'n8n-workflow';

import { amountFromParameters, amountProperties } from '../../../shared/descriptions/amount';
import { simplifyProperty, wantsSimplified } from '../../../shared/descriptions/simplify';
import { requestOperation } from '../../../shared/operation/requestOperation';
import { onSiteClock } from '../../../shared/operation/siteClock';
import { searchSchema, type SearchBody } from '../../schemas';
import { GATEWAY_DATES, simplifyTransaction } from '../../output';

/** The spec does not show the answer's fields: the first list of transactions found in it, if any. */
function transactionList(answer: IDataObject): IDataObject[] | undefined {
	for (const key of ['transactions', 'data', 'payments', 'payment']) {
		const value = answer[key];
		if (Array.isArray(value) && value.every((entry) => entry && typeof entry === 'object')) return value as IDataObject[];
	}
	return undefined;
}

const searchTransactions = requestOperation<SearchBody>({
	value: 'search',
	name: 'Search',
	action: 'Search transactions by reference and amount',
	description: 'Find the transactions with a reference and an amount; the way to recover the internal reference after a lost connection',
	api: 'gateway',
	path: '/gateway/search',
	safety: 'read',
	properties: [
		{
			displayName: 'Reference',
			name: 'reference',
			type: 'string',
			default: '',
			required: true,
			description: 'Your reference of the payment, as sent to Process',
		},
		...amountProperties(),
		{
			displayName: 'Output',
			name: 'output',
			type: 'options',
			options: [
				{ name: 'One Item per Transaction', value: 'split', description: 'No item when nothing is found' },
				{ name: 'Whole Answer', value: 'whole', description: 'One item with the platform answer as it is' },
			],
			default: 'split',
			description: 'How to output what was found',
		},
		{ ...simplifyProperty, displayOptions: { show: { output: ['split'] } } },
	],
	body: (ctx) => ({
		reference: ctx.param<string>('reference', ''),
		amount: amountFromParameters(ctx),
	}),
	schema: searchSchema,
	output: (answer, ctx) => {
		if (ctx.param<string>('output', 'split') === 'whole') return answer;
		const found = transactionList(answer);
		// An answer without a list of transactions is output as it came, simplified or not.
		if (!found) return answer;
		return wantsSimplified(ctx) ? found.map(simplifyTransaction) : found;
	},
});

/** With Simplify on, each date also as ISO 8601 with the site's offset. */
export const search = onSiteClock(searchTransactions, { dates: GATEWAY_DATES });
