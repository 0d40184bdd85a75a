import { requestOperation, notFoundBy } from '../../../shared/operation';
import { paymentMethodIdProperty } from '../../fields';
import { merchantPaymentMethodDeleteSchema, type MerchantPaymentMethodDeleteBody } from '../../schemas';

export const deleteOperation = requestOperation<MerchantPaymentMethodDeleteBody>({
	value: 'delete',
	name: 'Delete',
	action: 'Remove a payment method from a merchant',
	description: 'Remove a payment method from a merchant',
	api: 'core',
	path: '/core/merchant/payment-methods/delete',
	safety: 'write',
	notFound: notFoundBy('Payment method', paymentMethodIdProperty),
	properties: [paymentMethodIdProperty],
	body: (ctx) => ({ id: ctx.param('paymentMethodId') }),
	schema: merchantPaymentMethodDeleteSchema,
});
