import { transactionAction } from './transactionAction';

export const checkout = transactionAction('checkout', {
	value: 'checkout',
	name: 'Checkout',
	action: 'Check out a pre-authorization',
	description: 'Close a pre-authorized (check-in) transaction and collect it',
	noun: 'checkout',
	amountWords: 'the amount to collect',
});
