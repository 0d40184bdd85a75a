/**
 * The gateway (spec: payment-processing-api.md, "Gateway"): card information, interests, balance, direct
 * processing, query, search, transaction reports and account validation. See docs/sandbox/gateway.md.
 *
 * Written from the spec, never from the nodes: every field rule the spec states is a refusal (HTTP 400,
 * reason XN, the field path in the message and in `errors`), and fields the spec does not list for a request
 * are refused too, so a node that sends something off-spec is caught. What the spec leaves out is a sandbox
 * choice written down in the docs page.
 */
import { createHash, randomBytes, randomUUID } from 'crypto';
import { gzipSync } from 'zlib';
import { z } from 'zod';

import { cardBehaviour, type TestCard } from '../cards';
import { signed } from '../guards';
import { invalidField, isoNow, notFound, ok, refuse, statusBlock, type SandboxApp, type SandboxResponse, type StatusBlock } from '../http';
import { anyObject, amountSchema, bool, check, currency, enumOf, list, number, object, paymentRequestSchema, personSchema, positiveInteger, text, total, uri } from '../rules';
import { notifyReportReady } from './events';

// ---------------------------------------------------------------------------------------------------------
// State
// ---------------------------------------------------------------------------------------------------------

export interface GatewayTransaction {
	siteLogin: string;
	idempotenceKey?: string;
	/** The answer of process and query, as sent. */
	view: Record<string, any>;
	/** Report columns that are not in the view. */
	payer: Record<string, any>;
	ipAddress?: string;
}

interface ReportRecord {
	id: number;
	siteLogin: string;
	filters: { startDate: string; endDate: string; state?: string[]; type?: string[] };
	callbackUrl?: string;
	obtains: number;
	/** Set by the control endpoint: ready whatever the number of obtains. */
	forcedReady?: boolean;
	/** When the report became ready (the control endpoint, the obtain that found it ready, or its callback timer). */
	readyAt?: string;
	createdAt: string;
}

interface ValidationRecord {
	requestId: string;
	siteLogin: string;
	user: Record<string, unknown>;
	returnUrl: string;
	isAuthenticated: boolean;
	expiresAt: string;
	token: TokenInfo | null;
}

interface TokenInfo {
	token: string;
	subtoken: string;
	franchise: string;
	franchiseName: string;
	issuerName: string;
	lastDigits: string;
	validUntil: string;
}

interface StoredToken extends TokenInfo {
	siteLogin: string;
	balance: number;
	active: boolean;
	currency: string;
}

export interface GatewayState {
	/** Keyed by internalReference. */
	transactions: Record<string, GatewayTransaction>;
	/** `${siteLogin} ${idempotenceKey}` → internalReference. */
	idempotence: Record<string, number>;
	reports: Record<string, ReportRecord>;
	validations: Record<string, ValidationRecord>;
	/** Keyed by token. */
	tokens: Record<string, StoredToken>;
}

const state = (app: SandboxApp): GatewayState =>
	app.world.slice<GatewayState>('gateway', () => ({ transactions: {}, idempotence: {}, reports: {}, validations: {}, tokens: {} }));

/** The same counter as the checkout area, so that an internal reference is never handed out twice. */
const INTERNAL_REFERENCE = { kind: 'internalReference', start: 500_001 } as const;

// ---------------------------------------------------------------------------------------------------------
// Field rules (from the spec's structures and limits)
// ---------------------------------------------------------------------------------------------------------

