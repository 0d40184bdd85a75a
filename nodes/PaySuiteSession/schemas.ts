/** What the Session node sends, as zod schemas with the spec's limits (checkout sessions, refunds, tickets). */
import { z } from 'zod/v3';

import { numericIdSchema } from '../shared/schemas/identifiers';
import {
	descriptionSchema,
	nameValuePairSchema,
	paymentRequestSchema,
	personSchema,
	referenceSchema,
	simpleAmountSchema,
	strictAmountSchema,
} from '../shared/schemas/payment';
import { httpUrl } from '../shared/schemas/url';

const MIN_EXPIRATION_MINUTES = 5;

const url255 = httpUrl(255);

/** The platform wants the buyer's own device; nothing is made up in its place. */
const IP_REQUIRED = "is required: the IP address of the buyer's device, such as the Webhook node's {{ $json.headers['x-forwarded-for'] }}";
const AGENT_REQUIRED = "is required: the buyer's browser user agent, such as the Webhook node's {{ $json.headers['user-agent'] }}";

const sessionLocaleSchema = z
	.string()
	.max(5, 'must be at most 5 characters')
	.regex(/^\w{2}_[A-Z]{2}/, 'must be a language and a country such as es_CO or en_US');

/** `expiration`: a date-time at least 5 minutes after now (the platform refuses an earlier one). */
export const expirationSchema = (now: () => number = Date.now) =>
	z
		.string()
		.min(1, 'must not be empty')
		.max(35, 'must be at most 35 characters')
		.superRefine((value, ctx) => {
			const at = Date.parse(value);
			if (Number.isNaN(at) || !/^\d{4}-\d{2}-\d{2}T/.test(value)) {
				ctx.addIssue({ code: 'custom', message: 'must be a date-time such as 2030-01-31T17:00:00-05:00' });
			} else if (at < now() + MIN_EXPIRATION_MINUTES * 60_000) {
				ctx.addIssue({
					code: 'custom',
					message: `must be at least ${MIN_EXPIRATION_MINUTES} minutes after now (it is ${value}, now is ${new Date(now()).toISOString()})`,
				});
			}
		});

/**
 * The payment as the spec lists its fields: a field it does not list (a typo in Payment Extras) fails the
 * item instead of being dropped without a word.
 */
const sessionPaymentSchema = paymentRequestSchema.extend({ amount: strictAmountSchema }).strict();

const objectSchema = z.record(z.unknown(), { invalid_type_error: 'must be a JSON object' });

export const sessionCreateSchema = z
	.object({
		locale: sessionLocaleSchema.optional(),
		payer: personSchema.optional(),
		buyer: personSchema.optional(),
		payment: sessionPaymentSchema.optional(),
		subscription: z
			.object({ reference: referenceSchema, description: descriptionSchema.optional(), fields: z.array(nameValuePairSchema).optional() })
			.optional(),
		fields: z.array(nameValuePairSchema).optional(),
		expiration: expirationSchema(),
		ipAddress: z
			.string({ required_error: IP_REQUIRED, invalid_type_error: 'must be text' })
			.trim()
			.min(1, IP_REQUIRED)
			.max(46, 'must be at most 46 characters (one address, not a list)'),
		userAgent: z
			.string({ required_error: AGENT_REQUIRED, invalid_type_error: 'must be text' })
			.trim()
			.min(1, AGENT_REQUIRED)
			.max(255, 'must be at most 255 characters'),
		returnUrl: url255,
		cancelUrl: url255.optional(),
		paymentMethod: z.string().optional(),
		skipResult: z.boolean().optional(),
		noBuyerFill: z.boolean().optional(),
		type: z.enum(['checkin', 'autopay']).optional(),
		metadata: objectSchema.optional(),
		autopay: objectSchema.optional(),
	})
	.strict()
	.superRefine((body, ctx) => {
		if (body.type === 'autopay' && !body.autopay) {
			ctx.addIssue({ code: 'custom', path: ['autopay'], message: 'is required when the session type is autopay' });
		}
	});

export type SessionCreateBody = z.infer<typeof sessionCreateSchema>;

export const refundSchema = z
	.object({
		internalReference: numericIdSchema,
		amount: simpleAmountSchema.refine((amount) => amount.total > 0, { message: 'must be more than 0', path: ['total'] }).optional(),
	})
	.strict();

export const TRANSACTION_ACTIONS = ['checkout', 'reauthorization', 'reverse'] as const;

export const transactionActionSchema = z
	.object({
		action: z.enum(TRANSACTION_ACTIONS),
		internalReference: numericIdSchema,
		amount: simpleAmountSchema.refine((amount) => amount.total > 0, { message: 'must be more than 0', path: ['total'] }).optional(),
	})
	.strict();

export const ticketCreateSchema = z
	.object({
		internalReference: numericIdSchema,
		tickets: z
			.array(
				z
					.object({
						ticket: z.string({ required_error: 'is required' }).min(1, 'must not be empty'),
						issuedAt: z.string({ required_error: 'is required' }).regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date (YYYY-MM-DD)'),
					})
					.strict(),
				{ required_error: 'is required' },
			)
			.min(1, 'must hold at least one ticket'),
	})
	.strict();

export const ticketSearchSchema = z.object({ internalReference: numericIdSchema }).strict();
