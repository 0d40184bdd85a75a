/** A checkout (session) notification or a payment link's own (shared/webhooks/linkNotification.ts): rules and signatures. Pure. */
import { outputId } from '../shared/schemas/identifiers';
import { checkLinkNotification, isLinkNotification, type LinkNotification } from '../shared/webhooks/linkNotification';
import { NOT_VERIFIED, type FailedCheck } from '../shared/webhooks/reply';
import { EVENT_DATE_WORDS, eventDateProblem } from '../shared/webhooks/replay';
import { verifyCheckoutSignature, type CheckoutSignatureAlgorithm } from '../shared/webhooks/signatures';
import { digitsOf, signedStatus, unsignedFields } from '../shared/webhooks/statusBlock';

/** Split by what its signature covers: `requestId`, `status.status` and `status.date`. */
interface CheckoutNotification {
	signed: { requestId: number | string; status: string; date: string };
	/** Anyone who copied a signed notification can change these and keep its signature. */
	unsigned: { reference?: string; reason?: string; message?: string };
}

type CheckoutCheck =
	| { ok: true; notification: CheckoutNotification; algorithm: CheckoutSignatureAlgorithm }
	| ({ ok: false } & FailedCheck);

/** Signed, within the replay window, by the rules. */
export type CheckoutDelivery = Extract<CheckoutCheck, { ok: true }>;

const SIGNATURE_WORDS = {
	missing: 'The signature is missing',
	malformed: 'The signature is not in a known form',
	'legacy not accepted': 'Legacy SHA-1 signatures are turned off for this trigger',
	mismatch: NOT_VERIFIED,
};

/**
 * 400 when a signed field is missing; 401 on a wrong signature or a date outside the replay window. Unsigned fields
 * never refuse a signed notification: one that is not text is left out.
 */
export function checkCheckoutNotification(
	body: Record<string, unknown> | undefined,
	secretKey: string,
	acceptSha1: boolean,
	nowMs = Date.now(),
): CheckoutCheck {
	if (!body) return { ok: false, httpStatus: 400, message: 'The body is not a JSON object' };
	const idText = digitsOf(body.requestId);
	if (idText === undefined) return { ok: false, httpStatus: 400, message: 'Missing or invalid field: requestId' };
	const status = signedStatus(body);
	if (!status.ok) return status;

	const signed = { requestId: idText, status: status.status, date: status.date };
	const verdict = verifyCheckoutSignature(signed, body.signature, secretKey, acceptSha1);
	if (!verdict.ok) return { ok: false, httpStatus: 401, message: SIGNATURE_WORDS[verdict.problem] };
	const dateProblem = eventDateProblem(signed.date, nowMs);
	if (dateProblem) return { ok: false, httpStatus: 401, message: EVENT_DATE_WORDS[dateProblem] };

	return {
		ok: true,
		algorithm: verdict.algorithm,
		notification: { signed: { requestId: outputId(idText), status: signed.status, date: signed.date }, unsigned: unsignedFields(body) },
	};
}

export interface LinkDelivery {
	ok: true;
	kind: 'link';
	notification: LinkNotification;
}

export type TriggerDelivery = (CheckoutDelivery & { kind: 'session' }) | LinkDelivery;

/** A link's when it names a link and no session, else a session's. */
export function checkTriggerDelivery(
	body: Record<string, unknown> | undefined,
	secretKey: string,
	acceptSha1: boolean,
	nowMs = Date.now(),
): TriggerDelivery | ({ ok: false } & FailedCheck) {
	if (body && isLinkNotification(body)) {
		const link = checkLinkNotification(body, secretKey, nowMs);
		return link.ok ? { ...link, kind: 'link' } : link;
	}
	const session = checkCheckoutNotification(body, secretKey, acceptSha1, nowMs);
	return session.ok ? { ...session, kind: 'session' } : session;
}
