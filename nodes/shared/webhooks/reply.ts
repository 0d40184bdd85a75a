/**
 * What the three webhook triggers share: reading the request as it arrived, and answering in the platform's
 * `status` shape. A refusal is written here and the trigger returns `noWebhookResponse`, so no workflow runs.
 * An accepted call returns its acknowledgement as `webhookResponse`; the triggers' webhook descriptions carry
 * `webhookAnswer` (acknowledge.ts) so that n8n sends it also when a run starts, unless the node acknowledges
 * after the run.
 */
import type { IDataObject, IHookFunctions, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import { formatIsoUtc } from '../schemas/dateTime';
import { withRunKey } from './runGate';
import { parseJson } from '../transport/losslessJson';

interface StatusAnswer {
	status: { status: string; reason: string; message: string; date: string };
}

function statusAnswer(status: string, reason: string, message: string): StatusAnswer {
	return { status: { status, reason, message, date: formatIsoUtc() } };
}

/** The acknowledgement the platform expects: status OK, reason 00. */
const acknowledgement = (message: string): StatusAnswer => statusAnswer('OK', '00', message);

/** Reasons of a refusal (status reason is 1 to 4 characters). */
const REFUSAL_REASON = {
	/** HTTP 400 or 413: the body breaks a rule (not JSON, missing field, unknown type, too large, too deep). */
	badBody: 'XN',
	/** HTTP 401: not verified (signature missing, malformed or wrong, outside the time window, unknown to the platform). */
	badSignature: 'XS',
	/** HTTP 503: the platform does not have the final result yet. */
	notReady: 'XP',
	/** HTTP 503: the trigger could not read the platform's answer now (or failed itself); send again later. */
	unavailable: 'XU',
} as const;

/**
 * The one answer for a call that is not authentic: a wrong signature, and also a signed call about a session or
 * process the platform does not know, so that the answer never tells whether something exists.
 */
export const NOT_VERIFIED = 'The notification could not be verified';

/** Writes a refusal in the platform's shape and tells n8n not to answer nor run the workflow. */
function refuseWebhook(
	fn: IWebhookFunctions,
	httpStatus: number,
	reason: string,
	message: string,
	headers: Record<string, string> = {},
): IWebhookResponseData {
	const response = fn.getResponseObject();
	if (response.headersSent) return { noWebhookResponse: true };
	const payload = JSON.stringify(statusAnswer('FAILED', reason, message));
	response.writeHead(httpStatus, {
		...headers,
		'content-type': 'application/json; charset=utf-8',
		'content-length': String(Buffer.byteLength(payload)),
	});
	response.end(payload);
	return { noWebhookResponse: true };
}

/** How a check reports a refusal: 401 when not verified, 400 when the body breaks a rule, 413 when too large. */
export interface FailedCheck {
	httpStatus: 400 | 401 | 413;
	message: string;
}

/** Refuses a call whose check failed, with the refusal reason that goes with its HTTP status. */
export function refuseFailedCheck(fn: IWebhookFunctions, check: FailedCheck): IWebhookResponseData {
	const reason = check.httpStatus === 401 ? REFUSAL_REASON.badSignature : REFUSAL_REASON.badBody;
	return refuseWebhook(fn, check.httpStatus, reason, check.message);
}

/**
 * Refuses a call that is not authentic with the answer that says nothing more (see NOT_VERIFIED). The reason goes to
 * n8n's debug log only.
 */
export function refuseNotVerified(fn: IWebhookFunctions, why: string): IWebhookResponseData {
	fn.logger.debug(`${fn.getNode().name} refused a notification: ${why}`, { workflowId: fn.getWorkflow().id });
	return refuseWebhook(fn, 401, REFUSAL_REASON.badSignature, NOT_VERIFIED);
}

/**
 * Why a call is refused, as a step of the delivery pipeline reports it (delivery.ts); `answerRefusal` writes it:
 *  - a FailedCheck: the body breaks a rule or its signature fails, answered with its HTTP status and message;
 *  - `notVerified`: not authentic, answered as NOT_VERIFIED whatever the reason (to n8n's debug log), with a
 *    `warning` to n8n's log when the workflow's owner must act (every call is refused until then);
 *  - `notReady`: the platform does not have the final result yet, answered 503 with Retry-After.
 */
type Refusal = FailedCheck | { notVerified: string; warning?: string } | { notReady: string; retryAfterSeconds: number };

/** A step's result when it refuses the call. */
export type Refused = { ok: false } & Refusal;

/** Writes the answer to a refusal; no run starts. */
export function answerRefusal(fn: IWebhookFunctions, refusal: Refusal): IWebhookResponseData {
	if ('httpStatus' in refusal) return refuseFailedCheck(fn, refusal);
	if ('notReady' in refusal) {
		return refuseWebhook(fn, 503, REFUSAL_REASON.notReady, refusal.notReady, { 'retry-after': String(Math.ceil(refusal.retryAfterSeconds)) });
	}
	if (refusal.warning) fn.logger.warn(`${fn.getNode().name} refused a notification: ${refusal.warning}`);
	return refuseNotVerified(fn, refusal.notVerified);
}

/**
 * Acknowledges a call the workflow's filters leave out, without running it: the platform still gets its OK, so it
 * does not send the call again.
 */
export function acknowledgeUnhandled(what: string): IWebhookResponseData {
	return { webhookResponse: acknowledgement(`${what}; this workflow does not handle it`) };
}

/**
 * Acknowledges a notification to a waiting execution and resumes it with one item, paired with the node's input
 * item: expressions after the node (`$('Deal').item`) still reach the items before it.
 */
export function acknowledgeAndResume(message: string, item: IDataObject): IWebhookResponseData {
	return { webhookResponse: acknowledgement(message), workflowData: [[{ json: item, pairedItem: { item: 0 } }]] };
}

/** Acknowledges a notification to a waiting execution that does not end the wait (the payment is not final yet). */
export function acknowledgeStillWaiting(what: string): IWebhookResponseData {
	return { webhookResponse: acknowledgement(`${what}; not final yet, the workflow keeps waiting`) };
}

/** Acknowledges a delivery that already started a run, without a second one. */
export function acknowledgeDuplicate(what: string): IWebhookResponseData {
	return { webhookResponse: acknowledgement(`${what}; already received, the workflow does not run again`) };
}

/**
 * Acknowledges a call and runs the workflow with one item, which carries the delivery's run key to the trigger's
 * part of the run (runGate.ts) when given.
 */
export function acknowledgeAndRun(fn: IWebhookFunctions, message: string, item: IDataObject, runKey?: string): IWebhookResponseData {
	const items = fn.helpers.returnJsonArray([item]);
	return { webhookResponse: acknowledgement(message), workflowData: [runKey ? withRunKey(items, runKey) : items] };
}

/**
 * Answers whatever the handler throws (its own query of the platform failed, the credential is missing, a bug)
 * with a short 503, so that the platform sends the call again later, instead of n8n's 500 with a stack trace. No
 * run starts. The error goes to n8n's log, the only place the workflow's owner can see it, since no execution is
 * recorded.
 */
export async function answerFailures(
	fn: IWebhookFunctions,
	handle: () => Promise<IWebhookResponseData>,
): Promise<IWebhookResponseData> {
	try {
		return await handle();
	} catch (error) {
		const node = fn.getNode();
		fn.logger.warn(`${node.name} could not handle a notification and answered 503: ${(error as Error).message}`, {
			workflowId: fn.getWorkflow().id,
			nodeName: node.name,
		});
		return refuseWebhook(fn, 503, REFUSAL_REASON.unavailable, 'The notification could not be processed now; send it again later');
	}
}

/**
 * The body exactly as it arrived (signatures are computed over these bytes). n8n reads it for a trigger at type
 * version 1 whatever its content type; from version 2 only for JSON, text, form and XML content types, so it is
 * read here when n8n has not.
 */
export async function rawBodyOf(fn: IWebhookFunctions): Promise<Buffer> {
	const request = fn.getRequestObject() as { rawBody?: unknown; body?: unknown; readRawBody?: () => Promise<void> };
	if (request.rawBody === undefined && typeof request.readRawBody === 'function') await request.readRawBody();
	if (Buffer.isBuffer(request.rawBody)) return request.rawBody;
	if (typeof request.rawBody === 'string') return Buffer.from(request.rawBody, 'utf8');
	// Without the raw bytes, the parsed body is the closest we have.
	const body = fn.getBodyData();
	return Buffer.from(body && Object.keys(body).length ? JSON.stringify(body) : '', 'utf8');
}

/** The platform's notifications are small: anything larger is refused before it is read. */
export const MAX_BODY_BYTES = 64 * 1024;
/** Objects and arrays nested deeper than this are refused (the notifications nest three levels or so). */
const MAX_BODY_DEPTH = 32;

/** Refuses a body above MAX_BODY_BYTES (413); undefined when its size is fine. Pure. */
export function checkBodySize(raw: Buffer): FailedCheck | undefined {
	return raw.length > MAX_BODY_BYTES ? { httpStatus: 413, message: `The body is larger than ${MAX_BODY_BYTES / 1024} KiB` } : undefined;
}

/** How deeply objects and arrays nest in a JSON text (strings skipped), without parsing it. Pure. */
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

/** The raw body as a JSON object, or why it is refused: too large (413), not a JSON object or too deep (400). Pure. */
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

/**
 * The webhook lifecycle of a trigger whose URL the user registers on the platform by hand: the platform
 * offers no API to register, look up or remove a webhook URL, so there is nothing to check, create or
 * delete. n8n calls these on activation and deactivation; they change nothing anywhere.
 */
export const manualRegistration = {
	default: {
		/** Reported as present: the user registered the URL on the platform (see the node's notice). */
		async checkExists(this: IHookFunctions): Promise<boolean> {
			return true;
		},
		/** Nothing to register by API. */
		async create(this: IHookFunctions): Promise<boolean> {
			return true;
		},
		/** Nothing to remove by API; the user removes the URL on the platform. */
		async delete(this: IHookFunctions): Promise<boolean> {
			return true;
		},
	},
};
