/**
 * A payment's outcome as one flat item, the same for a checkout session and a payment link (the Checkout Trigger
 * simplified, Create and Wait for Payment). A subscription's token is never in it. Pure.
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

/** As Session › Get simplifies it. */
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

/** Still waiting for the buyer or the processor. */
const STILL_PENDING = new Set(['PENDING', 'PENDING_VALIDATION', 'PENDING_PROCESS']);

/**
 * In the session's words: APPROVED once a payment is approved; else a pending payment keeps PENDING, a link that takes no more payments
 * says why (EXPIRED, INACTIVE), an active one gives its latest attempt's status (PENDING before any).
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
 * `date` is the notification's signed date (null without one); payment details are the approved payment's only, as
 * for a session. A link payment carries no refunded flag: `refunded` is null.
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

/**
 * A waiting link whose outcome nobody read (n8n's own time limit, where none of the node's code runs): `status`
 * UNKNOWN and a message naming the link to read, never an item without `status` that a check would take for unpaid.
 * The same keys as a read outcome, from what was sent (`sent`: the create request's body).
 */
export function unknownLinkResult(linkId: IDataObject[string], sent: IDataObject): IDataObject {
	const link = { id: linkId, reference: sent.reference, description: sent.description, amount: asObject(sent.payment).amount };
	const message = `n8n ended the wait at its time limit without a notification from the platform, so payment link ${String(linkId)} was not read: whether it was paid is unknown. Read it with PaySuite Payment Link > Get (ID ${String(linkId)}) before treating it as unpaid.`;
	// No dates: none is known, whatever the zone.
	return { ...linkResult(link, null, 'UTC'), status: 'UNKNOWN', message, paymentCount: null };
}
