/**
 * What the sandbox received, with every secret masked, so tests can assert on requests and nothing leaks.
 * Bounded: the oldest entries go first, and a long body is kept only in part.
 */
/* eslint-disable @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-explicit-any -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import type { IncomingHttpHeaders } from 'http';
import { stringifyJson } from './json';

export const DEFAULT_LEDGER_ENTRIES = 10_000;
export const DEFAULT_LEDGER_BODY_BYTES = 64 * 1024;
export const DEFAULT_LEDGER_TOTAL_BYTES = 64 * 1024 * 1024;

export interface LedgerEntry {
	seq: number;
	at: string;
	method: string;
	path: string;
	query: Record<string, string>;
	headers: IncomingHttpHeaders;
	/**
	 * The JSON body as received, with secrets masked; the raw text when it was not JSON. A body longer than the
	 * ledger keeps is text: its first part (masked first when it was JSON), then a marker, and `bodyTruncated`.
	 */
	body: any;
	bodyTruncated?: { receivedBytes: number; keptBytes: number };
	status: number;
	/** Outcome of the signed `auth` check, for signed routes. */
	auth?: { login?: string; ok: boolean; algorithm?: string; reason?: number };
	/**
	 * How many other requests (control calls excluded) the sandbox was still handling when this one arrived: 0
	 * for every entry means no two requests were ever in flight together.
	 */
	inFlight: number;
	/** A fault injected on this request, if any. */
	fault?: string;
	/** The `name` of the fault rule that struck, when it has one. */
	faultName?: string;
	/** Key paths of the answer that the API documents do not show (option documentedFields). */
	undocumented?: string[];
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

/**
 * The ledger's `body` and `bodyTruncated` for a request body: masked JSON, or the raw text; past `maxBytes`
 * (measured on the masked JSON text), that text cut at `maxBytes` with a marker saying so.
 */
export function ledgerBody(raw: Buffer, json: unknown, maxBytes: number): Pick<LedgerEntry, 'body' | 'bodyTruncated'> {
	if (!raw.length) return { body: undefined };
	const masked = json === undefined ? undefined : maskSecrets(json);
	const text = masked === undefined ? raw.toString('utf8') : stringifyJson(masked);
	const bytes = Buffer.from(text, 'utf8');
	if (bytes.length <= maxBytes) return { body: masked === undefined ? text : masked };
	const kept = bytes.subarray(0, maxBytes).toString('utf8');
	return {
		body: `${kept}... [truncated by the sandbox: ${raw.length} bytes received, the first ${maxBytes} kept]`,
		bodyTruncated: { receivedBytes: raw.length, keptBytes: maxBytes },
	};
}

export interface LedgerLimits {
	/** Entries kept; the oldest are dropped first. */
	entries: number;
	/** Bytes of all entries together (as JSON); the oldest are dropped first. */
	totalBytes: number;
}

/** The entries in arrival order, within the limits. */
export class Ledger {
	private entries: LedgerEntry[] = [];
	private sizes: number[] = [];
	private bytes = 0;

	constructor(private readonly limits: LedgerLimits) {}

	add(entry: LedgerEntry): void {
		const size = Buffer.byteLength(stringifyJson(entry));
		this.entries.push(entry);
		this.sizes.push(size);
		this.bytes += size;
		let drop = 0;
		while (this.entries.length - drop > this.limits.entries || (this.bytes > this.limits.totalBytes && this.entries.length - drop > 1)) {
			this.bytes -= this.sizes[drop];
			drop++;
		}
		if (drop) {
			this.entries.splice(0, drop);
			this.sizes.splice(0, drop);
		}
	}

	list(): LedgerEntry[] {
		return this.entries.slice();
	}

	clear(): void {
		this.entries = [];
		this.sizes = [];
		this.bytes = 0;
	}
}
