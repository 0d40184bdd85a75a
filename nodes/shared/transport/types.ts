import type {
	IDataObject,
	IExecuteFunctions,
	IHookFunctions,
	IHttpRequestMethods,
	ILoadOptionsFunctions,
	IPollFunctions,
	IWebhookFunctions,
} from 'n8n-workflow';

import type { NotFoundSubject } from './platformAnswer';

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

/** n8n's context objects that may send a request: a node run, a webhook call, an editor lookup, a trigger's hook, a poll. */
export type PaySuiteContext = IExecuteFunctions | IWebhookFunctions | ILoadOptionsFunctions | IHookFunctions | IPollFunctions;

/** A request's safety as given, else what its method says: a GET is a read, anything else a plain write. */
export const safetyOf = (request: Pick<PaySuiteRequest, 'method' | 'safety'>): RequestSafety =>
	request.safety ?? ((request.method ?? 'POST') === 'GET' ? 'read' : 'write');
