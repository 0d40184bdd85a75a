/** The payment link a link notification names, read from the platform: the notification does not say which payment. */
import type { IDataObject, IWebhookFunctions } from 'n8n-workflow';

import { sendRequest } from '../operation/send';
import type { Refused } from './reply';

/**
 * The link as the platform reports it now, with its payments (`POST /api/payment-link/{id}`, signed). A failed
 * query throws (answered 503, so the platform sends the notification again); a link the platform does not know,
 * though signed, is refused as a forgery, so the answer never tells what exists.
 */
export async function readLink(fn: IWebhookFunctions, linkId: number | string): Promise<{ ok: true; found: IDataObject } | Refused> {
	const answer = await sendRequest(fn, { api: 'links', path: `/api/payment-link/${linkId}`, safety: 'read', passThroughStatuses: [404] });
	if (answer.statusCode === 404) return { ok: false, notVerified: `the platform does not know the payment link ${linkId}` };
	return { ok: true, found: answer.body as IDataObject };
}
