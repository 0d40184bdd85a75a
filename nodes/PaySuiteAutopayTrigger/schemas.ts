/** The autopay webhook body (spec: Payment Processing API, Events): its rules and its signature. Pure. */
import { NOT_VERIFIED, type FailedCheck } from '../shared/webhooks/reply';
import { EVENT_DATE_WORDS, eventDateProblem } from '../shared/webhooks/replay';
import { verifyAutopaySignature } from '../shared/webhooks/signatures';

export const AUTOPAY_EVENT_TYPES = ['AUTOPAY_CREATED', 'AUTOPAY_UPDATED', 'AUTOPAY_TRANSACTION_FAILED', 'AUTOPAY_CANCELED'] as const;
type AutopayEventType = (typeof AUTOPAY_EVENT_TYPES)[number];

/** Split by what its signature covers: `id`, `type` and `date` only. */
interface AutopayEvent {
	signed: { id: string; type: AutopayEventType; date: string };
	/** Anyone who copied a signed event can change these and keep its signature. */
	unsigned: { reference: string; additional: Record<string, unknown> };
}

type AutopayCheck = { ok: true; event: AutopayEvent } | ({ ok: false } & FailedCheck);

/** Signed, within the replay window, by the rules. */
export type AutopayDelivery = Extract<AutopayCheck, { ok: true }>;

const isText = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/**
 * The signed fields first (400), then signature and event date (401), and only then the other rules (400), so a
 * sender without the key learns nothing more.
 */
export function checkAutopayEvent(body: Record<string, unknown> | undefined, secretKey: string, nowMs = Date.now()): AutopayCheck {
	if (!body) return { ok: false, httpStatus: 400, message: 'The body is not a JSON object' };
	const missing = (['id', 'type', 'date'] as const).filter((field) => !isText(body[field]));
	if (missing.length) return { ok: false, httpStatus: 400, message: `Missing or empty field: ${missing.join(', ')}` };
	const signed = { id: body.id as string, type: body.type as string, date: body.date as string };
	if (body.signature === undefined) return { ok: false, httpStatus: 401, message: 'The signature is missing' };
	if (!verifyAutopaySignature(signed, body.signature, secretKey)) return { ok: false, httpStatus: 401, message: NOT_VERIFIED };
	const dateProblem = eventDateProblem(signed.date, nowMs);
	if (dateProblem) return { ok: false, httpStatus: 401, message: EVENT_DATE_WORDS[dateProblem] };

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
			signed: { id: signed.id, type: signed.type as AutopayEventType, date: signed.date },
			unsigned: { reference: body.reference, additional: (additional as Record<string, unknown> | null | undefined) ?? {} },
		},
	};
}

