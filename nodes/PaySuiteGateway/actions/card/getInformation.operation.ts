import { requestOperation } from '../../../shared/operation';
import { cardFromParameters, cardNumberProperty, expirationProperty } from '../../fields';
import { informationSchema, type InformationBody } from '../../schemas';
import { clientOptions, lookupPayment, optionsOf, paymentOptions } from './lookup';

export const getInformation = requestOperation<InformationBody>({
	value: 'getInformation',
	name: 'Get Information',
	action: 'Get information about a card',
	description:
		'Which processor and service handle a card, its card type, its credit options (installments) and which extra steps a payment needs (OTP, CVV, 3DS, balance...)',
	api: 'gateway',
	path: '/gateway/information',
	safety: 'read',
	properties: [
		cardNumberProperty,
		expirationProperty,
		{
			displayName: 'Options',
			name: 'options',
			type: 'collection',
			placeholder: 'Add Option',
			default: {},
			options: [...clientOptions, ...paymentOptions],
		},
	],
	body: (ctx) => {
		const options = optionsOf(ctx);
		return {
			locale: options.locale,
			instrument: { card: cardFromParameters(ctx) },
			payment: lookupPayment(options),
			ipAddress: options.ipAddress,
			userAgent: options.userAgent,
		};
	},
	schema: informationSchema,
});
