/** The item an autopay event starts a run with. Pure. */
import type { IDataObject } from 'n8n-workflow';

import type { AutopayDelivery } from './schemas';

/** The event as received, what its signature covers apart from the rest (see the node's notice). */
export function autopayItem({ event }: AutopayDelivery): IDataObject {
	return { signed: event.signed, unsigned: event.unsigned, signatureVerified: true };
}
