/**
 * No surprise repeats of a write the platform does not deduplicate (a refund, a reversal, a capture, a message).
 * n8n runs a node again when a user clicks Execute step on a later node (its upstream nodes re-run), when a
 * whole workflow is run twice, and when a queue-mode worker picks up a copy. The same write within
 * REPEAT_WINDOW_MS is refused unless the user turns on Allow Repeat.
 *
 * The memory is n8n's record of the workflow (sentRecord.ts), which every n8n process reads: a write is recorded
 * in the minute it is sent, and a check looks at the minutes of the window. Two copies started at the same moment
 * on two processes can both find nothing, so a copy that found nothing then claims the write: it adds a claim of
 * its own (one of CLAIM_SLOTS, at random), waits a little (settleAfter), reads the claims back, and only the first
 * claim (earliest minute, then lowest slot) is sent; the others are refused. docs/scaling.md says what is left.
 */
import { createHash, randomInt } from 'crypto';
import { sleep } from 'n8n-workflow';

import { wantsRepeat } from '../descriptions/repeat';
import type { PaySuiteRequest } from '../transport/types';
import { sentEarlierInThisRun } from './retryMemory';
import { sentRecord, type SentRecord } from './sentRecord';
import type { OperationContext } from './types';

export const REPEAT_WINDOW_MS = 15 * 60_000;
const MINUTE_MS = 60_000;
export const CLAIM_SLOTS = 64;
/**
 * How long a claim waits before it reads the claims back: several times what n8n took to write it (a copy that
 * had read the record before that write lands its own within about as long), never less than SETTLE_MS.
 */
export const SETTLE_MS = 60;
const MAX_SETTLE_MS = 1_000;
const settleAfter = (writeMs: number): number => Math.min(MAX_SETTLE_MS, Math.max(SETTLE_MS, 4 * writeMs));
const CLAIM_ATTEMPTS = 3;

/**
 * A short, fixed-length name of a write (96 bits of SHA-256 over its parts): what n8n's database keeps instead of
 * the write itself (no message text, no phone number, no address).
 */
export function writeKey(parts: ReadonlyArray<string>): string {
	return createHash('sha256').update(parts.join('\u0000'), 'utf8').digest('base64url').slice(0, 16);
}

const minuteNumber = (at: number): number => Math.floor(at / MINUTE_MS);

/** The keys a check looks for at `now`: the write's key in each minute of the window, the current minute last. */
export function minuteKeys(key: string, now: number): string[] {
	const current = minuteNumber(now);
	const minutes = REPEAT_WINDOW_MS / MINUTE_MS;
	return Array.from({ length: minutes + 1 }, (_, i) => `${key}@${current - minutes + i}`);
}

/** When the minute of a key began. */
export const minuteOf = (minuteKey: string): number => Number(minuteKey.slice(minuteKey.lastIndexOf('@') + 1)) * MINUTE_MS;

/** A claim: the write's key, its minute and a slot. */
export const claimKey = (key: string, minute: number, slot: number): string => `${key}@${minute}!${slot}`;

/** Every claim a copy started around `minute` (the minute before and after included) may have made. */
export function claimKeys(key: string, minute: number): string[] {
	return [minute - 1, minute, minute + 1].flatMap((m) => Array.from({ length: CLAIM_SLOTS }, (_, slot) => claimKey(key, m, slot)));
}

/** The claim that goes first: the earliest minute, then the lowest slot. */
export function firstClaim(claims: Iterable<string>): string | undefined {
	const order = (claim: string) => claim.slice(claim.lastIndexOf('@') + 1).split('!').map(Number);
	return [...claims].sort((a, b) => {
		const [ma, sa] = order(a);
		const [mb, sb] = order(b);
		return ma - mb || sa - sb;
	})[0];
}

/** What a refusal says happened: the same write sent at `at` (to the minute), or another copy sending it now. */
export type Earlier = { at: number } | { atSameMoment: true };

/** "within the last minute", "within the last 4 minutes": the record knows the minute. */
export function sentWhenText(at: number, now = Date.now()): string {
	const minutes = Math.floor((now - at) / MINUTE_MS) + 1;
	return minutes <= 1 ? 'within the last minute' : `within the last ${minutes} minutes`;
}

