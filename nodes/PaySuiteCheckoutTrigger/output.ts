/** The item a checkout notification starts a run with: the session read from the platform, and the notification. Pure. */
import type { IDataObject } from 'n8n-workflow';

import { simpleSession } from '../shared/output/session';
import { asObject } from '../shared/descriptions/simplify';
import { hideSecrets } from '../shared/transport/redact';
import { datesWithIso } from '../shared/webhooks/simplify';
import type { CheckoutDelivery } from './schemas';

/** The session's status as the platform reports it (`status.status`), what the Statuses filter matches. */
export function sessionStatusOf(session: IDataObject): string {
	return String((session.status as { status?: unknown } | undefined)?.status ?? '');
}

/** The session (its token and subtoken hidden unless `includeSecrets`), with the notification that named it. */
export function checkoutItem(session: IDataObject, { notification, algorithm }: CheckoutDelivery, includeSecrets: boolean): IDataObject {
	const shown = includeSecrets ? session : hideSecrets(session);
	return {
		...shown,
		notification: { signed: notification.signed, unsigned: notification.unsigned },
		signatureVerified: true,
		signatureAlgorithm: algorithm,
	};
}

/**
 * The session as one flat item (Simplify): one status, the amount asked with its currency, the payer, and the
 * approved payment (how it was paid, its internal reference, receipt, date), the way Session › Get simplifies a
 * session; each date as the platform gave it and in ISO 8601 in `zone`. A subscription's token is never in it.
 */
export function simpleCheckoutItem(session: IDataObject, zone: string): IDataObject {
	const simple = simpleSession(session);
	const payer = asObject(asObject(session.request).payer);
	return {
		requestId: simple.requestId,
		status: simple.status,
		reason: simple.reason,
		message: simple.message,
		reference: simple.reference,
		description: simple.description,
		amount: simple.amount,
		currency: simple.currency,
		payerName: payer.name ?? null,
		payerSurname: payer.surname ?? null,
		payerEmail: payer.email ?? null,
		payerDocumentType: payer.documentType ?? null,
		payerDocument: payer.document ?? null,
		payerMobile: payer.mobile ?? null,
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
