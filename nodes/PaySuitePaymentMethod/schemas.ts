/**
 * What the Payment Method node sends, as zod schemas with the spec's limits (Core Administration API,
 * merchant and site payment methods). Used to validate a body before it is sent.
 */
import { z } from 'zod/v3';

import { MAX_AMOUNT } from '../shared/schemas/currencies';
import { numericIdSchema } from '../shared/schemas/identifiers';

const asNumber = (value: unknown) =>
	typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value)) ? Number(value) : value;
const asText = (value: unknown) => (typeof value === 'number' ? String(value) : value);

const number = () => z.preprocess(asNumber, z.number({ required_error: 'is required', invalid_type_error: 'must be a number' }).finite('must be a number'));
const integer = () =>
	z.preprocess(asNumber, z.number({ required_error: 'is required', invalid_type_error: 'must be a whole number' }).int('must be a whole number'));
/** An amount in the site's currency (not sent with it, so only the maximum is checked). */
const siteAmount = () => number().refine((value) => Math.abs(value) <= MAX_AMOUNT, 'is above the maximum of 1000000000000 (10^12); check it for a typing mistake');
const text = (max?: number) => {
	const base = z.string({ required_error: 'is required', invalid_type_error: 'must be text' });
	return max === undefined ? base : base.max(max, `must be at most ${max} characters`);
};

const commissionModelSchema = z.enum(['P', 'F'], { errorMap: () => ({ message: 'must be P or F' }) });
const accountNumberSchema = z.preprocess(asText, text(20));
const paymentMethodCodeSchema = text(5).min(1, 'is required');

/** `settings` of a payment method, with the spec's bounds. */
const settingsSchema = z
	.object(
		{
			merchantCode: text(),
			terminalNumber: z.preprocess(asText, text()),
			MID: z.preprocess(asText, text()),
			RUC: z.preprocess(asText, text()),
			username: text(30),
			password: text(30),
			retailCode: z.preprocess(asText, text(10)),
			terminalLocation: text(),
			serviceCode: z.preprocess(asText, text()),
			isEcommerce: z.boolean({ invalid_type_error: 'must be true or false' }),
			'3DSVersion': z.enum(['v1', 'v2'], { errorMap: () => ({ message: 'must be v1 or v2' }) }),
			'3DSApiKey': text(380),
			aggregatorModel: z.boolean({ invalid_type_error: 'must be true or false' }),
		},
		{ invalid_type_error: 'must be an object' },
	)
	.partial()
	.catchall(z.custom(() => false, { message: 'is not a payment method setting' }));

const creditRuleSchema = z
	.object(
		{
			minimum: z.preprocess(asText, text()),
			maximum: z.preprocess(asText, text()),
			remove: z.boolean({ invalid_type_error: 'must be true or false' }),
		},
		{ invalid_type_error: 'must be an object with minimum, maximum and/or remove' },
	)
	.partial()
	.catchall(z.custom(() => false, { message: 'is not a field of a credit rule (minimum, maximum, remove)' }));

/** `creditRules`: payment method code → card group code → installment number (a string key) → rule. */
const creditRulesSchema = z.record(
	z.record(
		z.record(text().regex(/^\d+$/, 'installment keys must be whole numbers, such as "3"'), creditRuleSchema, {
			invalid_type_error: 'must be an object keyed by installment number',
		}),
		{ invalid_type_error: 'must be an object keyed by card group code' },
	),
	{ invalid_type_error: 'must be a JSON object keyed by payment method code' },
);

export const merchantPaymentMethodCreateSchema = z
	.object({
		data: z
			.object({
				customerId: numericIdSchema,
				code: paymentMethodCodeSchema,
				commissionModel: commissionModelSchema,
				commissionValue: number(),
				accountType: integer(),
				accountNumber: accountNumberSchema,
				financialEntity: numericIdSchema.optional(),
				order: integer().optional(),
				settings: settingsSchema.optional(),
				creditRules: creditRulesSchema.optional(),
			})
			.strict(),
	})
	.strict();

export const merchantPaymentMethodUpdateSchema = z
	.object({
		id: numericIdSchema,
		data: z
			.object(
				{
					commissionModel: commissionModelSchema,
					commissionValue: number(),
					accountType: integer(),
					accountNumber: accountNumberSchema,
					financialEntity: numericIdSchema,
					order: integer(),
					settings: settingsSchema,
					creditRules: creditRulesSchema.nullable(),
				},
				{ required_error: 'needs at least one field to change' },
			)
			.partial()
			.strict()
			.refine((data) => Object.keys(data).length > 0, 'needs at least one field to change'),
	})
	.strict();

export const merchantPaymentMethodDeleteSchema = z.object({ id: numericIdSchema }).strict();

export const merchantPaymentMethodSearchSchema = z
	.object({
		customerId: numericIdSchema,
		id: numericIdSchema.optional(),
		name: text(50).min(3, 'must be 3 to 50 characters').optional(),
		code: text(5).optional(),
		franchise: text().optional(),
	})
	.strict();

/** `/core/site/payment-methods/create`, with the pair rules: min and max amounts, account type and number. */
export const sitePaymentMethodCreateSchema = z
	.object({
		data: z
			.object({
				siteId: numericIdSchema,
				customerPaymentId: numericIdSchema,
				order: integer().optional(),
				minAmount: siteAmount().optional(),
				maxAmount: siteAmount().optional(),
				accountType: integer().optional(),
				accountNumber: accountNumberSchema.optional(),
				financialEntity: numericIdSchema.optional(),
				commissionModel: commissionModelSchema.optional(),
				commissionValue: number().optional(),
				settings: settingsSchema.optional(),
				creditRules: creditRulesSchema.optional(),
			})
			.strict()
			.superRefine((data, ctx) => {
				const pairs: Array<[keyof typeof data, keyof typeof data]> = [
					['minAmount', 'maxAmount'],
					['maxAmount', 'minAmount'],
					['accountType', 'accountNumber'],
					['accountNumber', 'accountType'],
				];
				for (const [present, missing] of pairs) {
					if (data[present] !== undefined && data[missing] === undefined) {
						ctx.addIssue({ code: 'custom', path: [missing], message: `is required when ${present} is set (they are sent together)` });
					}
				}
			}),
	})
	.strict();

export type MerchantPaymentMethodCreateBody = z.infer<typeof merchantPaymentMethodCreateSchema>;
export type MerchantPaymentMethodUpdateBody = z.infer<typeof merchantPaymentMethodUpdateSchema>;
export type MerchantPaymentMethodDeleteBody = z.infer<typeof merchantPaymentMethodDeleteSchema>;
export type MerchantPaymentMethodSearch = z.infer<typeof merchantPaymentMethodSearchSchema>;
export type SitePaymentMethodCreateBody = z.infer<typeof sitePaymentMethodCreateSchema>;
