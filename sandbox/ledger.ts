/** What the sandbox received, with every secret masked, so tests can assert on requests and nothing leaks. */
import type { IncomingHttpHeaders } from 'http';

export interface LedgerEntry {
	seq: number;
	at: string;
	method: string;
	path: string;
	query: Record<string, string>;
	headers: IncomingHttpHeaders;
	/** The JSON body as received, with secrets masked; the raw text when it was not JSON. */
	body: any;
	status: number;
	/** Outcome of the signed `auth` check, for signed routes. */
	auth?: { login?: string; ok: boolean; algorithm?: string; reason?: number };
	/** A fault injected on this request, if any. */
	fault?: string;
}

const CARD_KEYS = new Set(['number', 'cardNumber', 'pan']);

/** Card number → first 6 and last 4; CVV, OTP, tranKey and passwords → '***'. */
export function maskSecrets(value: unknown, key = ''): unknown {
	if (Array.isArray(value)) return value.map((entry) => maskSecrets(entry));
	if (value && typeof value === 'object') {
		const out: Record<string, unknown> = {};
		for (const [name, entry] of Object.entries(value as Record<string, unknown>)) out[name] = maskSecrets(entry, name);
		return out;
	}
	if (typeof value !== 'string') return value;
	if (CARD_KEYS.has(key) && /^\d{12,19}$/.test(value)) return `${value.slice(0, 6)}${'*'.repeat(value.length - 10)}${value.slice(-4)}`;
	if (/^(cvv|cvv2|otp|tranKey|password|secretKey)$/i.test(key)) return '***';
	return value;
}

export function maskHeaders(headers: IncomingHttpHeaders): IncomingHttpHeaders {
	const out = { ...headers };
	if (out.authorization) out.authorization = String(out.authorization).replace(/^(Bearer\s+).*/i, '$1***');
	return out;
}