export const REPORT_STATES = ['APPROVED', 'REJECTED', 'FAILED', 'PENDING'] as const;
export const REPORT_TYPES = [
	'AUTH_ONLY',
	'CAPTURE_ONLY',
	'CREDIT',
	'REFUND',
	'SETTLE',
	'AUTH_CAPTURE',
	'VOID',
	'DISPUTE',
	'CHARGEBACK',
	'DISPUTE_LOSS',
	'DISPUTE_WIN',
	'PRE_AUTH',
	'CHECKIN',
	'CHECKOUT',
	'RE_AUTH',
] as const;
/** Keys of `additional` that the spec forbids in a process request. */
export const FORBIDDEN_ADDITIONAL_KEYS = [
	'_accountNumber',
	'userAgent',
	'fingerprint',
	'sourcePlatform',
	'tokenizationID',
	'trazabilyCode',
	'transactionCycle',
	'RequestId',
	'PartnerAuthCode',
	'onTest',
	'threeDSEnrolled',
	'threeDSAuthenticated',
];
/** The report's columns, in the spec's order; `type` only when the type filter was used. */
export const REPORT_COLUMNS = [
	'id',
	'date',
	'transaction_date',
	'reference',
	'currency_code',
	'amount',
	'tax',
	'payment_method',
	'internal_reference',
	'status',
	'reason',
	'merchant',
	'terminal',
	'authorization',
	'refunded',
	'installments',
	'last_digits',
	'bank_currency',
	'bank_factor',
	'bank_amount',
	'issuer_name',
	'payer_document',
	'payer_first_name',
	'payer_last_name',
	'payer_email',
	'ip_address',
	'batch_number',
	'line_number',
] as const;

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;
const dateTime = () => text().refine((value) => DATE_TIME.test(value) && !Number.isNaN(Date.parse(value)), 'must be an ISO 8601 date-time with its offset');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const paymentRequest = paymentRequestSchema({
	reference: text(32).min(1, 'must be 1 to 32 characters'),
	description: text(255).min(1, 'must be 1 to 255 characters'),
	notificationUrl: uri(),
});

const cardSchema = object({
	number: text().regex(/^\d{12,19}$/, 'must be 12 to 19 digits'),
	// The spec: month/two-digit-year in requests.
	expiration: text()
		.regex(/^(0[1-9]|1[0-2])\/\d{2}$/, 'must be MM/YY')
		.optional(),
	cvv: text()
		.regex(/^\d{3,4}$/, 'must be 3 or 4 digits')
		.optional(),
});

const instrumentSchema = object({
	card: cardSchema.optional(),
	token: object({ token: text().min(1, 'must not be empty'), subtoken: text().optional() }).optional(),
	credit: object({ code: z.union([text(), number()]), type: text(), groupCode: text(), installment: positiveInteger() })
		.partial()
		.optional(),
});

/**
 * The process request's instrument: the spec says OTP data is sent "only when requested by the information
 * response" but names no field, and shows no 3DS structure; `otp` (a string) and `threeDS` (an object of the
 * authentication's data) are the sandbox's choice (docs/sandbox/gateway.md).
 */
const processInstrumentSchema = instrumentSchema.extend({
	otp: text().min(1, 'must not be empty').optional(),
	threeDS: anyObject().optional(),
});

const auth = z.unknown();

const schemas = {
	information: object({
		auth,
		locale: text(5).optional(),
		instrument: instrumentSchema,
		payment: paymentRequest.optional(),
		subscription: anyObject().optional(),
		metadata: anyObject().optional(),
		ipAddress: text(46).optional(),
		userAgent: text(255).optional(),
	}),
	interests: object({
		auth,
		locale: text(5).optional(),
		instrument: instrumentSchema,
		payment: paymentRequest,
		payer: personSchema.optional(),
		ipAddress: text(46).optional(),
		userAgent: text(255).optional(),
	}),
	balance: object({
		auth,
		locale: text(5).optional(),
		instrument: instrumentSchema,
		payment: paymentRequest.optional(),
	}),
	process: object({
		auth,
		action: enumOf(['checkin']).optional(),
		locale: text(5).optional(),
		payer: personSchema,
		buyer: personSchema.optional(),
		instrument: processInstrumentSchema,
		payment: paymentRequest,
		additional: anyObject()
			.superRefine((value, ctx) => {
				for (const key of FORBIDDEN_ADDITIONAL_KEYS) {
					if (key in value) ctx.addIssue({ code: 'custom', path: [key], message: 'is a key the platform forbids in additional' });
				}
			})
			.optional(),
		metadata: anyObject().optional(),
		idempotenceKey: text(32).min(1, 'must not be empty').optional(),
		notificationURL: uri().optional(),
		ipAddress: text(46).optional(),
		userAgent: text(255).optional(),
		sourcePlatform: text().optional(),
	}),
	query: object({ auth, locale: text(5).optional(), internalReference: positiveInteger() }),
	search: object({ auth, reference: text().min(1, 'must not be empty'), amount: amountSchema }),
	report: object({
		auth,
		filters: object({
			startDate: dateTime(),
			endDate: dateTime(),
			state: list(enumOf(REPORT_STATES)).optional(),
			type: list(enumOf(REPORT_TYPES)).optional(),
		}).superRefine((filters, ctx) => {
			if (Date.parse(filters.startDate) > Date.parse(filters.endDate)) ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'must not be before startDate' });
		}),
		callbackUrl: uri().optional(),
		locale: text(5).optional(),
	}),
	obtain: object({ auth, id: positiveInteger() }),
	validatorSession: object({
		auth,
		user: anyObject().superRefine((user, ctx) => {
			for (const key of ['name', 'surname', 'email']) {
				if (user[key] !== undefined && typeof user[key] !== 'string') ctx.addIssue({ code: 'custom', path: [key], message: 'must be a string' });
			}
			if (typeof user.email === 'string' && !z.string().email().safeParse(user.email).success) ctx.addIssue({ code: 'custom', path: ['email'], message: 'must be an e-mail address' });
		}),
		returnUrl: text(255).min(1, 'is required'),
		locale: text(5).optional(),
		isAuthenticated: bool().optional(),
	}),
	validatorQuery: object({ auth, requestId: text(36).regex(UUID, 'must be a UUID (lower-case hexadecimal, 8-4-4-4-12)') }),
	validatorValidate: object({
		auth,
		instrument: object({ token: object({ token: text().min(1, 'must not be empty'), subtoken: text().optional() }) }),
		payment: object({ amount: object({ currency: currency(), total: total() }) }).optional(),
		locale: text(5).optional(),
	}),
};

