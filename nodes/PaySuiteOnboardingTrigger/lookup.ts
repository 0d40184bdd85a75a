/** The process an onboarding notification names, read from the platform: the source of truth, not the body. */
import { NodeApiError, type IDataObject, type IWebhookFunctions } from 'n8n-workflow';

import { pollUntilDone, type PollResult } from '../shared/operation/polling';
import { checkProcess, processPolling, type SendRequest } from '../shared/operation/processPolling';
import { asNodeError } from '../shared/transport/nodeErrors';
import { paySuiteRequest } from '../shared/transport/request';
import type { PaySuiteResponse } from '../shared/transport/types';
import type { Refused } from '../shared/webhooks/reply';
import type { OnboardingTriggerOptions } from './descriptions/fields';
import type { ProcessDelivery } from './schemas';

/**
 * Refused when the platform does not know it (as a forgery: the answer never tells what exists); 503 with
 * Retry-After while still pending after the wait the options allow; any other failure throws.
 */
export async function readFinalProcess(fn: IWebhookFunctions, { processId }: ProcessDelivery): Promise<{ ok: true; found: IDataObject } | Refused> {
	const options = fn.getNodeParameter('options', {}) as OnboardingTriggerOptions;
	const send: SendRequest = (request) => paySuiteRequest(fn, request) as Promise<PaySuiteResponse>;
	const waitSeconds = Math.max(0, Math.min(Number(options.waitSeconds ?? 10), 60));
	let polled: PollResult<IDataObject>;
	try {
		polled = await pollUntilDone(() => checkProcess(send, processId), {
			timeoutMs: waitSeconds * 1000,
			defaultDelayMs: processPolling.intervalSeconds * 1000,
			// At least a second between queries, whatever Retry-After says: the notification's sender is waiting.
			minDelayMs: 1000,
		});
	} catch (error) {
		if (error instanceof NodeApiError && error.httpCode === '404') return { ok: false, notVerified: `the platform does not know the process ${processId}` };
		throw asNodeError(fn.getNode(), error);
	}
	if (!polled.done) return { ok: false, notReady: 'The process is not final yet', retryAfterSeconds: polled.retryAfterSeconds ?? processPolling.intervalSeconds };
	return { ok: true, found: polled.value };
}
