/** Signature checks of the platform's webhooks (autopay, checkout, payment link, onboarding). Pure. */
import { createHash, createHmac, timingSafeEqual } from 'crypto';

/** Only a length difference shows in the time taken. */
export function constantTimeEqual(received: string, expected: string): boolean {
	const a = Buffer.from(received, 'utf8');
	const b = Buffer.from(expected, 'utf8');
	if (a.length !== b.length) {
		// Same amount of work either way, then fail.
		timingSafeEqual(b, b);
		return false;
	}
	return timingSafeEqual(a, b);
}

const hexDigest = (algorithm: 'sha256' | 'sha1', text: string) => createHash(algorithm).update(text, 'utf8').digest('hex');

// Autopay: signature = "sha256:" + hex(SHA-256(id + type + date + secretKey)), fields byte for byte as received.
type AutopaySignedFields = { id: string; type: string; date: string };

export function autopaySignature(fields: AutopaySignedFields, secretKey: string): string {
	return `sha256:${hexDigest('sha256', `${fields.id}${fields.type}${fields.date}${secretKey}`)}`;
}

/** The `sha256:` prefix is required. */
export function verifyAutopaySignature(fields: AutopaySignedFields, signature: unknown, secretKey: string): boolean {
	if (typeof signature !== 'string' || !secretKey) return false;
	const match = /^sha256:([0-9a-fA-F]{64})$/.exec(signature.trim());
	if (!match) return false;
	return constantTimeEqual(match[1].toLowerCase(), autopaySignature(fields, secretKey).slice('sha256:'.length));
}

// Checkout notifications: "sha256:" + hex(SHA-256(requestId + status.status + status.date + secretKey)), or the
// legacy form: unprefixed hex SHA-1 of the same string.
type CheckoutSignedFields = { requestId: string | number; status: string; date: string };

export type CheckoutSignatureAlgorithm = 'sha256' | 'sha1';

export function checkoutSignature(fields: CheckoutSignedFields, secretKey: string, algorithm: CheckoutSignatureAlgorithm = 'sha256'): string {
	const digest = hexDigest(algorithm, `${String(fields.requestId)}${fields.status}${fields.date}${secretKey}`);
	return algorithm === 'sha256' ? `sha256:${digest}` : digest;
}

type CheckoutVerification =
	| { ok: true; algorithm: CheckoutSignatureAlgorithm }
	| { ok: false; problem: 'missing' | 'malformed' | 'legacy not accepted' | 'mismatch' };

/** The legacy SHA-1 form only when `acceptSha1`. */
export function verifyCheckoutSignature(fields: CheckoutSignedFields, signature: unknown, secretKey: string, acceptSha1 = true): CheckoutVerification {
	if (typeof signature !== 'string' || signature.trim() === '') return { ok: false, problem: 'missing' };
	const text = signature.trim();
	const sha256 = /^sha256:([0-9a-fA-F]{64})$/.exec(text);
	if (sha256) {
		const expected = checkoutSignature(fields, secretKey, 'sha256').slice('sha256:'.length);
		return constantTimeEqual(sha256[1].toLowerCase(), expected) ? { ok: true, algorithm: 'sha256' } : { ok: false, problem: 'mismatch' };
	}
	if (/^[0-9a-fA-F]{40}$/.test(text)) {
		if (!acceptSha1) return { ok: false, problem: 'legacy not accepted' };
		const expected = checkoutSignature(fields, secretKey, 'sha1');
		return constantTimeEqual(text.toLowerCase(), expected) ? { ok: true, algorithm: 'sha1' } : { ok: false, problem: 'mismatch' };
	}
	return { ok: false, problem: 'malformed' };
}

// Payment link notifications: hex(SHA-256(linkId + status.status + status.date + secretKey)), as published (no
// prefix; a `sha256:` prefix is read as the same digest).
type LinkSignedFields = { linkId: string | number; status: string; date: string };

