/** The autopay webhook body (spec: Payment Processing API, Events): its rules and its signature. Pure. */
import { verifyAutopaySignature } from '../shared/webhookSignatures';

export const AUTOPAY_EVENT_TYPES = ['AUTOPAY_CREATED', 'AUTOPAY_UPDATED', 'AUTOPAY_TRANSACTION_FAILED', 'AUTOPAY_CANCELED'] as const;
type AutopayEventType = (typeof AUTOPAY_EVENT_TYPES)[number];

interface AutopayEvent {
	id: string;
	type: AutopayEventType;
	date: string;
	reference: string;
	additional: Record<string, unknown>;
}

type AutopayCheck = { ok: true; event: AutopayEvent } | { ok: false; httpStatus: 400 | 401; message: string };

const isText = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/**
 * Checks a received body. The fields the signature covers must be there (400), then the signature must match
 * (401), and only then are the other rules checked (400), so a sender without the key learns nothing more.
 */
export function checkAutopayEvent(body: Record<string, unknown> | undefined, secretKey: string): AutopayCheck {
	if (!body) return { ok: false, httpStatus: 400, message: 'The body is not a JSON object' };
	const missing = (['id', 'type', 'date'] as const).filter((field) => !isText(body[field]));
	if (missing.length) return { ok: false, httpStatus: 400, message: `Missing or empty field: ${missing.join(', ')}` };
	const signed = { id: body.id as string, type: body.type as string, date: body.date as string };
	if (!verifyAutopaySignature(signed, body.signature, secretKey)) {
		return {
			ok: false,
			httpStatus: 401,
			message: body.signature === undefined ? 'The signature is missing' : 'The signature does not match',
		};
	}
	if (!(AUTOPAY_EVENT_TYPES as readonly string[]).includes(signed.type)) {
		return { ok: false, httpStatus: 400, message: `Unknown event type "${signed.type}"` };
	}
	if (!isText(body.reference)) return { ok: false, httpStatus: 400, message: 'Missing or empty field: reference' };
	const additional = body.additional;
	if (additional !== undefined && additional !== null && (typeof additional !== 'object' || Array.isArray(additional))) {
		return { ok: false, httpStatus: 400, message: 'The field additional must be an object' };
	}
	return {
		ok: true,
		event: {
			id: signed.id,
			type: signed.type as AutopayEventType,
			date: signed.date,
			reference: body.reference,
			additional: (additional as Record<string, unknown> | null | undefined) ?? {},
		},
	};
}
