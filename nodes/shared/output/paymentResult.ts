/**
 * A payment's outcome as one flat item, the same fields for a checkout session and a payment link: what the
 * Checkout Trigger outputs with Simplify on, and what Create and Wait for Payment resumes with. One status, the
 * amount with its currency, the reference, the payer, how it was paid (its internal reference, for a refund later),
 * and each date as the platform gave it with its ISO 8601 twin in the site's zone. A subscription's token is never
 * in it. Pure.
 */
import type { IDataObject } from 'n8n-workflow';

import { amountNumber, asObject } from '../descriptions/simplify';
import { datesWithIso } from './datesWithIso';
import { simpleSession } from './session';

interface Payer {
	name?: unknown;
	surname?: unknown;
	email?: unknown;
	documentType?: unknown;
	document?: unknown;
	mobile?: unknown;
}

const payerFields = (payer: Payer): IDataObject => ({
	payerName: (payer.name as IDataObject[string]) ?? null,
	payerSurname: (payer.surname as IDataObject[string]) ?? null,
	payerEmail: (payer.email as IDataObject[string]) ?? null,
	payerDocumentType: (payer.documentType as IDataObject[string]) ?? null,
	payerDocument: (payer.document as IDataObject[string]) ?? null,
	payerMobile: (payer.mobile as IDataObject[string]) ?? null,
});

/**
 * A session (the platform's answer to its query) as the flat item: its status, what was asked, the payer, and the
 * approved payment (how it was paid, its internal reference, receipt, date), the way Session › Get simplifies it.
 */
export function sessionResult(session: IDataObject, zone: string): IDataObject {
	const simple = simpleSession(session);
	return {
		requestId: simple.requestId,
		status: simple.status,
		reason: simple.reason,
		message: simple.message,
		reference: simple.reference,
		description: simple.description,
		amount: simple.amount,
		currency: simple.currency,
		...payerFields(asObject(asObject(session.request).payer)),
		paymentMethod: simple.paymentMethod,
		franchise: simple.franchise,
		issuerName: simple.issuerName,
		lastDigits: simple.lastDigits,
		internalReference: simple.internalReference,
		authorization: simple.authorization,
		receipt: simple.receipt,
		refunded: simple.refunded,
		paymentCount: simple.paymentCount,
		...datesWithIso({ date: simple.date, paymentDate: simple.paymentDate }, zone),
	};
}

const paymentsOf = (link: IDataObject): IDataObject[] => (Array.isArray(link.payments) ? (link.payments as IDataObject[]) : []);

/** The payment statuses still waiting for the buyer or the processor. */
const STILL_PENDING = new Set(['PENDING', 'PENDING_VALIDATION', 'PENDING_PROCESS']);

/**
 * What a link's state says of its payment, in the session's words: APPROVED once a payment is approved (the
 * latest approved one); otherwise a payment still pending keeps PENDING, and a link that takes no more payments
 * says why (EXPIRED, INACTIVE); an active link gives its latest attempt's status (REJECTED...), or PENDING before
 * any. `payment` is the payment the item describes (undefined when none).
 */
export function linkOutcome(link: IDataObject): { status: string; payment?: IDataObject } {
	const payments = paymentsOf(link);
	const approved = [...payments].reverse().find((payment) => payment.status === 'APPROVED');
	if (approved) return { status: 'APPROVED', payment: approved };
	const latest = payments.at(-1);
	const pending = [...payments].reverse().find((payment) => STILL_PENDING.has(String(payment.status)));
	if (pending) return { status: String(pending.status), payment: pending };
	if (link.status === 'EXPIRED' || link.status === 'INACTIVE') return { status: String(link.status), payment: latest };
	return { status: latest ? String(latest.status) : 'PENDING', payment: latest };
}

/**
 * A payment link (the platform's answer to its query, which lists its payments) as the flat item, with `linkId`
 * and `linkStatus` added. `date` is when the platform said it (the notification's signed date; null without one);
 * the payment's details are the approved payment's only, as for a session (its `requestId` is the payment's checkout
 * session). A link payment carries no refunded flag: `refunded` is null.
 */
export function linkResult(link: IDataObject, date: string | null, zone: string): IDataObject {
	const { status, payment } = linkOutcome(link);
	const paid = status === 'APPROVED' ? payment : undefined;
	const shown = payment ?? {};
	const amount = asObject(paid?.amount ?? link.amount);
	const payer = asObject(shown.payer);
	return {
		requestId: shown.requestId ?? null,
		linkId: link.id ?? null,
		status,
		linkStatus: link.status ?? null,
		reason: null,
		message: shown.message ?? null,
		reference: link.reference ?? null,
		description: link.description ?? null,
		amount: amountNumber(Object.keys(amount).length ? amount.total : link.amount) ?? null,
		currency: amount.currency ?? null,
		...payerFields({ ...payer, mobile: payer.phone }),
		paymentMethod: paid?.paymentMethod ?? null,
		franchise: paid?.franchise ?? null,
		issuerName: paid?.issuerName ?? null,
		lastDigits: paid?.lastDigits ?? null,
		internalReference: paid?.internalReference ?? null,
		authorization: paid?.authorization ?? null,
		receipt: paid?.receipt ?? null,
		refunded: null,
		paymentCount: paymentsOf(link).length,
		...datesWithIso({ date, paymentDate: paid?.paymentDate ?? null }, zone),
	};
}
