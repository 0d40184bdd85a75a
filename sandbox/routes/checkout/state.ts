/**
 * What the checkout endpoints share: the area's state (sessions, their transactions, tickets) and the ids it
 * shares with the payment links, the field rules of more than one endpoint, and the lookups of a calling
 * site's own session or transaction. See docs/sandbox/checkout.md.
 */
import { randomBytes } from 'crypto';
import { z } from 'zod/v3';

import { invalidField, notFound, refuse, statusBlock, type SandboxApp, type SandboxRequest, type SandboxResponse, type StatusBlock } from '../../http';
import { idKey, type Id } from '../../json';
import { id, object, text } from '../../rules';
import { recordRefundTransaction } from '../gateway/refundTransaction';
import { state as gatewayState } from '../gateway/state';

// ---------------------------------------------------------------------------------------------------------
// State
// ---------------------------------------------------------------------------------------------------------

export interface AmountConversion {
	from: { currency: string; total: number };
	to: { currency: string; total: number };
	factor: number;
}

export interface NameValue {
	keyword: string;
	value: unknown;
	displayOn?: string;
}

/**
 * One refund of a payment (a refund or a reverse action): a transaction of its own, with its own internal
 * reference, kept in the sandbox's bookkeeping and among the gateway's transactions (query, search, reports). The
 * documents show no list of a payment's refunds: a payment tells them only by `refunded`
 * (docs/sandbox/checkout.md, "Refunds").
 */
export interface RefundEntry {
	/** The refund's own id, from the same sequence as the transactions'. */
	internalReference: Id;
	/** What this refund gave back. */
	amount: { currency: string; total: number };
	date: string;
	status: StatusBlock;
}

/** A payment of a session, in the spec's Transaction shape. */
export interface SessionTransaction {
	status: StatusBlock;
	internalReference: Id;
	reference: string;
	paymentMethod: string;
	paymentMethodName: string;
	issuerName: string;
	amount: AmountConversion;
	authorization: string | null;
	receipt: string | null;
	franchise: string;
	refunded: boolean;
	processorFields: NameValue[];
	discount: null;
	subscription: null;
}

export type SessionKind = 'payment' | 'checkin' | 'subscription' | 'autopay';

export interface SessionRecord {
	requestId: Id;
	siteLogin: string;
	kind: SessionKind;
	status: StatusBlock;
	/** The payment reference (or the subscription reference), for notifications. */
	reference: string;
	createdAt: string;
	expiration: string;
	/** Session request information, as the query returns it. */
	request: Record<string, unknown>;
	payments: SessionTransaction[];
	subscription: Record<string, unknown> | null;
	autopay: Record<string, unknown> | null;
	processUrl: string;
	cancelled: boolean;
	/** The payment link this session was opened by (a buyer paying the link). */
	link?: { id: Id; notificationUrl: string | null };
}

/** What the sandbox keeps about a transaction besides its public shape. */
export interface TransactionState {
	requestId: Id;
	siteLogin: string;
	/** `checkin`: a pre-authorization; `payment`: a sale. */
	kind: 'checkin' | 'payment';
	/** held → collected (checkout); any approved → reversed. */
	state: 'held' | 'collected' | 'settled' | 'reversed' | 'pending' | 'declined';
	currency: string;
	/** Amount currently approved (held, for a check-in). */
	total: number;
	/** Amount given back so far by refunds and reversals. */
	returned: number;
	/** The refunds and reversals given back, oldest first (the sandbox's bookkeeping, never in an answer). */
	refunds?: RefundEntry[];
}

export interface TicketRecord {
	internalReference: Id;
	ticket: string;
	issuedAt: string;
	createdAt: string;
	updatedAt: string;
}

export interface CheckoutState {
	/** Keyed by requestId. */
	sessions: Record<string, SessionRecord>;
	/** Keyed by internalReference. */
	transactions: Record<string, TransactionState>;
	/** Keyed by internalReference. */
	tickets: Record<string, TicketRecord[]>;
}

export const state = (app: SandboxApp): CheckoutState =>
	app.world.slice<CheckoutState>('checkout', () => ({ sessions: {}, transactions: {}, tickets: {} }));

/** A session by its requestId (any site), with its current status and payments; undefined when unknown. */
export function findSession(app: SandboxApp, requestId: Id | string): SessionRecord | undefined {
	const session = state(app).sessions[String(requestId)];
	if (session) expireIfDue(session);
	return session;
}

