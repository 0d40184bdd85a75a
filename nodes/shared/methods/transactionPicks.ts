/** What each operation's transaction list offers, judged from documented fields only (type, status, `refunded`). Pure. */
import type { TransactionKind } from '../reports/transactionKind';

export interface Candidate {
	internalReference: string;
	reference: string;
	kind: TransactionKind | null;
	status: string;
	/** Null when unknown. */
	refunded: boolean | null;
	amount?: number;
	currency?: string;
	date?: unknown;
}

type Pick = (candidate: Candidate) => boolean;

/** A partly refunded payment still has something to give back. */
const openOf =
	(kinds: readonly TransactionKind[]): Pick =>
	(candidate) =>
		candidate.status === 'APPROVED' && candidate.refunded !== true && candidate.kind !== null && kinds.includes(candidate.kind);

const SESSION_PICKS: Record<string, Pick> = {
	'transaction refund': openOf(['payment', 'capture']),
	'transaction reverse': openOf(['payment', 'capture', 'pre-authorization']),
	'transaction checkout': openOf(['pre-authorization']),
	'transaction reauthorize': openOf(['pre-authorization']),
	'ticket create': (candidate) => candidate.status === 'APPROVED' && (candidate.kind === 'payment' || candidate.kind === 'capture'),
};

/** By node type (package prefix or not), resource and operation; undefined where any transaction will do. */
export function pickFor(nodeType: string, resource: unknown, operation: unknown): Pick | undefined {
	if (!nodeType.endsWith('paySuiteSession')) return undefined;
	return SESSION_PICKS[`${String(resource)} ${String(operation)}`];
}
