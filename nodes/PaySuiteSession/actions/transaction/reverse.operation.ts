import { transactionActionSchema } from '../../schemas';
import { refundOperation } from './refund.operation';
import { actionBody, actionProperties } from './transactionAction';

export const reverse = refundOperation({
	value: 'reverse',
	name: 'Reverse',
	action: 'Reverse a payment',
	description:
		'Reverse an approved payment or a pre-authorization through the transaction actions. Outputs what was given back and what is left. The same reversal within 15 minutes is refused.',
	noun: 'reversal',
	path: '/api/transaction',
	properties: actionProperties('the amount to reverse, lower than the total for a partial reversal', 'reversal'),
	body: actionBody('reverse'),
	validate: (ctx, raw) => ctx.validate(transactionActionSchema, raw),
});
