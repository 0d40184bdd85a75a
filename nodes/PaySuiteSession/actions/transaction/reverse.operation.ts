import { transactionAction } from './transactionAction';

export const reverse = transactionAction('reverse', {
	value: 'reverse',
	name: 'Reverse',
	action: 'Reverse a payment',
	description: 'Reverse an approved payment or a pre-authorization through the transaction actions',
	amountWords: 'the amount to reverse, lower than the total for a partial reversal',
});
