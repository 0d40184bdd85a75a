import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { pathId } from '../../../shared/identifiers';
import { requestOperation } from '../../../shared/operation';
import { sessionPayments } from '../../output';

export const requestIdProperty: INodeProperties = {
	displayName: 'Request ID',
	name: 'requestId',
	type: 'string',
	default: '',
	required: true,
	placeholder: '12345',
	description: 'The requestId the platform returned when the session was created',
};

export const get = requestOperation({
	value: 'get',
	name: 'Get',
	action: 'Get a checkout session',
	description: 'Get a session with its request, its payments and its subscription',
	api: 'checkout',
	path: (ctx) => `/api/session/${pathId(ctx, 'requestId')}`,
	safety: 'read',
	properties: [
		requestIdProperty,
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
						'Whether to output one item per payment of the session (with the requestId and the session status) instead of one item for the session. A session without payments then outputs no item.',
				},
			],
		},
	],
	output: (answer, ctx) =>
		ctx.param<IDataObject>('options', {}).splitPayments ? sessionPayments(answer) : answer,
});
