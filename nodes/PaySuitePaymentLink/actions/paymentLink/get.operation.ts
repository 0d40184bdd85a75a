import { onePerPaymentOptions, onePerPaymentOutput } from '../../../shared/descriptions/onePerPayment';
import { pathId } from '../../../shared/identifiers';
import { requestOperation, notFoundBy } from '../../../shared/operation';
import { linkIdProperty } from '../../fields';
import { linkPayments } from '../../output';

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
		onePerPaymentOptions(
			'Whether to output one item per payment made through the link (with the link ID, reference and status) instead of one item for the link. A link without payments then outputs no item.',
		),
	],
	output: onePerPaymentOutput(linkPayments),
});
