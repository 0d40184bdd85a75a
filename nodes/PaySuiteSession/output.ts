import type { IDataObject } from 'n8n-workflow';

import { asObject } from '../shared/descriptions/simplify';
import { simplePayment } from '../shared/output/session';

/** The dates of the simplified items, each also as ISO 8601 with the site's offset (`dateIso`, `expirationIso`...). */
export const SESSION_DATES = ['date', 'expiration', 'paymentDate', 'validUntil'] as const;

/** One item per payment of a queried session, each with the session's requestId and status. */
export function sessionPayments(answer: IDataObject): IDataObject[] {
	const payments = Array.isArray(answer.payment) ? (answer.payment as IDataObject[]) : [];
	return payments.map((payment) => ({ requestId: answer.requestId, sessionStatus: answer.status, ...payment }));
}

/** One simplified item per payment: the payment with the session's requestId and status. */
export function simpleSessionPayments(answer: IDataObject): IDataObject[] {
	const payments = Array.isArray(answer.payment) ? (answer.payment as IDataObject[]) : [];
	return payments.map((payment) => ({ requestId: answer.requestId ?? null, sessionStatus: asObject(answer.status).status ?? null, ...simplePayment(payment) }));
}
