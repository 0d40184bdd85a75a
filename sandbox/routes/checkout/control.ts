/**
 * What a test or a demo needs that the spec's checkout endpoints do not offer: the page a session's processUrl
 * points at (the sandbox has no hosted checkout) and the buyer's side under /__sandbox/sessions/.
 */
import { randomBytes, randomUUID } from 'crypto';

import { cardBehaviour, type TestCard } from '../../cards';
import { notFound, ok, refuse, statusBlock, type SandboxApp, type SandboxRequest, type SandboxResponse } from '../../http';
import { bool, check, enumOf, object, text } from '../../rules';
import { state as gatewayState } from '../gateway/state';
import { conflict, digits, findSession, FIRST_ID, ID_KIND, state, type SessionTransaction } from './state';

export function register(app: SandboxApp): void {
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
	// A session's payment is a transaction of the site like any other: the gateway's search (by reference and
	// amount) and query (by internal reference) find it. Their view is the payment as it was made.
	gatewayState(app).transactions[String(internalReference)] = {
		siteLogin: session.siteLogin,
		view: {
			status: transaction.status,
			date: transaction.status.date,
			transactionDate: transaction.status.date,
			internalReference,
			reference: payment.reference,
			paymentMethod: method.code,
			franchise: transaction.franchise,
			issuerName: transaction.issuerName,
			amount: { currency, total: amountTotal },
			authorization: transaction.authorization,
			receipt: transaction.receipt,
			type: session.kind === 'checkin' ? 'CHECKIN' : 'AUTH_ONLY',
			refunded: false,
			lastDigits: options.cash ? null : lastDigits,
		},
		payer: (session.request.payer as Record<string, unknown> | undefined) ?? {},
	};
	session.status = statusBlock(outcome, reason, message);
	return ok({ session });
}
