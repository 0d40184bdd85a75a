/**
 * No surprise repeats of a write the platform does not deduplicate (a refund, a reversal, a capture, a message).
 * n8n runs a node again when a user clicks Execute step on a later node (its upstream nodes re-run), when a
 * whole workflow is run twice, and when a queue-mode worker picks up a copy. A refund found again within
 * REPEAT_WINDOW_MS is refused unless the user turns on Allow Repeat.
 *
 * Where the memory lives: the platform's own record of a payment's refunds is read before each refund, so every
 * n8n process (main, workers) sees the same one. This process also remembers what it sent, only to name the
 * execution that sent it. For a write the platform keeps no readable record of (a message), the memory is this
 * process's (the editor's Execute step runs on the main) plus n8n's deduplication record of the node, kept in
 * n8n's database, so that a later run on any worker, manual or production, finds it. Neither sees a copy running
 * at the same moment on another process (see docs/scaling.md). Not the workflow's static data: n8n 2.40.7 starts
 * each new execution on a worker with none, and saves a run's static data whole, which would erase the
 * triggers' records of deliveries.
 */
import { createHash } from 'crypto';
import type { DeduplicationHelperFunctions } from 'n8n-workflow';

import { wantsRepeat } from '../descriptions/repeat';
import type { RefundRecord } from '../output/refunds';
import { asNodeError } from '../transport/nodeErrors';
import type { PaySuiteRequest } from '../transport/types';
import { sentEarlierInThisRun } from './send';
import type { OperationContext } from './types';

export const REPEAT_WINDOW_MS = 15 * 60_000;

/** A write sent earlier: by this n8n process, or (`approximate`, to the minute) as n8n's database recorded it. */
export interface SentWrite {
	at: number;
	approximate?: boolean;
	executionId?: string;
	workflowId?: string;
}

const sentHere = new Map<string, SentWrite>();

/** Forgets what is older than the window, so the memory stays as small as the writes of 15 minutes. */
function prune(now: number): void {
	for (const [key, sent] of sentHere) if (now - sent.at > REPEAT_WINDOW_MS) sentHere.delete(key);
}

export function rememberSent(key: string, sent: SentWrite): void {
	prune(sent.at);
	sentHere.set(key, sent);
}

/** The same write sent by this process within the window, if any. */
export function sentRecently(key: string, now = Date.now()): SentWrite | undefined {
	prune(now);
	return sentHere.get(key);
}

/**
 * A short, fixed-length name of a write (96 bits of SHA-256 over its parts): what n8n's database keeps instead of
 * the write itself (no message text, no phone number, no address).
 */
export function writeKey(parts: ReadonlyArray<string>): string {
	return createHash('sha256').update(parts.join('\u0000'), 'utf8').digest('base64url').slice(0, 16);
}

/** At most this many write keys are kept in a node's deduplication record (the newest). */
export const MAX_STORED_WRITES = 1000;

/** The record counts in minutes: a write sent in minute m is found by a check made in minutes m to m + 15. */
const MINUTE_MS = 60_000;

/** The keys a check looks for at `now`: the write's key in each minute of the window, the current minute last. */
export function minuteKeys(key: string, now: number): string[] {
	const current = Math.floor(now / MINUTE_MS);
	const minutes = REPEAT_WINDOW_MS / MINUTE_MS;
	return Array.from({ length: minutes + 1 }, (_, i) => `${key}@${current - minutes + i}`);
}

/** When the minute of a key began. */
export const minuteOf = (minuteKey: string): number => Number(minuteKey.slice(minuteKey.lastIndexOf('@') + 1)) * MINUTE_MS;

/** Clears the memory (tests). */
export function forgetSent(): void {
	sentHere.clear();
}

const timeOf = (refund: RefundRecord): number => (refund.date ? Date.parse(refund.date) : Number.NaN);

/**
 * The refund of the platform's record that a new one would repeat: for a partial refund, an approved refund of
 * the same amount made within the window; for a full refund, the payment being refunded in full already by a
 * refund made within the window. Refunds without a readable date count as recent (the safe side).
 */
export function repeatedRefund(
	refunds: RefundRecord[],
	asked: { amount?: number; fullyRefunded: boolean | null },
	now = Date.now(),
): RefundRecord | undefined {
	const recent = refunds.filter((refund) => {
		const at = timeOf(refund);
		return (refund.status === null || refund.status === 'APPROVED') && (Number.isNaN(at) || now - at <= REPEAT_WINDOW_MS);
	});
	if (asked.amount === undefined) return asked.fullyRefunded ? recent[recent.length - 1] : undefined;
	return [...recent].reverse().find((refund) => Math.abs(refund.amount - asked.amount!) < 1e-9);
}

