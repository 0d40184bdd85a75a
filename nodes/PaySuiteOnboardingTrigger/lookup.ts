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
 * Retry-After while still pending after the wait the options allow.
 */
export async function readFinalProcess(fn: IWebhookFunctions, { processId }: ProcessDelivery): Promise<{ ok: true; found: IDataObject } | Refused> {
	const options = fn.getNodeParameter('options', {}) as OnboardingTriggerOptions;
	const polled = await pollProcess(fn, processId, options);
	if (polled === 'unknown') return { ok: false, notVerified: `the platform does not know the process ${processId}` };
	if (!polled.done) {
		return { ok: false, notReady: 'The process is not final yet', retryAfterSeconds: polled.retryAfterSeconds ?? processPolling.intervalSeconds };
	}
	return { ok: true, found: polled.value };
}

/** `unknown` when the platform does not know it; any other failure throws. */
async function pollProcess(fn: IWebhookFunctions, processId: string, options: OnboardingTriggerOptions): Promise<PollResult<IDataObject> | 'unknown'> {
	const send: SendRequest = (request) => paySuiteRequest(fn, request) as Promise<PaySuiteResponse>;
	const waitSeconds = Math.max(0, Math.min(Number(options.waitSeconds ?? 10), 60));
	try {
		return await pollUntilDone(() => checkProcess(send, processId), {
			timeoutMs: waitSeconds * 1000,
			defaultDelayMs: processPolling.intervalSeconds * 1000,
			// At least a second between queries, whatever Retry-After says: the notification's sender is waiting.
			minDelayMs: 1000,
		});
	} catch (error) {
		if (error instanceof NodeApiError && error.httpCode === '404') return 'unknown';
		throw asNodeError(fn.getNode(), error);
	}
}
