/**
 * What a test or a demo needs that the spec's checkout endpoints do not offer: the buyer's side under
 * /__sandbox/sessions/ (the page a session's processUrl opens is in page.ts). Paying a session, here or on the
 * page, sends the checkout notifications the platform would (see notifySession).
 */
import { randomBytes, randomUUID } from 'crypto';

import { cardBehaviour, type TestCard } from '../../cards';
import { notFound, ok, refuse, statusBlock, type SandboxApp, type SandboxRequest, type SandboxResponse } from '../../http';
import { bool, check, enumOf, object, text } from '../../rules';
import { configurationOf } from '../core/state';
import { sendCheckoutNotification, type NotificationSent } from '../events/state';
import { saveCard } from '../gateway/savedCards';
import { state as gatewayState } from '../gateway/state';
import { conflict, digits, findSession, FIRST_ID, ID_KIND, state, type SessionRecord, type SessionTransaction } from './state';

export function register(app: SandboxApp): void {
	// Control: the buyer pays (or fails to pay) a session.
	app.router.post('/__sandbox/sessions/:requestId/pay', (request, app) => pay(request, app));
	app.router.get('/__sandbox/sessions/:requestId', (request, app) => {
		const session = findSession(app, request.params.requestId);
		return session ? ok({ session }) : notFound(`The session ${request.params.requestId}`);
	});
}

const paymentMethodOf = (card: TestCard) => ({
	CARD_A: { code: 'CRA', name: 'Credit card A' },
	CARD_B: { code: 'CRB', name: 'Credit card B' },
	CARD_C: { code: 'DBC', name: 'Debit card C' },
})[card.franchise] ?? { code: 'CRA', name: 'Credit card A' };

function validUntil(): string {
	const at = new Date();
	at.setUTCFullYear(at.getUTCFullYear() + 3);
	return at.toISOString().slice(0, 10);
}

const paySchema = object({
	status: enumOf(['APPROVED', 'REJECTED', 'PENDING']).optional(),
	card: text().optional(),
	/** For a pending cash payment (a session holding one may still be cancelled). */
	cash: bool().optional(),
}).optional();

type PayStatus = 'APPROVED' | 'REJECTED' | 'PENDING';

export interface PayOptions {
	status?: PayStatus;
	card?: string;
	cash?: boolean;
}

/** Why a session takes no payment now, or undefined when it does. */
export function payRefusal(session: SessionRecord): SandboxResponse | undefined {
	if (session.cancelled) return conflict('XP', 'The session was cancelled by the merchant');
	if (session.status.status === 'REJECTED' && session.status.reason === 'EX') return conflict('XP', 'The session expired');
	if (session.status.status === 'APPROVED') return conflict('XP', 'The session is already approved');
	return undefined;
}

async function pay(request: SandboxRequest, app: SandboxApp): Promise<SandboxResponse> {
	const session = findSession(app, request.params.requestId);
	if (!session) return notFound(`The session ${request.params.requestId}`);
	const checked = check(paySchema, request.body);
	if ('refusal' in checked) return checked.refusal;
	const paid = paySession(app, session, checked.value ?? {});
	if ('refusal' in paid) return paid.refusal;
	const notifications = await notifySession(app, session);
	return ok({ session, ...(notifications.length ? { notifications } : {}) });
}

/** How a payment ends: the status asked for, or the card's own, with its reason and message. */
interface PayOutcome {
	status: PayStatus;
	reason: string;
	message: string;
}

function payOutcome(card: TestCard, options: PayOptions): PayOutcome {
	const status = options.status ?? card.outcome;
	const declined = card.outcome === 'REJECTED';
	const reasons = { APPROVED: ['00', 'Approved'], REJECTED: [declined ? card.reason : '05', declined ? card.message : 'Declined by the issuer'], PENDING: ['?-', 'Pending review'] } as const;
	const [reason, message] = reasons[status];
	return { status, reason, message };
}

const outcomeBlock = (outcome: PayOutcome) => statusBlock(outcome.status, outcome.reason, outcome.message);

/**
 * An approved subscription or autopay session keeps the card as a token (and an autopay becomes active): a token
 * of the site, which /gateway/process charges as the card (gateway/savedCards.ts).
 */
function registerCard(app: SandboxApp, session: SessionRecord, card: TestCard): void {
	const saved = saveCard(gatewayState(app).tokens, session.siteLogin, card, randomBytes(32).toString('hex'), digits(16));
	session.subscription = {
		status: statusBlock('OK', '00', 'The payment method was registered'),
		type: 'token',
		instrument: [
			{ keyword: 'token', value: saved.token, displayOn: 'none' },
			{ keyword: 'subtoken', value: saved.subtoken, displayOn: 'none' },
			{ keyword: 'franchise', value: saved.franchise, displayOn: 'none' },
			{ keyword: 'franchiseName', value: saved.franchiseName, displayOn: 'none' },
			{ keyword: 'issuerName', value: saved.issuerName, displayOn: 'none' },
			{ keyword: 'lastDigits', value: saved.lastDigits, displayOn: 'none' },
			{ keyword: 'validUntil', value: saved.validUntil, displayOn: 'none' },
			{ keyword: 'installments', value: null, displayOn: 'none' },
		],
	};
	if (session.kind === 'autopay') session.autopay = { id: randomUUID(), status: statusBlock('OK', '00', 'The autopay is active') };
}

