import {
	NodeApiError,
	NodeOperationError,
	sleep,
	type ICredentialDataDecryptedObject,
	type IDataObject,
	type IExecuteFunctions,
	type IHookFunctions,
	type IHttpRequestMethods,
	type IHttpRequestOptions,
	type ILoadOptionsFunctions,
	type INode,
	type IWebhookFunctions,
	type JsonObject,
} from 'n8n-workflow';

import { parseJson, stringifyJson } from './losslessJson';
import { describePlatformAnswer, statusOf, type AnswerContext, type NotFoundSubject } from './platformAnswer';
import { redact } from './redact';

export type ApiName = 'core' | 'gateway' | 'checkout' | 'links' | 'onboarding';

/**
 * How a request may be repeated after a failure.
 * - `read`: no effect on the platform; retried on any transient failure (no connection, a lost or unreadable
 *   answer, HTTP 408/429/5xx).
 * - `idempotent`: a write the platform deduplicates (idempotenceKey, Idempotency-Key); retried like a read, always
 *   with the same key, so the platform does it at most once.
 * - `write`: sent again only after a failure that proves nothing reached the platform (connection refused, host
 *   not found). Any other failure (a timeout, a connection broken after sending, HTTP 408/429/5xx even with
 *   Retry-After, an answer cut short or not JSON) leaves the outcome unknown: it is never repeated and fails
 *   with a LostAnswerError, which the operation may resolve by asking the platform what happened.
 */
export type RequestSafety = 'read' | 'idempotent' | 'write';

export interface PaySuiteRequest {
	api: ApiName;
	method?: IHttpRequestMethods;
	path: string;
	body?: IDataObject;
	qs?: IDataObject;
	headers?: IDataObject;
	safety?: RequestSafety;
	/** Keep a 200 answer whose `status.status` is FAILED/ERROR/REJECTED as a result instead of an error. */
	acceptFailedStatus?: boolean;
	/**
	 * Words added to the error when the platform answers and refuses (a failed status, or HTTP 4xx other than
	 * 401, 403 and 404): the usual cause, next to the platform's own words.
	 */
	refusalHint?: string;
	/** The record the request names and the field that gave it, for the words of a 404: "Session 123 was not found". */
	notFound?: NotFoundSubject;
	/** What a 409 (a conflict with the state of things) means for this request, and what to do. */
	conflictHint?: string;
	/** HTTP statuses handed back to the caller instead of raised (e.g. 425 while a report is not ready). */
	passThroughStatuses?: number[];
	/**
	 * `arraybuffer` for binary answers held whole; `stream` for a success read as it arrives (report files: the
	 * body is a Readable of the decompressed bytes, which the caller must consume; other answers are read whole
	 * and decoded as with `arraybuffer`); JSON by default.
	 */
	encoding?: 'arraybuffer' | 'stream' | 'json';
	timeoutMs?: number;
}

export interface PaySuiteResponse<T = IDataObject> {
	statusCode: number;
	headers: Record<string, string | string[] | undefined>;
	body: T;
}

type PaySuiteContext = IExecuteFunctions | IWebhookFunctions | ILoadOptionsFunctions | IHookFunctions;

const CREDENTIAL_FOR_API: Record<ApiName, 'paySuiteApi' | 'paySuiteOnboardingApi'> = {
	core: 'paySuiteApi',
	gateway: 'paySuiteApi',
	checkout: 'paySuiteApi',
	links: 'paySuiteApi',
	onboarding: 'paySuiteOnboardingApi',
};

const URL_OVERRIDE: Record<ApiName, string | undefined> = {
	core: 'restUrl',
	gateway: 'gatewayUrl',
	checkout: 'checkoutUrl',
	links: 'linksUrl',
	onboarding: undefined,
};

const RETRY_POLICY = { maxAttempts: 4, maxDelayMs: 30_000 };

/**
 * How long a request waits for its answer, unless it says otherwise, and the first wait before a retry (doubled
 * each time) when the platform asks for none. Mutable only so that tests can shorten them.
 */
export const requestDefaults = { timeoutMs: 60_000, retryDelayMs: 250 };

// Failures where the request never reached the platform: always safe to send again.
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);
// The secure connection failed before the request was written: nothing was sent, and sending again fails the same way.
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

