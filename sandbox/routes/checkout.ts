/**
 * Checkout sessions, refunds, transaction actions (spec: payment-processing-api.md, "Checkout sessions") and
 * ticket records (spec: core-administration-api.md, /ticket/create and /ticket/search). See docs/sandbox/checkout.md.
 *
 * Written from the spec, never from the nodes: every field rule the spec states is a refusal (HTTP 400,
 * reason XN, the field path in the message and in `errors`), and fields the spec does not list for a request
 * are refused too, so a node that sends something off-spec is caught. State changes follow the spec's table
 * of transitions; what the spec leaves out is a sandbox choice written down in the docs page.
 */
import { createHash, randomBytes, randomUUID } from 'crypto';
import { z } from 'zod';

import { cardBehaviour, type TestCard } from '../cards';
import { signed } from '../guards';
import { isoNow, notFound, ok, refuse, statusBlock, type SandboxApp, type SandboxRequest, type SandboxResponse, type StatusBlock } from '../http';
import { amountSchema, anyObject, bool, check, dateOnly, enumOf, list, nameValueSchema, object, paymentRequestSchema, personSchema, positiveInteger, text, uri } from '../rules';

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

/** A payment of a session, in the spec's Transaction shape. */
export interface SessionTransaction {
	status: StatusBlock;
	internalReference: number;
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
	requestId: number;
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
}

/** What the sandbox keeps about a transaction besides its public shape. */
interface TransactionState {
	requestId: number;
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
}

