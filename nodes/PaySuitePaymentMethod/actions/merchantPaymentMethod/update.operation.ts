import { oneRequestOperation } from '../../../shared/operation/oneRequestOperation';
import { notFoundBy } from '../../../shared/operation/words';
import { listingMerchantIdProperty, paymentMethodIdProperty, paymentMethodProperty as field, settingsProperty } from '../../descriptions/fields';
import { paymentMethodFields } from '../paymentMethodBody';
import { merchantPaymentMethodUpdateSchema, type MerchantPaymentMethodUpdateBody } from '../../schemas';

export const update = oneRequestOperation<MerchantPaymentMethodUpdateBody>({
	value: 'update',
	name: 'Update',
	action: 'Update a payment method of a merchant',
	description: 'Update a payment method of a merchant; only the fields you set are sent',
	api: 'core',
	path: '/core/merchant/payment-methods/update',
	notFound: notFoundBy('Payment method', paymentMethodIdProperty),
	safety: 'write',
	properties: [
		// The merchant is not sent: it lists its payment methods in Payment Method ID › From List.
		listingMerchantIdProperty,
		paymentMethodIdProperty,
		{
			displayName: 'Update Fields',
			name: 'updateFields',
			type: 'collection',
			placeholder: 'Add Field to Update',
			default: {},
			options: [
				field.accountNumber,
				field.accountType,
				field.commissionModel,
				field.commissionValue,
				field.creditRules,
				field.creditRulesJson,
				field.financialEntity,
				field.order,
				{
					displayName: 'Remove Credit Rules',
					name: 'removeCreditRules',
					type: 'boolean',
					default: false,
					description: 'Whether to remove every credit rule of the payment method',
				},
			],
		},
		{ ...settingsProperty, description: 'Settings of the payment method with the acquirer; when any is set, the settings sent replace the stored ones' },
	],
	body: (ctx) => {
		const data = paymentMethodFields(ctx, 'updateFields', 'removeCreditRules');
		const remove = ctx.param<boolean>('updateFields.removeCreditRules', false);
		const { creditRules } = data;
		const hasRules = creditRules !== undefined && !(typeof creditRules === 'object' && creditRules && Object.keys(creditRules).length === 0);
		if (remove && hasRules) ctx.refuse('data.creditRules', 'and Remove Credit Rules cannot both be set: choose one');
		return { id: ctx.param('paymentMethodId'), data: { ...data, creditRules: remove ? null : creditRules } };
	},
	schema: merchantPaymentMethodUpdateSchema,
	fieldLabels: { id: 'Payment Method ID', data: 'Update Fields', 'data.creditRules': 'Update Fields › Credit Rules' },
});
