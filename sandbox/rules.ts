/**
 * Field rules the route modules share: the zod helpers that word each problem as the sandbox reports it, the
 * spec's common structures (Amount with its taxes and details kinds, Person, NameValuePair, PaymentRequest)
 * and `check`, which turns what zod found into the platform's refusal (HTTP 400, reason XN, every problem with
 * its body path in the status message).
 *
 * Written from the spec (payment-processing-api.md, core-administration-api.md), never from the nodes.
 * A rule that one area words differently (a length limit's message, a date-time's form) stays in that
 * route module, or is passed in, as PaymentRequest's reference, description and notificationUrl are.
 */
import { z, type RefinementCtx, type ZodIssue, type ZodTypeAny } from 'zod/v3';

import { decimals, minorUnits } from './currencies';
import { refuse, type SandboxResponse } from './http';
import type { Id } from './json';

// ---------------------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------------------

export const text = (max?: number) => {
	const base = z.string({ required_error: 'is required', invalid_type_error: 'must be a string' });
	return max === undefined ? base : base.max(max, `must be at most ${max} characters`);
};
export const number = () => z.number({ required_error: 'is required', invalid_type_error: 'must be a number' }).finite('must be a number');
/** `total` is a number; a numeric string also appears in the spec. */
export const total = () =>
	z.union([number(), text().regex(/^\d+(\.\d+)?$/, 'must be a number')], { errorMap: () => ({ message: 'must be a number' }) }).transform(Number);
export const integer = () => number().int('must be a whole number');
export const positiveInteger = () => integer().positive('must be a positive whole number');
/**
 * An identifier the spec types as an integer: a positive whole number of any length (beyond 2^53 the sandbox's
 * JSON reads it as a bigint, so every digit counts). Text, even of digits, is not an integer.
 */
export const id = () =>
	z
		.unknown()
		.superRefine((value, ctx) => {
			const whole = (typeof value === 'number' && Number.isInteger(value) && value > 0) || (typeof value === 'bigint' && value > 0n);
			if (value === undefined) ctx.addIssue({ code: 'custom', message: 'is required' });
			else if (!whole) ctx.addIssue({ code: 'custom', message: 'must be a positive whole number' });
		})
		.transform((value) => value as Id);
export const bool = () => z.boolean({ required_error: 'is required', invalid_type_error: 'must be true or false' });
/** An object that refuses fields it does not list. */
export const object = <T extends z.ZodRawShape>(shape: T) => z.object(shape, { invalid_type_error: 'must be an object', required_error: 'is required' }).strict();
export const anyObject = () => z.record(z.unknown(), { invalid_type_error: 'must be an object', required_error: 'is required' });
export const list = <T extends ZodTypeAny>(item: T) => z.array(item, { invalid_type_error: 'must be an array' });
export const enumOf = <T extends string>(values: readonly [T, ...T[]]) =>
	z.enum(values, {
		errorMap: (issue) => ({ message: issue.code === 'invalid_type' && issue.received === 'undefined' ? 'is required' : `must be one of ${values.join(', ')}` }),
	});
export const uri = (max?: number) =>
	text(max).refine((value) => {
		try {
			return /^[a-z][a-z0-9+.-]*:/i.test(value) && Boolean(new URL(value));
		} catch {
			return false;
		}
	}, 'must be an absolute URI');
/**
 * A URL the platform calls (notification, callback) or sends the buyer to (return, cancel): the spec's words
 * ("URL notified", "the user is sent here") make it a web address, so only http and https are taken.
 */
export const webUrl = (max?: number) =>
	uri(max).refine((value) => /^https?:\/\/[^/]/i.test(value), 'must be an http or https URL');
export const dateOnly = () =>
	text().refine((value) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value)), 'must be a date of the form YYYY-MM-DD');
export const currency = () =>
	text().refine((value) => /^[A-Z]{3}$/.test(value) && minorUnits(value) !== undefined, 'must be an ISO 4217 alphabetic currency code');

/** Each number of an amount has at most the decimals ISO 4217 gives its currency (USD 2, JPY 0, KWD 3). */
export function amountDecimals(
	amount: { currency?: string; total?: number; taxes?: Array<{ amount?: number; base?: number }>; details?: Array<{ amount?: number }> },
	ctx: RefinementCtx,
): void {
	const allowed = minorUnits(amount.currency ?? '');
	if (allowed === undefined) return;
	const check = (value: number | undefined, path: Array<string | number>) => {
		if (value !== undefined && decimals(value) > allowed) {
			ctx.addIssue({ code: 'custom', path, message: `has ${decimals(value)} decimals; ${amount.currency} takes at most ${allowed}` });
		}
	};
	check(amount.total, ['total']);
	amount.taxes?.forEach((tax, index) => {
		check(tax.amount, ['taxes', index, 'amount']);
		check(tax.base, ['taxes', index, 'base']);
	});
	amount.details?.forEach((detail, index) => check(detail.amount, ['details', index, 'amount']));
}

