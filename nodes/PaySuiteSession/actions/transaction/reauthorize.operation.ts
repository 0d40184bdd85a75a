import { transactionAction } from './transactionAction';

export const reauthorize = transactionAction('reauthorization', {
	value: 'reauthorize',
	name: 'Reauthorize',
	action: 'Reauthorize a pre-authorization',
	description: 'Change a pre-authorized (check-in) transaction; not available in Puerto Rico',
	noun: 'reauthorization',
	amountWords: 'the new amount to hold',
});
