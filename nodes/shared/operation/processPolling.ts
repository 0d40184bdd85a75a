/**
 * Reading an onboarding process (GET /api/processes/{id}) and waiting for it to end: Merchant › Process › Get and
 * Wait for Completion, a Merchant write that waits, and the Onboarding Trigger's lookup.
 */
import type { IDataObject } from 'n8n-workflow';

import { headerValue } from '../transport/answerBody';
import { retryAfterSeconds } from '../transport/retry';
import type { PaySuiteRequest, PaySuiteResponse } from '../transport/types';
import { timedOutWords, type PollOutcome } from './polling';
import type { Polling } from './pollingOperation';
import { sendRequest } from './send';

/** A process as the onboarding API answers it (`result` is extensible: unknown keys are kept, never relied on). */
interface OnboardingProcess extends IDataObject {
	processId: string;
	action: string;
	result: IDataObject | null;
	errors?: IDataObject;
}

interface ProcessState {
	process: OnboardingProcess;
	/** The platform's rule: a process is final when the answer carries no Retry-After header. */
	final: boolean;
	/** Seconds the platform asked to wait before asking again (undefined when absent or unreadable). */
	retryAfterSeconds?: number;
}

/** Reads the state of one answer of GET /api/processes/{id}. Pure. */
export function processStateOf(answer: Pick<PaySuiteResponse<IDataObject>, 'headers' | 'body'>): ProcessState {
	const header = headerValue(answer.headers, 'retry-after');
	return {
		process: answer.body as OnboardingProcess,
		final: header === undefined,
		retryAfterSeconds: retryAfterSeconds(header),
	};
}

/** Sends one request: an operation's `sendRequest` for its item, or the transport bound to a trigger's webhook context. */
export type SendRequest = (request: PaySuiteRequest) => Promise<PaySuiteResponse<IDataObject>>;

/** One query of the process. A failed process is an answer (HTTP 200), not an error. */
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

/** One check of a process for the poller: done once final, else the wait its Retry-After asks for. */
export async function checkProcess(send: SendRequest, processId: string): Promise<PollOutcome<OnboardingProcess>> {
	const state = await getProcess(send, processId);
	return state.final ? { done: true, value: state.process } : { done: false, value: state.process, retryAfterSeconds: state.retryAfterSeconds };
}

/**
 * Waiting for a process in an operation (Merchant › Wait for Completion, a write that waits): asks again while
 * the answer carries Retry-After, waiting what it says, until it is final or the timeout fails the item.
 */
export const processPolling: Polling<string, OnboardingProcess> = {
	check: (ctx, processId) => checkProcess((request) => sendRequest(ctx, request), processId),
	intervalSeconds: 2,
	stillPending: (processId, timedOut, timeoutSeconds) => ({
		message: `Process ${processId} was still pending at the end of the ${timeoutSeconds} s timeout`,
		description: `${timedOutWords(timedOut, timeoutSeconds)} The platform is still working on it: check it later with Process → Get or Process → Wait for Completion, or raise the Timeout (Seconds).`,
	}),
};
