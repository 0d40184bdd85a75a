/** The onboarding process notification: its X-Signature header and its body's rules. Pure. */
import { NOT_VERIFIED, type Refused } from '../shared/webhooks/reply';
import { verifyOnboardingSignature } from '../shared/webhooks/signatures';

type NotificationCheck = { ok: true; processId: string } | { ok: false; message: string };

/** It only has to name the process: the result is read from the platform, not from the body. */
export function checkProcessNotification(body: Record<string, unknown> | undefined): NotificationCheck {
	if (!body) return { ok: false, message: 'The body is not a JSON object' };
	const processId = body.processId;
	if (typeof processId !== 'string' || processId.trim() === '') return { ok: false, message: 'Missing or empty field: processId' };
	if (processId.length > 100 || /[/?#\s]/.test(processId)) return { ok: false, message: 'The field processId is not a process identifier' };
	return { ok: true, processId: processId.trim() };
}

const SIGNATURE_PROBLEM_WORDS: Record<string, string> = {
	missing: 'The X-Signature header is missing',
	malformed: 'The X-Signature header is malformed',
	'unknown key': 'The X-Signature header names another key (kid)',
	'outside the time window': 'The X-Signature timestamp is more than 300 seconds away from now',
	mismatch: NOT_VERIFIED,
};

export interface NotificationSignature {
	ok: true;
	keyId?: string;
}

/** `keyId`: the key ID the header must name (empty accepts any). Without a secret every notification is refused and the owner warned. */
export function checkNotificationSignature(
	header: unknown,
	raw: Buffer,
	secret: string,
	keyId: string | undefined,
	nowMs?: number,
): NotificationSignature | Refused {
	if (!secret) {
		return {
			ok: false,
			notVerified: 'no notification secret',
			warning: 'its credential has no Notification Secret (set it, or turn Verify Signature off)',
		};
	}
	const verdict = verifyOnboardingSignature(header, raw, secret, { keyId: keyId || undefined, now: nowMs });
	if (!verdict.ok) return { ok: false, httpStatus: 401, message: SIGNATURE_PROBLEM_WORDS[verdict.problem] };
	return { ok: true, keyId: verdict.keyId };
}

export interface ProcessDelivery {
	ok: true;
	processId: string;
	/** Undefined when the node does not verify signatures. */
	signature?: NotificationSignature;
}

/** Once its signature passed (or is not checked): 400 when broken. */
export function readProcessNotification(body: Record<string, unknown>, signature: NotificationSignature | undefined): ProcessDelivery | Refused {
	const check = checkProcessNotification(body);
	if (!check.ok) return { ok: false, httpStatus: 400, message: check.message };
	return { ok: true, processId: check.processId, signature };
}
