/** A checkout session and its payments as flat records, for the Session node's reads and the Checkout Trigger. */
import type { IDataObject } from 'n8n-workflow';

import { amountNumber, asObject, orNull } from '../descriptions/simplify';

/** `processorFields`, a subscription's `instrument`. */
function pairValue(pairs: unknown, keyword: string): unknown {
	if (!Array.isArray(pairs)) return undefined;
	return (pairs as IDataObject[]).find((pair) => pair?.keyword === keyword)?.value;
}

/** The spec's Transaction of a session or refund. Missing values are null, so every item has the same columns. */
export function simplePayment(payment: IDataObject): IDataObject {
	const status = asObject(payment.status);
	const conversion = asObject(payment.amount);
	// The amount is an AmountConversion {from, to, factor}; `from` is what the buyer was charged.
	const amount = conversion.from ? asObject(conversion.from) : conversion;
	return {
		internalReference: payment.internalReference ?? null,
		...orNull(status, 'status', 'reason', 'message', 'date'),
		reference: payment.reference ?? null,
		amount: amountNumber(amount.total) ?? null,
		currency: amount.currency ?? null,
		...orNull(payment, 'paymentMethod', 'paymentMethodName', 'franchise', 'issuerName'),
		lastDigits: payment.lastDigits ?? pairValue(payment.processorFields, 'lastDigits') ?? null,
		...orNull(payment, 'authorization', 'receipt', 'refunded'),
	};
}

function latestApproved(payments: IDataObject[]): IDataObject | undefined {
	return [...payments].reverse().find((payment) => asObject(payment.status).status === 'APPROVED');
}

/** With the latest approved payment (or, for a subscription, the registered payment method). */
export function simpleSession(answer: IDataObject): IDataObject {
	const status = asObject(answer.status);
	const request = asObject(answer.request);
	const asked = asObject(request.payment);
	const subscriptionRequest = asObject(request.subscription);
	const askedAmount = asObject(asked.amount);
	const payments = Array.isArray(answer.payment) ? (answer.payment as IDataObject[]) : [];
	const approved = latestApproved(payments);
	const paid = approved ? simplePayment(approved) : undefined;
	const subscription = asObject(answer.subscription);
	const instrument = subscription.instrument;
	return {
		requestId: answer.requestId ?? null,
		...orNull(status, 'status', 'reason', 'message', 'date'),
		reference: asked.reference ?? subscriptionRequest.reference ?? null,
		description: asked.description ?? subscriptionRequest.description ?? null,
		amount: amountNumber(askedAmount.total) ?? null,
		currency: askedAmount.currency ?? null,
		expiration: request.expiration ?? null,
		returnUrl: request.returnUrl ?? null,
		processUrl: answer.processUrl ?? null,
		paymentCount: payments.length,
		internalReference: paid?.internalReference ?? null,
		authorization: paid?.authorization ?? null,
		receipt: paid?.receipt ?? null,
		paymentMethod: paid?.paymentMethod ?? null,
		franchise: paid?.franchise ?? pairValue(instrument, 'franchise') ?? null,
		issuerName: paid?.issuerName ?? pairValue(instrument, 'issuerName') ?? null,
		lastDigits: paid?.lastDigits ?? pairValue(instrument, 'lastDigits') ?? null,
		paymentDate: paid?.date ?? null,
		refunded: paid?.refunded ?? null,
		...(Object.keys(subscription).length
			? {
					subscriptionStatus: asObject(subscription.status).status ?? null,
					token: pairValue(instrument, 'token') ?? null,
					subtoken: pairValue(instrument, 'subtoken') ?? null,
					validUntil: pairValue(instrument, 'validUntil') ?? null,
				}
			: {}),
	};
}
