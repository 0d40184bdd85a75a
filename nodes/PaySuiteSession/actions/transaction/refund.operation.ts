import { amountFromParameters } from '../../../shared/descriptions/amount';
import { repeatOptionsProperty } from '../../../shared/descriptions/repeat';
import { simplifyProperty } from '../../../shared/descriptions/simplify';
import { internalReferenceProperty, partialAmountProperties } from '../../descriptions/fields';
import { refundSchema } from '../../schemas';
import { refundOperation } from './refundFlow';

export const refund = refundOperation({
	value: 'refund',
	name: 'Refund',
	action: 'Refund a payment',
	description:
		'Refund an approved payment, in full or in part. Outputs what was given back, the total refunded and what is left. The same refund within 15 minutes is refused.',
	noun: 'refund',
	path: '/api/reverse',
	properties: [
		internalReferenceProperty,
		{
			displayName: 'Refund',
			name: 'refundType',
			type: 'options',
			options: [
				{ name: 'Full Amount', value: 'full', description: 'Refund what is left of the payment' },
				{ name: 'Partial Amount', value: 'partial', description: 'Refund part of the payment' },
			],
			default: 'full',
			description: 'How much of the payment to give back',
		},
		...partialAmountProperties({ show: { refundType: ['partial'] } }, 'Amount to refund, at most what is left of the payment'),
		simplifyProperty,
		repeatOptionsProperty('refund'),
	],
	body: (ctx) => ({
		internalReference: ctx.param('internalReference'),
		amount: ctx.param<string>('refundType', 'full') === 'partial' ? amountFromParameters(ctx) : undefined,
	}),
	validate: (ctx, raw) => ctx.validate(refundSchema, raw),
});