/** The transaction a payment or check-in session's payment makes, with the next internal reference. */
function sessionTransaction(app: SandboxApp, session: SessionRecord, card: TestCard, options: PayOptions, outcome: PayOutcome): SessionTransaction {
	const payment = session.request.payment as { reference: string; amount: { currency: string; total: number } };
	const method = options.cash ? { code: 'CASH', name: 'Cash' } : paymentMethodOf(card);
	const { currency, total } = payment.amount;
	return {
		status: outcomeBlock(outcome),
		internalReference: app.world.nextId(ID_KIND.internalReference, FIRST_ID.internalReference),
		reference: payment.reference,
		paymentMethod: method.code,
		paymentMethodName: method.name,
		issuerName: options.cash ? 'Sandbox Cash Network' : card.issuerName,
		amount: { from: { currency, total }, to: { currency, total }, factor: 1 },
		authorization: outcome.status === 'APPROVED' ? digits(6) : null,
		receipt: digits(12),
		franchise: options.cash ? 'CASH' : card.franchise,
		refunded: false,
		processorFields: options.cash
			? []
			: [
					{ keyword: 'lastDigits', value: card.number.slice(-4), displayOn: 'none' },
					{ keyword: 'franchiseName', value: card.franchiseName, displayOn: 'none' },
					{ keyword: 'validUntil', value: validUntil(), displayOn: 'none' },
				],
		discount: null,
		subscription: null,
	};
}

/**
 * Keeps a session's transaction: in the session, in the checkout state (for refunds and actions) and in the
 * gateway's, since it is a transaction of the site like any other: the gateway's search (by reference and
 * amount) and query (by internal reference) find it. Their view is the payment as it was made, but for its
 * `refunded`, which recordRefund keeps up to date.
 */
function recordTransaction(app: SandboxApp, session: SessionRecord, transaction: SessionTransaction, lastDigits: string | null): void {
	const { internalReference, status } = transaction;
	const { currency, total } = transaction.amount.from;
	const checkin = session.kind === 'checkin';
	session.payments.push(transaction);
	state(app).transactions[String(internalReference)] = {
		requestId: session.requestId,
		siteLogin: session.siteLogin,
		kind: checkin ? 'checkin' : 'payment',
		state: status.status === 'APPROVED' ? (checkin ? 'held' : 'settled') : status.status === 'PENDING' ? 'pending' : 'declined',
		currency,
		total,
		returned: 0,
	};
	gatewayState(app).transactions[String(internalReference)] = {
		siteLogin: session.siteLogin,
		view: {
			status,
			date: status.date,
			transactionDate: status.date,
			internalReference,
			reference: transaction.reference,
			paymentMethod: transaction.paymentMethod,
			franchise: transaction.franchise,
			issuerName: transaction.issuerName,
			amount: { currency, total },
			authorization: transaction.authorization,
			receipt: transaction.receipt,
			type: checkin ? 'CHECKIN' : 'AUTH_ONLY',
			refunded: false,
			lastDigits,
		},
		payer: (session.request.payer as Record<string, unknown> | undefined) ?? {},
	};
}

/**
 * The buyer pays a session (the control API and the checkout page): its status moves, and a payment session
 * gets its transaction. The notifications are sent apart (notifySession), once the state has moved.
 */
export function paySession(app: SandboxApp, session: SessionRecord, options: PayOptions): { refusal: SandboxResponse } | { transaction?: SessionTransaction } {
	const refusal = payRefusal(session);
	if (refusal) return { refusal };
	const card = cardBehaviour(options.card ?? '4111111111111111');
	if (!card) return { refusal: refuse(400, 'XN', 'Invalid card: not a valid card number', { errors: { card: ['not a valid card number'] } }) };
	const outcome = payOutcome(card, options);
	if (session.kind === 'subscription' || session.kind === 'autopay') {
		if (outcome.status === 'APPROVED') registerCard(app, session, card);
		session.status = outcomeBlock(outcome);
		return {};
	}
	const transaction = sessionTransaction(app, session, card, options, outcome);
	recordTransaction(app, session, transaction, options.cash ? null : card.number.slice(-4));
	session.status = outcomeBlock(outcome);
	return { transaction };
}

/**
 * Sends the session's checkout notification, as the platform does when a session's status changes: to the
 * notification URL of the session's site (its integration's `notificationUrl`, set with the core API's site
 * update; the spec gives a session no URL of its own), a payment link's sessions included. A link's own
 * notificationUrl gets the link's notifications instead (routes/paymentLink/notify.ts). Each delivery is recorded
 * (GET /__sandbox/webhooks/deliveries); a failed one is only recorded.
 */
export async function notifySession(app: SandboxApp, session: SessionRecord): Promise<NotificationSent[]> {
	const site = app.world.siteByLogin(session.siteLogin);
	const siteUrl = site ? (configurationOf(app, site).integration as { notificationUrl?: unknown } | undefined)?.notificationUrl : undefined;
	if (typeof siteUrl !== 'string' || siteUrl === '') return [];
	const secretKey = site?.secretKey ?? app.world.credentials.secretKey;
	return [await sendCheckoutNotification(app, siteUrl, session, secretKey)];
}
