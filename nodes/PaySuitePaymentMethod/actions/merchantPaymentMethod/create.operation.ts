import { additionalFieldsCollection } from '../../../shared/descriptions/collections';
import { requestOperation } from '../../../shared/operation';
import { customerIdProperty, paymentMethodFields, paymentMethodProperty as field, settingsProperty } from '../../fields';
import { merchantPaymentMethodCreateSchema, type MerchantPaymentMethodCreateBody } from '../../schemas';

export const create = requestOperation<MerchantPaymentMethodCreateBody>({
	value: 'create',
	name: 'Create',
	action: 'Add a payment method to a merchant',
	description: 'Add a payment method to a merchant',
	api: 'core',
	path: '/core/merchant/payment-methods/create',
	safety: 'write',
	properties: [
		customerIdProperty,
		{
			displayName: 'Code',
			name: 'code',
			type: 'string',
			default: '',
			required: true,
			description: 'Code of the payment method on the platform (max 5 characters)',
		},
		// The fields the platform requires on create, one by one; the others under Additional Fields.
		{ ...field.commissionModel, required: true },
		{ ...field.commissionValue, required: true },
		{ ...field.accountType, required: true },
		{ ...field.accountNumber, required: true },
		additionalFieldsCollection([field.creditRules, field.financialEntity, field.order]),
		settingsProperty,
	],
	body: (ctx) => ({
		data: {
			customerId: ctx.param('customerId'),
			code: ctx.param<string>('code', ''),
			commissionModel: ctx.param<string>('commissionModel', ''),
			commissionValue: ctx.param('commissionValue'),
			accountType: ctx.param('accountType'),
			accountNumber: ctx.param<string>('accountNumber', ''),
			...paymentMethodFields(ctx, 'additionalFields'),
		},
	}),
	schema: merchantPaymentMethodCreateSchema,
});
