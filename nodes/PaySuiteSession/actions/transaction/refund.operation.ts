import type { IDataObject } from 'n8n-workflow';

import { amountFromParameters } from '../../../shared/descriptions/amount';
import { simplifyProperty, wantsSimplified } from '../../../shared/descriptions/simplify';
import { requestOperation } from '../../../shared/operation/requestOperation';
import { formatAmount, notFoundBy } from '../../../shared/operation/words';
import { internalReferenceProperty, partialAmountProperties } from '../../descriptions/fields';
import { simplePayment } from '../../output';
import { refundSchema } from '../../schemas';

/** The refund as one flat record: the refund's own state and amount, from the answer's payment. */
function simpleRefund(answer: IDataObject): IDataObject {
	const payment = (answer.payment ?? {}) as IDataObject;
	return simplePayment({ status: answer.status, ...payment });
}

export const refund = requestOperation({
	value: 'refund',
	name: 'Refund',
	action: 'Refund a payment',
	description:
		'Refund an approved payment, in full or in part. Sent once: if its answer is lost, the item fails saying what to check.',
	api: 'checkout',
	path: '/api/reverse',
	notFound: notFoundBy('Transaction', internalReferenceProperty),
	safety: 'write',
	properties: [
		internalReferenceProperty,
		{
			displayName: 'Refund',
			name: 'refundType',
			type: 'options',
			options: [
				{ name: 'Full Amount', value: 'full', description: 'Refund the whole payment' },
				{ name: 'Partial Amount', value: 'partial', description: 'Refund part of the payment' },
			],
			default: 'full',
			description: 'How much of the payment to give back',
		},
		...partialAmountProperties({ show: { refundType: ['partial'] } }, 'Amount to refund, lower than the payment total'),
		simplifyProperty,
	],
	body: (ctx) => ({
		internalReference: ctx.param('internalReference'),
		amount: ctx.param<string>('refundType', 'full') === 'partial' ? amountFromParameters(ctx) : undefined,
	}),
	schema: refundSchema,
	output: (answer, ctx) => (wantsSimplified(ctx) ? simpleRefund(answer) : answer),
	// The platform shows no refund by itself (a transaction only says `refunded` once fully refunded, and the node
	// does not know its session), so a lost answer is reported as such, with what to check.
	lostAnswer: (_ctx, body) => ({
		maybe: body.amount
			? `The refund of ${formatAmount(body.amount)} on transaction ${body.internalReference} may have been made`
			: `The full refund of transaction ${body.internalReference} may have been made`,
		check: `Check the refunds of transaction ${body.internalReference} before refunding again: the platform's back office shows them, and so does a transactions report (PaySuite Gateway > Report > Request and Wait, type Refund).`,
	}),
});
