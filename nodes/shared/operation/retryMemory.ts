/**
 * What the plain writes (refunds, sessions, links, sites...: no key the platform deduplicates by) of one node run
 * did in an earlier try, so that n8n's node setting "Retry On Fail" never sends one twice.
 *
 * Retry On Fail re-runs the node's whole execute with all its items, up to 5 tries, in the same process (n8n's
 * WorkflowExecute loops over `runNode` with the same execute data; in queue mode one worker runs the whole
 * execution). So the memory is kept in this process, beside that execute data object (context/runMemory.ts): it
 * lives as long as the node run and goes with it. A new run of the node (a loop, another execution, n8n's Retry of a failed
 * execution) has new execute data, hence an empty memory: it is a new decision to write.
 */
import type { OperationContext } from '../context/item';
import { isKept, keptWith } from '../context/runMemory';
import type { LostAnswerError } from '../transport/failures';
import type { PaySuiteRequest, PaySuiteResponse } from '../transport/types';

/** The outcome of one write of one item in an earlier try. */
type WriteOutcome =
	/** The platform answered: a later try gets the same answer without sending anything. */
	| { kind: 'answered'; request: string; answer: PaySuiteResponse<unknown> }
	/** The answer was lost after the write may have reached the platform: a later try fails the same way. */
	| { kind: 'unknown'; request: string; error: LostAnswerError };

/** The method and path of a write: a later try must be sending the same thing to reuse what happened. */
export const requestLabel = (request: PaySuiteRequest): string => `${request.method ?? 'POST'} ${request.api} ${request.path}`;

/** The memory of one node run; `run` is n8n's execute data, the same object in every try of the run. */
export const writeMemory = (run: object): Map<string, WriteOutcome> => keptWith(run, 'writes', () => new Map<string, WriteOutcome>());

/** The slot of the `ordinal`-th write (from 0) of item `itemIndex`: the same in every try. */
export const writeSlot = (itemIndex: number, ordinal: number): string => `${itemIndex}:${ordinal}`;

/** Errors of an earlier try given again by a later one: their item says so (settleLostAnswer, lostAnswer.ts). */
/** Marks a lost answer of an earlier try as given again by this one, and gives it back to throw. */
export function markGivenAgain(error: LostAnswerError): LostAnswerError {
	keptWith(error, 'givenAgain', () => true);
	return error;
}

export const wasGivenAgain = (error: LostAnswerError): boolean => isKept(error, 'givenAgain');

/**
 * Whether the item's next write is `request` and an earlier try of this node run (n8n's Retry On Fail) already
 * sent it: sendRequest will give back what happened then, so a check made before sending must not refuse it.
 */
export function sentEarlierInThisRun(ctx: OperationContext, request: PaySuiteRequest): boolean {
	const run = typeof ctx.fn.getExecuteData === 'function' ? (ctx.fn.getExecuteData() as object | undefined) : undefined;
	if (!run) return false;
	return writeMemory(run).get(writeSlot(ctx.itemIndex, ctx.sending.writesSent))?.request === requestLabel(request);
}