/** How a refusal says when: "… was already sent within the last minute", or that another run is sending it now. */
export const earlierText = (earlier: Earlier, verb: string): string =>
	'at' in earlier ? `was already ${verb} ${sentWhenText(earlier.at)}` : `is being ${verb} at this moment by another run of this workflow`;

/** What a refusal adds for a copy refused at the same moment as another: which of the two may have sent it. */
export const sameMomentWords = (earlier: Earlier, noun: string): string =>
	'atSameMoment' in earlier
		? `Another run of this workflow claimed the same ${noun} at the same moment, and only one of the two sends it (when both are refused, neither sent it: check, then run this step again). `
		: '';

/** A write guarded against repeats: its key, its request, and how it refuses a repeat. */
export interface RepeatCheck {
	/** The same for the same write (same credential, same content): made with writeKey. */
	key: string;
	/** The request about to be sent: a later try of n8n's Retry On Fail reuses its answer and is never refused. */
	request: PaySuiteRequest;
	refuse(earlier: Earlier): never;
}

/** A write claimed in n8n's record: once sent, `made` keeps it there; `notMade` takes it back (nothing was done). */
export interface Claim {
	made(): Promise<void>;
	notMade(): Promise<void>;
}

const NOTHING_KEPT: Claim = { made: async () => undefined, notMade: async () => undefined };

/** Records a write sent without a check (Allow Repeat, a try of Retry On Fail): later copies still find it. */
const recordOnly = (record: SentRecord, key: string): Claim => ({
	made: () => record.add([minuteKeys(key, Date.now()).pop()!]),
	notMade: async () => undefined,
});

/**
 * Claims a write before it is sent: refuses (check.refuse) when the record holds the same write within the window
 * or another copy claimed it first. Without n8n's record (an AI agent's tool, a workflow never saved) nothing is
 * checked or kept.
 */
export async function claimWrite(ctx: OperationContext, check: RepeatCheck): Promise<Claim> {
	const record = sentRecord(ctx);
	if (!record) return NOTHING_KEPT;
	if (wantsRepeat(ctx) || sentEarlierInThisRun(ctx, check.request)) return recordOnly(record, check.key);
	// Every claim this copy made: one erased by another write at that moment may come back with a later one.
	const mine = new Set<string>();
	for (let attempt = 0; attempt < CLAIM_ATTEMPTS; attempt++) {
		const now = Date.now();
		const window = minuteKeys(check.key, now);
		const sent = window[window.length - 1];
		const started = Date.now();
		// The write's record in the window; this minute's is added at once, so that a copy coming later finds it.
		let earlier = await record.lookUp(window, [sent]);
		const settle = settleAfter(Date.now() - started);
		// What another copy is looking up shows for a moment as if it were a record: a record stays, so look again.
		if (earlier.size && !attempt) {
			await sleep(settle);
			earlier = await record.lookUp(window, [sent]);
			if (earlier.size) check.refuse({ at: Math.max(...[...earlier].map(minuteOf)) });
		}
		// Only a copy that found nothing claims: a claim never stands for a copy that was refused.
		const claim = claimKey(check.key, minuteNumber(now), randomInt(CLAIM_SLOTS));
		mine.add(claim);
		await record.lookUp([], [claim]);
		await sleep(settle + randomInt(Math.ceil(settle / 2)));
		const claims = await record.lookUp(claimKeys(check.key, minuteNumber(now)));
		const first = firstClaim(claims);
		if (first && mine.has(first)) return { made: () => record.add([sent]).then(() => record.remove([...mine])), notMade: () => record.remove([sent, ...mine]) };
		if (first) {
			await record.remove([...mine]);
			check.refuse({ atSameMoment: true });
		}
		// Our claim was erased by another write to the record at that moment, and nobody else claims: again.
	}
	return ctx.fail(
		"Not sent: n8n's record of this workflow's writes could not be kept",
		"Nothing was sent. n8n's database did not keep this node's claim (other runs were writing to it at the same moment): run this step again.",
	);
}
