/**
 * Payment links (spec: payment-processing-api.md, "Payment links"): create, query and disable, with the
 * disable path spelled as the spec spells it (`disalbe`), the corrected spelling, or both
 * (`options.disablePathSpelling`). See docs/sandbox/checkout.md.
 *
 * Written from the spec, never from the nodes: field rules are refusals (HTTP 400, reason XN, the field path
 * in the message and in `errors`), and fields the spec does not list are refused too.
 */
import { randomBytes } from 'crypto';
import { z } from 'zod';

import { cardBehaviour } from '../cards';
import { signed } from '../guards';
import { notFound, refuse, statusBlock, type SandboxApp, type SandboxRequest, type SandboxResponse } from '../http';
import { check, list, number, object, positiveInteger, text } from '../rules';
import { description, FIRST_ID, ID_KIND, reference } from './checkout';

// ---------------------------------------------------------------------------------------------------------
// State
// ---------------------------------------------------------------------------------------------------------

export interface LinkPayment {
	id: number;
	requestId: number;
	status: 'APPROVED' | 'REJECTED' | 'PENDING';
	message: string;
	processUrl: string;
	amount: { currency: string; total: string };
	receipt: string | null;
	franchise: string;
	paymentMethod: string;
	paymentDate: string;
	internalReference: number;
	authorization: string | null;
	issuerName: string;
	merchantCode: string;
	terminalNumber: string;
	installments: number;
	lastDigits: string;
	payer: { name: string; surname: string; email: string; phone: string; document: string; documentType: string };
}

export interface LinkRecord {
	id: number;
	siteLogin: string;
	site: { id: number; name: string };
	disabled: boolean;
	url: string;
	name: string;
	reference: string;
	description: string;
	expirationDate: string;
	paymentExpiration: number;
	paymentsAllowed: number | null;
	isGeneric: boolean;
	amount: { currency: string; total: number; [key: string]: unknown };
	modifiers: unknown[];
	notificationUrl: string | null;
	locale: string;
	allowedPaymentMethods: string[];
	receiverEmails: string[];
	additional: Array<{ keyword: string; value?: unknown; displayOn?: string }>;
	payments: LinkPayment[];
	createdAt: string;
}

interface LinksState {
	/** Keyed by link id. */
	links: Record<string, LinkRecord>;
}

const state = (app: SandboxApp): LinksState => app.world.slice<LinksState>('links', () => ({ links: {} }));

// ---------------------------------------------------------------------------------------------------------
// Field rules
// ---------------------------------------------------------------------------------------------------------

/** `YYYY-MM-DD HH:MM:SS`, read by the sandbox as UTC (the spec names no time zone). */
const LINK_DATE = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

export function linkDateMs(value: string): number | undefined {
	const match = LINK_DATE.exec(value);
	if (!match) return undefined;
	const [year, month, day, hour, minute, second] = match.slice(1).map(Number);
	const ms = Date.UTC(year, month - 1, day, hour, minute, second);
	const back = new Date(ms);
	if (back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day || hour > 23 || minute > 59 || second > 59) return undefined;
	return ms;
}

const bool = () => z.boolean({ invalid_type_error: 'must be true or false' });
const absoluteUrl = () =>
	text().refine((value) => {
		try {
			return /^https?:\/\//i.test(value) && Boolean(new URL(value));
		} catch {
			return false;
		}
	}, 'must be an absolute http(s) URL');

const amountSchema = object({
	currency: text().regex(/^[A-Z]{3}$/, 'must be an ISO 4217 alphabetic currency code'),
	total: z
		.union([number(), text().regex(/^\d+(\.\d+)?$/)], { errorMap: () => ({ message: 'must be a number' }) })
		.transform(Number),
	taxes: list(object({ kind: text(), amount: number(), base: number().optional() })).optional(),
	details: list(object({ kind: text(), amount: number() })).optional(),
});

const createSchema = (now: number) =>
	object({
		auth: z.unknown(),
		notificationUrl: absoluteUrl().optional(),
		// The spec gives the language-underscore-country form as an example, not as a rule.
		locale: text().optional(),
		name: text().min(1, 'must not be empty'),
		paymentsAllowed: positiveInteger().optional(),
		expirationDate: text().superRefine((value, ctx) => {
			const at = linkDateMs(value);
			if (at === undefined) ctx.addIssue({ code: 'custom', message: 'must be a date-time of the form YYYY-MM-DD HH:MM:SS' });
			else if (at <= now) ctx.addIssue({ code: 'custom', message: 'must be later than the current time' });
		}),
		paymentExpiration: positiveInteger(),
		payment: object({
			amount: amountSchema,
			modifiers: list(object({ type: text(), code: z.unknown(), additional: z.record(z.unknown()) }).partial()).optional(),
		}),
		reference: reference(),
		description: description(),
		paymentMethod: list(text().min(1, 'must not be empty')).optional(),
		receiverEmails: list(text().email('must be an e-mail address')).optional(),
		additional: list(
			object({ keyword: text().min(1, 'must not be empty'), value: z.unknown(), displayOn: z.enum(['none', 'approved', 'payment', 'both']).optional() }),
		)
			.superRefine((pairs, ctx) => {
				const seen = new Set<string>();
				pairs.forEach((pair, index) => {
					if (seen.has(pair.keyword)) ctx.addIssue({ code: 'custom', path: [index, 'keyword'], message: `must be unique within the link ('${pair.keyword}' appears twice)` });
					seen.add(pair.keyword);
				});
			})
			.optional(),
		isGeneric: bool().optional(),
	});

// ---------------------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------------------

