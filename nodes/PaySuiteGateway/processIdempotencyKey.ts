/**
 * Process's `idempotenceKey` when the user gives none (the platform returns the transaction it made for a key it has
 * seen). Made of what n8n's Retry keeps identical (workflow, node, run index, item, input item, masked body), not the
 * execution id: a Retry is a new execution, and a node cannot see the id of the one it retries. What gets a new key:
 * docs/nodes/gateway.md, "A payment is never charged twice". The node id (a random UUID the platform never sees) makes
 * the stored key reveal nothing it was made from. Pure.
 */
import { createHash } from 'crypto';

import { canonicalJson } from '../shared/transport/canonicalJson';
import { itemRunDigest, type ItemRun } from '../shared/operation/itemRun';

const IDEMPOTENCE_KEY_LENGTH = 32;

interface IdempotencyKeyInput extends ItemRun {
	/** Without `auth`. */
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

export function idempotenceKeyFor(input: IdempotencyKeyInput): string {
	const { body, ...run } = input;
	const bodyHash = sha256(canonicalJson(bodyForKey(body)));
	return sha256(`${itemRunDigest(run)}\n${bodyHash}`).slice(0, IDEMPOTENCE_KEY_LENGTH);
}
