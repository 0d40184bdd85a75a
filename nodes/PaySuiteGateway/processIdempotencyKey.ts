/**
 * The `idempotenceKey` of a gateway Process when the user gives none: the platform returns the transaction it
 * already made for a key it has seen, so a request sent again with the same key never charges twice.
 *
 * key = first 32 hex characters of SHA-256(itemRunDigest, SHA-256(canonical masked body)), where itemRunDigest
 *       (shared/operation/itemRun.ts) is SHA-256 of the workflow id, node id, run index, item index and canonical input item.
 *
 * Why not the execution id: n8n's "Retry" of a failed execution starts a NEW execution (new id), and a node
 * cannot see the id of the execution it retries (n8n keeps it in its execution hooks, out of a node's reach).
 * What a Retry keeps is the run data of the nodes before the failed one: the node gets the very same input
 * items, at the same run index (the failed run is dropped before the retry). So the key is made of what a
 * Retry keeps identical:
 * - Same workflow, node, run, item, input and body → same key: the transport's own retries, "Retry On Fail"
 *   and n8n's Retry of the execution all resend the same key, so the platform charges once.
 * - A different input (a new Schedule Trigger run carries a new timestamp, a webhook a new request), another
 *   item, run (a loop), node or workflow, or a different body (reference, amount, payer...) → another key:
 *   each of those is a payment of its own and is charged.
 * - Consequence: starting the workflow again with exactly the same input (a Manual Trigger clicked twice with
 *   the same pinned data) returns the first transaction instead of charging again. Change the reference or
 *   set your own key to charge again.
 * - The body is hashed with the card number masked (first six and last four digits) and without the CVV. The
 *   input item is hashed as it is: the node id (a random UUID the platform never sees) is part of the key, so
 *   the key, which the platform stores and returns, cannot be used to guess anything it was made from.
 * Pure: nothing here knows about n8n.
 */
import { createHash } from 'crypto';

import { canonicalJson } from '../shared/transport/canonicalJson';
import { itemRunDigest, type ItemRun } from '../shared/operation/itemRun';

const IDEMPOTENCE_KEY_LENGTH = 32;

interface IdempotencyKeyInput extends ItemRun {
	/** The process body about to be sent (without `auth`). */
	body: unknown;
}

/** The body as it enters the key: no auth, no key, the card number masked, no CVV. */
export function bodyForKey(body: unknown): unknown {
	if (!body || typeof body !== 'object') return body;
	const { auth, idempotenceKey, instrument, ...rest } = body as Record<string, unknown>;
	void auth;
	void idempotenceKey;
	if (!instrument || typeof instrument !== 'object') return rest;
	const { card, ...otherInstrument } = instrument as Record<string, unknown>;
	if (!card || typeof card !== 'object') return { ...rest, instrument: otherInstrument };
	const { number, cvv, ...otherCard } = card as Record<string, unknown>;
	void cvv;
	const digits = typeof number === 'string' ? number : String(number ?? '');
	const masked = digits.length > 10 ? `${digits.slice(0, 6)}${digits.length}${digits.slice(-4)}` : '';
	return { ...rest, instrument: { ...otherInstrument, card: { ...otherCard, number: masked } } };
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

export function deriveIdempotencyKey(input: IdempotencyKeyInput): string {
	const { body, ...run } = input;
	const bodyHash = sha256(canonicalJson(bodyForKey(body)));
	return sha256(`${itemRunDigest(run)}\n${bodyHash}`).slice(0, IDEMPOTENCE_KEY_LENGTH);
}
