/**
 * The payment of a process request (the spec's Payment request): reference, description and amount of the
 * operation, and the optional parts every node declares alike (nodes/shared/descriptions/payment.ts).
 */

import type { OperationContext } from '../../shared/operation/types';

export { paymentPartsLabels, paymentPartsProperties, shippingProperty } from '../../shared/descriptions/payment';

/** A JSON parameter of a collection, parsed; undefined when it is not set or empty. */
export function optionalJson(ctx: OperationContext, name: string): unknown {
	const value = ctx.jsonParam<unknown>(name, '');
	return value === '' ? undefined : value;
}

/** The payment request built from the parameters (the shared builder; validated by the caller). */
export { paymentRequest as buildPayment } from '../../shared/descriptions/payment';
