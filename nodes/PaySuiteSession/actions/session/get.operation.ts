import { onePerPaymentOptions, onePerPaymentOutput } from '../../../shared/descriptions/onePerPayment';
import type { IDataObject } from 'n8n-workflow';

import { asObject, simplifyProperty, simplifyOn } from '../../../shared/descriptions/simplify';
import { pathId } from '../../../shared/schemas/identifiers';
import { includeSecretsProperty } from '../../../shared/descriptions/commonFields';
import { notFoundBy } from '../../../shared/operation/words';
import { oneRequestOperation } from '../../../shared/operation/oneRequestOperation';
import { requestIdProperty } from '../../descriptions/fields';
import { withRefundColumns } from '../../../shared/operation/refundsMade';
import type { OperationContext } from '../../../shared/operation/types';
import { simplePayment, simpleSession } from '../../../shared/output/session';
import { SESSION_DATES, sessionPayments, simpleSessionPayments } from '../../output';

const shapes = onePerPaymentOutput({ simple: simpleSession, payments: sessionPayments, simplePayments: simpleSessionPayments });

/** Simplified, the refund columns of each payment (of the session's paid one on the session's item). */
async function withRefunds(answer: IDataObject, ctx: OperationContext): Promise<IDataObject | IDataObject[]> {
	const output = shapes(answer, ctx);
	if (!simplifyOn(ctx)) return output;
	if (Array.isArray(output)) return Promise.all(output.map((item) => withRefundColumns(ctx, item)));
	const payments = Array.isArray(answer.payment) ? (answer.payment as IDataObject[]) : [];
	const paid = [...payments].reverse().find((payment) => asObject(payment.status).status === 'APPROVED');
	const { refundedAmount, refundableAmount, refundedAmountBasis } = await withRefundColumns(ctx, paid ? simplePayment(paid) : {});
	return { ...output, refundedAmount, refundableAmount, refundedAmountBasis };
}

export const get = oneRequestOperation({
	siteClock: { dates: SESSION_DATES },
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
		{ ...includeSecretsProperty, description: 'Whether to output the token and subtoken of a subscription session as they are (to charge it later). Off: each is replaced by "[hidden: turn on Include Secrets]". Executions store their output, so turn it on only when the next node needs them. Never on when the node is used as an AI tool.', hint: 'Off: a subscription session\'s token and subtoken are output as "[hidden: turn on Include Secrets]". On: as they are, to charge the card.' },
		onePerPaymentOptions(
			'Whether to output one item per payment of the session (with the requestId and the session status) instead of one item for the session. A session without payments then outputs no item.',
		),
	],
	output: withRefunds,
});
