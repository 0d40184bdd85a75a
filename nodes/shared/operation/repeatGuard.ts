/**
 * No surprise repeats of a write the platform does not deduplicate (a refund, a reversal, a capture, a message).
 * n8n runs a node again when a user clicks Execute step on a later node (its upstream nodes re-run), when a
 * whole workflow is run twice, and when a queue-mode worker picks up a copy. A refund found again within
 * REPEAT_WINDOW_MS is refused unless the user turns on Allow Repeat.
 *
 * Where the memory lives: the platform's own record of a payment's refunds is read before each refund, so every
 * n8n process (main, workers) sees the same one. This process also remembers what it sent, only to name the
 * execution that sent it; for writes the platform keeps no readable record of, that is the only memory (see
 * docs/money.md).
 */
import type { RefundRecord } from '../output/refunds';

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