/** "4 minutes ago", "just now": how long ago a write was, as the refusal says it. */
export function agoText(at: number, now = Date.now()): string {
	const minutes = Math.floor((now - at) / 60_000);
	if (minutes < 1) return 'less than a minute ago';
	return minutes === 1 ? '1 minute ago' : `${minutes} minutes ago`;
}

/** "less than a minute ago", "4 minutes ago"; "within the last 5 minutes" when known to the minute only. */
export function sentWhenText(sent: SentWrite, now = Date.now()): string {
	if (!sent.approximate) return agoText(sent.at, now);
	const minutes = Math.floor((now - sent.at) / 60_000) + 1;
	return minutes === 1 ? 'within the last minute' : `within the last ${minutes} minutes`;
}

/** What is known of a write sent now by this item's node run: when, and by which execution of which workflow. */
export const sentNow = (ctx: OperationContext): SentWrite => ({ at: Date.now(), executionId: ctx.fn.getExecutionId?.(), workflowId: ctx.fn.getWorkflow?.().id });

type SharedRecord = Pick<DeduplicationHelperFunctions, 'checkProcessedAndRecord' | 'removeProcessed'>;

const RECORD_OPTIONS = { mode: 'entries', maxEntries: MAX_STORED_WRITES } as const;

/** n8n's deduplication record of this node (in its database), where n8n offers it (not to an AI tool, nor a bare engine). */
function sharedRecord(ctx: OperationContext): SharedRecord | undefined {
	const helpers = ctx.fn.helpers as Partial<SharedRecord> | undefined;
	return typeof helpers?.checkProcessedAndRecord === 'function' && typeof helpers.removeProcessed === 'function' ? (helpers as SharedRecord) : undefined;
}

/**
 * Looks for the write in the node's record and records it in the current minute (n8n's helper records what it
 * did not find, and has no read alone): answers when the newest earlier one was sent, and the keys to take back
 * if nothing is sent. The earlier minutes it recorded now are taken back at once. Undefined when the record
 * cannot be used (a failure of n8n's database is not a reason to stop a message).
 */
async function claimMinute(record: SharedRecord, key: string, now: number): Promise<{ earlier?: number; added: string[] } | undefined> {
	const keys = minuteKeys(key, now);
	const current = keys[keys.length - 1];
	try {
		const found = await record.checkProcessedAndRecord(keys, 'node', RECORD_OPTIONS);
		const added = found.new.map(String);
		const earlierMinutes = added.filter((minute) => minute !== current);
		if (earlierMinutes.length) await record.removeProcessed(earlierMinutes, 'node', RECORD_OPTIONS);
		const seen = found.processed.map((minute) => minuteOf(String(minute)));
		return { earlier: seen.length ? Math.max(...seen) : undefined, added: added.filter((minute) => minute === current) };
	} catch {
		return undefined;
	}
}

/** Takes back the keys a claim recorded, when nothing was sent after all. */
const release = async (record: SharedRecord | undefined, added: string[] | undefined): Promise<void> => {
	if (record && added?.length) await record.removeProcessed(added, 'node', RECORD_OPTIONS).catch(() => undefined);
};

/** A write guarded against repeats: its key, its request, and how it refuses a repeat. */
export interface RepeatCheck {
	/** The same for the same write (same credential, same content): made with writeKey. */
	key: string;
	/** The request about to be sent: a later try of n8n's Retry On Fail reuses its answer and is never refused. */
	request: PaySuiteRequest;
	refuse(earlier: SentWrite): never;
}

/**
 * Sends a write the platform keeps no record of, unless the same one was sent within the window, as this
 * process or the node's record in n8n's database remembers it (refused then, unless Allow Repeat is on);
 * remembers it in both once sent.
 */
export async function sendUnlessRepeated<T>(ctx: OperationContext, check: RepeatCheck, send: () => Promise<T>): Promise<T> {
	const guarded = !wantsRepeat(ctx) && !sentEarlierInThisRun(ctx, check.request);
	const here = guarded ? sentRecently(check.key) : undefined;
	if (here) check.refuse(here);
	const record = sharedRecord(ctx);
	const claim = record ? await claimMinute(record, check.key, Date.now()) : undefined;
	if (guarded && claim?.earlier !== undefined) {
		await release(record, claim.added);
		check.refuse({ at: claim.earlier, approximate: true });
	}
	let result: T;
	try {
		result = await send();
	} catch (error) {
		await release(record, claim?.added);
		throw asNodeError(ctx.node, error, ctx.itemIndex);
	}
	rememberSent(check.key, sentNow(ctx));
	return result;
}