// ---------------------------------------------------------------------------------------------------------
// The spec's shared structures
// ---------------------------------------------------------------------------------------------------------

export const TAX_KINDS = ['valueAddedTax', 'exciseDuty', 'ice', 'airportTax', 'stateTax', 'reducedStateTax', 'municipalTax'] as const;
export const DETAIL_KINDS = [
	'discount',
	'additional',
	'vatDevolutionBase',
	'shipping',
	'handlingFee',
	'insurance',
	'giftWrap',
	'subtotal',
	'fee',
	'tip',
	'airline',
	'interests',
] as const;

export const amountSchema = object({
	currency: currency(),
	total: total(),
	taxes: list(object({ kind: enumOf(TAX_KINDS), amount: number(), base: number().optional() })).optional(),
	details: list(object({ kind: enumOf(DETAIL_KINDS), amount: number() })).optional(),
}).superRefine(amountDecimals);

export const addressSchema = object({ street: text(), city: text(), state: text(), postalCode: text(), country: text(), phone: text() }).partial();

export const personSchema = object({
	document: text(),
	documentType: text(),
	name: text(),
	surname: text(),
	company: text(),
	email: text().email('must be an e-mail address'),
	mobile: text(),
	address: addressSchema,
}).partial();

export const nameValueSchema = object({
	keyword: text().min(1, 'must not be empty'),
	value: z.unknown(),
	displayOn: enumOf(['none', 'approved', 'payment', 'both']).optional(),
});

/** The rules each area words or bounds its own way. */
export interface PaymentRequestLimits {
	reference: z.ZodString;
	description: z.ZodString;
	/** recurring.notificationUrl */
	notificationUrl: ReturnType<typeof webUrl>;
}

/** The spec's PaymentRequest. */
export const paymentRequestSchema = (limits: PaymentRequestLimits) =>
	object({
		reference: limits.reference,
		description: limits.description.optional(),
		amount: amountSchema,
		allowPartial: bool().optional(),
		shipping: personSchema.optional(),
		items: list(object({ sku: text(), name: text(), category: text(), qty: number(), price: number(), tax: number() }).partial()).optional(),
		fields: list(nameValueSchema).optional(),
		recurring: object({
			periodicity: text(),
			interval: number(),
			nextPayment: dateOnly(),
			maxPeriods: integer(),
			dueDate: dateOnly(),
			notificationUrl: limits.notificationUrl,
		})
			.partial()
			.optional(),
		subscribe: bool().optional(),
		dispersion: list(object({ agreement: z.unknown(), agreementType: text(), amount: amountSchema }).partial()).optional(),
		modifiers: list(object({ type: text(), code: z.unknown(), additional: anyObject() }).partial()).optional(),
		processorFields: list(nameValueSchema).optional(),
	});

// ---------------------------------------------------------------------------------------------------------
// The refusal
// ---------------------------------------------------------------------------------------------------------

/** Every problem zod found, keyed by body path (unknown fields named one by one). */
export function fieldErrors(issues: ZodIssue[]): Record<string, string[]> {
	const errors: Record<string, string[]> = {};
	const add = (path: Array<string | number>, problem: string) => {
		const key = path.length ? path.join('.') : '(body)';
		(errors[key] ??= []).push(problem);
	};
	for (const issue of issues) {
		if (issue.code === 'unrecognized_keys') for (const key of issue.keys) add([...issue.path, key], 'is not a field of this request');
		else if (issue.code === 'invalid_type' && issue.received === 'undefined') add(issue.path, 'is required');
		else add(issue.path, issue.message);
	}
	return errors;
}

/**
 * The body's value as the schema reads it, or the refusal: HTTP 400, reason XN, and in `status.message` (the
 * signed APIs' answers carry only the status structure) every problem with its body path:
 * `Invalid payment.reference: must be 1 to 32 characters; amount.total: must be a number`.
 */
export function check<T extends ZodTypeAny>(schema: T, body: unknown): { value: z.infer<T> } | { refusal: SandboxResponse } {
	const result = schema.safeParse(body ?? {});
	if (result.success) return { value: result.data };
	const problems = Object.entries(fieldErrors(result.error.issues)).flatMap(([path, found]) => found.map((problem) => `${path}: ${problem}`));
	return { refusal: refuse(400, 'XN', `Invalid ${problems.join('; ')}`) };
}
