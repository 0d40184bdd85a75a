import { amountFromParameters } from '../../../shared/descriptions/amount';
import { requestOperation } from '../../../shared/operation';
import { internalReferenceProperty, partialAmountProperties } from '../../fields';
import { refundSchema } from '../../schemas';

export const refund = requestOperation({
	value: 'refund',
	name: 'Refund',
	action: 'Refund a payment',
	description: 'Refund an approved payment, in full or in part',
	api: 'checkout',
	path: '/api/reverse',
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
	],
	body: (ctx) => ({
		internalReference: ctx.param('internalReference'),
		amount: ctx.param<string>('refundType', 'full') === 'partial' ? amountFromParameters(ctx) : undefined,
	}),
	schema: refundSchema,
});
