// POST /gateway/process (payment-processing-api.md, "Gateway"): charge directly. The same idempotenceKey from
// the same site gives back the same transaction, so a retried charge is never made twice.
/* eslint-disable @typescript-eslint/no-explicit-any -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import { z } from 'zod/v3';

import type { TestCard } from '../../../cards';
import { signed } from '../../../guards';
import { invalidField, isoNow, refuse, statusBlock, type SandboxApp, type SandboxResponse } from '../../../http';
import { anyObject, check, enumOf, object, personSchema, text, webUrl } from '../../../rules';
import { auth, digits, instrumentSchema, paymentRequest, PROVIDER, resolveInstrument, state } from '../state';

/** The same counter as the checkout area, so that an internal reference is never handed out twice. */
const INTERNAL_REFERENCE = { kind: 'internalReference', start: 500_001 } as const;

/** Keys of `additional` that the spec forbids in a process request. */
const FORBIDDEN_ADDITIONAL_KEYS = [
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

/**
 * The process request's instrument: the spec says OTP data is sent "only when requested by the information
 * response" but names no field, and shows no 3DS structure; `otp` (a string) and `threeDS` (an object of the
 * authentication's data) are the sandbox's choice (docs/sandbox/gateway.md).
 */
const processInstrumentSchema = instrumentSchema.extend({
	otp: text().min(1, 'must not be empty').optional(),
	threeDS: anyObject().optional(),
});

const schema = object({
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
	notificationURL: webUrl().optional(),
	ipAddress: text(46).optional(),
	userAgent: text(255).optional(),
	sourcePlatform: text().optional(),
});

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
		return refuse(400, 'XO', 'Invalid instrument.otp: is required for this card (its information answers requireOtp true)');
	}
	if (threeDS === 'required' && (instrument.threeDS === undefined || Object.keys(instrument.threeDS).length === 0)) {
		return refuse(400, 'X3', 'Invalid instrument.threeDS: is required for this card (its information answers threeDS required: send the 3-D Secure authentication data)');
	}
	return undefined;
}

const PAYMENT_METHODS: Record<string, string> = { CARD_A: 'CRA', CARD_B: 'CRB', CARD_C: 'DBC' };

export function register(app: SandboxApp): void {
	app.router.post(
		'/gateway/process',
		signed((request, app) => {
			const checked = check(schema, request.body);
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
}
