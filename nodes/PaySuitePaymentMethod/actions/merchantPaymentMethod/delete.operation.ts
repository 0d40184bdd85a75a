import { oneRequestOperation } from '../../../shared/operation/oneRequestOperation';
import { notFoundBy } from '../../../shared/operation/words';
import { listingMerchantIdProperty, paymentMethodIdProperty } from '../../descriptions/fields';
import { merchantPaymentMethodDeleteSchema, type MerchantPaymentMethodDeleteBody } from '../../schemas';

export const deleteOperation = oneRequestOperation<MerchantPaymentMethodDeleteBody>({
	value: 'delete',
	name: 'Delete',
	action: 'Remove a payment method from a merchant',
	description: 'Remove a payment method from a merchant',
	api: 'core',
	path: '/core/merchant/payment-methods/delete',
	safety: 'write',
	notFound: notFoundBy('Payment method', paymentMethodIdProperty),
	// The merchant is not sent: it lists its payment methods in Payment Method ID › From List.
	properties: [listingMerchantIdProperty, paymentMethodIdProperty],
	body: (ctx) => ({ id: ctx.param('paymentMethodId') }),
	schema: merchantPaymentMethodDeleteSchema,
	fieldLabels: { id: 'Payment Method ID' },
	// n8n's delete operations output `deleted: true`; the platform's answer (status, id) is kept beside it.
	output: (answer) => ({ deleted: true, ...answer }),
});