// ---------------------------------------------------------------------------------------------------------
// Cards and instruments
// ---------------------------------------------------------------------------------------------------------

/**
 * The extra steps a card's information announces, checked on process: OTP data only for a card that asks for
 * it (the spec: sent only when requested) and then required; 3DS data required where threeDS is required and
 * refused where it is unsupported. A missing step is a refusal before any charge: HTTP 400, status FAILED,
 * reason XO (OTP) or X3 (3DS), no transaction and the idempotence key left unused.
 */
function challengeRefusal(card: TestCard, instrument: z.infer<typeof processInstrumentSchema>): SandboxResponse | undefined {
	const threeDS = card.threeDS ?? 'optional';
	if (instrument.otp !== undefined && !card.requireOtp) {
		return invalidField('instrument.otp', 'is sent only for a card whose information answers requireOtp true');
	}
	if (instrument.threeDS !== undefined && threeDS === 'unsupported') {
		return invalidField('instrument.threeDS', 'is not accepted for a card whose information answers threeDS unsupported');
	}
	if (card.requireOtp && instrument.otp === undefined) {
		return refuse(400, 'XO', 'The card requires an OTP (its information answers requireOtp true): send it in instrument.otp', {
			errors: { 'instrument.otp': ['is required for this card'] },
		});
	}
	if (threeDS === 'required' && (instrument.threeDS === undefined || Object.keys(instrument.threeDS).length === 0)) {
		return refuse(400, 'X3', 'The card requires 3-D Secure authentication (its information answers threeDS required): send its data in instrument.threeDS', {
			errors: { 'instrument.threeDS': ['is required for this card'] },
		});
	}
	return undefined;
}

type Instrument = z.infer<typeof instrumentSchema>;

/** The card or token behind an instrument, or the refusal to send. */
function resolveInstrument(
	app: SandboxApp,
	siteLogin: string,
	instrument: Instrument,
	now = new Date(),
): { card: TestCard; token?: StoredToken } | { refusal: SandboxResponse } {
	if (instrument.card) {
		const card = cardBehaviour(instrument.card.number);
		if (!card) return { refusal: invalidField('instrument.card.number', 'is not a valid card number (Luhn check)') };
		if (instrument.card.expiration) {
			const [month, year] = instrument.card.expiration.split('/').map(Number);
			// Valid through the last day of the month.
			if (Date.UTC(2000 + year, month, 1) <= now.getTime()) return { refusal: invalidField('instrument.card.expiration', 'the card has expired') };
		}
		return { card };
	}
	if (instrument.token) {
		const token = state(app).tokens[instrument.token.token];
		if (!token || token.siteLogin !== siteLogin || (instrument.token.subtoken !== undefined && instrument.token.subtoken !== token.subtoken)) {
			return { refusal: invalidField('instrument.token.token', 'is not a token of this site') };
		}
		return { card: { ...cardBehaviour('4111111111111111')!, franchise: token.franchise, franchiseName: token.franchiseName, issuerName: token.issuerName, number: `000000000000${token.lastDigits}` }, token };
	}
	return { refusal: invalidField('instrument.card', 'is required (or instrument.token)') };
}

