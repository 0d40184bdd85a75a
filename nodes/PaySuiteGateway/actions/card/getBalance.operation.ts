import type { IDataObject } from 'n8n-workflow';

import { optionsCollection } from '../../../shared/descriptions/collections';
import { oneRequestOperation } from '../../../shared/operation/oneRequestOperation';
import { cardNumberProperty, expirationProperty, localeOption, lookupPaymentOptions } from '../../descriptions/fields';
import { cardFromParameters, lookupPayment } from '../instrument';
import { balanceSchema, type BalanceBody } from '../../schemas';

export const getBalance = oneRequestOperation<BalanceBody>({
	value: 'getBalance',
	name: 'Get Balance',
	action: 'Get the balance of a card',
	description: 'The balance of a card whose information answers Require Balance',
	api: 'gateway',
	path: '/gateway/balance',
	safety: 'read',
	properties: [cardNumberProperty, expirationProperty, optionsCollection([localeOption, ...lookupPaymentOptions])],
	body: (ctx) => {
		const options = ctx.param<IDataObject>('options', {});
		return { locale: options.locale, instrument: { card: cardFromParameters(ctx) }, payment: lookupPayment(options) };
	},
	schema: balanceSchema,
});
