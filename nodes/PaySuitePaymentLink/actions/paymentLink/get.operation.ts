import type { IDataObject } from 'n8n-workflow';

import { onePerPaymentOptions } from '../../../shared/descriptions/onePerPayment';
import { simplifyProperty, wantsSimplified } from '../../../shared/descriptions/simplify';
import { pathId } from '../../../shared/schemas/identifiers';
import { requestOperation } from '../../../shared/operation/requestOperation';
import type { OperationContext } from '../../../shared/operation/types';
import { notFoundBy } from '../../../shared/operation/words';
import { linkIdProperty } from '../../descriptions/fields';
import { linkPayments, simpleLink, simpleLinkPayments } from '../../output';

/** The link, or one item per payment; each flat (Simplify) or as the platform answered. */
function output(answer: IDataObject, ctx: OperationContext): IDataObject | IDataObject[] {
	const simple = wantsSimplified(ctx);
	if (ctx.param<IDataObject>('options', {}).splitPayments) return simple ? simpleLinkPayments(answer) : linkPayments(answer);
	return simple ? simpleLink(answer) : answer;
}

export const get = requestOperation({
	value: 'get',
	name: 'Get',
	action: 'Get a payment link',
	description: 'Get a payment link with its state and its payments',
	api: 'links',
	path: (ctx) => `/api/payment-link/${pathId(ctx, 'linkId')}`,
	safety: 'read',
	notFound: notFoundBy('Payment link', linkIdProperty),
	properties: [
		linkIdProperty,
		simplifyProperty,
		onePerPaymentOptions(
			'Whether to output one item per payment made through the link (with the link ID, reference and status) instead of one item for the link. A link without payments then outputs no item.',
		),
	],
	output,
});
