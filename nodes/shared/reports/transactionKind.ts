/**
 * A transaction's kind in a finance team's words, and the payment a refund, reversal or capture belongs to: a refund
 * is a transaction of its own with its payment's reference (DESIGN.md, "Facts"), so rows are tied by reference. Pure.
 */

export type TransactionKind = 'payment' | 'capture' | 'pre-authorization' | 'reauthorization' | 'refund' | 'reversal' | 'credit' | 'settlement'
	| 'dispute' | 'chargeback' | 'dispute lost' | 'dispute won';

/**
 * A card payment (Process, a checkout page, a payment link) is AUTH_ONLY: the gateway names only AUTH_ONLY and
 * CHECKIN.
 */
export const KIND_OF_TYPE: Readonly<Record<string, TransactionKind>> = {
	AUTH_ONLY: 'payment', AUTH_CAPTURE: 'payment', CAPTURE_ONLY: 'capture', CHECKOUT: 'capture', PRE_AUTH: 'pre-authorization',
	CHECKIN: 'pre-authorization', RE_AUTH: 'reauthorization', REFUND: 'refund', VOID: 'reversal', CREDIT: 'credit',
	SETTLE: 'settlement', DISPUTE: 'dispute', CHARGEBACK: 'chargeback', DISPUTE_LOSS: 'dispute lost', DISPUTE_WIN: 'dispute won',
};

/** Null for an empty or unknown type (a report asked for without a type filter). */
export function kindOfType(type: unknown): TransactionKind | null {
	return typeof type === 'string' ? (KIND_OF_TYPE[type.trim().toUpperCase()] ?? null) : null;
}

const ORIGINAL_KINDS: readonly TransactionKind[] = ['payment', 'capture', 'pre-authorization'];

/** And the kinds of the earlier transaction they belong to, with the same reference. */
const BELONGS_TO: Partial<Record<TransactionKind, readonly TransactionKind[]>> = {
	refund: ORIGINAL_KINDS, reversal: ORIGINAL_KINDS, chargeback: ORIGINAL_KINDS, dispute: ORIGINAL_KINDS,
	'dispute lost': ORIGINAL_KINDS, 'dispute won': ORIGINAL_KINDS, capture: ['pre-authorization'], reauthorization: ['pre-authorization'],
};

export interface KindedTransaction {
	kind: TransactionKind | null;
	reference: unknown;
	currency: unknown;
	status: unknown;
	internalReference: unknown;
	/** Milliseconds; NaN when unknown. */
	at: number;
}

type Reference = string | number | null;

const asReference = (value: unknown): Reference => (typeof value === 'number' || (typeof value === 'string' && value !== '') ? value : null);

/**
 * In the order given: its own for a payment or pre-authorization; for a refund, reversal, capture... the latest
 * approved original with the same reference and currency at or before it; else null.
 */
export function paymentsOf(transactions: readonly KindedTransaction[]): Reference[] {
	const originals = new Map<string, KindedTransaction[]>();
	const keyOf = (txn: KindedTransaction) => `${String(txn.reference ?? '')}\u0000${String(txn.currency ?? '')}`;
	for (const txn of transactions) {
		if (!txn.kind || !ORIGINAL_KINDS.includes(txn.kind) || txn.status !== 'APPROVED') continue;
		const list = originals.get(keyOf(txn)) ?? [];
		list.push(txn);
		originals.set(keyOf(txn), list);
	}
	return transactions.map((txn) => {
		if (txn.kind === 'payment' || txn.kind === 'pre-authorization') return asReference(txn.internalReference);
		const kinds = txn.kind ? BELONGS_TO[txn.kind] : undefined;
		if (!kinds) return null;
		let found: KindedTransaction | undefined;
		for (const candidate of originals.get(keyOf(txn)) ?? []) {
			if (candidate === txn || !kinds.includes(candidate.kind!)) continue;
			// Unknown times: the candidate is taken as earlier (a report lists a payment before its refund).
			if (!Number.isNaN(txn.at) && !Number.isNaN(candidate.at) && candidate.at > txn.at) continue;
			if (!found || (candidate.at || 0) >= (found.at || 0)) found = candidate;
		}
		return found ? asReference(found.internalReference) : null;
	});
}