const spaced = (at: Date) => at.toISOString().slice(0, 19).replace('T', ' ');
const digits = (count: number) => Array.from(randomBytes(count), (byte) => String(byte % 10)).join('');

function linkStatus(link: LinkRecord, now = Date.now()): 'ACTIVE' | 'INACTIVE' | 'EXPIRED' {
	if (link.disabled) return 'INACTIVE';
	if ((linkDateMs(link.expirationDate) ?? 0) <= now) return 'EXPIRED';
	return 'ACTIVE';
}

/** Approved payments a link takes: paymentsAllowed for a generic link (unlimited when omitted), else one. */
function allowedPayments(link: LinkRecord): number | null {
	return link.isGeneric ? link.paymentsAllowed : 1;
}

function linkView(link: LinkRecord): Record<string, unknown> {
	const approved = link.payments.filter((payment) => payment.status === 'APPROVED').length;
	const allowed = allowedPayments(link);
	return {
		id: link.id,
		status: linkStatus(link),
		url: link.url,
		expirationDate: link.expirationDate,
		name: link.name,
		reference: link.reference,
		description: link.description,
		totalPayments: approved,
		availablePayments: allowed === null ? null : Math.max(0, allowed - approved),
		paymentExpiration: link.paymentExpiration,
		amount: link.amount,
		site: link.site,
		metadata: { discount: link.modifiers },
		payments: link.payments,
		isGeneric: link.isGeneric,
		notificationUrl: link.notificationUrl,
		locale: link.locale,
		allowedPaymentMethods: link.allowedPaymentMethods,
	};
}

function ownLink(request: SandboxRequest, app: SandboxApp): LinkRecord | SandboxResponse {
	const link = /^\d+$/.test(request.params.id) ? state(app).links[String(Number(request.params.id))] : undefined;
	if (!link || link.siteLogin !== request.site?.login) return notFound(`The payment link ${request.params.id}`);
	return link;
}

const answer = (reason: number, message: string, fields: Record<string, unknown>): SandboxResponse => ({
	status: 200,
	body: { status: statusBlock('OK', reason, message), ...fields },
});

// ---------------------------------------------------------------------------------------------------------
// Routes
// ---------------------------------------------------------------------------------------------------------

export function register(app: SandboxApp): void {
	app.router.post(
		'/api/payment-link',
		signed((request, app) => {
			const now = Date.now();
			const checked = check(createSchema(now), request.body);
			if ('refusal' in checked) return checked.refusal;
			const body = checked.value;
			const site = request.site!;
			const links = state(app).links;
			const taken = Object.values(links).find((link) => link.siteLogin === site.login && link.reference === body.reference);
			if (taken) {
				return refuse(400, 'XN', `Invalid reference: is already the reference of the link ${taken.id}`, {
					errors: { reference: [`must be unique; the link ${taken.id} has it`] },
				});
			}
			const id = app.world.nextId('paymentLink', 3001);
			const link: LinkRecord = {
				id,
				siteLogin: site.login,
				site: { id: site.id, name: String(site.name ?? site.login) },
				disabled: false,
				url: `${app.url()}/payment-link/${id}/${randomBytes(8).toString('hex')}`,
				name: body.name,
				reference: body.reference,
				description: body.description,
				expirationDate: body.expirationDate,
				paymentExpiration: body.paymentExpiration,
				paymentsAllowed: body.paymentsAllowed ?? null,
				isGeneric: body.isGeneric ?? false,
				amount: body.payment.amount,
				modifiers: body.payment.modifiers ?? [],
				notificationUrl: body.notificationUrl ?? null,
				locale: body.locale ?? 'es_CO',
				allowedPaymentMethods: body.paymentMethod ?? [],
				receiverEmails: body.receiverEmails ?? [],
				additional: body.additional ?? [],
				payments: [],
				createdAt: spaced(new Date(now)),
			};
			links[String(id)] = link;
			return answer(201, 'The payment link was created', { id, url: link.url });
		}),
	);

	app.router.post(
		'/api/payment-link/:id',
		signed((request, app) => {
			const checked = check(object({ auth: z.unknown() }), request.body);
			if ('refusal' in checked) return checked.refusal;
			const link = ownLink(request, app);
			if (!('id' in link)) return link;
			// The query's `status` is the link's state (ACTIVE, INACTIVE, EXPIRED), as the spec shows it.
			return { status: 200, body: linkView(link) };
		}),
	);

	for (const spelling of ['disalbe', 'disable'] as const) {
		app.router.post(`/api/payment-link/${spelling}/:id`, (request, app) => {
			const served = app.world.options.disablePathSpelling;
			if (served !== 'both' && served !== spelling) return refuse(404, 'NF', `No such path: POST ${request.path}`);
			return signed((signedRequest, app) => {
				const checked = check(object({ auth: z.unknown() }), signedRequest.body);
				if ('refusal' in checked) return checked.refusal;
				const link = ownLink(signedRequest, app);
				if (!('id' in link)) return link;
				link.disabled = true;
				return answer(200, 'The payment link was disabled', { id: link.id });
			})(request, app);
		});
	}

	// Control: a buyer pays through a link.
	app.router.post('/__sandbox/payment-links/:id/pay', (request, app) => payLink(request, app));
}

const paySchema = object({
	status: z.enum(['APPROVED', 'REJECTED', 'PENDING']).optional(),
	card: text().optional(),
	payer: object({ name: text(), surname: text(), email: text(), phone: text(), document: text(), documentType: text() }).partial().optional(),
}).optional();

function payLink(request: SandboxRequest, app: SandboxApp): SandboxResponse {
	const link = /^\d+$/.test(request.params.id) ? state(app).links[String(Number(request.params.id))] : undefined;
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
