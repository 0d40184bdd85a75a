/** Parts of the Gateway's bodies several operations send (card or token, a lookup's payment). */
import type { IDataObject } from 'n8n-workflow';

import type { OperationContext } from '../../shared/operation/types';

/** Digits only: spaces and dashes people type are removed. */
export function cardFromParameters(ctx: OperationContext, withCvv = false): IDataObject {
	const number = String(ctx.param<string>('cardNumber', '') ?? '').replace(/[\s-]/g, '');
	return {
		// null rather than empty, so that a missing number is reported as such and not as a missing instrument.
		number: number === '' ? null : number,
		expiration: String(ctx.param<string>('expiration', '') ?? '').trim(),
		cvv: withCvv ? String(ctx.param<string>('cvv', '') ?? '').trim() : undefined,
	};
}

/** An empty token is sent as null so that it is named as missing. */
export function tokenFromParameters(ctx: OperationContext): IDataObject {
	return { token: ctx.param<string>('token', '') || null, subtoken: ctx.param<string>('subtoken', '') };
}

/** Undefined when none of its fields was set. */
export function lookupPayment(options: IDataObject): IDataObject | undefined {
	const { paymentTotal, paymentCurrency, paymentReference } = options;
	if (paymentTotal === undefined && !paymentCurrency && !paymentReference) return undefined;
	return { reference: paymentReference, amount: { currency: paymentCurrency, total: paymentTotal } };
}
