/**
 * Request errors, each saying what is known of the outcome: nothing reached the platform, a read got no usable
 * answer, a write's answer was lost, or the platform refused.
 */
import { NodeApiError, type IDataObject, type INode, type JsonObject } from 'n8n-workflow';

import { describePlatformAnswer, statusOf, type AnswerContext } from './platformAnswer';
import { redact } from './redact';
import type { PaySuiteContext, RequestSafety } from './types';

// Failures where the request never reached the platform: always safe to send again.
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);
// TLS failed before the request was written: nothing sent, and sending again fails the same way.
const TLS_CODES = new Set([
	'CERT_HAS_EXPIRED',
	'DEPTH_ZERO_SELF_SIGNED_CERT',
	'SELF_SIGNED_CERT_IN_CHAIN',
	'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
	'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
	'ERR_TLS_CERT_ALTNAME_INVALID',
	'EPROTO',
]);
// Failures where the platform may have processed the request: only reads and deduplicated writes are repeated.
// ERR_BAD_RESPONSE: the answer had started (so the request had arrived) and was cut short.
const MAYBE_SENT_CODES = new Set(['ECONNRESET', 'ETIMEDOUT', 'ECONNABORTED', 'EPIPE', 'ERR_SOCKET_CONNECTION_TIMEOUT', 'ERR_BAD_RESPONSE']);

const CONNECTION_WORDS: Record<string, string> = {
	ECONNREFUSED: 'connection refused',
	ENOTFOUND: 'host not found',
	EAI_AGAIN: 'host name lookup failed',
	EHOSTUNREACH: 'host unreachable',
	ENETUNREACH: 'network unreachable',
	ECONNRESET: 'connection reset',
	ETIMEDOUT: 'timed out',
	ECONNABORTED: 'timed out',
	EPIPE: 'connection broken',
	ERR_SOCKET_CONNECTION_TIMEOUT: 'timed out',
	ERR_BAD_RESPONSE: 'answer cut short',
};

/** `unknown`, an error without a known code, is treated as maybe sent. */
type ConnectionFailure = 'secureConnection' | 'notSent' | 'maybeSent' | 'unknown';

export function connectionFailureOf(code: string | undefined): ConnectionFailure {
	if (code === undefined) return 'unknown';
	if (TLS_CODES.has(code)) return 'secureConnection';
	if (NOT_SENT_CODES.has(code)) return 'notSent';
	return MAYBE_SENT_CODES.has(code) ? 'maybeSent' : 'unknown';
}

/** The error code of a failed request, wherever n8n's HTTP client put it. */
export function errorCode(error: unknown): string | undefined {
	const candidate = error as { code?: unknown; cause?: { code?: unknown; cause?: { code?: unknown } } };
	const code = candidate?.cause?.code ?? candidate?.code ?? candidate?.cause?.cause?.code;
	return typeof code === 'string' ? code : undefined;
}

/** For a failure after the request may have been sent. */
export function lostConnectionCause(code: string | undefined, timeoutMs: number): string {
	if (code === 'ECONNABORTED' || code === 'ETIMEDOUT' || code === 'ERR_SOCKET_CONNECTION_TIMEOUT') return `no answer within ${Math.round(timeoutMs / 1000)} s`;
	if (code === 'ERR_BAD_RESPONSE') return 'the answer was cut short';
	if (code === 'ECONNRESET' || code === 'EPIPE') return 'the connection broke after the request was sent';
	return 'the request failed after it may have been sent';
}

/** The platform's status words for a lost answer: "HTTP 503 (Service busy)". */
export function statusCause(statusCode: number, body: unknown, retryAfter: number | undefined): string {
	const status = statusOf(body);
	const words = status?.message ? String(status.message) : typeof body === 'string' && body.trim() && !/^</.test(body.trim()) ? body.trim().slice(0, 80) : '';
	return `HTTP ${statusCode}${retryAfter !== undefined ? ' with Retry-After' : ''}${words ? `: ${words}` : ''}`;
}

