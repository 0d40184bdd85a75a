/**
 * A payment of any channel given back. The platform's `/api/reverse` and the reverse action of `/api/transaction`
 * take an approved payment of the site by its internal reference, whatever it was paid through
 * (payment-processing-api.md, "States and transitions": an approved payment is reversed by either), so a payment
 * made with `/gateway/process` or one of the demo site's past transactions is refundable like a session's. The
 * first refund of such a payment takes it into this area's records in the spec's Transaction shape, so that later
 * calls see what was given back. See docs/sandbox/checkout.md, "Refunds".
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import type { SandboxApp } from '../../http';
import type { Id } from '../../json';
import { state as gatewayState } from '../gateway/state';
import { ownTransaction, state, type SessionRecord, type SessionTransaction, type TransactionState } from './state';

/** Gateway types that are a payment, and those that hold money (a pre-authorization). */
const PAYMENT_TYPES = new Set(['AUTH_ONLY', 'AUTH_CAPTURE', 'CAPTURE_ONLY', 'CHECKOUT']);
const HOLD_TYPES = new Set(['CHECKIN', 'PRE_AUTH']);

interface Taken {
	txn: TransactionState;
	payment: SessionTransaction;
}

/** The gateway payments taken into the checkout area, by internal reference (kept with the area's state). */
const taken = (app: SandboxApp): Record<string, Taken> => ((state(app) as { gatewayPayments?: Record<string, Taken> }).gatewayPayments ??= {});

/** A gateway transaction in the spec's Transaction shape, and what the checkout area keeps about it. */
function asCheckoutPayment(view: Record<string, any>, siteLogin: string): Taken {
	const hold = HOLD_TYPES.has(String(view.type));
	const amount = { currency: String(view.amount.currency), total: Number(view.amount.total) };
	const status = String(view.status?.status);
	const isPayment = hold || PAYMENT_TYPES.has(String(view.type));
	return {
		txn: {
			requestId: 0,
			siteLogin,
			kind: hold ? 'checkin' : 'payment',
			// A refund, a reversal or any other transaction that is not a payment is never given back.
			state: !isPayment ? 'declined' : status === 'APPROVED' ? (hold ? 'held' : 'settled') : status === 'PENDING' ? 'pending' : 'declined',
			currency: amount.currency,
			total: amount.total,
			returned: 0,
		},
		payment: {
			status: view.status,
			internalReference: view.internalReference,
			reference: view.reference,
			paymentMethod: view.paymentMethod,
			paymentMethodName: view.franchiseName ?? view.paymentMethod,
			issuerName: view.issuerName,
			amount: view.conversion ?? { from: amount, to: amount, factor: 1 },
			authorization: view.authorization ?? null,
			receipt: view.receipt ?? null,
			franchise: view.franchise,
			refunded: Boolean(view.refunded),
			processorFields: [],
			discount: null,
			subscription: null,
		},
	};
}

/**
 * The calling site's payment with this internal reference, of a session or of the gateway: a session's as
 * ownTransaction finds it; a gateway payment as taken in at its first refund (an approved payment is kept then,
 * anything else is looked at afresh each time, so a pending payment approved later is refundable).
 */
export function ownPayment(app: SandboxApp, site: string | undefined, ref: Id): (Taken & { session?: SessionRecord }) | undefined {
	const found = ownTransaction(app, site, ref);
	if (found) return found;
	const kept = taken(app)[String(ref)];
	if (kept) return kept.txn.siteLogin === site ? kept : undefined;
	const gateway = gatewayState(app).transactions[String(ref)];
	if (!gateway || gateway.siteLogin !== site) return undefined;
	const fresh = asCheckoutPayment(gateway.view, gateway.siteLogin);
	if (fresh.txn.state === 'settled' || fresh.txn.state === 'held') taken(app)[String(ref)] = fresh;
	return fresh;
}
