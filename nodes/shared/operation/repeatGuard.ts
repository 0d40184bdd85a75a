/**
 * No surprise repeat of a write the platform does not deduplicate (refund, reversal, capture, message): n8n runs a
 * node again on Execute step of a later node, on a second whole run, and in a queue-mode copy. The same write
 * within REPEAT_WINDOW_MS is refused unless Allow Repeat is on.
 * The memory is n8n's record of the workflow (sentRecord.ts), read by every process. Two copies started at once can
 * both find nothing, so a copy that found nothing claims the write in a random slot, waits, reads the claims back,
 * and only the first claim sends. What is left: docs/scaling.md, "Money sent once".
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
 * Several times what n8n took to write the claim (a copy that read the record before that write lands its own
 * within about as long); at least SETTLE_MS.
 */
export const SETTLE_MS = 60;
const MAX_SETTLE_MS = 1_000;
const settleAfter = (writeMs: number): number => Math.min(MAX_SETTLE_MS, Math.max(SETTLE_MS, 4 * writeMs));
const CLAIM_ATTEMPTS = 3;

/** 96 bits of SHA-256: n8n's database keeps this, not the write (no message text, phone number or address). */
export function writeKey(parts: ReadonlyArray<string>): string {
	return createHash('sha256').update(parts.join('\u0000'), 'utf8').digest('base64url').slice(0, 16);
}

const minuteNumber = (at: number): number => Math.floor(at / MINUTE_MS);

/** The write's key in each minute of the window, the current minute last. */
export function minuteKeys(key: string, now: number): string[] {
	const current = minuteNumber(now);
	const minutes = REPEAT_WINDOW_MS / MINUTE_MS;
	return Array.from({ length: minutes + 1 }, (_, i) => `${key}@${current - minutes + i}`);
}

/** When the minute of a key began. */
export const minuteOf = (minuteKey: string): number => Number(minuteKey.slice(minuteKey.lastIndexOf('@') + 1)) * MINUTE_MS;

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

/** The record knows the minute, not the second. */
export function sentWhenText(at: number, now = Date.now()): string {
	const minutes = Math.floor((now - at) / MINUTE_MS) + 1;
	return minutes <= 1 ? 'within the last minute' : `within the last ${minutes} minutes`;
}

export const earlierText = (earlier: Earlier, verb: string): string =>
	'at' in earlier ? `was already ${verb} ${sentWhenText(earlier.at)}` : `is being ${verb} at this moment by another run of this workflow`;

/** What a refusal adds for a copy refused at the same moment as another: which of the two may have sent it. */
export const sameMomentWords = (earlier: Earlier, noun: string): string =>
	'atSameMoment' in earlier
		? `Another run of this workflow claimed the same ${noun} at the same moment, and only one of the two sends it (when both are refused, neither sent it: check, then run this step again). `
		: '';

export interface RepeatCheck {
	/** The same credential and content give the same key (writeKey). */
	key: string;
	/** A later try of n8n's Retry On Fail reuses its answer and is never refused. */
	request: PaySuiteRequest;
	refuse(earlier: Earlier): never;
}

/** Once sent, `made` keeps the claim as the write's record; `notMade` takes it back (nothing was done). */
export interface Claim {
	made(): Promise<void>;
	notMade(): Promise<void>;
}

const NOTHING_KEPT: Claim = { made: async () => undefined, notMade: async () => undefined };

/** Allow Repeat or a Retry On Fail try: sent without a check, but recorded so later copies still find it. */
const recordOnly = (record: SentRecord, key: string): Claim => ({
	made: () => record.add([minuteKeys(key, Date.now()).pop()!]),
	notMade: async () => undefined,
});

/**
 * Refuses (check.refuse) a write the record holds within the window or another copy claimed first. Without n8n's
 * record (an AI agent's tool, a workflow never saved) nothing is checked or kept.
 */
export async function claimWrite(ctx: OperationContext, check: RepeatCheck): Promise<Claim> {
	const record = sentRecord(ctx);
	if (!record) return NOTHING_KEPT;
	if (wantsRepeat(ctx) || sentEarlierInThisRun(ctx, check.request)) return recordOnly(record, check.key);
	// A claim erased by another write at that moment may come back with a later one.
	const mine = new Set<string>();
	for (let attempt = 0; attempt < CLAIM_ATTEMPTS; attempt++) {
		const now = Date.now();
		const window = minuteKeys(check.key, now);
		const sent = window[window.length - 1];
		const started = Date.now();
		// This minute's record is added at once, so that a later copy finds it.
		let earlier = await record.lookUp(window, [sent]);
		const settle = settleAfter(Date.now() - started);
		// Another copy's look-up shows for a moment like a record; a record stays, so look again.
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
