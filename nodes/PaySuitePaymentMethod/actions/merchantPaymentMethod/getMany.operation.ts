import type { IDataObject } from 'n8n-workflow';

import { filtersCollection } from '../../../shared/descriptions/collections';
import { locatorValue, optionalLocator } from '../../../shared/descriptions/coreIds';
import { idLocatorProperty } from '../../../shared/descriptions/locator';
import { simplifyProperty, simplifyOn } from '../../../shared/descriptions/simplify';
import { oneRequestOperation } from '../../../shared/operation/oneRequestOperation';
import { includeSecretsProperty } from '../../../shared/descriptions/commonFields';
import { merchantIdProperty } from '../../descriptions/fields';
import { SEARCH_MERCHANT_PAYMENT_METHODS } from '../../methods/listSearch';
import { GET_FRANCHISES, GET_PAYMENT_METHOD_CODES } from '../../methods/loadOptions';
import { merchantPaymentMethodSearchSchema, type MerchantPaymentMethodSearch } from '../../schemas';
import { simplifyPaymentMethod } from '../../output';

const DYNAMIC = 'Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>';

export const getMany = oneRequestOperation<MerchantPaymentMethodSearch>({
	value: 'getMany',
	name: 'Get Many',
	action: 'Get many payment methods of a merchant',
	description: 'Search the payment methods of a merchant, optionally filtered by ID, name, code or franchise',
	api: 'core',
	path: '/core/merchant/payment-methods/search',
	properties: [
		merchantIdProperty,
		simplifyProperty,
		{ ...includeSecretsProperty, hint: 'Off: the provider passwords and keys in each payment method\'s settings are output as "[hidden: turn on Include Secrets]".' },
		filtersCollection([
			{
				displayName: 'Code Name or ID',
				name: 'code',
				type: 'options',
				typeOptions: { loadOptionsMethod: GET_PAYMENT_METHOD_CODES, loadOptionsDependsOn: ['merchantId.value'] },
				default: '',
				description: `Only payment methods of this code. ${DYNAMIC}.`,
			},
			{
				displayName: 'Franchise Name or ID',
				name: 'franchise',
				type: 'options',
				typeOptions: { loadOptionsMethod: GET_FRANCHISES, loadOptionsDependsOn: ['merchantId.value'] },
				default: '',
				description: `Only payment methods of this card franchise. ${DYNAMIC}.`,
			},
			{ displayName: 'Name', name: 'name', type: 'string', default: '', description: 'Name of the payment method, or part of it (3 to 50 characters)' },
			// A locator inside the Filters collection: its value is the ID (there is no "By URL").
			optionalLocator(idLocatorProperty({
				displayName: 'Payment Method ID',
				name: 'id',
				description: 'Only this payment method',
				example: '501',
				searchListMethod: SEARCH_MERCHANT_PAYMENT_METHODS,
			})),
		]),
	],
	list: {},
	body: (ctx) => {
		const filters = ctx.param<IDataObject>('filters', {});
		return { customerId: ctx.param('merchantId'), ...filters, id: locatorValue(filters.id) };
	},
	schema: merchantPaymentMethodSearchSchema,
	fieldLabels: { customerId: 'Merchant ID', id: 'Filters › Payment Method ID' },
	output: (record, ctx) => (simplifyOn(ctx) ? simplifyPaymentMethod(record) : record),
});