/** Worded by platformAnswer.ts, the platform's status in the description and httpCode; never what was sent. */
export function platformError(ctx: PaySuiteContext, statusCode: number, body: unknown, itemIndex: number, context: AnswerContext): NodeApiError {
	const safeBody = redact(body);
	const { message, description } = describePlatformAnswer(statusCode, safeBody, context);
	const status = statusOf(safeBody);
	const response: JsonObject = {
		httpCode: statusCode,
		status: (status as JsonObject) ?? null,
		...(safeBody && typeof safeBody === 'object' && !Array.isArray(safeBody) && (safeBody as IDataObject).errors
			? { errors: (safeBody as IDataObject).errors as JsonObject }
			: {}),
	};
	return new NodeApiError(ctx.getNode(), response, { message, description, httpCode: String(statusCode), itemIndex });
}

/** For the operation that sent it to say more. */
interface LostAnswer {
	path: string;
	/** "HTTP 503", "no answer within 60 s", "the answer was cut short"... */
	cause: string;
	safety: RequestSafety;
	attempts: number;
	httpCode?: number;
}

/**
 * The request may have reached the platform and its answer was lost. An operation may catch it to ask what happened
 * (paySuiteRequest's `lostAnswer`, request.ts).
 */
export class LostAnswerError extends NodeApiError {
	readonly lostAnswer: LostAnswer;

	constructor(node: INode, lost: LostAnswer, itemIndex: number) {
		const deduplicated = lost.safety === 'deduplicated';
		const message = deduplicated
			? `The platform's answer to ${lost.path} was lost (${lost.cause})`
			: `The platform may have processed the request to ${lost.path}, but its answer was lost (${lost.cause})`;
		const description = deduplicated
			? `It was sent ${lost.attempts} time(s), each time with the same idempotency key, so the platform did it at most once. Running the same item again (n8n's Retry of this execution included) sends the same key and gets the result without doing it twice.`
			: 'It was not sent again, because the platform may have done it already. Check on the platform whether it was done before running the node again: running it again could do it twice.';
		super(node, { lostAnswer: lost.cause, path: lost.path }, {
			message,
			description,
			itemIndex,
			...(lost.httpCode ? { httpCode: String(lost.httpCode) } : {}),
		});
		this.lostAnswer = lost;
	}
}

/** Refused, not found, or a failed secure connection: nothing was done. */
export function notReachedError(ctx: PaySuiteContext, code: string | undefined, baseUrl: string, path: string, itemIndex: number): NodeApiError {
	// Words rather than the bare code: n8n swaps a message holding a known code for its own generic text.
	const what = (code && CONNECTION_WORDS[code]) ?? (code && TLS_CODES.has(code) ? 'secure connection failed' : 'no answer');
	return new NodeApiError(ctx.getNode(), { connection: code ?? 'no answer', path }, {
		message: `The platform could not be reached at ${baseUrl} (${what}) for ${path}: check the Base URL of the credential`,
		description: 'Nothing reached the platform, so nothing was done. Check the Base URL of the credential (and its API URLs, if set) and the network.',
		itemIndex,
	});
}

export function readFailedError(ctx: PaySuiteContext, failure: { code?: string; unreadable?: string; path: string; attempts: number }, itemIndex: number): NodeApiError {
	const { code, unreadable, path, attempts } = failure;
	if (unreadable) {
		return new NodeApiError(ctx.getNode(), { unreadable, path }, {
			message: `The platform's answer to ${path} could not be read: ${unreadable}`,
			description: `Asked ${attempts} time(s). A read changes nothing on the platform: try again later.`,
			itemIndex,
		});
	}
	const what = (code && CONNECTION_WORDS[code]) ?? 'no answer';
	return new NodeApiError(ctx.getNode(), { connection: code ?? 'no answer', path }, {
		message: `The platform could not be reached (${what}) for ${path}`,
		description: `The connection broke after the request was sent, ${attempts} time(s). Reading again is safe once the platform answers.`,
		itemIndex,
	});
}
