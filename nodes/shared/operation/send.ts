/**
 * sendRequest: the one way an operation sends a request, to the transport's paySuiteRequest
 * (transport/request.ts). Reads and deduplicated writes go straight through; a plain write goes through the
 * write-once memory (retryMemory.ts), one at a time.
 */
import type { IDataObject } from 'n8n-workflow';

import { asNodeError } from '../transport/nodeErrors';
import { LostAnswerError } from '../transport/failures';
import { paySuiteRequest } from '../transport/request';
import { safetyOf, type PaySuiteRequest, type PaySuiteResponse } from '../transport/types';
import { markGivenAgain, requestLabel, writeMemory, writeSlot } from './retryMemory';
import type { OperationContext } from './types';

/**
 * Sends a request for the item of `ctx`. A plain write (no key the platform deduplicates by) is sent at most
 * once per item in a node run: when n8n's Retry On Fail runs the node again, a write the platform answered gives
 * back that answer, and a write whose answer was lost fails again the same way, neither sent again.
 */
export async function sendRequest<T = IDataObject>(ctx: OperationContext, request: PaySuiteRequest): Promise<PaySuiteResponse<T>> {
	if (safetyOf(request) !== 'write') return paySuiteRequest.call(ctx.fn, request, ctx.itemIndex) as Promise<PaySuiteResponse<T>>;
	// A plain write is never in flight beside another one, even when items run in parallel.
	return ctx.sending.oneAtATime(() => sendWriteOnce<T>(ctx, request));
}

/**
 * Whether the item's next write is `request` and an earlier try of this node run (n8n's Retry On Fail) already
 * sent it: sendRequest will give back what happened then, so a check made before sending must not refuse it.
 */
export function sentEarlierInThisRun(ctx: OperationContext, request: PaySuiteRequest): boolean {
	const run = typeof ctx.fn.getExecuteData === 'function' ? (ctx.fn.getExecuteData() as object | undefined) : undefined;
	if (!run) return false;
	return writeMemory(run).get(writeSlot(ctx.itemIndex, ctx.sending.writesSent))?.request === requestLabel(request);
}

/** A plain write, sent unless an earlier try of this node run sent it: then what happened to it then. */
async function sendWriteOnce<T>(ctx: OperationContext, request: PaySuiteRequest): Promise<PaySuiteResponse<T>> {
	const { fn, itemIndex } = ctx;
	// n8n's execute data: the same object in every try of this node run.
	const run = typeof fn.getExecuteData === 'function' ? (fn.getExecuteData() as object | undefined) : undefined;
	if (!run) return paySuiteRequest.call(fn, request, itemIndex) as Promise<PaySuiteResponse<T>>;
	const memory = writeMemory(run);
	// The item's writes in the order it sends them: the n-th write of an item is the same in every try.
	const slot = writeSlot(itemIndex, ctx.sending.writesSent++);
	const label = requestLabel(request);
	const earlier = memory.get(slot);
	if (earlier?.request === label) {
		if (earlier.kind === 'answered') return earlier.answer as PaySuiteResponse<T>;
		throw markGivenAgain(earlier.error);
	}
	try {
		const answer = (await paySuiteRequest.call(fn, request, itemIndex)) as PaySuiteResponse<T>;
		memory.set(slot, { kind: 'answered', request: label, answer });
		return answer;
	} catch (error) {
		// Any other error is the platform refusing (nothing done) or nothing sent: a later try may send it.
		if (error instanceof LostAnswerError) memory.set(slot, { kind: 'unknown', request: label, error });
		// The transport's errors are node errors already: this keeps them as they are (LostAnswerError included).
		throw asNodeError(fn.getNode(), error, itemIndex);
	}
}
