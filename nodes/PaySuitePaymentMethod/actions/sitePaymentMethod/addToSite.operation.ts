import { additionalFieldsCollection } from '../../../shared/descriptions/collections';
import { oneRequestOperation } from '../../../shared/operation/oneRequestOperation';
import { listingMerchantIdProperty, paymentMethodIdProperty, paymentMethodProperty as field, settingsProperty, siteIdProperty } from '../../descriptions/fields';
import { paymentMethodFields } from '../paymentMethodBody';
import { sitePaymentMethodCreateSchema, type SitePaymentMethodCreateBody } from '../../schemas';

export const addToSite = oneRequestOperation<SitePaymentMethodCreateBody>({
	value: 'addToSite',
	name: 'Add to Site',
	action: 'Add a merchant payment method to a site',
	description: 'Attach a payment method of the merchant that owns the site to the site',
	api: 'core',
	path: '/core/site/payment-methods/create',
	safety: 'write',
	properties: [
		siteIdProperty,
		// The merchant is not sent (the site's merchant is): it lists its payment methods in the field below.
		listingMerchantIdProperty,
		{ ...paymentMethodIdProperty, displayName: 'Merchant Payment Method ID', description: 'A payment method of the merchant that owns the site' },
		additionalFieldsCollection([
			{ ...field.accountNumber, description: 'Account that receives the payments (max 20 characters); set it together with Account Type' },
			{ ...field.accountType, description: 'Type of the account that receives the payments; set it together with Account Number' },
			field.commissionModel,
			field.commissionValue,
			field.creditRules,
			field.creditRulesJson,
			field.financialEntity,
			{
				displayName: 'Maximum Amount',
				name: 'maxAmount',
				type: 'number',
				typeOptions: { numberPrecision: 2 },
				default: 0,
				description: 'Largest amount accepted with this payment method on the site; set it together with Minimum Amount',
			},
			{
				displayName: 'Minimum Amount',
				name: 'minAmount',
				type: 'number',
				typeOptions: { numberPrecision: 2 },
				default: 0,
				description: 'Smallest amount accepted with this payment method on the site; set it together with Maximum Amount',
			},
			field.order,
		]),
		settingsProperty,
	],
	body: (ctx) => ({
		data: { siteId: ctx.param('siteId'), customerPaymentId: ctx.param('paymentMethodId'), ...paymentMethodFields(ctx, 'additionalFields') },
	}),
	schema: sitePaymentMethodCreateSchema,
	fieldLabels: { 'data.customerPaymentId': 'Merchant Payment Method ID', 'data.creditRules': 'Additional Fields › Credit Rules' },
});
