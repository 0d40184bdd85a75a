/**
 * What the three webhook triggers share: reading the request as it arrived, and answering in the platform's
 * `status` shape. A refusal is written here and the trigger returns `noWebhookResponse`, so no workflow runs.
 */
import type { IDataObject, IHookFunctions, INodeProperties, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import { formatIsoUtc } from './dateTime';
import { parseJson } from './losslessJson';

interface StatusAnswer {
	status: { status: string; reason: string; message: string; date: string };
}

function statusAnswer(status: string, reason: string, message: string): StatusAnswer {
	return { status: { status, reason, message, date: formatIsoUtc() } };
}

/** The acknowledgement the platform expects: status OK, reason 00. */
const acknowledgement = (message: string): StatusAnswer => statusAnswer('OK', '00', message);

/** Reasons of a refusal (status reason is 1 to 4 characters). */
export const REFUSAL_REASON = {
	/** HTTP 400: the body breaks a rule (not JSON, missing field, unknown type). */
	badBody: 'XN',
	/** HTTP 401: missing, malformed or wrong signature, or outside the time window. */
	badSignature: 'XS',
	/** HTTP 503: the platform does not have the final result yet. */
	notReady: 'XP',
} as const;

/** Writes a refusal in the platform's shape and tells n8n not to answer nor run the workflow. */
export function refuseWebhook(
	fn: IWebhookFunctions,
	httpStatus: number,
	reason: string,
	message: string,
	headers: Record<string, string> = {},
): IWebhookResponseData {
	const response = fn.getResponseObject();
	const payload = JSON.stringify(statusAnswer('FAILED', reason, message));
	response.writeHead(httpStatus, {
		...headers,
		'content-type': 'application/json; charset=utf-8',
		'content-length': String(Buffer.byteLength(payload)),
	});
	response.end(payload);
	return { noWebhookResponse: true };
}

/** How a trigger's body check reports a refusal: 401 when the signature failed, 400 when the body breaks a rule. */
interface FailedCheck {
	httpStatus: 400 | 401;
	message: string;
}

/** Refuses a call whose body check failed, with the refusal reason that goes with its HTTP status. */
export function refuseFailedCheck(fn: IWebhookFunctions, check: FailedCheck): IWebhookResponseData {
	const reason = check.httpStatus === 401 ? REFUSAL_REASON.badSignature : REFUSAL_REASON.badBody;
	return refuseWebhook(fn, check.httpStatus, reason, check.message);
}

/**
 * Acknowledges a call the workflow's filters leave out, without running it: the platform still gets its OK, so it
 * does not send the call again.
 */
export function acknowledgeUnhandled(what: string): IWebhookResponseData {
	return { webhookResponse: acknowledgement(`${what}; this workflow does not handle it`) };
}

/** Acknowledges a call and runs the workflow with one item. */
export function acknowledgeAndRun(fn: IWebhookFunctions, message: string, item: IDataObject): IWebhookResponseData {
	return { webhookResponse: acknowledgement(message), workflowData: [fn.helpers.returnJsonArray([item])] };
}

/** The body exactly as it arrived (signatures are computed over these bytes). */
export function rawBodyOf(fn: IWebhookFunctions): Buffer {
	const request = fn.getRequestObject() as { rawBody?: unknown; body?: unknown };
	if (Buffer.isBuffer(request.rawBody)) return request.rawBody;
	if (typeof request.rawBody === 'string') return Buffer.from(request.rawBody, 'utf8');
	// Without the raw bytes, the parsed body is the closest we have.
	const body = fn.getBodyData();
	return Buffer.from(body && Object.keys(body).length ? JSON.stringify(body) : '', 'utf8');
}

/** The raw body parsed as a JSON object (IDs beyond 2^53 kept as their digits); undefined when it is not one. */
export function parseJsonObject(raw: Buffer): IDataObject | undefined {
	const text = raw.toString('utf8').trim();
	if (!text) return undefined;
	try {
		const parsed = parseJson(text);
		return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as IDataObject) : undefined;
	} catch {
		return undefined;
	}
}

/** The notice every trigger shows: the platform cannot be told its URL by API, the user registers it. */
export function webhookUrlNotice(where: string): INodeProperties {
	return {
		displayName: `Copy the Production URL from "Webhook URLs" above and register it as ${where}. Use the Test URL while listening for a test event. The trigger checks the signature of every call and answers a refused one with HTTP 400 or 401 without running the workflow.`,
		name: 'webhookNotice',
		type: 'notice',
		default: '',
	};
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
