import type { IDataObject } from 'n8n-workflow';

import { optionsCollection } from '../../../shared/descriptions/collections';
import { simplifyProperty, simplifyOn } from '../../../shared/descriptions/simplify';
import { oneRequestOperation } from '../../../shared/operation/oneRequestOperation';
import { cardNumberProperty, clientOptions, expirationProperty, lookupPaymentOptions } from '../../descriptions/fields';
import { cardFromParameters, lookupPayment } from '../instrument';
import { informationSchema, type InformationBody } from '../../schemas';
import { simplifyCardInformation } from '../../output';

export const getInformation = oneRequestOperation<InformationBody>({
	value: 'getInformation',
	name: 'Get Information',
	action: 'Get information about a card',
	description:
		'Which processor and service handle a card, its card type, its credit options (installments) and which extra steps a payment needs (OTP, CVV, 3DS, balance...)',
	api: 'gateway',
	path: '/gateway/information',
	safety: 'read',
	properties: [cardNumberProperty, expirationProperty, simplifyProperty, optionsCollection([...clientOptions, ...lookupPaymentOptions])],
	body: (ctx) => {
		const options = ctx.param<IDataObject>('options', {});
		return {
			locale: options.locale,
			instrument: { card: cardFromParameters(ctx) },
			payment: lookupPayment(options),
			ipAddress: options.ipAddress,
			userAgent: options.userAgent,
		};
	},
	schema: informationSchema,
	output: (answer, ctx) => (simplifyOn(ctx) ? simplifyCardInformation(answer) : answer),
});
