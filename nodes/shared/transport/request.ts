/**
 * The transport: `paySuiteRequest` is the one function that sends to the platform. Its parts: the write-once memory
 * of an item (retryMemory.ts), the guard that refuses a repeat (repeatGuard.ts), the settling of a lost answer
 * (lostAnswer.ts), the retries (retry.ts) and the errors with no secret (failures.ts). Each attempt waits out a pause
 * the platform asked for, sends signed (the credential signs), then hands the answer back, sends again when that is
 * safe, or throws. Its one other send, `postToOwnWebhook`, goes to n8n itself (a trigger's record call).
 */
import {
	NodeOperationError,
	sleep,
	type ICredentialDataDecryptedObject,
	type IDataObject,
	type IExecuteFunctions,
	type IHttpRequestOptions,
	type INode,
	type INodeExecutionData,
	type NodeApiError,
} from 'n8n-workflow';

import type { ItemSending, OperationContext } from '../context/item';

import { answerBody, describeUnreadable, headerValue, isJsonObject, jsonBodyText, readWhole } from './answerBody';
import { baseUrlFor, CREDENTIAL_FOR_API, credentialsOnce, type CredentialType } from './credentials';
import {
	connectionFailureOf,
	errorCode,
	LostAnswerError,
	lostConnectionCause,
	notReachedError,
	platformError,
	readFailedError,
	statusCause,
} from './failures';
import { settleLostAnswer, type LostAnswerWords } from './lostAnswer';
import { asNodeError } from './nodeErrors';
import { statusOf, type AnswerContext } from './platformAnswer';
import { redact } from './redact';
import { guardWrite, NOTHING_KEPT, type GuardedWrite, type RepeatCheck } from './repeatGuard';
import { backoffDelayMs, pauseAll, requestDefaults, RETRY_POLICY, retryAfterSeconds, waitForPause } from './retry';
import { markGivenAgain, requestLabel, writeMemory, writeSlot } from './retryMemory';
import { safetyOf, type PaySuiteContext, type PaySuiteRequest, type PaySuiteResponse, type RequestSafety } from './types';

const FAILED_STATUSES = new Set(['FAILED', 'ERROR']);

/** What all attempts of a request share. */
interface PreparedRequest {
	ctx: PaySuiteContext;
	request: PaySuiteRequest;
	itemIndex: number;
	/** n8n's getNode() gives a deep copy of the node on every call: read once per request. */
	node: INode;
	credentialType: CredentialType;
	/** Read once per node run (credentials.ts); signed afresh on every attempt. */
	credentials: ICredentialDataDecryptedObject;
	baseURL: string;
	options: IHttpRequestOptions;
	safety: RequestSafety;
	timeoutMs: number;
	answerContext: AnswerContext;
}

type AttemptResult = { answer: PaySuiteResponse<unknown> } | { retryInMs: number };

/** An operation's item, or an item of a list's, trigger's or webhook call's context. */
interface Requester {
	readonly fn: PaySuiteContext;
	readonly itemIndex: number;
	/** Only an operation's item: its plain writes are sent once (retryMemory.ts). */
	readonly sending?: ItemSending;
}

/** It says whether the write was made (guarded.notMade). */
type SettleLostAnswer = (error: LostAnswerError, guarded: GuardedWrite, sentAt: number) => Promise<INodeExecutionData[]>;

interface SendOptions<T> {
	output: (answer: T) => INodeExecutionData[] | Promise<INodeExecutionData[]>;
	/** What may have happened and how to look (settleLostAnswer), or a function that makes them then. */
	lostAnswer?: LostAnswerWords | (() => LostAnswerWords | undefined);
	/** The operation settles a lost answer itself (a refund reads the payment again). */
	settleLost?: SettleLostAnswer;
	/** The platform does not deduplicate it: recorded in n8n's record before it is sent, refused as a repeat. */
	repeat?: Omit<RepeatCheck, 'request'>;
}

/**
 * A plain write of an operation's item is sent at most once per item in a node run: on n8n's Retry On Fail, an
 * answered write gives back its answer and a lost one fails again the same way. With `options`, the answer comes
 * back as items.
 */
