/**
 * The payment of a process request (the spec's Payment request): reference, description and amount of the
 * operation, and the optional parts every node declares alike (nodes/shared/descriptions/payment.ts).
 */
import type { IDataObject } from 'n8n-workflow';

import { amountFromParameters } from '../../shared/descriptions/amount';
import { paymentParts, partsReader } from '../../shared/descriptions/payment';
import type { OperationContext } from '../../shared/operation';
import { toPerson } from '../../shared/person';

export { paymentPartsLabels, paymentPartsProperties, shippingProperty } from '../../shared/descriptions/payment';

/** A JSON parameter of a collection, parsed; undefined when it is not set or empty. */
export function optionalJson(ctx: OperationContext, name: string): unknown {
	const value = ctx.jsonParam<unknown>(name, '');
	return value === '' ? undefined : value;
}

/** The payment request built from the parameters (validated by the caller). */
export function buildPayment(ctx: OperationContext, extra: IDataObject): IDataObject {
	const { parts, amount } = paymentParts(extra, 'additionalFields', partsReader(ctx));
	return {
		reference: ctx.param<string>('reference', ''),
		description: ctx.param<string>('description', ''),
		amount: { ...amountFromParameters(ctx), ...amount },
		allowPartial: extra.allowPartial,
		shipping: toPerson(ctx.param('shipping', {})),
		...parts,
	};
}
