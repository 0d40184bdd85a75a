/**
 * The item a notification starts a run with: the session or payment link read from the platform, and the
 * notification; Simplify's flat item is nodes/shared/output/paymentResult.ts. Pure.
 */
import type { IDataObject } from 'n8n-workflow';

import { linkOutcome } from '../shared/output/paymentResult';
import { hideSecrets } from '../shared/transport/redact';
import type { CheckoutDelivery, LinkDelivery, TriggerDelivery } from './schemas';

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

/** The payment link as the platform reports it, with the notification that named it. */
export function linkItem(link: IDataObject, { notification }: LinkDelivery): IDataObject {
	return { ...link, notification: { signed: notification.signed, unsigned: notification.unsigned }, signatureVerified: true, signatureAlgorithm: 'sha256' };
}

/** The status the Statuses filter matches: the session's, or what the link says of its payment (APPROVED, EXPIRED...). */
export const deliveryStatusOf = (delivery: TriggerDelivery, found: IDataObject): string =>
	delivery.kind === 'link' ? linkOutcome(found).status : sessionStatusOf(found);
