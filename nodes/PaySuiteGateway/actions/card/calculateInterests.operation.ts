import type { IDataObject } from 'n8n-workflow';

import { amountFromParameters, amountProperties } from '../../../shared/descriptions/amount';
import { optionsCollection } from '../../../shared/descriptions/collections';
import { oneRequestOperation } from '../../../shared/operation/oneRequestOperation';
import { cardNumberProperty, clientOptions, expirationProperty, referenceProperty } from '../../descriptions/fields';
import { cardFromParameters } from '../instrument';
import { interestsSchema, type InterestsBody } from '../../schemas';

export const calculateInterests = oneRequestOperation<InterestsBody>({
	value: 'calculateInterests',
	name: 'Calculate Interests',
	action: 'Calculate the interests of a credit option',
	description:
		'Interest, installment and total of paying with a credit option of the card (Ecuador only; only for a card whose information answers Display Interest)',
	api: 'gateway',
	path: '/gateway/interests',
	safety: 'read',
	properties: [
		cardNumberProperty,
		expirationProperty,
		{
			displayName: 'Credit Code',
			name: 'creditCode',
			type: 'string',
			default: '',
			required: true,
			description: 'Code of the credit option, from the credits of Card > Get Information',
		},
		{
			displayName: 'Installments',
			name: 'installment',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 1,
			required: true,
			description: 'Number of installments, one of those the credit option lists',
		},
		referenceProperty,
		...amountProperties(),
		optionsCollection([
			{ displayName: 'Credit Group Code', name: 'groupCode', type: 'string', default: '', description: 'Group code of the credit option' },
			{ displayName: 'Credit Type', name: 'type', type: 'string', default: '', description: 'Type of the credit option' },
			...clientOptions,
		]),
	],
	body: (ctx) => {
		const options = ctx.param<IDataObject>('options', {});
		return {
			locale: options.locale,
			instrument: {
				card: cardFromParameters(ctx),
				credit: { code: ctx.param<string>('creditCode', ''), type: options.type, groupCode: options.groupCode, installment: ctx.param<number>('installment', 1) },
			},
			payment: { reference: ctx.param<string>('reference', ''), amount: amountFromParameters(ctx) },
			ipAddress: options.ipAddress,
			userAgent: options.userAgent,
		};
	},
	schema: interestsSchema,
});
