/** The Payment Processing API's shared structures with the spec's limits, for what a node sends (answers are not parsed with them). */
import { z, type RefinementCtx } from 'zod/v3';

import { amountProblem, MAX_AMOUNT, minorUnitsOf } from './currencies';
import { httpUrl } from './url';

/** In the order the panel's dropdowns show them (by name). */
export const TAX_KINDS = ['airportTax', 'exciseDuty', 'ice', 'municipalTax', 'reducedStateTax', 'stateTax', 'valueAddedTax'] as const;
export const DETAIL_KINDS = [
	'additional',
	'airline',
	'discount',
	'fee',
	'giftWrap',
	'handlingFee',
	'insurance',
	'interests',
	'shipping',
	'subtotal',
	'tip',
	'vatDevolutionBase',
] as const;

/** Expressions may give numeric strings; the platform takes numbers. */
const amountNumber = z.preprocess(
	(value) => (typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value)) ? Number(value) : value),
	z.number({ invalid_type_error: 'must be a number' }).finite(),
);

const currencySchema = z
	.string({ required_error: 'is required', invalid_type_error: 'must be a currency code such as USD' })
	.superRefine((code, ctx) => {
		if (!/^[A-Z]{3}$/.test(code)) ctx.addIssue({ code: 'custom', message: 'must be an ISO 4217 alphabetic code such as USD' });
		else if (minorUnitsOf(code) === undefined) ctx.addIssue({ code: 'custom', message: 'is not an ISO 4217 currency code (such as USD, COP, EUR)' });
	});

/** Without a currency of its own at hand, only the maximum applies. */
const boundedNumber = amountNumber.refine((value) => Math.abs(value) <= MAX_AMOUNT, {
	message: 'is above the maximum of 1000000000000 (10^12); check it for a typing mistake',
});

const addressSchema = z
	.object({ street: z.string(), city: z.string(), state: z.string(), postalCode: z.string(), country: z.string(), phone: z.string() })
	.partial();

export const personSchema = z
	.object({
		document: z.string(),
		documentType: z.string(),
		name: z.string(),
		surname: z.string(),
		company: z.string(),
		email: z.string().email('must be an e-mail address'),
		mobile: z.string(),
		address: addressSchema,
	})
	.partial();

const amountObject = z.object({
	currency: currencySchema,
	total: amountNumber.refine((total) => total >= 0, 'must not be negative'),
	taxes: z.array(z.object({ kind: z.enum(TAX_KINDS), amount: amountNumber, base: amountNumber.optional() })).optional(),
	details: z.array(z.object({ kind: z.enum(DETAIL_KINDS), amount: amountNumber })).optional(),
});

type AmountFields = Partial<z.infer<typeof amountObject>>;

/** At most the currency's decimals and the maximum, each problem at its own path (total, taxes.0.amount...). */
function checkAmountNumbers(amount: AmountFields, ctx: RefinementCtx): void {
	const currency = amount.currency ?? '';
	if (minorUnitsOf(currency) === undefined) return;
	const check = (value: number | undefined, path: Array<string | number>) => {
		const problem = value === undefined ? undefined : amountProblem(value, currency);
		if (problem) ctx.addIssue({ code: 'custom', path, message: problem });
	};
	check(amount.total, ['total']);
	amount.taxes?.forEach((tax, index) => {
		check(tax.amount, ['taxes', index, 'amount']);
		check(tax.base, ['taxes', index, 'base']);
	});
	amount.details?.forEach((detail, index) => check(detail.amount, ['details', index, 'amount']));
}

export const amountSchema = amountObject.superRefine(checkAmountNumbers);
/** Refusing fields the spec does not list. */
export const strictAmountSchema = amountObject.strict().superRefine(checkAmountNumbers);

/** A partial refund or reversal: `{currency, total}` only. */
export const simpleAmountSchema = amountObject.pick({ currency: true, total: true }).superRefine(checkAmountNumbers);
export const strictSimpleAmountSchema = amountObject.pick({ currency: true, total: true }).strict().superRefine(checkAmountNumbers);

export const nameValuePairSchema = z.object({
	keyword: z.string().min(1),
	value: z.unknown(),
	displayOn: z.enum(['none', 'approved', 'payment', 'both']).optional(),
});

export const referenceSchema = z.string().min(1, 'must not be empty').max(32, 'must be at most 32 characters');
export const descriptionSchema = z.string().min(1, 'must not be empty').max(255, 'must be at most 255 characters');

export const paymentRequestSchema = z.object({
	reference: referenceSchema,
	description: descriptionSchema.optional(),
	amount: amountSchema,
	allowPartial: z.boolean().optional(),
	shipping: personSchema.optional(),
	items: z
		.array(
			z
				.object({ sku: z.string(), name: z.string(), category: z.string(), qty: amountNumber, price: boundedNumber, tax: boundedNumber })
				.partial(),
		)
		.optional(),
	fields: z.array(nameValuePairSchema).optional(),
	recurring: z
		.object({
			periodicity: z.string(),
			interval: amountNumber,
			nextPayment: z.string(),
			maxPeriods: z.number().int(),
			dueDate: z.string(),
			notificationUrl: httpUrl(),
		})
		.partial()
		.optional(),
	subscribe: z.boolean().optional(),
	dispersion: z.array(z.object({ agreement: z.unknown(), agreementType: z.string(), amount: amountSchema }).partial()).optional(),
	modifiers: z.array(z.object({ type: z.string(), code: z.unknown(), additional: z.record(z.unknown()) }).partial()).optional(),
	processorFields: z.array(nameValuePairSchema).optional(),
});

export const cardSchema = z.object({
	number: z.string().regex(/^\d{12,19}$/, 'must be 12 to 19 digits'),
	expiration: z.string().regex(/^(0[1-9]|1[0-2])\/\d{2}$/, 'must be MM/YY'),
	cvv: z.string().regex(/^\d{3,4}$/, 'must be 3 or 4 digits').optional(),
});
