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
 * How a request may be repeated after a failure:
 * - `read`: retried on any transient failure (no connection, a lost or unreadable answer, HTTP 408/429/5xx);
 * - `deduplicated`: the platform keeps one per key; retried like a read with the same key;
 * - `write`: sent again only when nothing reached the platform (connection refused, host not found); any other
 *   failure leaves the outcome unknown and fails with a LostAnswerError, never repeated.
 */
export type RequestSafety = 'read' | 'deduplicated' | 'write';

export interface PaySuiteRequest {
	api: ApiName;
	method?: IHttpRequestMethods;
	path: string;
	body?: IDataObject;
	qs?: IDataObject;
	headers?: IDataObject;
	safety?: RequestSafety;
	/** Keep a 200 whose `status.status` is FAILED/ERROR/REJECTED as a result instead of an error. */
	acceptFailedStatus?: boolean;
	/** The usual cause of a refusal (a failed status, or 4xx other than 401, 403, 404), beside the platform's words. */
	refusalHint?: string;
	/** For a 404's words: "Session 123 was not found". */
	notFound?: NotFoundSubject;
	/** What a 409 means for this request, and what to do. */
	conflictHint?: string;
	/** HTTP statuses handed back to the caller instead of raised (e.g. 425 while a report is not ready). */
	passThroughStatuses?: number[];
	/**
	 * `stream`: a success is handed over as a Readable of the decompressed bytes, which the caller must consume (other
	 * answers are read whole); JSON by default.
	 */
	encoding?: 'arraybuffer' | 'stream' | 'json';
	timeoutMs?: number;
}

export interface PaySuiteResponse<T = IDataObject> {
	statusCode: number;
	headers: Record<string, string | string[] | undefined>;
	body: T;
}

export type PaySuiteContext = IExecuteFunctions | IWebhookFunctions | ILoadOptionsFunctions | IHookFunctions | IPollFunctions;

/** Else a GET is a read and anything else a plain write. */
export const safetyOf = (request: Pick<PaySuiteRequest, 'method' | 'safety'>): RequestSafety =>
	request.safety ?? ((request.method ?? 'POST') === 'GET' ? 'read' : 'write');
