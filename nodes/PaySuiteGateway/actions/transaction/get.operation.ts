import { optionsCollection } from '../../../shared/descriptions/collections';
import { simplifyProperty, simplifyOn } from '../../../shared/descriptions/simplify';
import { internalReferenceLocator } from '../../../shared/methods/transactions';
import { withRefundColumns } from '../../../shared/operation/refundsMade';
import { oneRequestOperation } from '../../../shared/operation/oneRequestOperation';
import { notFoundBy } from '../../../shared/operation/words';
import { localeOption } from '../../descriptions/fields';
import { querySchema, type QueryBody } from '../../schemas';
import { GATEWAY_DATES, simplifyTransaction } from '../../output';

const internalReference = internalReferenceLocator();

export const get = oneRequestOperation<QueryBody>({
	siteClock: { dates: GATEWAY_DATES },
	value: 'get',
	name: 'Get',
	action: 'Get a transaction',
	description: 'Get a transaction of the gateway by its internal reference',
	api: 'gateway',
	path: '/gateway/query',
	safety: 'read',
	notFound: notFoundBy('Transaction', internalReference),
	// A rejected or failed transaction is what the platform knows about it: output, not an error.
	acceptFailedStatus: true,
	properties: [internalReference, simplifyProperty, optionsCollection([localeOption])],
	body: (ctx) => ({ internalReference: ctx.param<string | number>('internalReference', ''), locale: ctx.param<{ locale?: string }>('options', {}).locale }),
	schema: querySchema,
	// Simplified, with its refund columns: the platform's `refunded`, or this workflow's refunds as n8n recorded them.
	output: (answer, ctx) => (simplifyOn(ctx) ? withRefundColumns(ctx, simplifyTransaction(answer)) : answer),
});
