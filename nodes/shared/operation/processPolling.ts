/**
 * An onboarding process (GET /api/processes/{id}) read and waited for: Merchant's process operations and writes,
 * the Onboarding Trigger.
 */
import type { IDataObject } from 'n8n-workflow';

import { headerValue } from '../transport/answerBody';
import { retryAfterSeconds } from '../transport/retry';
import type { PaySuiteRequest, PaySuiteResponse } from '../transport/types';
import { timedOutWords, type PollOutcome } from './polling';
import type { Polling } from './pollingOperation';
import { paySuiteRequest } from '../transport/request';

/** `result` is extensible: unknown keys are kept, never relied on. */
interface OnboardingProcess extends IDataObject {
	processId: string;
	action: string;
	result: IDataObject | null;
	errors?: IDataObject;
}

interface ProcessState {
	process: OnboardingProcess;
	/** The platform's rule: final when the answer carries no Retry-After. */
	final: boolean;
	/** Undefined when absent or unreadable. */
	retryAfterSeconds?: number;
}

/** Pure. */
export function processStateOf(answer: Pick<PaySuiteResponse<IDataObject>, 'headers' | 'body'>): ProcessState {
	const header = headerValue(answer.headers, 'retry-after');
	return {
		process: answer.body as OnboardingProcess,
		final: header === undefined,
		retryAfterSeconds: retryAfterSeconds(header),
	};
}

/** An operation's `paySuiteRequest` for its item, or the transport bound to a trigger's webhook context. */
export type SendRequest = (request: PaySuiteRequest) => Promise<PaySuiteResponse<IDataObject>>;

/** A failed process is an answer (HTTP 200), not an error. */
export async function getProcess(send: SendRequest, processId: string): Promise<ProcessState> {
	const answer = await send({
		api: 'onboarding',
		method: 'GET',
		path: `/api/processes/${encodeURIComponent(processId)}`,
		safety: 'read',
		acceptFailedStatus: true,
		notFound: { what: `Process ${processId}`, field: 'Process ID' },
	});
	return processStateOf(answer);
}

export async function checkProcess(send: SendRequest, processId: string): Promise<PollOutcome<OnboardingProcess>> {
	const state = await getProcess(send, processId);
	return state.final ? { done: true, value: state.process } : { done: false, value: state.process, retryAfterSeconds: state.retryAfterSeconds };
}

/** Asks again while the answer carries Retry-After, until final or the timeout fails the item. */
export const processPolling: Polling<string, OnboardingProcess> = {
	check: (ctx, processId) => checkProcess((request) => paySuiteRequest(ctx, request), processId),
	intervalSeconds: 2,
	stillPending: (processId, timedOut, timeoutSeconds) => ({
		message: `Process ${processId} was still pending at the end of the ${timeoutSeconds} s timeout`,
		description: `${timedOutWords(timedOut, timeoutSeconds)} The platform is still working on it: check it later with Process → Get or Process → Wait for Completion, or raise the Timeout (Seconds).`,
	}),
};
