/** `/__sandbox/payment-links/...`: a buyer pays through a link, which the spec's endpoints do not offer. */
import { randomBytes } from 'crypto';
import { z } from 'zod/v3';

import { cardBehaviour } from '../../cards';
import { notFound, refuse, statusBlock, type SandboxApp, type SandboxRequest, type SandboxResponse } from '../../http';
import { idKey } from '../../json';
import { check, object, text } from '../../rules';
import { digits, FIRST_ID, ID_KIND } from '../checkout/state';
import { allowedPayments, linkStatus, linkView, spaced, state, type LinkPayment } from './state';

export function register(app: SandboxApp): void {
	app.router.post('/__sandbox/payment-links/:id/pay', (request, app) => payLink(request, app));
}

const paySchema = object({
	status: z.enum(['APPROVED', 'REJECTED', 'PENDING']).optional(),
	card: text().optional(),
	payer: object({ name: text(), surname: text(), email: text(), phone: text(), document: text(), documentType: text() }).partial().optional(),
}).optional();

function payLink(request: SandboxRequest, app: SandboxApp): SandboxResponse {
	const key = idKey(request.params.id);
	const link = key === undefined ? undefined : state(app).links[key];
	if (!link) return notFound(`The payment link ${request.params.id}`);
	const checked = check(paySchema, request.body);
	if ('refusal' in checked) return checked.refusal;
	const options = checked.value ?? {};
	const status = linkStatus(link);
	if (status !== 'ACTIVE') return refuse(409, 'XL', `The payment link is ${status} and takes no payment`);
	const allowed = allowedPayments(link);
	const approved = link.payments.filter((payment) => payment.status === 'APPROVED').length;
	if (allowed !== null && approved >= allowed) {
		return refuse(409, 'XL', `The payment link already has ${approved} approved payment(s), as many as it allows`);
	}
	const card = cardBehaviour(options.card ?? '4111111111111111');
	if (!card) return refuse(400, 'XN', 'Invalid card: not a valid card number', { errors: { card: ['not a valid card number'] } });
	const outcome = options.status ?? card.outcome;
	const requestId = app.world.nextId(ID_KIND.requestId, FIRST_ID.requestId);
	const payment: LinkPayment = {
		id: app.world.nextId('paymentLinkPayment', 1),
		requestId,
		status: outcome,
		message: outcome === 'APPROVED' ? 'Approved' : outcome === 'PENDING' ? 'Pending review' : card.outcome === 'REJECTED' ? card.message : 'Declined by the issuer',
		processUrl: `${app.url()}/checkout/session/${requestId}/${randomBytes(16).toString('hex')}`,
		amount: { currency: link.amount.currency, total: link.amount.total.toFixed(2) },
		receipt: digits(12),
		franchise: card.franchise,
		paymentMethod: card.franchise === 'CARD_B' ? 'CRB' : card.franchise === 'CARD_C' ? 'DBC' : 'CRA',
		paymentDate: spaced(new Date()),
		internalReference: app.world.nextId(ID_KIND.internalReference, FIRST_ID.internalReference),
		authorization: outcome === 'APPROVED' ? digits(6) : null,
		issuerName: card.issuerName,
		merchantCode: 'M-001',
		terminalNumber: 'T-01',
		installments: 1,
		lastDigits: card.number.slice(-4),
		payer: { name: 'Sandbox', surname: 'Buyer', email: 'buyer@example.com', phone: '+10000000000', document: '1234567890', documentType: 'CC', ...options.payer },
	};
	link.payments.push(payment);
	return { status: 200, body: { status: statusBlock('OK', '00', 'The payment was added'), payment, link: linkView(link) } };
}
