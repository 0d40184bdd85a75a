// POST /api/session (payment-processing-api.md, "Checkout sessions"): a new session, PENDING until the buyer
// pays through the control API (/__sandbox/sessions/{requestId}/pay).
import { createHash, randomBytes } from 'crypto';

import { signed } from '../../../guards';
import { isoNow, statusBlock, type SandboxApp } from '../../../http';
import { anyObject, bool, check, enumOf, list, nameValueSchema, object, paymentRequestSchema, personSchema, text, webUrl } from '../../../rules';
import { auth, description, FIRST_ID, ID_KIND, reference, state, type SessionKind, type SessionRecord } from '../state';

/** RFC 3339 date-time (with its UTC offset), as JSON schema's `date-time`. */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

const MIN_EXPIRATION_MS = 5 * 60 * 1000;

const paymentRequest = paymentRequestSchema({ reference: reference(), description: description(), notificationUrl: webUrl(2048) });

const schema = (now: number) =>
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
		returnUrl: webUrl(255),
		locale: text(5).regex(/^\w{2}_[A-Z]{2}/, 'must match ^\\w{2}_[A-Z]{2} (such as es_CO)').optional(),
		buyer: personSchema.optional(),
		payer: personSchema.optional(),
		// The internals of SubscriptionRequest are not shown; the query returns reference, description, fields.
		subscription: anyObject().optional(),
		fields: list(nameValueSchema).optional(),
		paymentMethod: text().optional(),
		cancelUrl: webUrl(255).optional(),
		skipResult: bool().optional(),
		noBuyerFill: bool().optional(),
		type: enumOf(['checkin', 'autopay']).optional(),
		metadata: anyObject().optional(),
		// The internals of AutopayRequest are not shown.
		autopay: anyObject().optional(),
	}).superRefine((body, ctx) => {
		if (body.type === 'autopay' && body.autopay === undefined) ctx.addIssue({ code: 'custom', path: ['autopay'], message: 'is required when type is autopay' });
		if (body.type === 'checkin' && body.payment === undefined) ctx.addIssue({ code: 'custom', path: ['payment'], message: 'is required for a pre-authorization (checkin) session' });
	});

export function register(app: SandboxApp): void {
	app.router.post(
		'/api/session',
		signed((request, app) => {
			const now = Date.now();
			const checked = check(schema(now), request.body);
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
}