/** What a lost answer was, in words, for a failure after the request may have been sent. */
function lostConnectionCause(code: string | undefined, timeoutMs: number): string {
	if (code === 'ECONNABORTED' || code === 'ETIMEDOUT' || code === 'ERR_SOCKET_CONNECTION_TIMEOUT') return `no answer within ${Math.round(timeoutMs / 1000)} s`;
	if (code === 'ERR_BAD_RESPONSE') return 'the answer was cut short';
	if (code === 'ECONNRESET' || code === 'EPIPE') return 'the connection broke after the request was sent';
	return 'the request failed after it may have been sent';
}

export function baseUrlFor(api: ApiName, credentials: IDataObject): string {
	const override = URL_OVERRIDE[api];
	const chosen = (override && String(credentials[override] ?? '').trim()) || String(credentials.baseUrl ?? '').trim();
	return chosen.replace(/\/+$/, '');
}

export function headerValue(headers: PaySuiteResponse['headers'], name: string): string | undefined {
	const wanted = name.toLowerCase();
	for (const [key, value] of Object.entries(headers ?? {})) {
		if (key.toLowerCase() === wanted) return Array.isArray(value) ? value[0] : value;
	}
	return undefined;
}

/** Seconds from a Retry-After header (delta seconds or an HTTP date); undefined when absent or unreadable. */
export function retryAfterSeconds(value: string | undefined, now = Date.now()): number | undefined {
	if (value === undefined || value === null || String(value).trim() === '') return undefined;
	const seconds = Number(value);
	if (Number.isFinite(seconds)) return Math.max(0, seconds);
	const date = Date.parse(value);
	return Number.isNaN(date) ? undefined : Math.max(0, (date - now) / 1000);
}

export function backoffDelayMs(attempt: number, retryAfter?: number): number {
	if (retryAfter !== undefined) return Math.min(retryAfter * 1000, RETRY_POLICY.maxDelayMs);
	return Math.min(requestDefaults.retryDelayMs * 2 ** (attempt - 1), 5_000);
}

function errorCode(error: unknown): string | undefined {
	const candidate = error as { code?: unknown; cause?: { code?: unknown; cause?: { code?: unknown } } };
	const code = candidate?.cause?.code ?? candidate?.code ?? candidate?.cause?.cause?.code;
	return typeof code === 'string' ? code : undefined;
}

const FAILED_STATUSES = new Set(['FAILED', 'ERROR']);


function decodeBody(body: unknown): unknown {
	if (Buffer.isBuffer(body)) {
		const text = body.toString('utf8');
		try {
			return parseJson(text);
		} catch {
			return text.slice(0, 500);
		}
	}
	return body;
}

/** A streamed answer read whole (a small one: a status, an error); a buffer or text is returned as it is. */
async function readWhole(body: unknown): Promise<unknown> {
	if (!body || typeof (body as AsyncIterable<unknown>)[Symbol.asyncIterator] !== 'function') return body;
	const chunks: Buffer[] = [];
	for await (const chunk of body as AsyncIterable<Buffer | string>) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
	return Buffer.concat(chunks);
}

/** Whether an answer is what every JSON endpoint of the platform answers: a JSON object. */
export function isJsonObject(body: unknown): body is IDataObject {
	return body !== null && typeof body === 'object' && !Array.isArray(body) && !Buffer.isBuffer(body);
}

