import type { IDataObject } from 'n8n-workflow';

import { amountFromParameters, amountProperties } from '../../../shared/descriptions/amount';
import { simplifyProperty, simplifyOn } from '../../../shared/descriptions/simplify';
import { oneRequestOperation } from '../../../shared/operation/oneRequestOperation';
import type { OperationContext } from '../../../shared/operation/types';
import { formatAmount } from '../../../shared/operation/words';
import { whenEmptyProperty } from '../../descriptions/fields';
import { searchSchema, type SearchBody } from '../../schemas';
import { GATEWAY_DATES, simplifyTransaction } from '../../output';
import { from, SINCE } from '../../versions';

/** The spec does not show the answer's fields: the first list of transactions found in it, if any. */
function transactionList(answer: IDataObject): IDataObject[] | undefined {
	for (const key of ['transactions', 'data', 'payments', 'payment']) {
		const value = answer[key];
		if (Array.isArray(value) && value.every((entry) => entry && typeof entry === 'object')) return value as IDataObject[];
	}
	return undefined;
}

const whenEmpty = whenEmptyProperty(
	{
		saying: 'One item: found 0, the reference and amount searched, and what to try',
		nothing: 'No item: the next nodes do not run',
		description: 'What to output when no transaction has this reference and amount',
	},
	{ show: { output: ['split'], '@version': [from(SINCE.siteRows)] } },
);

/** The item of a search that found nothing: what was searched, why nothing, and what to try. */
function nothingFound(body: SearchBody): IDataObject {
	const amount = formatAmount(body.amount);
	return {
		found: 0,
		reference: body.reference,
		amount: body.amount.total,
		currency: body.amount.currency,
		message: `No transaction has the reference ${body.reference} and the amount ${amount}. The search matches both exactly: it recovers a payment after a lost connection. To find a payment by its reference alone (and its refunds), use Transaction › Find by Reference.`,
	};
}

/** From version 4, a search that finds nothing says so (one item) unless When Empty says otherwise. */
const saysWhenEmpty = (ctx: OperationContext) => ctx.node.typeVersion >= SINCE.siteRows && ctx.param<string>('whenEmpty', 'message') === 'message';

export const search = oneRequestOperation<SearchBody>({
	siteClock: { dates: GATEWAY_DATES },
	value: 'search',
	name: 'Search',
	action: 'Search transactions by reference and amount',
	description:
		'Find the transactions with a reference and their exact amount: the way to recover the internal reference after a lost connection. By the reference alone: Find by Reference.',
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
			hint: 'With its exact amount and currency below. Only the reference? Use Find by Reference.',
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
		whenEmpty,
	],
	body: (ctx) => ({ reference: ctx.param<string>('reference', ''), amount: amountFromParameters(ctx) }),
	schema: searchSchema,
	output: (answer, ctx, body) => {
		if (ctx.param<string>('output', 'split') === 'whole') return answer;
		const found = transactionList(answer);
		// An answer without a list of transactions is output as it came, simplified or not.
		if (!found) return answer;
		if (found.length === 0 && saysWhenEmpty(ctx)) return nothingFound(body);
		return simplifyOn(ctx) ? found.map(simplifyTransaction) : found;
	},
});
