/**
 * What each operation's transaction list offers: what the operation can take, judged from documented fields only
 * (a transaction's type as its kind, its status, and `refunded`, true once it is refunded in full). Pure.
 */
import type { TransactionKind } from '../reports/transactionKind';

/** A transaction as a list weighs it and shows it. */
export interface Candidate {
	internalReference: string;
	reference: string;
	kind: TransactionKind | null;
	status: string;
	/** True once refunded in full; null when unknown. */
	refunded: boolean | null;
	amount?: number;
	currency?: string;
	date?: unknown;
}

type Pick = (candidate: Candidate) => boolean;

/** Approved, of these kinds, and not given back in full (a partly refunded payment still has something to give). */
const openOf =
	(kinds: readonly TransactionKind[]): Pick =>
	(candidate) =>
		candidate.status === 'APPROVED' && candidate.refunded !== true && candidate.kind !== null && kinds.includes(candidate.kind);

/** The Session node's operations that take a transaction, and what each can take. */
const SESSION_PICKS: Record<string, Pick> = {
	'transaction refund': openOf(['payment', 'capture']),
	'transaction reverse': openOf(['payment', 'capture', 'pre-authorization']),
	'transaction checkout': openOf(['pre-authorization']),
	'transaction reauthorize': openOf(['pre-authorization']),
	'ticket create': (candidate) => candidate.status === 'APPROVED' && (candidate.kind === 'payment' || candidate.kind === 'capture'),
};

/**
 * The pick of an operation, by its node type (as n8n names it, package prefix or not), resource and operation;
 * undefined where any transaction will do (Gateway › Transaction › Get, Ticket › Get Many).
 */
export function pickFor(nodeType: string, resource: unknown, operation: unknown): Pick | undefined {
	if (!nodeType.endsWith('paySuiteSession')) return undefined;
	return SESSION_PICKS[`${String(resource)} ${String(operation)}`];
}
