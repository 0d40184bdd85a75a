/** The parts of the Gateway's bodies that several operations send (the card or token, a lookup's payment), from the
 * fields in descriptions/fields.ts. */
import type { IDataObject } from 'n8n-workflow';

import type { OperationContext } from '../../shared/operation/types';

/** The card fields as the spec's `instrument.card`; digits only (spaces and dashes typed by people are removed). */
export function cardFromParameters(ctx: OperationContext, withCvv = false): IDataObject {
	const number = String(ctx.param<string>('cardNumber', '') ?? '').replace(/[\s-]/g, '');
	return {
		// null rather than empty, so that a missing number is reported as such and not as a missing instrument.
		number: number === '' ? null : number,
		expiration: String(ctx.param<string>('expiration', '') ?? '').trim(),
		cvv: withCvv ? String(ctx.param<string>('cvv', '') ?? '').trim() : undefined,
	};
}

/** The token fields as the spec's `instrument.token`; an empty token is sent as null so that it is named as missing. */
export function tokenFromParameters(ctx: OperationContext): IDataObject {
	return { token: ctx.param<string>('token', '') || null, subtoken: ctx.param<string>('subtoken', '') };
}

/** The payment of a lookup, from its options; undefined when none of its fields was set. */
export function lookupPayment(options: IDataObject): IDataObject | undefined {
	const { paymentTotal, paymentCurrency, paymentReference } = options;
	if (paymentTotal === undefined && !paymentCurrency && !paymentReference) return undefined;
	return { reference: paymentReference, amount: { currency: paymentCurrency, total: paymentTotal } };
}
