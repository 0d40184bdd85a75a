/**
 * The session or payment link a notification names, read from the platform: a notification only says it changed
 * (a link's does not even say which payment).
 */
import type { IDataObject, IWebhookFunctions } from 'n8n-workflow';

import { paySuiteRequest } from '../shared/transport/request';
import { foundLink, linkRequest } from '../shared/webhooks/linkLookup';
import type { Refused } from '../shared/webhooks/reply';
import type { TriggerDelivery } from './schemas';

/**
 * The record as the platform reports it now. A failed query throws: answered 503, so the platform sends the
 * notification again. One the platform does not know, though signed, is refused as a forgery, so the answer never
 * tells what exists.
 */
export async function readRecord(fn: IWebhookFunctions, delivery: TriggerDelivery): Promise<{ ok: true; found: IDataObject } | Refused> {
	if (delivery.kind === 'link') {
		const { linkId } = delivery.notification.signed;
		return foundLink(await paySuiteRequest(fn, linkRequest(linkId)), linkId);
	}
	const { requestId } = delivery.notification.signed;
	// A session whose status is FAILED or ERROR is a result to emit, not a failed query.
	const answer = await paySuiteRequest(fn, { api: 'checkout', path: `/api/session/${requestId}`, safety: 'read', passThroughStatuses: [404], acceptFailedStatus: true });
	if (answer.statusCode === 404) return { ok: false, notVerified: `the platform does not know the session ${requestId}` };
	return { ok: true, found: answer.body as IDataObject };
}