export function paySuiteRequest<T = IDataObject>(from: Requester | PaySuiteContext, request: PaySuiteRequest): Promise<PaySuiteResponse<T>>;
export function paySuiteRequest<T = IDataObject>(from: OperationContext, request: PaySuiteRequest, options: SendOptions<T>): Promise<INodeExecutionData[]>;
export async function paySuiteRequest<T>(
	from: Requester | PaySuiteContext,
	request: PaySuiteRequest,
	options?: SendOptions<T>,
): Promise<PaySuiteResponse<T> | INodeExecutionData[]> {
	const requester: Requester = 'fn' in from ? from : { fn: from, itemIndex: 0 };
	if (!options) return sendOnce<T>(requester, request);
	const ctx = from as OperationContext;
	const guarded = options.repeat ? await guardWrite(ctx, { ...options.repeat, request }) : NOTHING_KEPT;
	const sentAt = Date.now();
	let answer: PaySuiteResponse<T>;
	try {
		answer = await sendOnce<T>(ctx, request);
	} catch (error) {
		const { settleLost, lostAnswer } = options;
		if (settleLost) {
			if (error instanceof LostAnswerError) return settleLost(error, guarded, sentAt);
			await guarded.notMade();
			throw asNodeError(ctx.node, error, ctx.itemIndex);
		}
		// A lost answer may mean it was done: its record stays; a refusal (nothing done) takes it back.
		if (!(error instanceof LostAnswerError)) await guarded.notMade();
		return settleLostAnswer(ctx, error, typeof lostAnswer === 'function' ? lostAnswer() : lostAnswer);
	}
	return options.output(answer.body);
}

async function sendOnce<T>(requester: Requester, request: PaySuiteRequest): Promise<PaySuiteResponse<T>> {
	const { fn, itemIndex, sending } = requester;
	if (safetyOf(request) !== 'write' || !sending) return sendWithRetries(fn, request, itemIndex) as Promise<PaySuiteResponse<T>>;
	// A plain write is never in flight beside another one, even when items run in parallel.
	return await sending.oneAtATime(() => sendWriteOnce<T>(requester as OperationContext, request));
}

/** Unless an earlier try of this node run sent it: then what happened to it then. */
async function sendWriteOnce<T>(ctx: OperationContext, request: PaySuiteRequest): Promise<PaySuiteResponse<T>> {
	const { fn, itemIndex } = ctx;
	// n8n's execute data: the same object in every try of this node run.
	const run = typeof fn.getExecuteData === 'function' ? (fn.getExecuteData() as object | undefined) : undefined;
	if (!run) return sendWithRetries(fn, request, itemIndex) as Promise<PaySuiteResponse<T>>;
	const memory = writeMemory(run);
	// The item's writes in the order it sends them: the n-th write of an item is the same in every try.
	const slot = writeSlot(itemIndex, ctx.sending.writesSent++);
	const label = requestLabel(request);
	const earlier = memory.get(slot);
	if (earlier?.request === label) {
		if (earlier.kind === 'answered') return earlier.answer as PaySuiteResponse<T>;
		throw markGivenAgain(earlier.error);
	}
	try {
		const answer = (await sendWithRetries(fn, request, itemIndex)) as PaySuiteResponse<T>;
		memory.set(slot, { kind: 'answered', request: label, answer });
		return answer;
	} catch (error) {
		// Any other error is the platform refusing (nothing done) or nothing sent: a later try may send it.
		if (error instanceof LostAnswerError) memory.set(slot, { kind: 'unknown', request: label, error });
		// Transport errors are node errors already and stay as they are (LostAnswerError included).
		throw asNodeError(fn.getNode(), error, itemIndex);
	}
}

/** Retries only what is safe; every failure becomes a NodeApiError with no secret. */
async function sendWithRetries(ctx: PaySuiteContext, request: PaySuiteRequest, itemIndex: number): Promise<PaySuiteResponse<unknown>> {
	const prepared = await prepareRequest(ctx, request, itemIndex);
	for (let attempt = 1; ; attempt++) {
		await waitForPause(ctx);
		const result = await attemptOnce(prepared, attempt);
		if ('answer' in result) return result.answer;
		await sleep(result.retryInMs);
	}
}

