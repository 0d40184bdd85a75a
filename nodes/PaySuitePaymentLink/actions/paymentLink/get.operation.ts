import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { pathId } from '../../../shared/identifiers';
import { requestOperation } from '../../../shared/operation';
import { linkPayments } from '../../output';

export const linkIdProperty: INodeProperties = {
	displayName: 'Payment Link ID',
	name: 'linkId',
	type: 'string',
	default: '',
	required: true,
	placeholder: '123',
	description: 'The ID the platform returned when the link was created',
};

export const get = requestOperation({
	value: 'get',
	name: 'Get',
	action: 'Get a payment link',
	description: 'Get a payment link with its state and its payments',
	api: 'links',
	path: (ctx) => `/api/payment-link/${pathId(ctx, 'linkId')}`,
	safety: 'read',
	properties: [
		linkIdProperty,
		{
			displayName: 'Options',
			name: 'options',
			type: 'collection',
			placeholder: 'Add Option',
			default: {},
			options: [
				{
					displayName: 'One Item per Payment',
					name: 'splitPayments',
					type: 'boolean',
					default: false,
					description:
						'Whether to output one item per payment made through the link (with the link ID, reference and status) instead of one item for the link. A link without payments then outputs no item.',
				},
			],
		},
	],
	output: (answer, ctx) => (ctx.param<IDataObject>('options', {}).splitPayments ? linkPayments(answer) : answer),
});
