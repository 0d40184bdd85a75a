/**
 * `/__sandbox/payment-links/...`: a buyer pays through a link, which the spec's endpoints do not offer (the page a
 * link's url opens, page.ts, pays the same way). As on the platform, each payment of a link is a checkout session
 * (a link payment carries a requestId and a processUrl): the session is opened for the link, paid and queryable by
 * POST /api/session/{requestId}; its checkout notification goes to the site's notification URL, and an approved
 * payment sends the link's own PAID notification to the link's notificationUrl (notify.ts).
 */
import { createHash, randomBytes } from 'crypto';
import { z } from 'zod/v3';

import { cardBehaviour } from '../../cards';
import { isoNow, notFound, refuse, statusBlock, type SandboxApp, type SandboxRequest, type SandboxResponse } from '../../http';
import { idKey } from '../../json';
import { check, object, text } from '../../rules';
import { notifySession, paySession } from '../checkout/control';
import { FIRST_ID, ID_KIND, state as checkoutState, type SessionRecord } from '../checkout/state';
import type { NotificationSent } from '../events/state';
import { notifyLink } from './notify';
import { allowedPayments, linkStatus, linkView, spaced, state, type LinkPayment, type LinkRecord } from './state';

export function register(app: SandboxApp): void {
	app.router.post('/__sandbox/payment-links/:id/pay', (request, app) => payLinkControl(request, app));
}

const payerSchema = object({ name: text(), surname: text(), email: text(), phone: text(), document: text(), documentType: text() }).partial();

const paySchema = object({
	status: z.enum(['APPROVED', 'REJECTED', 'PENDING']).optional(),
	card: text().optional(),
	payer: payerSchema.optional(),
}).optional();

export type LinkPayOptions = NonNullable<z.infer<typeof paySchema>>;

async function payLinkControl(request: SandboxRequest, app: SandboxApp): Promise<SandboxResponse> {
	const key = idKey(request.params.id);
	const link = key === undefined ? undefined : state(app).links[key];
	if (!link) return notFound(`The payment link ${request.params.id}`);
	const checked = check(paySchema, request.body);
	if ('refusal' in checked) return checked.refusal;
	const paid = await payLink(app, link, checked.value ?? {});
	if ('refusal' in paid) return paid.refusal;
	return {
		status: 200,
		body: {
			status: statusBlock('OK', '00', 'The payment was added'),
			payment: paid.payment,
			link: linkView(link),
			...(paid.notifications.length ? { notifications: paid.notifications } : {}),
		},
	};
}

/** Why a link takes no payment now, or undefined when it does. */
export function linkPayRefusal(link: LinkRecord): SandboxResponse | undefined {
	const status = linkStatus(link);
	if (status !== 'ACTIVE') return refuse(409, 'XL', `The payment link is ${status} and takes no payment`);
	const allowed = allowedPayments(link);
	const approved = link.payments.filter((payment) => payment.status === 'APPROVED').length;
	if (allowed !== null && approved >= allowed) {
		return refuse(409, 'XL', `The payment link already has ${approved} approved payment(s), as many as it allows`);
	}
	return undefined;
}

const DEFAULT_PAYER = { name: 'Sandbox', surname: 'Buyer', email: 'buyer@example.com', phone: '+10000000000', document: '1234567890', documentType: 'CC' };

/**
 * A buyer pays through the link: a checkout session is opened for it and paid with the card, the payment is added
 * to the link, and the notifications are sent (awaited, so that whoever paid knows they have been answered): the
 * session's checkout notification to the site's notification URL, and PAID to the link's notificationUrl when the
 * payment is approved.
 */
export async function payLink(
	app: SandboxApp,
	link: LinkRecord,
	options: LinkPayOptions,
): Promise<{ refusal: SandboxResponse } | { payment: LinkPayment; session: SessionRecord; notifications: NotificationSent[] }> {
	const refusal = linkPayRefusal(link);
	if (refusal) return { refusal };
	const card = cardBehaviour(options.card ?? '4111111111111111');
	if (!card) return { refusal: refuse(400, 'XN', 'Invalid card: not a valid card number', { errors: { card: ['not a valid card number'] } }) };
	const payer = { ...DEFAULT_PAYER, ...options.payer };
	const session = openLinkSession(app, link, payer);
	const paid = paySession(app, session, { status: options.status, card: card.number });
	if ('refusal' in paid || !paid.transaction) throw new Error(`The session ${session.requestId} of the payment link ${link.id} took no payment`);
	const transaction = paid.transaction;
	const outcome = transaction.status.status as LinkPayment['status'];
	const payment: LinkPayment = {
		id: app.world.nextId('paymentLinkPayment', 1),
		requestId: session.requestId,
		status: outcome,
		message: transaction.status.message ?? '',
		processUrl: session.processUrl,
		amount: { currency: link.amount.currency, total: link.amount.total.toFixed(2) },
		receipt: transaction.receipt,
		franchise: card.franchise,
		paymentMethod: transaction.paymentMethod,
		paymentDate: spaced(new Date(), link.timeZone),
		internalReference: transaction.internalReference,
		authorization: transaction.authorization,
		issuerName: card.issuerName,
		merchantCode: 'M-001',
		terminalNumber: 'T-01',
		installments: 1,
		lastDigits: card.number.slice(-4),
		payer,
	};
	link.payments.push(payment);
	app.world.save();
	const notifications = await notifySession(app, session);
	if (outcome === 'APPROVED') notifications.push(...(await notifyLink(app, link, 'PAID')));
	return { payment, session, notifications };
}

/** The checkout session of one payment through the link: the link's reference, amount and payment expiration. */
function openLinkSession(app: SandboxApp, link: LinkRecord, payer: LinkPayment['payer']): SessionRecord {
	const now = Date.now();
	const requestId = app.world.nextId(ID_KIND.requestId, FIRST_ID.requestId);
	const key = createHash('sha256').update(`${requestId}:${randomBytes(8).toString('hex')}`).digest('hex').slice(0, 32);
	const expiration = isoNow(new Date(now + link.paymentExpiration * 60_000));
	const session: SessionRecord = {
		requestId,
		siteLogin: link.siteLogin,
		kind: 'payment',
		status: statusBlock('PENDING', 'PC', 'The session is waiting for the buyer'),
		reference: link.reference,
		createdAt: isoNow(new Date(now)),
		expiration,
		request: {
			locale: link.locale,
			// A Person has a mobile, where a link's payment item names a phone.
			payer: { name: payer.name, surname: payer.surname, email: payer.email, mobile: payer.phone, document: payer.document, documentType: payer.documentType },
			payment: { reference: link.reference, description: link.description, amount: { currency: link.amount.currency, total: link.amount.total } },
			expiration,
			returnUrl: link.url,
			ipAddress: '127.0.0.1',
			userAgent: 'Sandbox checkout page',
		},
		payments: [],
		subscription: null,
		autopay: null,
		processUrl: `${app.url()}/checkout/session/${requestId}/${key}`,
		cancelled: false,
		link: { id: link.id, notificationUrl: link.notificationUrl },
	};
	checkoutState(app).sessions[String(requestId)] = session;
	return session;
}
