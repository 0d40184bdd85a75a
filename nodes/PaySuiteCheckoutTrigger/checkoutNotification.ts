/** The checkout (session) notification: its rules and its signature. Pure. */
import { outputId } from '../shared/identifiers';
import { verifyCheckoutSignature, type CheckoutSignatureAlgorithm } from '../shared/webhookSignatures';

interface CheckoutNotification {
	/** A number, or its exact digits when it is beyond 2^53 (as every answer gives IDs). */
	requestId: number | string;
	reference?: string;
	status: { status: string; reason?: unknown; message?: unknown; date: string };
}

type CheckoutCheck =
	| { ok: true; notification: CheckoutNotification; algorithm: CheckoutSignatureAlgorithm }
	| { ok: false; httpStatus: 400 | 401; message: string };

const SIGNATURE_WORDS = {
	missing: 'The signature is missing',
	malformed: 'The signature is not in a known form',
	'legacy not accepted': 'Legacy SHA-1 signatures are turned off for this trigger',
	mismatch: 'The signature does not match',
};

/**
 * Checks a received notification: the signed fields must be there (400), the signature must match (401), and
 * the rest must have its form (400).
 */
export function checkCheckoutNotification(
	body: Record<string, unknown> | undefined,
	secretKey: string,
	acceptSha1: boolean,
): CheckoutCheck {
	if (!body) return { ok: false, httpStatus: 400, message: 'The body is not a JSON object' };
	const rawId = body.requestId;
	const idText = typeof rawId === 'number' ? String(rawId) : typeof rawId === 'string' ? rawId : '';
	// Any length: the body was read without losing digits, and the signature covers them as received.
	if (!/^\d+$/.test(idText)) return { ok: false, httpStatus: 400, message: 'Missing or invalid field: requestId' };
	const status = body.status as Record<string, unknown> | undefined;
	if (!status || typeof status !== 'object' || Array.isArray(status)) return { ok: false, httpStatus: 400, message: 'Missing field: status' };
	const missing = ['status', 'date'].filter((field) => typeof status[field] !== 'string' || (status[field] as string).trim() === '');
	if (missing.length) return { ok: false, httpStatus: 400, message: `Missing or empty field: ${missing.map((f) => `status.${f}`).join(', ')}` };

	const signed = { requestId: idText, status: status.status as string, date: status.date as string };
	const verdict = verifyCheckoutSignature(signed, body.signature, secretKey, acceptSha1);
	if (!verdict.ok) return { ok: false, httpStatus: 401, message: SIGNATURE_WORDS[verdict.problem] };

	if (body.reference !== undefined && body.reference !== null && typeof body.reference !== 'string') {
		return { ok: false, httpStatus: 400, message: 'The field reference must be a string' };
	}
	return {
		ok: true,
		algorithm: verdict.algorithm,
		notification: {
			requestId: outputId(idText),
			...(typeof body.reference === 'string' ? { reference: body.reference } : {}),
			status: { status: signed.status, reason: status.reason, message: status.message, date: signed.date },
		},
	};
}
