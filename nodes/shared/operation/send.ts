/**
 * The one function that sends (to transport/request.ts). An item's plain write goes through the write-once memory
 * (retryMemory.ts), one at a time; options add the settling of a lost answer (lostAnswer.ts) and the guard that
 * refuses a repeat (repeatGuard.ts).
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import type { ItemSending, OperationContext } from '../context/item';
import { LostAnswerError } from '../transport/failures';
import { asNodeError } from '../transport/nodeErrors';
import { paySuiteRequest } from '../transport/request';
import { safetyOf, type PaySuiteContext, type PaySuiteRequest, type PaySuiteResponse } from '../transport/types';
import { settleLostAnswer, type LostAnswerWords } from './lostAnswer';
import { guardWrite, NOTHING_KEPT, type GuardedWrite, type RepeatCheck } from './repeatGuard';
import { markGivenAgain, requestLabel, writeMemory, writeSlot } from './retryMemory';

/** An operation's item, or an item of a list's, trigger's or webhook call's context. */
interface Requester {
	readonly fn: PaySuiteContext;
	readonly itemIndex: number;
	/** Only an operation's item: its plain writes are sent once (retryMemory.ts). */
	readonly sending?: ItemSending;
}

/** It says whether the write was made (guarded.notMade). */
type SettleLostAnswer = (error: LostAnswerError, guarded: GuardedWrite, sentAt: number) => Promise<INodeExecutionData[]>;

interface SendOptions<T> {
	output: (answer: T) => INodeExecutionData[] | Promise<INodeExecutionData[]>;
	/** What may have happened and how to look (settleLostAnswer), or a function that makes them then. */
	lostAnswer?: LostAnswerWords | (() => LostAnswerWords | undefined);
	/** The operation settles a lost answer itself (a refund reads the payment again). */
	settleLost?: SettleLostAnswer;
	/** The platform does not deduplicate it: recorded in n8n's record before it is sent, refused as a repeat. */
	repeat?: Omit<RepeatCheck, 'request'>;
}

/**
 * A plain write of an operation's item is sent at most once per item in a node run: on n8n's Retry On Fail, an
 * answered write gives back its answer and a lost one fails again the same way. With `options`, the answer comes
 * back as items.
 */
export function sendRequest<T = IDataObject>(from: Requester | PaySuiteContext, request: PaySuiteRequest): Promise<PaySuiteResponse<T>>;
export function sendRequest<T = IDataObject>(from: OperationContext, request: PaySuiteRequest, options: SendOptions<T>): Promise<INodeExecutionData[]>;
export async function sendRequest<T>(
	from: Requester | PaySuiteContext,
	request: PaySuiteRequest,
	options?: SendOptions<T>,
): Promise<PaySuiteResponse<T> | INodeExecutionData[]> {
	const requester: Requester = 'fn' in from ? from : { fn: from, itemIndex: 0 };
	if (!options) return sendOnce<T>(requester, request);
	const ctx = from as OperationContext;
	const guarded = options.repeat ? await guardWrite(ctx, { ...options.repeat, request }) : NOTHING_KEPT;
	const sentAt = Date.now();
	let answer: PaySuiteResponse<T>;
	try {
		answer = await sendOnce<T>(ctx, request);
	} catch (error) {
		const { settleLost, lostAnswer } = options;
		if (settleLost) {
			if (error instanceof LostAnswerError) return settleLost(error, guarded, sentAt);
			await guarded.notMade();
			throw asNodeError(ctx.node, error, ctx.itemIndex);
		}
		// A lost answer may mean it was done: its record stays; a refusal (nothing done) takes it back.
		if (!(error instanceof LostAnswerError)) await guarded.notMade();
		return settleLostAnswer(ctx, error, typeof lostAnswer === 'function' ? lostAnswer() : lostAnswer);
	}
	return options.output(answer.body);
}

async function sendOnce<T>(requester: Requester, request: PaySuiteRequest): Promise<PaySuiteResponse<T>> {
	const { fn, itemIndex, sending } = requester;
	if (safetyOf(request) !== 'write' || !sending) return paySuiteRequest.call(fn, request, itemIndex) as Promise<PaySuiteResponse<T>>;
	// A plain write is never in flight beside another one, even when items run in parallel.
	return await sending.oneAtATime(() => sendWriteOnce<T>(requester as OperationContext, request));
}

/** Unless an earlier try of this node run sent it: then what happened to it then. */
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
		// Transport errors are node errors already and stay as they are (LostAnswerError included).
		throw asNodeError(fn.getNode(), error, itemIndex);
	}
}
