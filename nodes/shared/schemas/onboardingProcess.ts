import type { IDataObject } from 'n8n-workflow';
import { z } from 'zod/v3';

import type { Polling } from '../operation/pollingOperation';
import { sendRequest } from '../operation/send';
import type { OperationContext } from '../operation/types';
import { timedOutWords, type PollOutcome } from '../operation/polling';
import { headerValue } from '../transport/answerBody';
import { retryAfterSeconds } from '../transport/retry';
import type { PaySuiteRequest, PaySuiteResponse } from '../transport/types';

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

export const DEFAULT_PROCESS_TIMEOUT_SECONDS = 300;

export const processIdSchema = z
	.string({ required_error: 'is required', invalid_type_error: 'must be text' })
	.trim()
	.min(1, 'is required')
	.regex(/^[A-Za-z0-9._:-]+$/, 'must be the process ID returned by the write (letters, digits, - _ . :)')
	.transform((value) => value.toLowerCase());

/** Reads the state of one answer of GET /api/processes/{id}. Pure. */
export function processStateOf(answer: Pick<PaySuiteResponse<IDataObject>, 'headers' | 'body'>): ProcessState {
	const header = headerValue(answer.headers, 'retry-after');
	return {
		process: answer.body as OnboardingProcess,
		final: header === undefined,
		retryAfterSeconds: retryAfterSeconds(header),
	};
}

/**
 * Whether a final process succeeded: status OK and no field errors (OK with errors is a failure). The one rule:
 * Merchant › Wait for Completion and the Onboarding Trigger's outcome both follow it. Pure.
 */
export function processSucceeded(process: IDataObject): boolean {
	const status = (process.status as IDataObject | undefined)?.status;
	const errors = process.errors as IDataObject | undefined;
	return String(status ?? '').toUpperCase() === 'OK' && (!errors || Object.keys(errors).length === 0);
}

/** The words for a failed process: the status and each body path the platform named in `errors`. Pure. */
export function describeProcessFailure(process: IDataObject): { message: string; description: string } {
	const status = (process.status as IDataObject | undefined) ?? {};
	const errors = (process.errors as IDataObject | undefined) ?? {};
	const paths = Object.keys(errors);
	const message =
		`Process ${String(process.processId)} (${String(process.action)}) ended ${String(status.status ?? 'without a status')}` +
		(paths.length ? ` with errors in ${paths.join(', ')}` : status.message ? `: ${String(status.message)}` : '');
	const lines = paths.map((path) => {
		const problems = errors[path];
		return `${path}: ${Array.isArray(problems) ? problems.join('; ') : String(problems)}`;
	});
	if (status.message) lines.push(`Platform message: ${String(status.message)}`);
	return { message, description: lines.join('\n') || 'The platform gave no details.' };
}

/** The process with its merchant ID at the top, for the next node. */
export function processOutput(process: IDataObject, extra: IDataObject = {}): IDataObject {
	const result = process.result as IDataObject | null | undefined;
	return {
		...process,
		...(result && result.merchantId !== undefined ? { merchantId: result.merchantId } : {}),
		...extra,
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

/** Fails the item when a final process did not succeed, naming the body paths of its errors. */
export function assertProcessSucceeded(ctx: OperationContext, process: IDataObject): void {
	if (processSucceeded(process)) return;
	const { message, description } = describeProcessFailure(process);
	ctx.fail(message, description);
}
