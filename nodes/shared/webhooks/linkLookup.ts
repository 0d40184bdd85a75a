/** The payment link a link notification names, read from the platform: the notification does not say which payment. */
import type { IDataObject } from 'n8n-workflow';

import type { PaySuiteRequest, PaySuiteResponse } from '../transport/types';
import type { Refused } from './reply';

/** The link as the platform reports it now, with its payments (`POST /api/payment-link/{id}`, signed). */
export const linkRequest = (linkId: number | string): PaySuiteRequest => ({ api: 'links', path: `/api/payment-link/${linkId}`, safety: 'read', passThroughStatuses: [404] });

/** A link the platform does not know, though signed, is refused as a forgery, so the answer never tells what exists (a failed read throws: 503, sent again). */
export function foundLink(answer: PaySuiteResponse<IDataObject>, linkId: number | string): { ok: true; found: IDataObject } | Refused {
	if (answer.statusCode === 404) return { ok: false, notVerified: `the platform does not know the payment link ${linkId}` };
	return { ok: true, found: answer.body };
}
