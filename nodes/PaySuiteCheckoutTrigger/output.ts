/** The item a checkout notification starts a run with: the session read from the platform, and the notification. Pure. */
import type { IDataObject } from 'n8n-workflow';

import { hideSecrets } from '../shared/transport/redact';
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
