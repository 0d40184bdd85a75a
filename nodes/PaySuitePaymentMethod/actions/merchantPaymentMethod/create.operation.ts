import { requestOperation } from '../../../shared/operation';
import {
	accountNumberProperty,
	accountTypeProperty,
	commissionModelProperty,
	commissionValueProperty,
	creditRulesProperty,
	financialEntityProperty,
	orderProperty,
	paymentMethodFields,
	settingsProperty,
} from '../../fields';
import { merchantPaymentMethodCreateSchema, type MerchantPaymentMethodCreateBody } from '../../schemas';
import { customerIdProperty } from './ids';

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
		{ ...commissionModelProperty, required: true },
		{ ...commissionValueProperty, required: true },
		{ ...accountTypeProperty, required: true },
		{ ...accountNumberProperty, required: true },
		{
			displayName: 'Additional Fields',
			name: 'additionalFields',
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			options: [creditRulesProperty, financialEntityProperty, orderProperty],
		},
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
