/**
 * The `idempotenceKey` of a gateway Process when the user gives none: the platform returns the transaction it
 * already made for a key it has seen, so a request sent again with the same key never charges twice.
 *
 * key = first 32 hex characters of SHA-256(executionId, node id, item index, SHA-256(canonical body))
 *
 * - Same execution, node and item, same body → same key: the transport's retries and n8n's "Retry On Fail"
 *   resend the same key, so the platform deduplicates them.
 * - A different item, node or execution, or a different body (another reference, amount, payer...) → another
 *   key: a loop that runs the node again in the same execution with new data still charges each payment.
 * - The body is hashed with the card number masked (first six and last four digits) and without the CVV, so
 *   the key, which the platform stores and returns, cannot be used to guess a card number.
 * Pure: nothing here knows about n8n.
 */
import { createHash } from 'crypto';

import { canonicalJson } from '../shared/canonicalJson';

const IDEMPOTENCE_KEY_LENGTH = 32;

interface IdempotenceKeyInput {
	executionId: string;
	nodeId: string;
	itemIndex: number;
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

export function deriveIdempotenceKey(input: IdempotenceKeyInput): string {
	const bodyHash = sha256(canonicalJson(bodyForKey(input.body)));
	return sha256([input.executionId, input.nodeId, String(input.itemIndex), bodyHash].join('\n')).slice(0, IDEMPOTENCE_KEY_LENGTH);
}