const PAYMENT_METHODS: Record<string, string> = { CARD_A: 'CRA', CARD_B: 'CRB', CARD_C: 'DBC' };
const PROVIDER = 'SANDBOX';
const creditOptions = (card: TestCard) =>
	card.displayInterest
		? [
				{ description: 'Deferred with interest', code: '1', groupCode: 'P', type: '02', installments: [3, 6, 12] },
				{ description: 'Deferred without interest', code: '2', groupCode: 'X', type: '03', installments: [3, 6] },
			]
		: card.cardType === 'C'
			? [{ description: 'Installments', code: '1', groupCode: 'C', type: '00', installments: [1, 2, 3, 6, 12] }]
			: [];

const digits = (count: number) => Array.from(randomBytes(count), (byte) => String(byte % 10)).join('');
const round2 = (value: number) => Math.round(value * 100) / 100;

// ---------------------------------------------------------------------------------------------------------
// Reports
// ---------------------------------------------------------------------------------------------------------

type Row = Record<(typeof REPORT_COLUMNS)[number] | 'type', string | number>;

function transactionRow(txn: GatewayTransaction, index: number): Row {
	const view = txn.view;
	return {
		id: index + 1,
		date: view.date,
		transaction_date: view.transactionDate,
		reference: view.reference,
		currency_code: view.amount.currency,
		amount: view.amount.total,
		tax: (view.amount.taxes ?? []).reduce((sum: number, tax: { amount: number }) => sum + tax.amount, 0),
		payment_method: view.paymentMethod,
		internal_reference: view.internalReference,
		status: view.status.status,
		reason: view.status.reason,
		merchant: 'Demo merchant',
		terminal: '00990001',
		authorization: view.authorization ?? '',
		refunded: view.refunded ? 'true' : 'false',
		installments: view.additional?.credit?.installments ?? 1,
		last_digits: view.lastDigits ?? '',
		bank_currency: view.conversion.to.currency,
		bank_factor: view.conversion.factor,
		bank_amount: view.conversion.to.total,
		issuer_name: view.issuerName ?? '',
		payer_document: txn.payer.document ?? '',
		payer_first_name: txn.payer.name ?? '',
		payer_last_name: txn.payer.surname ?? '',
		payer_email: txn.payer.email ?? '',
		ip_address: txn.ipAddress ?? '',
		batch_number: 1,
		line_number: index + 1,
		type: view.type,
	};
}

const FIRST_NAMES = ['Ana', 'Luis', 'Maria', 'Jorge', 'Sofia', 'Pedro', 'Lucia', 'Diego'];
const LAST_NAMES = ['Gomez', 'Perez', 'Rodriguez', 'Lopez', 'Martinez', 'Diaz', 'Torres', 'Ruiz'];

/** A generated row, the same for the same report and index, within the report's filters. */
function generatedRow(report: ReportRecord, index: number): Row {
	const states = report.filters.state?.length ? report.filters.state : ['APPROVED', 'APPROVED', 'APPROVED', 'REJECTED', 'PENDING'];
	const types = report.filters.type?.length ? report.filters.type : ['AUTH_ONLY'];
	const start = Date.parse(report.filters.startDate);
	const end = Date.parse(report.filters.endDate);
	const at = new Date(start + ((end - start) * ((index * 7919) % 1000)) / 1000);
	const status = states[index % states.length];
	const amount = round2(10 + ((index * 37) % 9990) + (index % 100) / 100);
	const tax = round2(amount * 0.19);
	const first = FIRST_NAMES[index % FIRST_NAMES.length];
	const last = LAST_NAMES[(index >> 3) % LAST_NAMES.length];
	return {
		id: index + 1,
		date: isoNow(at),
		transaction_date: isoNow(at),
		reference: `GEN-${report.id}-${String(index + 1).padStart(6, '0')}`,
		currency_code: 'USD',
		amount,
		tax,
		payment_method: ['CRA', 'CRB', 'DBC'][index % 3],
		internal_reference: 900_000_000 + index,
		status,
		reason: status === 'APPROVED' ? '00' : status === 'REJECTED' ? '05' : '?-',
		merchant: 'Demo merchant',
		terminal: '00990001',
		authorization: status === 'APPROVED' ? String(100000 + (index % 900000)).padStart(6, '0') : '',
		refunded: 'false',
		installments: 1 + (index % 12),
		last_digits: String(1000 + (index % 9000)),
		bank_currency: 'USD',
		bank_factor: 1,
		bank_amount: amount,
		issuer_name: 'Sandbox Bank',
		payer_document: String(10_000_000 + index),
		payer_first_name: first,
		payer_last_name: last,
		payer_email: `${first}.${last}.${index}@example.com`.toLowerCase(),
		ip_address: `10.0.${(index >> 8) & 255}.${index & 255}`,
		batch_number: 1 + Math.floor(index / 1000),
		line_number: 1 + (index % 1000),
		type: types[index % types.length],
	};
}

