import { additionalFieldsCollection } from '../../../shared/descriptions/collections';
import { oneRequestOperation } from '../../../shared/operation/oneRequestOperation';
import { merchantIdProperty, paymentMethodProperty as field, settingsProperty } from '../../descriptions/fields';
import { paymentMethodFields } from '../paymentMethodBody';
import { merchantPaymentMethodCreateSchema, type MerchantPaymentMethodCreateBody } from '../../schemas';

export const create = oneRequestOperation<MerchantPaymentMethodCreateBody>({
	value: 'create',
	name: 'Create',
	action: 'Add a payment method to a merchant',
	description: 'Add a payment method to a merchant',
	api: 'core',
	path: '/core/merchant/payment-methods/create',
	safety: 'write',
	properties: [
		merchantIdProperty,
		{
			displayName: 'Code',
			name: 'code',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'e.g. CRA',
			// Free text: a new method's code is often one the merchant does not have yet, and the platform lists no catalogue.
			description: 'Code of the payment method on the platform (max 5 characters), as the platform gave it to you',
		},
		// The fields the platform requires on create, one by one; the others under Additional Fields.
		{ ...field.commissionModel, required: true },
		{ ...field.commissionValue, required: true },
		{ ...field.accountType, required: true },
		{ ...field.accountNumber, required: true },
		additionalFieldsCollection([field.creditRules, field.creditRulesJson, field.financialEntity, field.order]),
		settingsProperty,
	],
	body: (ctx) => ({
		data: {
			customerId: ctx.param('merchantId'),
			code: ctx.param<string>('code', ''),
			commissionModel: ctx.param<string>('commissionModel', ''),
			commissionValue: ctx.param('commissionValue'),
			accountType: ctx.param('accountType'),
			accountNumber: ctx.param<string>('accountNumber', ''),
			...paymentMethodFields(ctx, 'additionalFields'),
		},
	}),
	schema: merchantPaymentMethodCreateSchema,
	fieldLabels: { 'data.customerId': 'Merchant ID', 'data.creditRules': 'Additional Fields › Credit Rules' },
});
