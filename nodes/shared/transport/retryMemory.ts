/**
 * What the plain writes of one node run (no key the platform deduplicates by) did in an earlier try, so n8n's Retry
 * On Fail never sends one twice. Retry On Fail runs the node's whole execute again in the same process with the
 * same execute data (n8n's WorkflowExecute loops over `runNode`; in queue mode one worker runs the whole
 * execution), so the memory lives beside that object (context/runMemory.ts). A new run of the node has new execute
 * data: a new decision to write.
 */
import type { OperationContext } from '../context/item';
import { isKept, keptWith } from '../context/runMemory';
import type { LostAnswerError } from './failures';
import type { PaySuiteRequest, PaySuiteResponse } from './types';

type WriteOutcome =
	/** A later try gets the same answer without sending anything. */
	| { kind: 'answered'; request: string; answer: PaySuiteResponse<unknown> }
	/** The write may have reached the platform: a later try fails the same way. */
	| { kind: 'unknown'; request: string; error: LostAnswerError };

/** A later try must be sending the same thing to reuse what happened. */
export const requestLabel = (request: PaySuiteRequest): string => `${request.method ?? 'POST'} ${request.api} ${request.path}`;

/** `run` is n8n's execute data, the same object in every try of the run. */
export const writeMemory = (run: object): Map<string, WriteOutcome> => keptWith(run, 'writes', () => new Map<string, WriteOutcome>());

/** The same in every try. */
export const writeSlot = (itemIndex: number, ordinal: number): string => `${itemIndex}:${ordinal}`;

/** Their item then says so (settleLostAnswer, lostAnswer.ts). */
export function markGivenAgain(error: LostAnswerError): LostAnswerError {
	keptWith(error, 'givenAgain', () => true);
	return error;
}

export const wasGivenAgain = (error: LostAnswerError): boolean => isKept(error, 'givenAgain');

/** Then paySuiteRequest gives back what happened, so a check made before sending must not refuse it. */
export function sentEarlierInThisRun(ctx: OperationContext, request: PaySuiteRequest): boolean {
	const run = typeof ctx.fn.getExecuteData === 'function' ? (ctx.fn.getExecuteData() as object | undefined) : undefined;
	if (!run) return false;
	return writeMemory(run).get(writeSlot(ctx.itemIndex, ctx.sending.writesSent))?.request === requestLabel(request);
}
