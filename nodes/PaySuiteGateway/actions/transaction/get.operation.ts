import { optionsCollection } from '../../../shared/descriptions/collections';
import { requestOperation, notFoundBy } from '../../../shared/operation';
import { localeOption } from '../../fields';
import { querySchema, type QueryBody } from '../../schemas';

export const get = requestOperation<QueryBody>({
	value: 'get',
	name: 'Get',
	action: 'Get a transaction',
	description: 'Get a transaction of the gateway by its internal reference',
	api: 'gateway',
	path: '/gateway/query',
	safety: 'read',
	notFound: notFoundBy('Transaction', { name: 'internalReference', displayName: 'Internal Reference' }),
	acceptFailedStatus: true,
	properties: [
		{
			displayName: 'Internal Reference',
			name: 'internalReference',
			type: 'string',
			default: '',
			required: true,
			placeholder: '500001',
			description: "The platform's number of the transaction, as Process or Search return it",
		},
		optionsCollection([localeOption]),
	],
	body: (ctx) => ({
		internalReference: ctx.param<string | number>('internalReference', ''),
		locale: ctx.param<{ locale?: string }>('options', {}).locale,
	}),
	schema: querySchema,
});
