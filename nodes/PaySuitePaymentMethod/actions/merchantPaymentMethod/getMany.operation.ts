import type { IDataObject } from 'n8n-workflow';

import { filtersCollection } from '../../../shared/descriptions/collections';
import { includeSecretsProperty, listOperation } from '../../../shared/operation';
import { customerIdProperty } from '../../fields';
import { merchantPaymentMethodSearchSchema, type MerchantPaymentMethodSearch } from '../../schemas';

export const getMany = listOperation<MerchantPaymentMethodSearch>({
	value: 'getMany',
	name: 'Get Many',
	action: 'Get many payment methods of a merchant',
	description: 'Search the payment methods of a merchant, optionally filtered by ID, name, code or franchise',
	api: 'core',
	path: '/core/merchant/payment-methods/search',
	properties: [
		customerIdProperty,
		includeSecretsProperty,
		filtersCollection([
			{ displayName: 'Code', name: 'code', type: 'string', default: '', description: 'Code of the payment method (max 5 characters)' },
			{
				displayName: 'Franchise',
				name: 'franchise',
				type: 'string',
				default: '',
				description: 'Card franchise code, one of the codes the platform knows',
			},
			{ displayName: 'ID', name: 'id', type: 'string', default: '', placeholder: '501', description: 'Identifier of the payment method, digits only' },
			{ displayName: 'Name', name: 'name', type: 'string', default: '', description: 'Name of the payment method, or part of it (3 to 50 characters)' },
		]),
	],
	filters: (ctx) => ({ customerId: ctx.param('customerId'), ...ctx.param<IDataObject>('filters', {}) }),
	schema: merchantPaymentMethodSearchSchema,
});