async function prepareRequest(ctx: PaySuiteContext, request: PaySuiteRequest, itemIndex: number): Promise<PreparedRequest> {
	const credentialType = CREDENTIAL_FOR_API[request.api];
	const credentials = await credentialsOnce(ctx, credentialType);
	const node = ctx.getNode();
	const timeoutMs = request.timeoutMs ?? requestDefaults.timeoutMs;
	const baseURL = baseUrlFor(request.api, credentials);
	if (!baseURL) {
		throw new NodeOperationError(node, 'The credential has no Base URL: open the credential and set it', {
			itemIndex,
			description: `The Base URL is the address of the platform, e.g. https://api.example.com (the sandbox: http://127.0.0.1:8765). Nothing was sent.`,
		});
	}
	const { api, method = 'POST', path, notFound, conflictHint, refusalHint } = request;
	return {
		ctx,
		request,
		itemIndex,
		node,
		credentialType,
		credentials,
		baseURL,
		options: httpOptions(request, baseURL, timeoutMs, credentialType),
		safety: safetyOf(request),
		timeoutMs,
		answerContext: { api, method, path, notFound, conflictHint, refusalHint },
	};
}

/** The answer whole, with its status whatever it is, as text or bytes. */
function httpOptions(request: PaySuiteRequest, baseURL: string, timeoutMs: number, credentialType: CredentialType): IHttpRequestOptions {
	const options: IHttpRequestOptions = {
		method: request.method ?? 'POST',
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
	return options;
}

/** A streamed answer is read whole unless it is the file itself. */
async function attemptOnce(prepared: PreparedRequest, attempt: number): Promise<AttemptResult> {
	let response: PaySuiteResponse<unknown>;
	try {
		response = await sendSigned(prepared);
	} catch (error) {
		return { retryInMs: afterConnectionFailure(prepared, errorCode(error), attempt) };
	}
	const { request } = prepared;
	const { statusCode, headers } = response;
	if (request.encoding === 'stream' && statusCode >= 200 && statusCode < 300 && !request.passThroughStatuses?.includes(statusCode)) {
		// Handed over unread; n8n's HTTP client has undone the gzip as the bytes arrive.
		return { answer: { statusCode, headers, body: response.body } };
	}
	let raw = response.body;
	if (request.encoding === 'stream') {
		// Any other answer (425 not ready, an error) is small: read whole.
		try {
			raw = await readWhole(raw);
		} catch (error) {
			if (mayRepeat(prepared, attempt)) return { retryInMs: backoffDelayMs(attempt) };
			throw noAnswerError(prepared, errorCode(error) ?? 'ERR_BAD_RESPONSE', attempt);
		}
	}
	const body = answerBody(request.encoding === 'stream' ? 'arraybuffer' : request.encoding, statusCode, raw);
	return judgeAnswer(prepared, { statusCode, headers, body }, attempt);
}

/**
 * A copy of the options per attempt: the credential signs it afresh (new nonce and seed). The credential data is a
 * copy too: n8n may add to it (preAuthentication).
 */
async function sendSigned(prepared: PreparedRequest): Promise<PaySuiteResponse<unknown>> {
	const { ctx, credentialType, node, options } = prepared;
	const credentialsDecrypted = {
		id: node.credentials?.[credentialType]?.id ?? '',
		name: node.credentials?.[credentialType]?.name ?? credentialType,
		type: credentialType,
		data: { ...prepared.credentials },
	};
	return (await ctx.helpers.httpRequestWithAuthentication.call(
		ctx,
		credentialType,
		{ ...options, body: options.body && typeof options.body === 'object' ? { ...(options.body as IDataObject) } : options.body },
		{ credentialsDecrypted },
	)) as PaySuiteResponse<unknown>;
}

/** Only reads and deduplicated writes are sent again when the outcome is unknown. */
const mayRepeat = (prepared: PreparedRequest, attempt: number): boolean => prepared.safety !== 'write' && attempt < RETRY_POLICY.maxAttempts;

function afterConnectionFailure(prepared: PreparedRequest, code: string | undefined, attempt: number): number {
	const failure = connectionFailureOf(code);
	const again = attempt < RETRY_POLICY.maxAttempts;
	if (failure === 'secureConnection' || (failure === 'notSent' && !again)) {
		throw notReachedError(prepared.ctx, code, prepared.baseURL, prepared.request.path, prepared.itemIndex);
	}
	// Nothing was sent: sending again is safe, whatever the request. Otherwise it may have reached the platform.
	if (failure === 'notSent' || (failure === 'maybeSent' && mayRepeat(prepared, attempt))) return backoffDelayMs(attempt);
	throw noAnswerError(prepared, code, attempt);
}

/** Busy or unreadable answers are asked again after a wait. */
function judgeAnswer(prepared: PreparedRequest, answer: PaySuiteResponse<unknown>, attempt: number): AttemptResult {
	const { ctx, request, itemIndex, answerContext } = prepared;
	const { statusCode, body } = answer;
	if (request.passThroughStatuses?.includes(statusCode)) return { answer };
	const retryAfter = retryAfterSeconds(headerValue(answer.headers, 'retry-after'));
	// No verdict: the platform or a proxy before it was busy or broke. Even with Retry-After, the work may have been
	// done before the answer was made.
	const noVerdict = statusCode === 408 || statusCode === 429 || statusCode >= 500;
	// A success must be readable: every JSON endpoint answers an object (the report file is the exception).
	const ok = statusCode >= 200 && statusCode < 300;
	const unreadable = ok && request.encoding !== 'arraybuffer' && request.encoding !== 'stream' && !isJsonObject(body) ? describeUnreadable(body) : undefined;
	// Asked to slow down: every request of the run waits (the item's own retry included).
	if (statusCode === 429 || (noVerdict && retryAfter !== undefined)) pauseAll(ctx, backoffDelayMs(attempt, retryAfter));
	if (noVerdict || unreadable) return { retryInMs: afterNoVerdict(prepared, answer, attempt, { retryAfter, unreadable }) };
	if (!ok) throw platformError(ctx, statusCode, body, itemIndex, answerContext);
	const status = statusOf(body);
	if (!request.acceptFailedStatus && status && FAILED_STATUSES.has(String(status.status).toUpperCase())) {
		throw platformError(ctx, statusCode, body, itemIndex, answerContext);
	}
	return { answer };
}

function afterNoVerdict(
	prepared: PreparedRequest,
	answer: PaySuiteResponse<unknown>,
	attempt: number,
	seen: { retryAfter?: number; unreadable?: string },
): number {
	const { ctx, request, itemIndex } = prepared;
	if (mayRepeat(prepared, attempt)) return backoffDelayMs(attempt, seen.retryAfter);
	if (prepared.safety === 'read') {
		if (seen.unreadable) throw readFailedError(ctx, { unreadable: seen.unreadable, path: request.path, attempts: attempt }, itemIndex);
		throw platformError(ctx, answer.statusCode, answer.body, itemIndex, { ...prepared.answerContext, retryAfterSeconds: seen.retryAfter });
	}
	throw lostAnswer(prepared, seen.unreadable ?? statusCause(answer.statusCode, redact(answer.body), seen.retryAfter), attempt, answer.statusCode);
}

/** It may have reached the platform: a read failed, or a write's answer is lost. */
function noAnswerError(prepared: PreparedRequest, code: string | undefined, attempt: number): NodeApiError {
	const { ctx, request, itemIndex } = prepared;
	if (prepared.safety === 'read') return readFailedError(ctx, { code, path: request.path, attempts: attempt }, itemIndex);
	return lostAnswer(prepared, lostConnectionCause(code, prepared.timeoutMs), attempt);
}

const lostAnswer = (prepared: PreparedRequest, cause: string, attempts: number, httpCode?: number): LostAnswerError =>
	new LostAnswerError(prepared.node, { path: prepared.request.path, cause, safety: prepared.safety, attempts, httpCode }, prepared.itemIndex);

/** The one call to n8n itself, not the platform: a trigger's record call (webhooks/recordCall.ts), unsigned by the platform's rules. */
export async function postToOwnWebhook(ctx: Pick<IExecuteFunctions, 'helpers'>, url: string, headers: Record<string, string>, timeoutMs: number): Promise<void> {
	await ctx.helpers.httpRequest({ method: 'POST', url, headers, body: {}, json: true, timeout: timeoutMs });
}
