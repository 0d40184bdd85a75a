import { onePerPaymentOptions, onePerPaymentOutput } from '../../../shared/descriptions/onePerPayment';
import { simplifyProperty } from '../../../shared/descriptions/simplify';
import { pathId } from '../../../shared/schemas/identifiers';
import { oneRequestOperation } from '../../../shared/operation/oneRequestOperation';
import { notFoundBy } from '../../../shared/operation/words';
import { linkIdProperty } from '../../descriptions/fields';
import { LINK_DATES, LINK_UTC_DATES, linkPayments, simpleLink, simpleLinkPayments } from '../../output';

export const get = oneRequestOperation({
	siteClock: { dates: LINK_DATES, utc: LINK_UTC_DATES },
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
	output: onePerPaymentOutput({ simple: simpleLink, payments: linkPayments, simplePayments: simpleLinkPayments }),
});