/** The report's TSV: the spec's columns in order, `type` last and only when the type filter was used. */
function reportTsv(app: SandboxApp, report: ReportRecord): string {
	const start = Date.parse(report.filters.startDate);
	const end = Date.parse(report.filters.endDate);
	const withType = Boolean(report.filters.type?.length);
	const columns: string[] = [...REPORT_COLUMNS, ...(withType ? ['type'] : [])];
	const clean = (value: unknown) => String(value ?? '').replace(/[\t\r\n]+/g, ' ');
	const lines: string[] = [columns.join('\t')];
	const own = Object.values(state(app).transactions).filter((txn) => {
		if (txn.siteLogin !== report.siteLogin) return false;
		const at = Date.parse(txn.view.transactionDate);
		if (at < start || at > end) return false;
		if (report.filters.state?.length && !report.filters.state.includes(txn.view.status.status)) return false;
		if (report.filters.type?.length && !report.filters.type.includes(txn.view.type)) return false;
		return true;
	});
	own.forEach((txn, index) => {
		const row = transactionRow(txn, index);
		lines.push(columns.map((column) => clean(row[column as keyof Row])).join('\t'));
	});
	const wanted = app.world.options.reportRows ?? 0;
	for (let index = own.length; index < wanted; index++) {
		const row = generatedRow(report, index);
		lines.push(columns.map((column) => clean(row[column as keyof Row])).join('\t'));
	}
	return `${lines.join('\n')}\n`;
}

/**
 * Marks a report ready (once) and, when it was asked with a callbackUrl, posts the ready notice there through
 * the outbound sender (recorded in /__sandbox/webhooks/deliveries). A failed delivery is only recorded.
 */
function reportReady(app: SandboxApp, report: ReportRecord): void {
	if (report.readyAt) return;
	report.readyAt = isoNow();
	app.world.save();
	if (!report.callbackUrl) return;
	void notifyReportReady(app, { id: report.id, callbackUrl: report.callbackUrl }).catch(() => undefined);
}

// ---------------------------------------------------------------------------------------------------------
// Routes
// ---------------------------------------------------------------------------------------------------------

const spaced = (date: Date) => date.toISOString().slice(0, 19).replace('T', ' ');

