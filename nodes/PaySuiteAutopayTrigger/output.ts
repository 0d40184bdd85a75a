/** The item an autopay event starts a run with. Pure. */
import type { IDataObject } from 'n8n-workflow';

import { datesWithIso } from '../shared/output/datesWithIso';
import type { AutopayDelivery } from './schemas';

/** The event as received, what its signature covers apart from the rest (see the node's notice). */
export function autopayItem({ event }: AutopayDelivery): IDataObject {
	return { signed: event.signed, unsigned: event.unsigned, signatureVerified: true };
}

/**
 * The event as one flat item (Simplify): the autopay's ID, the event, its reference, the event date as sent and in
 * ISO 8601 in `zone`, and the platform's details (`additional`, whose content it does not document) as received.
 */
export function simpleAutopayItem({ event: { signed, unsigned } }: AutopayDelivery, zone: string): IDataObject {
	return {
		autopayId: signed.id,
		event: signed.type,
		reference: unsigned.reference,
		...datesWithIso({ date: signed.date }, zone),
		additional: unsigned.additional,
	};
}