/** Ids shared with the payment links (routes/paymentLink/), so that a requestId or internalReference is never given twice. */
export const ID_KIND = { requestId: 'requestId', internalReference: 'internalReference' } as const;
export const FIRST_ID = { requestId: 10_001, internalReference: 500_001 } as const;

// ---------------------------------------------------------------------------------------------------------
// Field rules (from the spec's tables and limits)
// ---------------------------------------------------------------------------------------------------------

const textRange = (min: number, max: number) => text().min(min, `must be ${min} to ${max} characters`).max(max, `must be ${min} to ${max} characters`);

export const reference = () => textRange(1, 32);
export const description = () => textRange(1, 255);

export const auth = z.unknown();
/** The spec types internalReference as an integer; it may be beyond 2^53. */
export const internalReference = id;

/** The body of a request that names its session in the path: the `auth` structure only. */
export const authOnlySchema = object({ auth });

/** A refusal of the state of things (not of a field): HTTP 409, status FAILED. */
export const conflict = (reason: string, message: string) => refuse(409, reason, message);

// ---------------------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------------------

export const round2 = (value: number) => Math.round(value * 100) / 100;

function expireIfDue(session: SessionRecord, now = Date.now()): void {
	const open = session.status.status === 'PENDING' && !session.payments.some((payment) => payment.status.status === 'PENDING');
	if (open && !session.cancelled && Date.parse(session.expiration) < now) {
		session.status = statusBlock('REJECTED', 'EX', 'The session expired before the buyer finished');
	}
}

/** The session as the query answers it (and as `session` inside the cancel answer). */
export function sessionView(session: SessionRecord): Record<string, unknown> {
	return {
		requestId: session.requestId,
		status: session.status,
		request: session.request,
		...(session.payments.length ? { payment: session.payments } : {}),
		subscription: session.subscription,
		...(session.autopay ? { autopay: session.autopay } : {}),
	};
}

export function ownSession(request: SandboxRequest, app: SandboxApp): SessionRecord | SandboxResponse {
	const key = idKey(request.params.requestId);
	const session = key === undefined ? undefined : findSession(app, key);
	if (!session || session.siteLogin !== request.site?.login) return notFound(`The session ${request.params.requestId}`);
	return session;
}

export function ownTransaction(app: SandboxApp, site: string | undefined, internalRef: Id): { txn: TransactionState; payment: SessionTransaction; session: SessionRecord } | undefined {
	const txn = state(app).transactions[String(internalRef)];
	if (!txn || txn.siteLogin !== site) return undefined;
	const session = state(app).sessions[String(txn.requestId)];
	const payment = session?.payments.find((entry) => entry.internalReference === internalRef);
	return payment ? { txn, payment, session } : undefined;
}

export const digits = (count: number) => Array.from(randomBytes(count), (byte) => String(byte % 10)).join('');

/** Checks an amount sent for a refund or an action against the transaction; undefined when acceptable. */
export function amountProblem(amount: { currency: string; total: number } | undefined, txn: TransactionState, limit: number, words: string): SandboxResponse | undefined {
	if (!amount) return undefined;
	if (amount.currency !== txn.currency) return invalidField('amount.currency', `must be the currency of the transaction (${txn.currency})`);
	if (!(amount.total > 0)) return invalidField('amount.total', 'must be more than 0');
	if (amount.total > limit + 1e-9) return invalidField('amount.total', `must not exceed ${words} (${limit})`);
	return undefined;
}

/**
 * Gives back part or all of a payment (a refund or a reverse action): the refund is a transaction of its own, with
 * its own internal reference, among the gateway's transactions (query, search, reports: type REFUND and the
 * payment's reference); the payment's `refunded` turns true, there and on its gateway copy, once nothing is left.
 */
export function recordRefund(app: SandboxApp, found: { txn: TransactionState; payment: SessionTransaction }, total: number, message: string): RefundEntry {
	const { txn, payment } = found;
	const status = statusBlock('APPROVED', '00', message);
	const refund: RefundEntry = {
		internalReference: app.world.nextId(ID_KIND.internalReference, FIRST_ID.internalReference),
		amount: { currency: txn.currency, total },
		date: status.date,
		status,
	};
	txn.returned = round2(txn.returned + total);
	txn.refunds = [...(txn.refunds ?? []), refund];
	if (txn.returned >= txn.total) {
		txn.state = 'reversed';
		payment.refunded = true;
	}
	const gatewayCopy = gatewayState(app).transactions[String(payment.internalReference)];
	if (gatewayCopy) gatewayCopy.view = { ...gatewayCopy.view, refunded: payment.refunded };
	recordRefundTransaction(app, payment.internalReference, refund);
	return refund;
}