export function register(app: SandboxApp): void {
	// POST /gateway/information: what the platform knows about a card.
	app.router.post(
		'/gateway/information',
		signed((request, app) => {
			const checked = check(schemas.information, request.body);
			if ('refusal' in checked) return checked.refusal;
			const resolved = resolveInstrument(app, request.site!.login, checked.value.instrument);
			if ('refusal' in resolved) return resolved.refusal;
			const card = resolved.card;
			return ok({
				provider: PROVIDER,
				serviceCode: `SBX-${card.franchise}`,
				cardTypes: [card.cardType],
				cardType: card.cardType,
				displayInterest: Boolean(card.displayInterest),
				requireOtp: Boolean(card.requireOtp),
				requireCvv2: card.cardType === 'C',
				threeDS: card.threeDS ?? 'optional',
				credits: creditOptions(card),
				requirePockets: false,
				pockets: [],
				requireAvs: false,
				zipCodeFormat: null,
				accountVerification: false,
				requirePin: false,
				requireRedirection: false,
				bankList: [],
				requireBalance: Boolean(card.requireBalance),
				hasForwarding: false,
			});
		}),
	);

	// POST /gateway/interests: interest of a credit option (only where information said displayInterest).
	app.router.post(
		'/gateway/interests',
		signed((request, app) => {
			const checked = check(schemas.interests, request.body);
			if ('refusal' in checked) return checked.refusal;
			const body = checked.value;
			if (!body.instrument.card) return invalidField('instrument.card', 'is required');
			if (!body.instrument.credit) return invalidField('instrument.credit', 'is required');
			const resolved = resolveInstrument(app, request.site!.login, body.instrument);
			if ('refusal' in resolved) return resolved.refusal;
			if (!resolved.card.displayInterest) {
				return refuse(400, 'XI', 'Interests are not available for this card: its information answers displayInterest false');
			}
			const credit = body.instrument.credit;
			const option = creditOptions(resolved.card).find((candidate) => String(candidate.code) === String(credit.code));
			if (!option) return invalidField('instrument.credit.code', 'is not a credit option of this card');
			const installments = credit.installment ?? 1;
			if (!option.installments.includes(installments)) return invalidField('instrument.credit.installment', `must be one of ${option.installments.join(', ')}`);
			const original = body.payment.amount.total;
			const rate = option.groupCode === 'X' ? 0 : 0.015;
			const interest = round2(original * rate * installments);
			const totalDue = round2(original + interest);
			return ok({
				provider: PROVIDER,
				values: { original, installment: round2(totalDue / installments), interest, total: totalDue },
				conversion: { from: { currency: body.payment.amount.currency, total: original }, to: { currency: body.payment.amount.currency, total: original }, factor: 1 },
			});
		}),
	);

	// POST /gateway/balance: the balance of a card (only where information said requireBalance).
	app.router.post(
		'/gateway/balance',
		signed((request, app) => {
			const checked = check(schemas.balance, request.body);
			if ('refusal' in checked) return checked.refusal;
			const resolved = resolveInstrument(app, request.site!.login, checked.value.instrument);
			if ('refusal' in resolved) return resolved.refusal;
			if (resolved.token) return ok({ total: resolved.token.balance });
			if (!resolved.card.requireBalance) return refuse(400, 'XB', 'No balance is available for this card: its information answers requireBalance false');
			return ok({ total: resolved.card.balance ?? 0 });
		}),
	);

	// POST /gateway/process: charge directly; the same idempotenceKey from the same site gives the same transaction.
	app.router.post(
		'/gateway/process',
		signed((request, app) => {
			const checked = check(schemas.process, request.body);
			if ('refusal' in checked) return checked.refusal;
			const body = checked.value;
			const site = request.site!.login;
			const slice = state(app);
			if (body.idempotenceKey) {
				const seen = slice.idempotence[`${site} ${body.idempotenceKey}`];
				if (seen !== undefined) return { status: 200, body: slice.transactions[String(seen)].view };
			}
			const resolved = resolveInstrument(app, site, body.instrument);
			if ('refusal' in resolved) return resolved.refusal;
			const card = resolved.card;
			const challenge = challengeRefusal(card, body.instrument);
			if (challenge) return challenge;
			const now = new Date();
			const internalReference = app.world.nextId(INTERNAL_REFERENCE.kind, INTERNAL_REFERENCE.start);
			const approved = card.outcome === 'APPROVED';
			const amount = body.payment.amount;
			const credit = body.instrument.credit;
			const view: Record<string, any> = {
				status: statusBlock(card.outcome, card.reason, card.message),
				date: isoNow(now),
				transactionDate: isoNow(now),
				internalReference,
				reference: body.payment.reference,
				paymentMethod: PAYMENT_METHODS[card.franchise] ?? 'CRA',
				franchise: card.franchise,
				franchiseName: card.franchiseName,
				issuerName: card.issuerName,
				amount,
				conversion: { from: { currency: amount.currency, total: amount.total }, to: { currency: amount.currency, total: amount.total }, factor: 1 },
				authorization: approved ? digits(6) : null,
				receipt: approved ? digits(12) : null,
				type: body.action === 'checkin' ? 'CHECKIN' : 'AUTH_ONLY',
				refunded: false,
				lastDigits: card.number.slice(-4),
				provider: PROVIDER,
				discount: null,
				processorFields: { merchantCode: '1465675', terminalNumber: '00990001' },
				additional: {
					...(body.additional ?? {}),
					...(credit ? { credit: { code: credit.code, type: credit.type, groupCode: credit.groupCode, installments: credit.installment ?? 1 } } : {}),
				},
				...(body.payment.dispersion
					? {
							dispersion: body.payment.dispersion.map((part) => ({
								status: statusBlock(card.outcome, card.reason, card.message),
								agreement: typeof part.agreement === 'number' ? part.agreement : null,
								type: part.agreementType ?? 'MERCHANT',
								authorization: approved ? digits(6) : null,
								receipt: approved ? digits(12) : null,
								amount: part.amount,
								refunded: false,
								paymentMethod: PAYMENT_METHODS[card.franchise] ?? 'CRA',
							})),
						}
					: {}),
				...(body.notificationURL ? { notificationURL: body.notificationURL } : {}),
			};
			slice.transactions[String(internalReference)] = {
				siteLogin: site,
				idempotenceKey: body.idempotenceKey,
				view,
				payer: body.payer,
				ipAddress: body.ipAddress,
			};
			if (body.idempotenceKey) slice.idempotence[`${site} ${body.idempotenceKey}`] = internalReference;
			return { status: 200, body: view };
		}),
	);

	// POST /gateway/query: a transaction of the calling site by internal reference.
	app.router.post(
		'/gateway/query',
		signed((request, app) => {
			const checked = check(schemas.query, request.body);
			if ('refusal' in checked) return checked.refusal;
			const txn = state(app).transactions[String(checked.value.internalReference)];
			if (!txn || txn.siteLogin !== request.site!.login) return notFound(`The transaction ${checked.value.internalReference}`);
			return { status: 200, body: txn.view };
		}),
	);

	// POST /gateway/search: transactions of the calling site with that reference and amount.
	app.router.post(
		'/gateway/search',
		signed((request, app) => {
			const checked = check(schemas.search, request.body);
			if ('refusal' in checked) return checked.refusal;
			const { reference, amount } = checked.value;
			const found = Object.values(state(app).transactions)
				.filter(
					(txn) =>
						txn.siteLogin === request.site!.login &&
						txn.view.reference === reference &&
						txn.view.amount.currency === amount.currency &&
						Math.abs(Number(txn.view.amount.total) - amount.total) < 0.005,
				)
				.map((txn) => txn.view);
			return ok({ transactions: found });
		}),
	);

	// POST /gateway/report: ask for a report; obtained later by id.
	app.router.post(
		'/gateway/report',
		signed((request, app) => {
			const checked = check(schemas.report, request.body);
			if ('refusal' in checked) return checked.refusal;
			const id = app.world.nextId('gatewayReport', 7001);
			const report: ReportRecord = {
				id,
				siteLogin: request.site!.login,
				filters: checked.value.filters,
				callbackUrl: checked.value.callbackUrl,
				obtains: 0,
				createdAt: isoNow(),
			};
			state(app).reports[String(id)] = report;
			if (report.callbackUrl) {
				// Whoever waits for the callback does not poll: the report is generated by itself, in the time a
				// client following Retry-After would take to reach it (reportPendingPolls × retryAfterSeconds).
				const { reportPendingPolls, retryAfterSeconds } = app.world.options;
				const timer = setTimeout(() => {
					// Only this very report: after a reset the same id may name another one.
					if (state(app).reports[String(id)] === report) reportReady(app, report);
				}, reportPendingPolls * retryAfterSeconds * 1000);
				timer.unref();
			}
			return ok({ id });
		}),
	);

	// POST /gateway/report/obtain: 425 with a status until ready, then the TSV (gzip when asked).
	app.router.post(
		'/gateway/report/obtain',
		signed((request, app) => {
			const checked = check(schemas.obtain, request.body);
			if ('refusal' in checked) return checked.refusal;
			const report = state(app).reports[String(checked.value.id)];
			if (!report || report.siteLogin !== request.site!.login) return notFound(`The report ${checked.value.id}`);
			report.obtains += 1;
			if (!report.readyAt && !report.forcedReady && report.obtains <= app.world.options.reportPendingPolls) {
				return {
					status: 425,
					headers: { 'retry-after': String(app.world.options.retryAfterSeconds) },
					body: { status: statusBlock('PENDING', '?5', 'The report is being generated; ask again later'), id: report.id },
				};
			}
			reportReady(app, report);
			const tsv = Buffer.from(reportTsv(app, report), 'utf8');
			const acceptEncoding = String(request.headers['accept-encoding'] ?? '');
			const headers: Record<string, string> = {
				'content-type': 'text/tab-separated-values; charset=utf-8',
				'content-disposition': `attachment; filename="report-${report.id}.tsv"`,
			};
			if (/\bgzip\b/i.test(acceptEncoding)) {
				headers['content-encoding'] = 'gzip';
				return { status: 200, headers, raw: gzipSync(tsv) };
			}
			return { status: 200, headers, raw: tsv };
		}),
	);

	// POST /gateway/account-validator/session: a tokenized-account validation session.
	app.router.post(
		'/gateway/account-validator/session',
		signed((request, app) => {
			const checked = check(schemas.validatorSession, request.body);
			if ('refusal' in checked) return checked.refusal;
			const body = checked.value;
			const requestId = randomUUID();
			const expiresAt = spaced(new Date(Date.now() + 30 * 60_000));
			state(app).validations[requestId] = {
				requestId,
				siteLogin: request.site!.login,
				user: body.user,
				returnUrl: body.returnUrl,
				isAuthenticated: body.isAuthenticated ?? false,
				expiresAt,
				token: null,
			};
			return ok({ data: { requestId, redirectUrl: `${app.url()}/account-validator/${requestId}`, expiresAt } });
		}),
	);

	// POST /gateway/account-validator/query: the session's state and, once validated, its token.
	app.router.post(
		'/gateway/account-validator/query',
		signed((request, app) => {
			const checked = check(schemas.validatorQuery, request.body);
			if ('refusal' in checked) return checked.refusal;
			const session = state(app).validations[checked.value.requestId];
			if (!session || session.siteLogin !== request.site!.login) return notFound(`The validation session ${checked.value.requestId}`);
			const status = session.token ? statusBlock('OK', '00', 'The account was validated') : statusBlock('PENDING', 'PT', 'The user has not finished the validation');
			return { status: 200, body: { status, data: { requestId: session.requestId, isAuthenticated: session.isAuthenticated, token: session.token } } };
		}),
	);

	// POST /gateway/account-validator/validate: the spec's three rules, in order.
	app.router.post(
		'/gateway/account-validator/validate',
		signed((request, app) => {
			const checked = check(schemas.validatorValidate, request.body);
			if ('refusal' in checked) return checked.refusal;
			const { instrument, payment } = checked.value;
			const token = state(app).tokens[instrument.token.token];
			const answer = (status: StatusBlock) => ({ status: 200, body: { status } });
			if (!token || token.siteLogin !== request.site!.login || (instrument.token.subtoken !== undefined && instrument.token.subtoken !== token.subtoken)) {
				return answer(statusBlock('REJECTED', 'V1', 'The account does not exist, did not go through a session, or is not yours'));
			}
			if (!token.active) return answer(statusBlock('REJECTED', 'V2', 'The account is not active at the account verification provider'));
			if (payment && payment.amount.total > token.balance) return answer(statusBlock('REJECTED', 'V3', 'The account balance is lower than the amount'));
			return answer(statusBlock('OK', '00', 'The account is valid'));
		}),
	);

	registerControl(app);
}