/** Why an answer that should be a JSON object is not, in words (answerBody keeps the text when it is not JSON). */
export function describeUnreadable(body: unknown): string {
	if (body === undefined || body === null || (typeof body === 'string' && body.trim() === '')) return 'the answer was empty';
	if (typeof body === 'string') {
		const text = body.trim();
		if (/^<(!doctype|html|head|body)/i.test(text)) return 'the answer was an HTML page, not JSON';
		if (/^[[{]/.test(text)) return 'the answer was JSON cut short';
		// Text, or a JSON string.
		return `the answer was not a JSON object (it began "${text.slice(0, 40).replace(/\s+/g, ' ')}")`;
	}
	return `the answer was JSON but ${Array.isArray(body) ? 'a list' : `a ${typeof body}`}, not an object`;
}

/**
 * The request body as JSON text, written here rather than by the HTTP client so that an identifier held as a
 * bigint goes out as a bare integer with all its digits (JSON.stringify cannot write one).
 */
function jsonBodyText(body: IDataObject | undefined): string {
	return stringifyJson(body ?? {}) ?? '{}';
}

/**
 * The answer's body: a report file as its bytes (an error answer decoded); otherwise JSON read from its text,
 * so that identifiers beyond 2^53 keep every digit (as text), or the text as it is when it is not JSON.
 */
function answerBody(encoding: PaySuiteRequest['encoding'], statusCode: number, raw: unknown): unknown {
	if (encoding === 'arraybuffer') return statusCode >= 300 ? decodeBody(raw) : raw;
	if (typeof raw !== 'string' || raw.trim() === '') return raw;
	try {
		return parseJson(raw);
	} catch {
		return raw;
	}
}

/**
 * The error of an answer that refuses or fails: words for what happened and what to do (platformAnswer.ts), the
 * platform's status in the description and httpCode. Never what was sent.
 */
function platformError(ctx: PaySuiteContext, statusCode: number, body: unknown, itemIndex: number, context: AnswerContext): NodeApiError {
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

/** Facts about a write whose answer was lost, for the operation that sent it to say more. */
export interface LostAnswer {
	path: string;
	/** Why the outcome is unknown, in words: "HTTP 503", "no answer within 60 s", "the answer was cut short"... */
	cause: string;
	safety: RequestSafety;
	attempts: number;
	httpCode?: number;
}

/**
 * A write that may or may not have been processed: the request may have reached the platform and its answer
 * was lost. The message says so; an operation may catch it to ask the platform what happened (see
 * `sendWrite` in operation.ts) and report the confirmed record, or fail with words of its own.
 */
export class LostAnswerError extends NodeApiError {
	readonly lostAnswer: LostAnswer;

	constructor(node: INode, lost: LostAnswer, itemIndex: number) {
		const deduplicated = lost.safety === 'idempotent';
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

/** Nothing reached the platform (refused, not found, a failed secure connection), after `attempts` tries. */
function notReachedError(ctx: PaySuiteContext, code: string | undefined, baseUrl: string, path: string, itemIndex: number): NodeApiError {
	// Words rather than the bare code: n8n swaps a message holding a known code for its own generic text.
	const what = (code && CONNECTION_WORDS[code]) ?? (code && TLS_CODES.has(code) ? 'secure connection failed' : 'no answer');
	return new NodeApiError(ctx.getNode(), { connection: code ?? 'no answer', path }, {
		message: `The platform could not be reached at ${baseUrl} (${what}) for ${path}: check the Base URL of the credential`,
		description: 'Nothing reached the platform, so nothing was done. Check the Base URL of the credential (and its API URLs, if set) and the network.',
		itemIndex,
	});
}

/** A read that got no usable answer: nothing changed on the platform, reading again later is safe. */
function readFailedError(ctx: PaySuiteContext, failure: { code?: string; unreadable?: string; path: string; attempts: number }, itemIndex: number): NodeApiError {
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

/** The platform's status words for a lost answer: "HTTP 503 (Service busy)". */
function statusCause(statusCode: number, body: unknown, retryAfter: number | undefined): string {
	const status = statusOf(body);
	const words = status?.message ? String(status.message) : typeof body === 'string' && body.trim() && !/^</.test(body.trim()) ? body.trim().slice(0, 80) : '';
	return `HTTP ${statusCode}${retryAfter !== undefined ? ' with Retry-After' : ''}${words ? `: ${words}` : ''}`;
}

/**
 * The credentials of one node run, read once per credential type. n8n reads and decrypts a credential from its
 * database on every `getCredentials`, and `httpRequestWithAuthentication` reads it again unless it is handed the
 * decrypted data (`credentialsDecrypted`): that was most of the time of a request. n8n resolves a node's
 * credential once, at the first item, in its own declarative nodes (RoutingNode) and in
 * `httpRequestWithAuthentication` (which signs with item 0's): the package does the same, for the address and the
 * signature alike. Kept with n8n's context object of the run (one per node run, webhook call or editor lookup),
 * so it goes with it; a failed read is not kept.
 */
const credentialCache = new WeakMap<object, Map<string, Promise<ICredentialDataDecryptedObject>>>();

function credentialsOnce(ctx: PaySuiteContext, type: string): Promise<ICredentialDataDecryptedObject> {
	let byType = credentialCache.get(ctx);
	if (!byType) {
		byType = new Map();
		credentialCache.set(ctx, byType);
	}
	let read = byType.get(type);
	if (!read) {
		read = (ctx.getCredentials as (type: string, index?: number) => Promise<ICredentialDataDecryptedObject>)(type, 0);
		byType.set(type, read);
		read.catch(() => byType!.delete(type));
	}
	return read;
}

/**
 * When the platform asks to slow down (HTTP 429, or any busy answer with Retry-After), every request of the node
 * run waits until then, not only the one that was answered so: with a few items in flight, the others would
 * otherwise keep the platform busy. Kept with n8n's context object of the run, like the credentials.
 */
const pauses = new WeakMap<object, { until: number }>();

function pauseAll(ctx: PaySuiteContext, delayMs: number): void {
	const pause = pauses.get(ctx) ?? { until: 0 };
	pause.until = Math.max(pause.until, Date.now() + delayMs);
	pauses.set(ctx, pause);
}

async function waitForPause(ctx: PaySuiteContext): Promise<void> {
	for (let pause = pauses.get(ctx); pause && pause.until > Date.now(); ) await sleep(pause.until - Date.now());
}

/**
 * The one way this package talks to the platform: signs through the credential, retries only what is safe,
 * and turns every failure into a NodeApiError that says what the platform answered and carries no secret.
 */
export async function paySuiteRequest<T = IDataObject>(
	this: PaySuiteContext,
	request: PaySuiteRequest,
	itemIndex = 0,
): Promise<PaySuiteResponse<T>> {
	const credentialType = CREDENTIAL_FOR_API[request.api];
	const credentials = await credentialsOnce(this, credentialType);
	// Signed afresh by the credential's `authenticate` on every attempt; only the reading is shared.
	// n8n's getNode() gives a deep copy of the node on every call: read once per request.
	const node = this.getNode();
	const credentialsDecrypted = {
		id: node.credentials?.[credentialType]?.id ?? '',
		name: node.credentials?.[credentialType]?.name ?? credentialType,
		type: credentialType,
	};
	const method = request.method ?? 'POST';
	const safety = request.safety ?? (method === 'GET' ? 'read' : 'write');
	const repeatable = safety !== 'write';

	const timeoutMs = request.timeoutMs ?? requestDefaults.timeoutMs;

	const baseURL = baseUrlFor(request.api, credentials);
	if (!baseURL) {
		throw new NodeOperationError(node, 'The credential has no Base URL: open the credential and set it', {
			itemIndex,
			description: `The Base URL is the address of the platform, e.g. https://api.example.com (the sandbox: http://127.0.0.1:8765). Nothing was sent.`,
		});
	}

	const options: IHttpRequestOptions = {
		method,
		baseURL,
		url: request.path,
		headers: { Accept: 'application/json', ...(request.headers ?? {}) },
		qs: request.qs,
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		timeout: timeoutMs,
		// JSON answers come as text and are parsed here (answerBody), never by the HTTP client.
		...(request.encoding === 'arraybuffer' || request.encoding === 'stream'
			? { encoding: request.encoding, json: false }
			: { encoding: 'text' as const, json: false }),
	};
	// The signed APIs carry `auth` in a JSON body, so they always send one (the credential adds `auth` to this text).
	if (request.body !== undefined || credentialType === 'paySuiteApi') {
		options.body = jsonBodyText(request.body);
		options.headers = { 'Content-Type': 'application/json', ...options.headers };
	}
	const answerContext: AnswerContext = {
		api: request.api,
		method,
		path: request.path,
		notFound: request.notFound,
		conflictHint: request.conflictHint,
		refusalHint: request.refusalHint,
	};
	const lost = (cause: string, attempts: number, httpCode?: number) =>
		new LostAnswerError(node, { path: request.path, cause, safety, attempts, httpCode }, itemIndex);

	for (let attempt = 1; ; attempt++) {
		const again = attempt < RETRY_POLICY.maxAttempts;
		let response: PaySuiteResponse<unknown>;
		await waitForPause(this);
		try {
			// A copy per attempt: the credential signs it afresh (new nonce and seed) every time. The credential
			// data is a copy too: n8n may add to it (preAuthentication).
			response = (await this.helpers.httpRequestWithAuthentication.call(
				this,
				credentialType,
				{
					...options,
					body: options.body && typeof options.body === 'object' ? { ...(options.body as IDataObject) } : options.body,
				},
				{ credentialsDecrypted: { ...credentialsDecrypted, data: { ...credentials } } },
			)) as PaySuiteResponse<unknown>;
		} catch (error) {
			const code = errorCode(error);
			if (code !== undefined && TLS_CODES.has(code)) throw notReachedError(this, code, baseURL, request.path, itemIndex);
			if (code !== undefined && NOT_SENT_CODES.has(code)) {
				if (again) {
					await sleep(backoffDelayMs(attempt));
					continue;
				}
				throw notReachedError(this, code, baseURL, request.path, itemIndex);
			}
			// From here on the request may have reached the platform.
			if (repeatable && code !== undefined && MAYBE_SENT_CODES.has(code) && again) {
				await sleep(backoffDelayMs(attempt));
				continue;
			}
			if (safety === 'read') throw readFailedError(this, { code, path: request.path, attempts: attempt }, itemIndex);
			throw lost(lostConnectionCause(code, timeoutMs), attempt);
		}

		const statusCode = response.statusCode;
		if (request.encoding === 'stream' && statusCode >= 200 && statusCode < 300 && !request.passThroughStatuses?.includes(statusCode)) {
			// The file itself: handed over unread, n8n's HTTP client having undone the gzip as the bytes arrive.
			return { statusCode, headers: response.headers, body: response.body as T };
		}
		let raw = response.body;
		if (request.encoding === 'stream') {
			// Any other answer (425 not ready, an error) is small: read whole, then decoded like a buffered one.
			try {
				raw = await readWhole(raw);
			} catch (error) {
				if (repeatable && again) {
					await sleep(backoffDelayMs(attempt));
					continue;
				}
				if (safety === 'read') throw readFailedError(this, { code: errorCode(error) ?? 'ERR_BAD_RESPONSE', path: request.path, attempts: attempt }, itemIndex);
				throw lost(lostConnectionCause(errorCode(error) ?? 'ERR_BAD_RESPONSE', timeoutMs), attempt);
			}
		}
		const body = answerBody(request.encoding === 'stream' ? 'arraybuffer' : request.encoding, statusCode, raw);
		const retryAfter = retryAfterSeconds(headerValue(response.headers, 'retry-after'));
		if (!request.passThroughStatuses?.includes(statusCode)) {
			// No verdict on the request: the platform, or a proxy before it, was busy or broke. Even with
			// Retry-After, nothing says the work was not done before the answer was made.
			const noVerdict = statusCode === 408 || statusCode === 429 || statusCode >= 500;
			// A success must be readable: every JSON endpoint answers an object (the report file is the exception).
			const ok = statusCode >= 200 && statusCode < 300;
			const unreadable = ok && request.encoding !== 'arraybuffer' && request.encoding !== 'stream' && !isJsonObject(body) ? describeUnreadable(body) : undefined;
			// Asked to slow down: every request of the run waits (the item's own retry included).
			if (statusCode === 429 || (noVerdict && retryAfter !== undefined)) pauseAll(this, backoffDelayMs(attempt, retryAfter));
			if (noVerdict || unreadable) {
				if (repeatable && again) {
					await sleep(backoffDelayMs(attempt, retryAfter));
					continue;
				}
				if (safety === 'read') {
					if (unreadable) throw readFailedError(this, { unreadable, path: request.path, attempts: attempt }, itemIndex);
					throw platformError(this, statusCode, body, itemIndex, { ...answerContext, retryAfterSeconds: retryAfter });
				}
				throw lost(unreadable ?? statusCause(statusCode, redact(body), retryAfter), attempt, statusCode);
			}
		}

		if (request.passThroughStatuses?.includes(statusCode)) {
			return { statusCode, headers: response.headers, body: body as T };
		}
		if (statusCode < 200 || statusCode >= 300) throw platformError(this, statusCode, body, itemIndex, answerContext);
		const status = statusOf(body);
		if (!request.acceptFailedStatus && status && FAILED_STATUSES.has(String(status.status).toUpperCase())) {
			throw platformError(this, statusCode, body, itemIndex, answerContext);
		}
		return { statusCode, headers: response.headers, body: body as T };
	}
}
