/**
 * No surprise repeat of a write the platform does not deduplicate (refund, reversal, capture, message): n8n runs a
 * node again on Execute step of a later node, on a second whole run, and in a queue-mode copy. The same write
 * within REPEAT_WINDOW_MS is refused unless Allow Repeat is on.
 * The memory is n8n's record of the workflow (sentRecord.ts), read by every process. Under the node's lock
 * (nodeLock.ts) a copy looks for the write and adds it in one call, so of two copies started at once the second
 * finds the first's record. What is left: docs/scaling.md, "Money sent once".
 */
import { createHash } from 'crypto';

import { wantsRepeat } from '../descriptions/repeat';
import type { PaySuiteRequest } from '../transport/types';
import { sentEarlierInThisRun } from './retryMemory';
import { sentRecord } from './sentRecord';
import type { OperationContext } from './types';

const REPEAT_WINDOW_MS = 15 * 60_000;
const MINUTE_MS = 60_000;

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

/** What a refusal says happened: the same write recorded at `at` (to the minute). */
export type Earlier = { at: number };

/** The record knows the minute, not the second. */
export function sentWhenText(at: number, now = Date.now()): string {
	const minutes = Math.floor((now - at) / MINUTE_MS) + 1;
	return minutes <= 1 ? 'within the last minute' : `within the last ${minutes} minutes`;
}

export const earlierText = (earlier: Earlier, verb: string): string => `was already ${verb} ${sentWhenText(earlier.at)}`;

export interface RepeatCheck {
	/** The same credential and content give the same key (writeKey). */
	key: string;
	/** A later try of n8n's Retry On Fail reuses its answer and is never refused. */
	request: PaySuiteRequest;
	refuse(earlier: Earlier): never;
	/** Run under the lock before the look: keys kept with the write's record (a refund's amount: refundsMade.ts). */
	alsoRecord?: () => Promise<string[]>;
}

/** The write's record, kept unless `notMade` takes it back (nothing was done). */
export interface GuardedWrite {
	notMade(): Promise<void>;
}

const NOTHING_KEPT: GuardedWrite = { notMade: async () => undefined };

/**
 * Refuses (check.refuse) a write the record holds within the window; else records it (with `alsoRecord`) before it
 * is sent. Allow Repeat, or a Retry On Fail try, records without looking. Without n8n's record (an AI agent's tool,
 * a workflow never saved) nothing is checked or kept. Every write to the record is made under the node's lock.
 * Four store calls: lock, look-and-add, take back what the look added, release.
 */
export async function guardWrite(ctx: OperationContext, check: RepeatCheck): Promise<GuardedWrite> {
	const record = sentRecord(ctx);
	if (!record) return NOTHING_KEPT;
	const window = minuteKeys(check.key, Date.now());
	const look = wantsRepeat(ctx) || sentEarlierInThisRun(ctx, check.request) ? [] : window.slice(0, -1);
	const { earlier, kept } = await record
		.locked(async () => {
			const keep = [window[window.length - 1], ...((await check.alsoRecord?.()) ?? [])];
			const { held, added } = await record.check([...look, ...keep]);
			const found = look.length ? window.filter((key) => held.has(key)) : [];
			const keeping = new Set(found.length ? [] : keep);
			// n8n's helpers look by adding: what the look added beyond the record is taken back.
			await record.remove(added.filter((key) => !keeping.has(key)));
			return { earlier: found, kept: added.filter((key) => keeping.has(key)) };
		})
		.catch((error: unknown) =>
			ctx.fail(
				"Not sent: n8n's database could not be read to check for an earlier send",
				`Nothing was sent. n8n answered: ${(error as Error)?.message ?? String(error)}. Run this step again once n8n's database is back.`,
			),
		);
	if (earlier.length) check.refuse({ at: Math.max(...earlier.map(minuteOf)) });
	return { notMade: () => record.locked(() => record.remove(kept)) };
}