/** `/__sandbox/gateway/...`: what a test or a demo needs that the spec's endpoints do not offer. */
function registerControl(app: SandboxApp): void {
	// The user finishes a validation session: a token is issued with the given balance and activity.
	app.router.post('/__sandbox/gateway/account-validations/:requestId/complete', (request, app) => {
		const session = state(app).validations[request.params.requestId];
		if (!session) return notFound(`The validation session ${request.params.requestId}`);
		const options = (request.body ?? {}) as { balance?: number; active?: boolean; lastDigits?: string; currency?: string };
		const token = createHash('sha256').update(`${session.requestId}:${randomBytes(8).toString('hex')}`).digest('hex').slice(0, 40);
		const validUntil = new Date();
		validUntil.setUTCFullYear(validUntil.getUTCFullYear() + 3);
		const info: TokenInfo = {
			token,
			subtoken: digits(16),
			franchise: 'ACCT',
			franchiseName: 'Bank account',
			issuerName: 'Sandbox Bank',
			lastDigits: options.lastDigits ?? '4321',
			validUntil: validUntil.toISOString().slice(0, 10),
		};
		session.token = info;
		state(app).tokens[token] = {
			...info,
			siteLogin: session.siteLogin,
			balance: typeof options.balance === 'number' ? options.balance : 1000,
			active: options.active !== false,
			currency: options.currency ?? 'USD',
		};
		return ok({ data: { requestId: session.requestId, token: info } });
	});

	// Every gateway transaction (any site), oldest first, with the idempotence key it was created with.
	app.router.get('/__sandbox/gateway/transactions', (_request, app) =>
		ok({
			transactions: Object.values(state(app).transactions).map((txn) => ({ siteLogin: txn.siteLogin, idempotenceKey: txn.idempotenceKey ?? null, ...txn.view })),
		}),
	);

	// A report becomes ready at once, whatever reportPendingPolls says.
	app.router.post('/__sandbox/gateway/reports/:id/ready', (request, app) => {
		const report = state(app).reports[request.params.id];
		if (!report) return notFound(`The report ${request.params.id}`);
		report.forcedReady = true;
		reportReady(app, report);
		return ok({ id: report.id });
	});
}
