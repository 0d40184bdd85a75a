/**
 * sendRequest: the one function that sends a request, to the transport's paySuiteRequest (transport/request.ts).
 * Reads and deduplicated writes go straight through; a plain write of an operation's item goes through the
 * write-once memory (retryMemory.ts), one at a time. Options say what a write needs besides: the words and the
 * read that settle a lost answer (lostAnswer.ts), and the claim that refuses a repeat (repeatGuard.ts).
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import type { ItemSending, OperationContext } from '../context/item';
import { LostAnswerError } from '../transport/failures';
import { asNodeError } from '../transport/nodeErrors';
import { paySuiteRequest } from '../transport/request';
import { safetyOf, type PaySuiteContext, type PaySuiteRequest, type PaySuiteResponse } from '../transport/types';
import { settleLostAnswer, type LostAnswerWords } from './lostAnswer';
import { claimWrite, type Claim, type RepeatCheck } from './repeatGuard';
import { markGivenAgain, requestLabel, writeMemory, writeSlot } from './retryMemory';

/** Whom a request is for: an operation's item, or an item of n8n's context of a list, a trigger or a webhook call. */
interface Requester {
	readonly fn: PaySuiteContext;
	readonly itemIndex: number;
	/** An operation's item has it: its plain writes are sent once (retryMemory.ts). */
	readonly sending?: ItemSending;
}

/** A lost answer settled by the operation itself: it says whether the write was made (claim.made / notMade). */
type SettleLostAnswer = (error: LostAnswerError, claim: Claim, sentAt: number) => Promise<INodeExecutionData[]>;

/** What an operation's write needs besides the request; its answer then comes back as the operation's items. */
interface SendOptions<T> {
	/** The answer to items. */
	output: (answer: T) => INodeExecutionData[] | Promise<INodeExecutionData[]>;
	/** When the answer is lost: what may have happened and how to look (settleLostAnswer), or a function that makes them then. */
	lostAnswer?: LostAnswerWords | (() => LostAnswerWords | undefined);
	/** Instead of `lostAnswer`: the operation settles a lost answer itself (a refund reads the payment again). */
	settleLost?: SettleLostAnswer;
	/** A write the platform does not deduplicate: claimed in n8n's record before it is sent, refused as a repeat. */
	repeat?: Omit<RepeatCheck, 'request'>;
}

const NO_CLAIM: Claim = { made: async () => undefined, notMade: async () => undefined };

/**
 * Sends a request for an item. A plain write of an operation's item is sent at most once per item in a node run:
 * when n8n's Retry On Fail runs the node again, a write the platform answered gives back that answer, and a write
 * whose answer was lost fails again the same way, neither sent again. With `options`, the answer comes back as
 * items: the write claimed first when it is guarded against repeats, a lost answer settled.
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
	const claim = options.repeat ? await claimWrite(ctx, { ...options.repeat, request }) : NO_CLAIM;
	const sentAt = Date.now();
	let answer: PaySuiteResponse<T>;
	try {
		answer = await sendOnce<T>(ctx, request);
	} catch (error) {
		const { settleLost, lostAnswer } = options;
		if (settleLost) {
			if (error instanceof LostAnswerError) return settleLost(error, claim, sentAt);
			await claim.notMade();
			throw asNodeError(ctx.node, error, ctx.itemIndex);
		}
		// A lost answer may mean it was done: the claim stays; a refusal (nothing done) takes it back.
		await (error instanceof LostAnswerError ? claim.made() : claim.notMade());
		return settleLostAnswer(ctx, error, typeof lostAnswer === 'function' ? lostAnswer() : lostAnswer);
	}
	await claim.made();
	return options.output(answer.body);
}

async function sendOnce<T>(requester: Requester, request: PaySuiteRequest): Promise<PaySuiteResponse<T>> {
	const { fn, itemIndex, sending } = requester;
	if (safetyOf(request) !== 'write' || !sending) return paySuiteRequest.call(fn, request, itemIndex) as Promise<PaySuiteResponse<T>>;
	// A plain write is never in flight beside another one, even when items run in parallel.
	return sending.oneAtATime(() => sendWriteOnce<T>(requester as OperationContext, request));
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
