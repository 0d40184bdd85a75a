/**
 * The gateway's request bodies with the spec's limits (payment-processing-api.md, "Gateway"). Unknown keys are
 * refused (strict), so a misspelt key in a JSON field is reported instead of silently dropped.
 */
import { z } from 'zod/v3';

import { numericIdSchema } from '../shared/schemas/identifiers';
import {
	cardSchema,
	paymentRequestSchema,
	personSchema,
	referenceSchema,
	strictAmountSchema,
	strictSimpleAmountSchema,
} from '../shared/schemas/payment';
import { httpUrl } from '../shared/schemas/url';

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
] as const;

const REPORT_STATES = ['APPROVED', 'REJECTED', 'FAILED', 'PENDING'] as const;
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

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const locale = z.string().max(5, 'must be at most 5 characters').optional();
const ipAddress = z.string().max(46, 'must be at most 46 characters').optional();
const userAgent = z.string().max(255, 'must be at most 255 characters').optional();
const jsonObject = z.record(z.unknown(), { invalid_type_error: 'must be a JSON object' });

/** The spec shows the number alone too. */
const lookupCardSchema = cardSchema.partial({ expiration: true }).strict();

const lookupPaymentSchema = z.object({ reference: referenceSchema, amount: strictAmountSchema }).strict();

export const informationSchema = z
	.object({
		locale,
		instrument: z.object({ card: lookupCardSchema }).strict(),
		payment: lookupPaymentSchema.optional(),
		ipAddress,
		userAgent,
	})
	.strict();
export type InformationBody = z.infer<typeof informationSchema>;

const creditSchema = z
	.object({
		code: z.union([z.string().min(1, 'must not be empty'), z.number()], { errorMap: () => ({ message: 'is required' }) }),
		type: z.string().optional(),
		groupCode: z.string().optional(),
		installment: z.number({ required_error: 'is required', invalid_type_error: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1'),
	})
	.strict();

export const interestsSchema = z
	.object({
		locale,
		instrument: z.object({ card: lookupCardSchema, credit: creditSchema }).strict(),
		payment: lookupPaymentSchema,
		ipAddress,
		userAgent,
	})
	.strict();
export type InterestsBody = z.infer<typeof interestsSchema>;

export const balanceSchema = z
	.object({ locale, instrument: z.object({ card: lookupCardSchema }).strict(), payment: lookupPaymentSchema.optional() })
	.strict();
export type BalanceBody = z.infer<typeof balanceSchema>;

const tokenSchema = z.object({ token: z.string().min(1, 'must not be empty'), subtoken: z.string().optional() }).strict();

export const processSchema = z
	.object({
		action: z.literal('checkin').optional(),
		locale,
		// Left empty, the group is not sent at all: the same words whether it is missing or empty.
		payer: personSchema
			.strict()
			.optional()
			.refine((payer) => payer !== undefined && Object.keys(payer).length > 0, 'is required: add at least one of its fields, usually Name, Surname, Email and Document'),
		buyer: personSchema.strict().optional(),
		instrument: z
			.object({
				card: cardSchema.strict().optional(),
				token: tokenSchema.optional(),
				credit: creditSchema.optional(),
				otp: z.string().optional(),
				threeDS: jsonObject.optional(),
			})
			.strict()
			.refine((instrument) => Boolean(instrument.card) !== Boolean(instrument.token), 'must hold either a card or a token'),
		payment: paymentRequestSchema.strict(),
		additional: jsonObject
			.superRefine((value, ctx) => {
				for (const key of FORBIDDEN_ADDITIONAL_KEYS) {
					if (key in value) ctx.addIssue({ code: 'custom', path: [key], message: 'is a key the platform forbids in additional data' });
				}
			})
			.optional(),
		metadata: jsonObject.optional(),
		idempotenceKey: z.string().min(1, 'must not be empty').max(32, 'must be at most 32 characters'),
		notificationURL: httpUrl().optional(),
		ipAddress,
		userAgent,
		sourcePlatform: z.string().optional(),
	})
	.strict();

export const querySchema = z.object({ locale, internalReference: numericIdSchema }).strict();
export type QueryBody = z.infer<typeof querySchema>;

export const searchSchema = z.object({ reference: z.string().min(1, 'must not be empty'), amount: strictAmountSchema }).strict();
export type SearchBody = z.infer<typeof searchSchema>;

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
/** ISO 8601 with an offset (the site's, as the nodes write it). */
export const dateTime = z
	.string({ required_error: 'is required', invalid_type_error: 'must be a date-time' })
	.regex(ISO_DATE_TIME, 'must be a date-time such as 2025-01-31T00:00:00+00:00');

export const reportSchema = z
	.object({
		filters: z
			.object({
				startDate: dateTime,
				endDate: dateTime,
				state: z.array(z.enum(REPORT_STATES)).optional(),
				type: z.array(z.enum(REPORT_TYPES)).optional(),
			})
			.strict()
			.refine((filters) => Date.parse(filters.startDate) <= Date.parse(filters.endDate), {
				message: 'must not be before the start date',
				path: ['endDate'],
			}),
		callbackUrl: httpUrl().optional(),
		locale,
	})
	.strict();
export type ReportBody = z.infer<typeof reportSchema>;

export const obtainSchema = z.object({ id: numericIdSchema }).strict();

export const validatorSessionSchema = z
	.object({
		user: z
			.object({ name: z.string().optional(), surname: z.string().optional(), email: z.string().email('must be an e-mail address').optional() })
			.strict()
			.refine((user) => Object.keys(user).length > 0, 'is required: set at least the e-mail of the user'),
		returnUrl: httpUrl(255),
		locale,
		isAuthenticated: z.boolean().optional(),
	})
	.strict();
export type ValidatorSessionBody = z.infer<typeof validatorSessionSchema>;

export const validatorQuerySchema = z
	.object({
		requestId: z
			.string({ required_error: 'is required' })
			.max(36, 'must be at most 36 characters')
			.regex(UUID_PATTERN, 'must be a UUID such as 0f8fad5b-d9cb-469f-a165-70867728950e (lower-case)'),
	})
	.strict();
export type ValidatorQueryBody = z.infer<typeof validatorQuerySchema>;

export const validatorValidateSchema = z
	.object({
		instrument: z.object({ token: tokenSchema }).strict(),
		payment: z.object({ amount: strictSimpleAmountSchema }).strict().optional(),
		locale,
	})
	.strict();
export type ValidatorValidateBody = z.infer<typeof validatorValidateSchema>;
