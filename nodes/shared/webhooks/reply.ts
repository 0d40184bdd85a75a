/**
 * What the three webhook triggers share: the request as it arrived, and answers in the platform's `status` shape. A
 * refusal is written here and returns `noWebhookResponse`, so no run starts; an acknowledgement is returned as
 * `webhookResponse`, which n8n sends because the webhook descriptions carry `webhookAnswer` (acknowledge.ts).
 */
import type { IDataObject, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import { formatIsoUtc } from '../schemas/dateTime';
import { acknowledgesAfterRun } from './acknowledge';
import type { RecordCall } from './recordCall';
import { withRunKey } from './runGate';
import { parseJson } from '../transport/losslessJson';

const statusAnswer = (status: string, reason: string, message: string) => ({ status: { status, reason, message, date: formatIsoUtc() } });

/** The acknowledgement the platform expects: status OK, reason 00. */
const acknowledgement = (message: string) => statusAnswer('OK', '00', message);

/** Status reason is 1 to 4 characters. */
const REFUSAL_REASON = {
	badBody: 'XN', // HTTP 400 or 413: the body breaks a rule.
	badSignature: 'XS', // HTTP 401: not verified.
	notReady: 'XP', // HTTP 503: the platform has no final result yet.
	unavailable: 'XU', // HTTP 503: the platform's answer could not be read now (or the trigger failed); send again later.
} as const;

/** Also for a signed call about an unknown session or process, so the answer never tells whether something exists. */
export const NOT_VERIFIED = 'The notification could not be verified';

/** Tells n8n neither to answer nor to run the workflow. */
function refuseWebhook(fn: IWebhookFunctions, httpStatus: number, reason: string, message: string, headers: Record<string, string> = {}): IWebhookResponseData {
	const response = fn.getResponseObject();
	if (response.headersSent) return { noWebhookResponse: true };
	const payload = JSON.stringify(statusAnswer('FAILED', reason, message));
	response.writeHead(httpStatus, { ...headers, 'content-type': 'application/json; charset=utf-8', 'content-length': String(Buffer.byteLength(payload)) });
	response.end(payload);
	return { noWebhookResponse: true };
}

/** 401 not verified, 400 the body breaks a rule, 413 too large. */
export type FailedCheck = { httpStatus: 400 | 401 | 413; message: string };

export function refuseFailedCheck(fn: IWebhookFunctions, check: FailedCheck): IWebhookResponseData {
	return refuseWebhook(fn, check.httpStatus, check.httpStatus === 401 ? REFUSAL_REASON.badSignature : REFUSAL_REASON.badBody, check.message);
}

/** Says no more than NOT_VERIFIED; the reason goes to n8n's debug log only. */
export function refuseNotVerified(fn: IWebhookFunctions, why: string): IWebhookResponseData {
	fn.logger.debug(`${fn.getNode().name} refused a notification: ${why}`, { workflowId: fn.getWorkflow().id });
	return refuseWebhook(fn, 401, REFUSAL_REASON.badSignature, NOT_VERIFIED);
}

/** How a step refuses: a FailedCheck; `notVerified`, answered as NOT_VERIFIED, its `warning` logged when the owner must act; `notReady`, 503 with Retry-After. */
type Refusal = FailedCheck | { notVerified: string; warning?: string } | { notReady: string; retryAfterSeconds: number };

export type Refused = { ok: false } & Refusal;

export function answerRefusal(fn: IWebhookFunctions, refusal: Refusal): IWebhookResponseData {
	if ('httpStatus' in refusal) return refuseFailedCheck(fn, refusal);
	if ('notReady' in refusal) return refuseWebhook(fn, 503, REFUSAL_REASON.notReady, refusal.notReady, { 'retry-after': String(Math.ceil(refusal.retryAfterSeconds)) });
	if (refusal.warning) fn.logger.warn(`${fn.getNode().name} refused a notification: ${refusal.warning}`);
	return refuseNotVerified(fn, refusal.notVerified);
}

/** The platform still gets its OK, so it does not send the call again. */
export const acknowledgeUnhandled = (what: string): IWebhookResponseData => ({ webhookResponse: acknowledgement(`${what}; this workflow does not handle it`) });
export const acknowledgeStillWaiting = (what: string): IWebhookResponseData => ({ webhookResponse: acknowledgement(`${what}; not final yet, the workflow keeps waiting`) });
export const acknowledgeDuplicate = (what: string): IWebhookResponseData => ({ webhookResponse: acknowledgement(`${what}; already received, the workflow does not run again`) });

/** Paired with the node's input item, so `$('Deal').item` after the node still reaches the items before it. */
export function acknowledgeAndResume(message: string, item: IDataObject): IWebhookResponseData {
	return { webhookResponse: acknowledgement(message), workflowData: [[{ json: item, pairedItem: { item: 0 } }]] };
}

/** The run key carries the delivery to the run's gate (runGate.ts); When Received, so do the answer the run sends once n8n recorded it, and `replayKey` (replay.ts). */
export function acknowledgeAndRun(fn: IWebhookFunctions, message: string, item: IDataObject, run?: { runKey: string; replayKey: string; record?: RecordCall }): IWebhookResponseData {
	const items = fn.helpers.returnJsonArray([item]);
	const received = acknowledgement(message);
	if (!run) return { webhookResponse: received, workflowData: [items] };
	const unavailable = statusAnswer('FAILED', REFUSAL_REASON.unavailable, 'The notification could not be recorded now; send it again later');
	const receipt = acknowledgesAfterRun(fn) ? undefined : { received, unavailable, replayKey: run.replayKey, record: run.record };
	return { webhookResponse: received, workflowData: [withRunKey(items, run.runKey, receipt)] };
}

/** A short 503, so the platform sends again later, instead of n8n's 500 with a stack trace; the error goes to n8n's log (no execution is recorded). */
export async function answerFailures(fn: IWebhookFunctions, handle: () => Promise<IWebhookResponseData>): Promise<IWebhookResponseData> {
	try {
		return await handle();
	} catch (error) {
		return answerFailure(fn, error);
	}
}

/** What answerFailures answers for `error`. */
export function answerFailure(fn: IWebhookFunctions, error: unknown): IWebhookResponseData {
	const node = fn.getNode();
	fn.logger.warn(`${node.name} could not handle a notification and answered 503: ${(error as Error)?.message ?? String(error)}`, { workflowId: fn.getWorkflow().id, nodeName: node.name });
	return refuseWebhook(fn, 503, REFUSAL_REASON.unavailable, 'The notification could not be processed now; send it again later');
}

/** The bytes as they arrived (signatures cover them): n8n reads them at trigger type version 1 always, from 2 only for JSON, text, form and XML. */
export async function rawBodyOf(fn: IWebhookFunctions): Promise<Buffer> {
	const request = fn.getRequestObject() as { rawBody?: unknown; body?: unknown; readRawBody?: () => Promise<void> };
	if (request.rawBody === undefined && typeof request.readRawBody === 'function') await request.readRawBody();
	if (Buffer.isBuffer(request.rawBody)) return request.rawBody;
	if (typeof request.rawBody === 'string') return Buffer.from(request.rawBody, 'utf8');
	// Without the raw bytes, the parsed body is the closest we have.
	const body = fn.getBodyData();
	return Buffer.from(body && Object.keys(body).length ? JSON.stringify(body) : '', 'utf8');
}

/** Notifications are small: anything larger is refused before it is read. */
export const MAX_BODY_BYTES = 64 * 1024;
/** Notifications nest three levels or so. */
const MAX_BODY_DEPTH = 32;

/** 413 above MAX_BODY_BYTES. */
export function checkBodySize(raw: Buffer): FailedCheck | undefined {
	return raw.length > MAX_BODY_BYTES ? { httpStatus: 413, message: `The body is larger than ${MAX_BODY_BYTES / 1024} KiB` } : undefined;
}

/** Without parsing it (strings skipped). */
export function jsonNesting(text: string): number {
	let depth = 0;
	let deepest = 0;
	let inString = false;
	for (let i = 0; i < text.length; i++) {
		const char = text[i];
		if (inString) {
			if (char === '\\') i++;
			else if (char === '"') inString = false;
		} else if (char === '"') inString = true;
		else if (char === '{' || char === '[') deepest = Math.max(deepest, ++depth);
		else if (char === '}' || char === ']') depth--;
	}
	return deepest;
}

/** Or why it is refused: too large (413), not a JSON object or too deep (400). */
export function parseJsonBody(raw: Buffer): { ok: true; body: IDataObject } | ({ ok: false } & FailedCheck) {
	const tooLarge = checkBodySize(raw);
	if (tooLarge) return { ok: false, ...tooLarge };
	const text = raw.toString('utf8').trim();
	const notObject = { ok: false as const, httpStatus: 400 as const, message: 'The body is not a JSON object' };
	if (!text.startsWith('{')) return notObject;
	if (jsonNesting(text) > MAX_BODY_DEPTH) return { ok: false, httpStatus: 400, message: `The body nests more than ${MAX_BODY_DEPTH} levels deep` };
	try {
		// IDs beyond 2^53 are kept as their digits.
		const parsed = parseJson(text);
		return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? { ok: true, body: parsed as IDataObject } : notObject;
	} catch {
		return notObject;
	}
}

/** The platform has no API to register, look up or remove a webhook URL: the user registers and removes it by hand (the node's notice says so). */
const byHand = async (): Promise<boolean> => true;
export const manualRegistration = { default: { checkExists: byHand, create: byHand, delete: byHand } };
