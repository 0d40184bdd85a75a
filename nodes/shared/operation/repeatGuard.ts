/**
 * No surprise repeats of a write the platform does not deduplicate (a refund, a reversal, a capture, a message).
 * n8n runs a node again when a user clicks Execute step on a later node (its upstream nodes re-run), when a
 * whole workflow is run twice, and when a queue-mode worker picks up a copy. A refund found again within
 * REPEAT_WINDOW_MS is refused unless the user turns on Allow Repeat.
 *
 * Where the memory lives: the platform's own record of a payment's refunds is read before each refund, so every
 * n8n process (main, workers) sees the same one. This process also remembers what it sent, only to name the
 * execution that sent it. For a write the platform keeps no readable record of (a message), the memory is this
 * process's (the editor's Execute step runs on the main) plus the workflow's static data, which n8n saves in its
 * database after each production execution (never after a manual one), so a later run on any worker reads it.
 * Neither sees a copy running at the same moment on another process (see docs/scaling.md).
 */
import { createHash } from 'crypto';

import { wantsRepeat } from '../descriptions/repeat';
import type { RefundRecord } from '../output/refunds';
import type { PaySuiteRequest } from '../transport/types';
import { sentEarlierInThisRun } from './send';
import type { OperationContext } from './types';

export const REPEAT_WINDOW_MS = 15 * 60_000;

/** A write this n8n process sent. */
export interface SentWrite {
	at: number;
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
 * A short, fixed-length name of a write (96 bits of SHA-256 over its parts): what the workflow's static data
 * keeps instead of the write itself (no message text, no phone number, no address).
 */
export function writeKey(parts: ReadonlyArray<string>): string {
	return createHash('sha256').update(parts.join('\u0000'), 'utf8').digest('base64url').slice(0, 16);
}

/** Where the static data keeps the writes of the window: writeKey → [Unix seconds, execution ID]. */
export const STORED_WRITES_KEY = 'paySuiteRecentWrites';

/** At most this many writes are kept in a workflow's static data (the newest); n8n saves it whole after each run. */
export const MAX_STORED_WRITES = 1000;

type StoredWrites = Record<string, [number, string]>;

/** The stored writes still within the window at `now`, at most MAX_STORED_WRITES of them (the newest). Pure. */
export function storedWritesWithin(records: unknown, now: number): StoredWrites {
	if (!records || typeof records !== 'object' || Array.isArray(records)) return {};
	const kept = Object.entries(records as Record<string, unknown>).filter(
		(entry): entry is [string, [number, string]] =>
			Array.isArray(entry[1]) && typeof entry[1][0] === 'number' && now - entry[1][0] * 1000 <= REPEAT_WINDOW_MS,
	);
	if (kept.length > MAX_STORED_WRITES) kept.sort((a, b) => b[1][0] - a[1][0]).splice(MAX_STORED_WRITES);
	return Object.fromEntries(kept);
}

/** The same write as the static data `store` remembers it within the window, if any. Pure. */
export function storedRecently(store: Record<string, unknown>, key: string, now = Date.now()): SentWrite | undefined {
	const found = storedWritesWithin(store[STORED_WRITES_KEY], now)[key];
	return found ? { at: found[0] * 1000, executionId: found[1] || undefined } : undefined;
}

/** Adds a write to the static data `store`, dropping what left the window (n8n saves it after a production run). */
export function storeSent(store: Record<string, unknown>, key: string, sent: SentWrite): void {
	const kept = storedWritesWithin(store[STORED_WRITES_KEY], sent.at);
	kept[key] = [Math.floor(sent.at / 1000), sent.executionId ?? ''];
	// A new object, so that n8n sees the static data changed and saves it.
	store[STORED_WRITES_KEY] = storedWritesWithin(kept, sent.at);
}

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

/** What is known of a write sent now by this item's node run: when, and by which execution of which workflow. */
export const sentNow = (ctx: OperationContext): SentWrite => ({ at: Date.now(), executionId: ctx.fn.getExecutionId?.(), workflowId: ctx.fn.getWorkflow?.().id });

/** The PaySuite triggers keep their record of deliveries in the workflow's static data (webhooks/replay.ts). */
const PAYSUITE_TRIGGER = /paySuite(Autopay|Checkout|Onboarding)Trigger$/;

/**
 * The workflow's static data, where a write's record may go; undefined where n8n offers none (an AI tool's run, a
 * test) and when a PaySuite trigger started the run. n8n saves a run's static data whole, as it loaded it when the
 * run was created, which is before the trigger saved its record of the delivery: a save by the run would write
 * back the trigger's records without it (and the trigger already runs each delivery once).
 */
function workflowStore(ctx: OperationContext): Record<string, unknown> | undefined {
	try {
		if (ctx.fn.getParentNodes(ctx.node.name).some((parent) => PAYSUITE_TRIGGER.test(parent.type))) return undefined;
		return ctx.fn.getWorkflowStaticData('global');
	} catch {
		return undefined;
	}
}

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
 * process or the workflow's static data remembers it (refused then, unless Allow Repeat is on); remembers it in
 * both once sent.
 */
export async function sendUnlessRepeated<T>(ctx: OperationContext, check: RepeatCheck, send: () => Promise<T>): Promise<T> {
	const store = workflowStore(ctx);
	if (!wantsRepeat(ctx) && !sentEarlierInThisRun(ctx, check.request)) {
		const earlier = sentRecently(check.key) ?? (store ? storedRecently(store, check.key) : undefined);
		if (earlier) check.refuse(earlier);
	}
	const result = await send();
	const sent = sentNow(ctx);
	rememberSent(check.key, sent);
	if (store) storeSent(store, check.key, sent);
	return result;
}
