import type { IDataObject } from 'n8n-workflow';
import { z } from 'zod';

import type { OperationContext } from './operation';
import { PollTimeoutError, pollUntilDone } from './polling';
import { headerValue, retryAfterSeconds, type PaySuiteResponse } from './transport';

/** A process as the onboarding API answers it (`result` is extensible: unknown keys are kept, never relied on). */
export interface OnboardingProcess extends IDataObject {
	processId: string;
	action: string;
	result: IDataObject | null;
	errors?: IDataObject;
}

export interface ProcessState {
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

/** Whether a final process succeeded: status OK and no field errors. Pure. */
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

/** One query of the process. A failed process is an answer (HTTP 200), not an error. */
export async function getProcess(ctx: OperationContext, processId: string): Promise<ProcessState> {
	const answer = await ctx.request<IDataObject>({
		api: 'onboarding',
		method: 'GET',
		path: `/api/processes/${encodeURIComponent(processId)}`,
		safety: 'read',
		acceptFailedStatus: true,
	});
	return processStateOf(answer);
}

/**
 * Asks for the process while the answer carries Retry-After, waiting what it says each time, until it is
 * final or the timeout is reached (then the item fails and says how to look again later).
 */
export async function waitForProcess(ctx: OperationContext, processId: string, timeoutSeconds: number): Promise<OnboardingProcess> {
	const outcome = await pollUntilDone(
		async () => {
			const state = await getProcess(ctx, processId);
			return { done: state.final, value: state.process, retryAfterSeconds: state.retryAfterSeconds };
		},
		{ timeoutMs: Math.max(0, timeoutSeconds) * 1000, defaultDelayMs: 2000, maxDelayMs: 60_000 },
	).then(
		(done) => ({ done }),
		(error: unknown) => ({ error }),
	);
	if ('done' in outcome) return outcome.done.value;
	if (outcome.error instanceof PollTimeoutError) {
		return ctx.fail(
			`Process ${processId} is still pending after ${Math.round(outcome.error.waitedMs / 1000)} s (${outcome.error.attempts} checks)`,
			'The platform is still working on it. Check it later with Process → Get or Process → Wait for Completion, or raise the timeout.',
		);
	}
	throw outcome.error;
}

/** Fails the item when a final process did not succeed, naming the body paths of its errors. */
export function assertProcessSucceeded(ctx: OperationContext, process: IDataObject): void {
	if (processSucceeded(process)) return;
	const { message, description } = describeProcessFailure(process);
	ctx.fail(message, description);
}
