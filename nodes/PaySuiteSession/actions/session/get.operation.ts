import { onePerPaymentOptions, onePerPaymentOutput } from '../../../shared/descriptions/onePerPayment';
import { simplifyProperty } from '../../../shared/descriptions/simplify';
import { pathId } from '../../../shared/schemas/identifiers';
import { includeSecretsProperty } from '../../../shared/operation/properties';
import { notFoundBy } from '../../../shared/operation/words';
import { requestOperation } from '../../../shared/operation/requestOperation';
import { onSiteClock } from '../../../shared/operation/siteClock';
import { requestIdProperty } from '../../descriptions/fields';
import { simpleSession } from '../../../shared/output/session';
import { SESSION_DATES, sessionPayments, simpleSessionPayments } from '../../output';

const getSession = requestOperation({
	value: 'get',
	name: 'Get',
	action: 'Get a checkout session',
	description: 'Get a session with its request, its payments and its subscription',
	api: 'checkout',
	path: (ctx) => `/api/session/${pathId(ctx, 'requestId')}`,
	safety: 'read',
	notFound: notFoundBy('Session', requestIdProperty),
	properties: [
		requestIdProperty,
		simplifyProperty,
		{ ...includeSecretsProperty, description: 'Whether to output the token and subtoken of a subscription session as they are (to charge it later). Off: each is replaced by "[hidden: turn on Include Secrets]". Executions store their output, so turn it on only when the next node needs them. Never on when the node is used as an AI tool.', hint: 'Off: a subscription session\'s token and subtoken are output as "[hidden: turn on Include Secrets]".' },
		onePerPaymentOptions(
			'Whether to output one item per payment of the session (with the requestId and the session status) instead of one item for the session. A session without payments then outputs no item.',
		),
	],
	output: onePerPaymentOutput({ simple: simpleSession, payments: sessionPayments, simplePayments: simpleSessionPayments }),
});

/** With Simplify on, each date also as ISO 8601 with the site's offset. */
export const get = onSiteClock(getSession, { dates: SESSION_DATES });
