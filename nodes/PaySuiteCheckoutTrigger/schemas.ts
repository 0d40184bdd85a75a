/** The checkout (session) notification: its rules and its signature. Pure. */
import { outputId } from '../shared/schemas/identifiers';
import { NOT_VERIFIED, type FailedCheck } from '../shared/webhooks/reply';
import { EVENT_DATE_WORDS, eventDateProblem } from '../shared/webhooks/replay';
import { verifyCheckoutSignature, type CheckoutSignatureAlgorithm } from '../shared/webhooks/signatures';

/** An accepted notification, split by what its signature covers: `requestId`, `status.status` and `status.date`. */
export interface CheckoutNotification {
	signed: { requestId: number | string; status: string; date: string };
	/** As received, when text: anyone who copied a signed notification can change these and keep its signature. */
	unsigned: { reference?: string; reason?: string; message?: string };
}

type CheckoutCheck =
	| { ok: true; notification: CheckoutNotification; algorithm: CheckoutSignatureAlgorithm }
	| ({ ok: false } & FailedCheck);

/** A notification the trigger accepted (signed, within the replay window, by the rules). */
export type CheckoutDelivery = Extract<CheckoutCheck, { ok: true }>;

const SIGNATURE_WORDS = {
	missing: 'The signature is missing',
	malformed: 'The signature is not in a known form',
	'legacy not accepted': 'Legacy SHA-1 signatures are turned off for this trigger',
	mismatch: NOT_VERIFIED,
};

/** An unsigned informational field: kept when it is text (a numeric reason as text), left out otherwise. */
const textOrNothing = (value: unknown): string | undefined =>
	typeof value === 'string' ? value : typeof value === 'number' && Number.isFinite(value) ? String(value) : undefined;

/**
 * Checks a received notification: the signed fields must be there (400), the signature must match and the status
 * date be within the replay window (401). The unsigned fields never refuse a notification the platform signed:
 * one that is not text is left out.
 */
export function checkCheckoutNotification(
	body: Record<string, unknown> | undefined,
	secretKey: string,
	acceptSha1: boolean,
	nowMs = Date.now(),
): CheckoutCheck {
	if (!body) return { ok: false, httpStatus: 400, message: 'The body is not a JSON object' };
	const rawId = body.requestId;
	// A number only when exact (a JSON integer beyond 2^53 was read as its digits, as text); digits of any length.
	const idText = typeof rawId === 'number' && Number.isSafeInteger(rawId) ? String(rawId) : typeof rawId === 'string' ? rawId : '';
	if (!/^\d+$/.test(idText)) return { ok: false, httpStatus: 400, message: 'Missing or invalid field: requestId' };
	const status = body.status as Record<string, unknown> | undefined;
	if (!status || typeof status !== 'object' || Array.isArray(status)) return { ok: false, httpStatus: 400, message: 'Missing field: status' };
	const missing = ['status', 'date'].filter((field) => typeof status[field] !== 'string' || (status[field] as string).trim() === '');
	if (missing.length) return { ok: false, httpStatus: 400, message: `Missing or empty field: ${missing.map((f) => `status.${f}`).join(', ')}` };

	const signed = { requestId: idText, status: status.status as string, date: status.date as string };
	const verdict = verifyCheckoutSignature(signed, body.signature, secretKey, acceptSha1);
	if (!verdict.ok) return { ok: false, httpStatus: 401, message: SIGNATURE_WORDS[verdict.problem] };
	const dateProblem = eventDateProblem(signed.date, nowMs);
	if (dateProblem) return { ok: false, httpStatus: 401, message: EVENT_DATE_WORDS[dateProblem] };

	const unsigned = { reference: textOrNothing(body.reference), reason: textOrNothing(status.reason), message: textOrNothing(status.message) };
	return {
		ok: true,
		algorithm: verdict.algorithm,
		notification: {
			signed: { requestId: outputId(idText), status: signed.status, date: signed.date },
			unsigned: Object.fromEntries(Object.entries(unsigned).filter(([, value]) => value !== undefined)),
		},
	};
}