export function linkSignature(fields: LinkSignedFields, secretKey: string): string {
	return hexDigest('sha256', `${String(fields.linkId)}${fields.status}${fields.date}${secretKey}`);
}

/** 64 hex digits, with or without a `sha256:` prefix. */
export function verifyLinkSignature(fields: LinkSignedFields, signature: unknown, secretKey: string): { ok: true } | { ok: false; problem: 'missing' | 'malformed' | 'mismatch' } {
	if (typeof signature !== 'string' || signature.trim() === '') return { ok: false, problem: 'missing' };
	const match = /^(?:sha256:)?([0-9a-fA-F]{64})$/.exec(signature.trim());
	if (!match) return { ok: false, problem: 'malformed' };
	return constantTimeEqual(match[1].toLowerCase(), linkSignature(fields, secretKey)) ? { ok: true } : { ok: false, problem: 'mismatch' };
}

// Onboarding notifications: X-Signature: t=<unix seconds>,kid=<key id>,v1=hex(HMAC-SHA256(secret, t + "." + rawBody))
const SIGNATURE_TOLERANCE_SECONDS = 300;

interface SignatureHeader {
	t?: string;
	kid?: string;
	/** Every v1 value given (several during a key rotation). */
	v1: string[];
}

/** Unknown parts are ignored. */
export function parseSignatureHeader(header: string): SignatureHeader {
	const parsed: SignatureHeader = { v1: [] };
	for (const part of header.split(',')) {
		const at = part.indexOf('=');
		if (at < 0) continue;
		const key = part.slice(0, at).trim();
		const value = part.slice(at + 1).trim();
		if (key === 't') parsed.t = value;
		else if (key === 'kid') parsed.kid = value;
		else if (key === 'v1' && value) parsed.v1.push(value);
	}
	return parsed;
}

export function onboardingSignature(secret: string, timestamp: string | number, rawBody: Buffer | string): string {
	return createHmac('sha256', secret)
		.update(Buffer.concat([Buffer.from(`${String(timestamp)}.`, 'utf8'), Buffer.isBuffer(rawBody) ? rawBody : Buffer.from(rawBody, 'utf8')]))
		.digest('hex');
}

type OnboardingVerification =
	| { ok: true; timestamp: number; keyId?: string }
	| { ok: false; problem: 'missing' | 'malformed' | 'unknown key' | 'outside the time window' | 'mismatch'; keyId?: string };

/** `now` in epoch milliseconds; a `keyId` given must be the header's `kid`. */
type OnboardingVerifyOptions = { now?: number; toleranceSeconds?: number; keyId?: string };

/** HMAC-SHA256 over the raw body, within ±300 s of now. */
export function verifyOnboardingSignature(header: unknown, rawBody: Buffer | string, secret: string, options: OnboardingVerifyOptions = {}): OnboardingVerification {
	const value = Array.isArray(header) ? header[0] : header;
	if (typeof value !== 'string' || value.trim() === '') return { ok: false, problem: 'missing' };
	const parsed = parseSignatureHeader(value);
	if (!parsed.t || !/^\d{1,12}$/.test(parsed.t) || parsed.v1.length === 0) return { ok: false, problem: 'malformed', keyId: parsed.kid };
	if (options.keyId && parsed.kid !== options.keyId) return { ok: false, problem: 'unknown key', keyId: parsed.kid };
	const timestamp = Number(parsed.t);
	const now = (options.now ?? Date.now()) / 1000;
	if (Math.abs(now - timestamp) > (options.toleranceSeconds ?? SIGNATURE_TOLERANCE_SECONDS)) return { ok: false, problem: 'outside the time window', keyId: parsed.kid };
	const expected = onboardingSignature(secret, parsed.t, rawBody);
	// Every candidate is compared, so the time taken does not tell which one matched.
	let matched = false;
	for (const candidate of parsed.v1) if (constantTimeEqual(candidate.toLowerCase(), expected)) matched = true;
	return matched ? { ok: true, timestamp, keyId: parsed.kid } : { ok: false, problem: 'mismatch', keyId: parsed.kid };
}
