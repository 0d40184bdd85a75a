import { requestOperation } from '../../../shared/operation';
import { cardFromParameters, cardNumberProperty, expirationProperty, localeOption } from '../../fields';
import { balanceSchema, type BalanceBody } from '../../schemas';
import { lookupPayment, optionsOf, paymentOptions } from './lookup';

export const getBalance = requestOperation<BalanceBody>({
	value: 'getBalance',
	name: 'Get Balance',
	action: 'Get the balance of a card',
	description: 'The balance of a card whose information answers Require Balance',
	api: 'gateway',
	path: '/gateway/balance',
	safety: 'read',
	properties: [
		cardNumberProperty,
		{ ...expirationProperty, required: true },
		{
			displayName: 'Options',
			name: 'options',
			type: 'collection',
			placeholder: 'Add Option',
			default: {},
			options: [localeOption, ...paymentOptions],
		},
	],
	body: (ctx) => {
		const options = optionsOf(ctx);
		return { locale: options.locale, instrument: { card: cardFromParameters(ctx) }, payment: lookupPayment(options) };
	},
	schema: balanceSchema,
});