export interface TicketRecord {
	internalReference: number;
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

const state = (app: SandboxApp): CheckoutState =>
	app.world.slice<CheckoutState>('checkout', () => ({ sessions: {}, transactions: {}, tickets: {} }));

/** A session by its requestId (any site), with its current status and payments; undefined when unknown. */
export function findSession(app: SandboxApp, requestId: number | string): SessionRecord | undefined {
	const session = state(app).sessions[String(requestId)];
	if (session) expireIfDue(session);
	return session;
}

/** Ids shared with the payment links module, so that a requestId or internalReference is never given twice. */
export const ID_KIND = { requestId: 'requestId', internalReference: 'internalReference' } as const;
export const FIRST_ID = { requestId: 10_001, internalReference: 500_001 } as const;

// ---------------------------------------------------------------------------------------------------------
// Field rules (from the spec's tables and limits)
// ---------------------------------------------------------------------------------------------------------

const textRange = (min: number, max: number) => text().min(min, `must be ${min} to ${max} characters`).max(max, `must be ${min} to ${max} characters`);
/** RFC 3339 date-time (with its UTC offset), as JSON schema's `date-time`. */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

export const reference = () => textRange(1, 32);
export const description = () => textRange(1, 255);

const paymentRequest = paymentRequestSchema({ reference: reference(), description: description(), notificationUrl: uri(2048) });

const auth = z.unknown();
const internalReference = positiveInteger;

export const MIN_EXPIRATION_MS = 5 * 60 * 1000;

const schemas = {
	session: (now: number) =>
		object({
			auth,
			payment: paymentRequest.optional(),
			expiration: text(35)
				.min(1, 'must be 1 to 35 characters')
				.superRefine((value, ctx) => {
					if (!DATE_TIME.test(value) || Number.isNaN(Date.parse(value))) {
						ctx.addIssue({ code: 'custom', message: 'must be an ISO 8601 date-time with its offset, such as 2030-01-31T17:00:00-05:00' });
					} else if (Date.parse(value) < now + MIN_EXPIRATION_MS) {
						ctx.addIssue({ code: 'custom', message: 'must be at least 5 minutes after the creation of the session' });
					}
				})
				.optional(),
			ipAddress: text(46).min(1, 'is required'),
			userAgent: text(255).min(1, 'is required'),
			returnUrl: uri(255),
			locale: text(5).regex(/^\w{2}_[A-Z]{2}/, 'must match ^\\w{2}_[A-Z]{2} (such as es_CO)').optional(),
			buyer: personSchema.optional(),
			payer: personSchema.optional(),
			// The internals of SubscriptionRequest are not shown; the query returns reference, description, fields.
			subscription: anyObject().optional(),
			fields: list(nameValueSchema).optional(),
			paymentMethod: text().optional(),
			cancelUrl: uri(255).optional(),
			skipResult: bool().optional(),
			noBuyerFill: bool().optional(),
			type: enumOf(['checkin', 'autopay']).optional(),
			metadata: anyObject().optional(),
			// The internals of AutopayRequest are not shown.
			autopay: anyObject().optional(),
		}).superRefine((body, ctx) => {
			if (body.type === 'autopay' && body.autopay === undefined) ctx.addIssue({ code: 'custom', path: ['autopay'], message: 'is required when type is autopay' });
			if (body.type === 'checkin' && body.payment === undefined) ctx.addIssue({ code: 'custom', path: ['payment'], message: 'is required for a pre-authorization (checkin) session' });
		}),
	query: object({ auth }),
	reverse: object({ auth, internalReference: internalReference(), amount: amountSchema.optional() }),
	transaction: object({
		auth,
		action: enumOf(['checkout', 'reauthorization', 'reverse']),
		internalReference: internalReference(),
		amount: amountSchema.optional(),
	}),
	ticketCreate: object({
		auth,
		internalReference: internalReference(),
		tickets: list(object({ ticket: text().min(1, 'must not be empty'), issuedAt: dateOnly() })).min(1, 'must hold at least one ticket'),
	}),
	ticketSearch: object({ auth, internalReference: internalReference() }),
};

/** A refusal of the state of things (not of a field): HTTP 409, status FAILED. */
const conflict = (reason: string, message: string) => refuse(409, reason, message);

// ---------------------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------------------

const round2 = (value: number) => Math.round(value * 100) / 100;

function expireIfDue(session: SessionRecord, now = Date.now()): void {
	const open = session.status.status === 'PENDING' && !session.payments.some((payment) => payment.status.status === 'PENDING');
	if (open && !session.cancelled && Date.parse(session.expiration) < now) {
		session.status = statusBlock('REJECTED', 'EX', 'The session expired before the buyer finished');
	}
}

/** The session as the query answers it (and as `session` inside the cancel answer). */
function sessionView(session: SessionRecord): Record<string, unknown> {
	return {
		requestId: session.requestId,
		status: session.status,
		request: session.request,
		...(session.payments.length ? { payment: session.payments } : {}),
		subscription: session.subscription,
		...(session.autopay ? { autopay: session.autopay } : {}),
	};
}

function ownSession(request: SandboxRequest, app: SandboxApp): SessionRecord | SandboxResponse {
	const session = /^\d+$/.test(request.params.requestId) ? findSession(app, request.params.requestId) : undefined;
	if (!session || session.siteLogin !== request.site?.login) return notFound(`The session ${request.params.requestId}`);
	return session;
}

function ownTransaction(app: SandboxApp, site: string | undefined, internalRef: number): { txn: TransactionState; payment: SessionTransaction; session: SessionRecord } | undefined {
	const txn = state(app).transactions[String(internalRef)];
	if (!txn || txn.siteLogin !== site) return undefined;
	const session = state(app).sessions[String(txn.requestId)];
	const payment = session?.payments.find((entry) => entry.internalReference === internalRef);
	return payment ? { txn, payment, session } : undefined;
}

const paymentMethodOf = (card: TestCard) => ({
	CARD_A: { code: 'CRA', name: 'Credit card A' },
	CARD_B: { code: 'CRB', name: 'Credit card B' },
	CARD_C: { code: 'DBC', name: 'Debit card C' },
})[card.franchise] ?? { code: 'CRA', name: 'Credit card A' };

const digits = (count: number) => Array.from(randomBytes(count), (byte) => String(byte % 10)).join('');

function validUntil(): string {
	const at = new Date();
	at.setUTCFullYear(at.getUTCFullYear() + 3);
	return at.toISOString().slice(0, 10);
}

/** Checks an amount sent for a refund or an action against the transaction; undefined when acceptable. */
function amountProblem(amount: { currency: string; total: number } | undefined, txn: TransactionState, limit: number, words: string): SandboxResponse | undefined {
	if (!amount) return undefined;
	if (amount.currency !== txn.currency) return refuse(400, 'XN', `Invalid amount.currency: must be the currency of the transaction (${txn.currency})`, { errors: { 'amount.currency': [`must be ${txn.currency}`] } });
	if (!(amount.total > 0)) return refuse(400, 'XN', 'Invalid amount.total: must be more than 0', { errors: { 'amount.total': ['must be more than 0'] } });
	if (amount.total > limit + 1e-9) return refuse(400, 'XN', `Invalid amount.total: must not exceed ${words} (${limit})`, { errors: { 'amount.total': [`must not exceed ${limit}`] } });
	return undefined;
}

// ---------------------------------------------------------------------------------------------------------
// Routes
// ---------------------------------------------------------------------------------------------------------

export function register(app: SandboxApp): void {
	// POST /api/session: create a session.
	app.router.post(
		'/api/session',
		signed((request, app) => {
			const now = Date.now();
			const checked = check(schemas.session(now), request.body);
			if ('refusal' in checked) return checked.refusal;
			const body = checked.value;
			const kind: SessionKind = body.type ?? (body.subscription ? 'subscription' : 'payment');
			const requestId = app.world.nextId(ID_KIND.requestId, FIRST_ID.requestId);
			const key = createHash('sha256').update(`${requestId}:${randomBytes(8).toString('hex')}`).digest('hex').slice(0, 32);
			const processUrl = `${app.url()}/checkout/session/${requestId}/${key}`;
			const expiration = body.expiration ?? new Date(now + 24 * 3600_000).toISOString().replace(/\.\d{3}Z$/, '+00:00');
			const subscription = body.subscription as Record<string, unknown> | undefined;
			const session: SessionRecord = {
				requestId,
				siteLogin: request.site!.login,
				kind,
				status: statusBlock('PENDING', 'PC', 'The session is waiting for the buyer'),
				reference: String(body.payment?.reference ?? subscription?.reference ?? ''),
				createdAt: isoNow(new Date(now)),
				expiration,
				request: Object.fromEntries(
					Object.entries({
						locale: body.locale ?? 'es_CO',
						payer: body.payer,
						buyer: body.buyer,
						payment: body.payment,
						subscription: subscription
							? Object.fromEntries(Object.entries({ reference: subscription.reference, description: subscription.description, fields: subscription.fields }).filter(([, v]) => v !== undefined))
							: undefined,
						fields: body.fields,
						expiration,
						returnUrl: body.returnUrl,
						ipAddress: body.ipAddress,
						userAgent: body.userAgent,
					}).filter(([, value]) => value !== undefined),
				),
				payments: [],
				subscription: null,
				autopay: null,
				processUrl,
				cancelled: false,
			};
			state(app).sessions[String(requestId)] = session;
			return { status: 200, body: { status: statusBlock('OK', 'PC', 'The session was created'), requestId, processUrl } };
		}),
	);

	// POST /api/session/{requestId}: query.
	app.router.post(
		'/api/session/:requestId',
		signed((request, app) => {
			const checked = check(schemas.query, request.body);
			if ('refusal' in checked) return checked.refusal;
			const session = ownSession(request, app);
			if (!('requestId' in session)) return session;
			return { status: 200, body: sessionView(session) };
		}),
	);

	// POST /api/session/{requestId}/cancel: only without an approved payment (or with an unpaid cash one).
	app.router.post(
		'/api/session/:requestId/cancel',
		signed((request, app) => {
			const checked = check(schemas.query, request.body);
			if ('refusal' in checked) return checked.refusal;
			const session = ownSession(request, app);
			if (!('requestId' in session)) return session;
			if (session.payments.some((payment) => payment.status.status === 'APPROVED')) {
				return conflict('XC', 'The session has an approved payment and cannot be cancelled; refund the payment instead');
			}
			if (session.status.status === 'APPROVED') return conflict('XC', 'The session is approved and cannot be cancelled');
			session.cancelled = true;
			session.status = statusBlock('REJECTED', 'MC', 'The session was cancelled by the merchant');
			return ok({ session: { ...sessionView(session), payment: null, subscription: null } }, 'The session was cancelled');
		}),
	);

	// POST /api/reverse: refund an approved payment, in full or in part.
	app.router.post(
		'/api/reverse',
		signed((request, app) => {
			const checked = check(schemas.reverse, request.body);
			if ('refusal' in checked) return checked.refusal;
			const { internalReference: ref, amount } = checked.value;
			const found = ownTransaction(app, request.site?.login, ref);
			if (!found) return notFound(`The transaction ${ref}`);
			const { txn, payment } = found;
			if (payment.status.status !== 'APPROVED' || txn.state === 'reversed' || txn.state === 'declined') {
				return conflict('XR', `The transaction ${ref} is not an approved payment and cannot be refunded`);
			}
			const remaining = round2(txn.total - txn.returned);
			if (remaining <= 0) return conflict('XR', `The transaction ${ref} is already refunded`);
			const problem = amountProblem(amount, txn, remaining, 'the amount not yet refunded');
			if (problem) return problem;
			const refundTotal = amount ? amount.total : remaining;
			txn.returned = round2(txn.returned + refundTotal);
			if (txn.returned >= txn.total) {
				txn.state = 'reversed';
				payment.refunded = true;
			}
			return ok(
				{
					payment: {
						status: statusBlock('APPROVED', '00', txn.state === 'reversed' ? 'The payment was refunded' : 'Part of the payment was refunded'),
						internalReference: payment.internalReference,
						paymentMethod: payment.paymentMethod,
						paymentMethodName: payment.paymentMethodName,
						issuerName: payment.issuerName,
						amount: { from: { currency: txn.currency, total: refundTotal }, to: { currency: txn.currency, total: refundTotal }, factor: 1 },
						authorization: digits(6),
						reference: payment.reference,
						receipt: digits(12),
						franchise: payment.franchise,
						refunded: payment.refunded,
						processorFields: payment.processorFields,
					},
				},
				'The refund was processed',
			);
		}),
	);

	// POST /api/transaction: checkout / reauthorization of a check-in, reverse of an approved payment.
	app.router.post(
		'/api/transaction',
		signed((request, app) => {
			const checked = check(schemas.transaction, request.body);
			if ('refusal' in checked) return checked.refusal;
			const { action, internalReference: ref, amount } = checked.value;
			const found = ownTransaction(app, request.site?.login, ref);
			if (!found) return notFound(`The transaction ${ref}`);
			const { txn, payment, session } = found;
			if (payment.status.status !== 'APPROVED') return conflict('XT', `The transaction ${ref} is not approved`);
			if (action === 'checkout' || action === 'reauthorization') {
				if (txn.kind !== 'checkin') return conflict('XT', `The transaction ${ref} is not a check-in (pre-authorization); ${action} applies only to check-ins`);
				if (txn.state !== 'held') return conflict('XT', `The check-in ${ref} is already ${txn.state}`);
			} else if (txn.state === 'reversed') {
				return conflict('XT', `The transaction ${ref} is already reversed`);
			}
			let acted = txn.total - txn.returned;
			if (action === 'reauthorization') {
				// The new amount to hold: any positive amount in the transaction's currency.
				const problem = amountProblem(amount, txn, Number.POSITIVE_INFINITY, 'the limit');
				if (problem) return problem;
				if (amount) txn.total = amount.total;
				acted = txn.total;
			} else {
				const problem = amountProblem(amount, txn, round2(txn.total - txn.returned), action === 'checkout' ? 'the amount held' : 'the amount not yet reversed');
				if (problem) return problem;
				acted = amount ? amount.total : round2(txn.total - txn.returned);
				if (action === 'checkout') {
					txn.state = 'collected';
					txn.total = acted;
				} else {
					txn.returned = round2(txn.returned + acted);
					if (txn.returned >= txn.total) {
						txn.state = 'reversed';
						payment.refunded = true;
					}
				}
			}
			const paymentRequest = (session.request.payment ?? {}) as Record<string, unknown>;
			// The spec shows the answer as the Payment request structure.
			return ok(
				{
					reference: paymentRequest.reference ?? payment.reference,
					...(paymentRequest.description !== undefined ? { description: paymentRequest.description } : {}),
					amount: { currency: txn.currency, total: round2(acted) },
					allowPartial: Boolean(paymentRequest.allowPartial),
				},
				`The ${action} was processed`,
			);
		}),
	);

	// POST /ticket/create: tickets for an approved session's transaction.
	app.router.post(
		'/ticket/create',
		signed((request, app) => {
			const checked = check(schemas.ticketCreate, request.body);
			if ('refusal' in checked) return checked.refusal;
			const { internalReference: ref, tickets } = checked.value;
			const found = ownTransaction(app, request.site?.login, ref);
			if (!found) return notFound(`The transaction ${ref}`);
			if (found.session.status.status !== 'APPROVED' || found.payment.status.status !== 'APPROVED') {
				return conflict('XK', `The transaction ${ref} is not the approved payment of an approved session`);
			}
			const stamp = isoNow().slice(0, 19).replace('T', ' ');
			const stored = (state(app).tickets[String(ref)] ??= []);
			for (const entry of tickets) stored.push({ internalReference: ref, ticket: entry.ticket, issuedAt: entry.issuedAt, createdAt: stamp, updatedAt: stamp });
			return ok({ count: tickets.length }, 'The tickets were created');
		}),
	);

	// POST /ticket/search: every ticket of a transaction (no pagination in the spec).
	app.router.post(
		'/ticket/search',
		signed((request, app) => {
			const checked = check(schemas.ticketSearch, request.body);
			if ('refusal' in checked) return checked.refusal;
			const ref = checked.value.internalReference;
			const known = ownTransaction(app, request.site?.login, ref);
			return ok({ data: known ? (state(app).tickets[String(ref)] ?? []) : [] });
		}),
	);

	// The page processUrl points at: the sandbox has no hosted checkout, it says how to pay from a test.
	app.router.get('/checkout/session/:requestId/:key', (request, app) => {
		const session = findSession(app, request.params.requestId);
		if (!session || !session.processUrl.endsWith(`/${request.params.key}`)) return notFound('The session');
		const html = `<!doctype html><html><body><h1>Sandbox checkout ${session.requestId}</h1><p>Status: ${session.status.status} (${session.status.reason})</p><p>Reference: ${escapeHtml(session.reference)}</p><p>To pay, POST /__sandbox/sessions/${session.requestId}/pay with {"status": "APPROVED"}.</p></body></html>`;
		return { status: 200, raw: html, headers: { 'content-type': 'text/html; charset=utf-8' } };
	});

	// Control: the buyer pays (or fails to pay) a session.
	app.router.post('/__sandbox/sessions/:requestId/pay', (request, app) => pay(request, app));
	app.router.get('/__sandbox/sessions/:requestId', (request, app) => {
		const session = findSession(app, request.params.requestId);
		return session ? ok({ session }) : notFound(`The session ${request.params.requestId}`);
	});
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const paySchema = object({
	status: enumOf(['APPROVED', 'REJECTED', 'PENDING']).optional(),
	card: text().optional(),
	/** For a pending cash payment (a session holding one may still be cancelled). */
	cash: bool().optional(),
}).optional();

function pay(request: SandboxRequest, app: SandboxApp): SandboxResponse {
	const session = findSession(app, request.params.requestId);
	if (!session) return notFound(`The session ${request.params.requestId}`);
	const checked = check(paySchema, request.body);
	if ('refusal' in checked) return checked.refusal;
	const options = checked.value ?? {};
	if (session.cancelled) return conflict('XP', 'The session was cancelled by the merchant');
	if (session.status.status === 'REJECTED' && session.status.reason === 'EX') return conflict('XP', 'The session expired');
	if (session.status.status === 'APPROVED') return conflict('XP', 'The session is already approved');

	const card = cardBehaviour(options.card ?? '4111111111111111');
	if (!card) return refuse(400, 'XN', 'Invalid card: not a valid card number', { errors: { card: ['not a valid card number'] } });
	const outcome = options.status ?? card.outcome;
	const reasons = { APPROVED: ['00', 'Approved'], REJECTED: [card.outcome === 'REJECTED' ? card.reason : '05', card.outcome === 'REJECTED' ? card.message : 'Declined by the issuer'], PENDING: ['?-', 'Pending review'] } as const;
	const [reason, message] = reasons[outcome];
	const lastDigits = card.number.slice(-4);
	const method = options.cash ? { code: 'CASH', name: 'Cash' } : paymentMethodOf(card);

	if (session.kind === 'subscription' || session.kind === 'autopay') {
		if (outcome === 'APPROVED') {
			session.subscription = {
				status: statusBlock('OK', '00', 'The payment method was registered'),
				type: 'token',
				instrument: [
					{ keyword: 'token', value: randomBytes(32).toString('hex'), displayOn: 'none' },
					{ keyword: 'subtoken', value: digits(16), displayOn: 'none' },
					{ keyword: 'franchise', value: card.franchise, displayOn: 'none' },
					{ keyword: 'franchiseName', value: card.franchiseName, displayOn: 'none' },
					{ keyword: 'issuerName', value: card.issuerName, displayOn: 'none' },
					{ keyword: 'lastDigits', value: lastDigits, displayOn: 'none' },
					{ keyword: 'validUntil', value: validUntil(), displayOn: 'none' },
					{ keyword: 'installments', value: null, displayOn: 'none' },
				],
			};
			if (session.kind === 'autopay') session.autopay = { id: randomUUID(), status: statusBlock('OK', '00', 'The autopay is active') };
		}
		session.status = statusBlock(outcome, reason, message);
		return ok({ session });
	}

	const payment = session.request.payment as { reference: string; amount: { currency: string; total: number } };
	const internalReference = app.world.nextId(ID_KIND.internalReference, FIRST_ID.internalReference);
	const { currency, total: amountTotal } = payment.amount;
	const transaction: SessionTransaction = {
		status: statusBlock(outcome, reason, message),
		internalReference,
		reference: payment.reference,
		paymentMethod: method.code,
		paymentMethodName: method.name,
		issuerName: options.cash ? 'Sandbox Cash Network' : card.issuerName,
		amount: { from: { currency, total: amountTotal }, to: { currency, total: amountTotal }, factor: 1 },
		authorization: outcome === 'APPROVED' ? digits(6) : null,
		receipt: digits(12),
		franchise: options.cash ? 'CASH' : card.franchise,
		refunded: false,
		processorFields: options.cash
			? []
			: [
					{ keyword: 'lastDigits', value: lastDigits, displayOn: 'none' },
					{ keyword: 'franchiseName', value: card.franchiseName, displayOn: 'none' },
					{ keyword: 'validUntil', value: validUntil(), displayOn: 'none' },
				],
		discount: null,
		subscription: null,
	};
	session.payments.push(transaction);
	state(app).transactions[String(internalReference)] = {
		requestId: session.requestId,
		siteLogin: session.siteLogin,
		kind: session.kind === 'checkin' ? 'checkin' : 'payment',
		state: outcome === 'APPROVED' ? (session.kind === 'checkin' ? 'held' : 'settled') : outcome === 'PENDING' ? 'pending' : 'declined',
		currency,
		total: amountTotal,
		returned: 0,
	};
	session.status = statusBlock(outcome, reason, message);
	return ok({ session });
}
