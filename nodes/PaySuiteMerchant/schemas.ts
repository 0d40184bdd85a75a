/**
 * The merchant write body as merchant-onboarding-api.md states it, checked before sending. Element shapes the spec does not show are the
 * writable fields of the read shapes; an unknown key inside one is refused, as the platform refuses it (422).
 */
import { z, type RefinementCtx } from 'zod/v3';

import { numericIdSchema } from '../shared/schemas/identifiers';
import { httpUrl } from '../shared/schemas/url';

const text = (max?: number) => {
	const base = z.string({ invalid_type_error: 'must be text', required_error: 'is required' });
	return max === undefined ? base : base.max(max, `must be at most ${max} characters`);
};
const requiredText = (max?: number) => text(max).trim().min(1, 'is required');
const integer = z.number({ invalid_type_error: 'must be a whole number' }).int('must be a whole number');
const uri = (max: number) => httpUrl(max);

/** Repeats, ignoring case, are refused at the path of the repetition. */
const stringSet = (item: z.ZodType<string>, label: string) =>
	z.array(item, { invalid_type_error: 'must be a list', required_error: 'is required' }).superRefine((values, ctx: RefinementCtx) => {
		const seen = new Set<string>();
		values.forEach((value, index) => {
			const folded = value.toLowerCase();
			if (seen.has(folded)) ctx.addIssue({ code: 'custom', path: [index], message: `repeats ${value}: ${label} are a set (case is ignored)` });
			seen.add(folded);
		});
	});

const settings = z.record(z.unknown(), { invalid_type_error: 'must be an object' });

/** As the read shape names its owner. */
const integrationSchema = (owner: 'customerId' | 'siteId') =>
	z.object({ id: numericIdSchema.optional(), [owner]: numericIdSchema.optional(), type: requiredText(50), settings: settings.optional() }).strict();

/** Upserted by type, so one body names each type once. */
const integrationsSchema = (owner: 'customerId' | 'siteId') =>
	z.array(integrationSchema(owner)).superRefine((integrations, ctx) => {
		const seen = new Set<string>();
		integrations.forEach((integration, index) => {
			const type = integration.type as string;
			if (seen.has(type)) ctx.addIssue({ code: 'custom', path: [index, 'type'], message: `repeats ${type}: give each integration type once (it replaces the one of that type)` });
			seen.add(type);
		});
	});

const paymentMethodFields = {
	id: numericIdSchema.optional(),
	customerId: numericIdSchema.optional(),
	code: requiredText().optional(),
	name: text().optional(),
	commissionModel: z.enum(['P', 'F']).optional(),
	commissionValue: z.number({ invalid_type_error: 'must be a number' }).optional(),
	accountNumber: text().optional(),
	accountType: integer.optional(),
	franchise: text().nullable().optional(),
	financialEntity: numericIdSchema.nullable().optional(),
	order: integer.optional(),
	disabled: z.boolean().optional(),
	creditRules: z.unknown().optional(),
	settings: settings.optional(),
};

/** Modifies one by `id` or registers a new one with `code`, never both. */
const paymentMethodSchema = z
	.object(paymentMethodFields)
	.strict()
	.superRefine((method, ctx) => {
		if (method.id !== undefined && method.code !== undefined) {
			ctx.addIssue({ code: 'custom', path: ['id'], message: 'takes an ID (to change an existing payment method) or a code (to add a new one), not both' });
		} else if (method.id === undefined && method.code === undefined) {
			ctx.addIssue({ code: 'custom', path: ['code'], message: 'needs an ID (to change an existing payment method) or a code (to add a new one)' });
		}
	});

const sitePaymentMethodSchema = z
	.object({ ...paymentMethodFields, siteId: numericIdSchema.optional(), customerPaymentId: numericIdSchema.optional(), minAmount: z.union([z.number(), z.string()]).optional(), maxAmount: z.union([z.number(), z.string()]).optional() })
	.strict();

const promotionSchema = z
	.object({
		code: text().optional(),
		description: text().optional(),
		type: text().optional(),
		startDate: text().optional(),
		endDate: text().optional(),
		condition: z.unknown().optional(),
		discountBase: z.union([z.number(), z.string()]).optional(),
		discountVariable: z.union([z.number(), z.string()]).optional(),
		maxDiscount: z.union([z.number(), z.string()]).optional(),
		franchise: text().nullable().optional(),
	})
	.strict();

const siteSettingsGroup = settings.optional();

const siteSchema = z
	.object({
		id: numericIdSchema.optional(),
		login: text().optional(),
		tranKey: text().optional(),
		md5Hash: text().optional(),
		customerId: numericIdSchema.optional(),
		name: text(120).optional(),
		displayName: text().optional(),
		type: text().optional(),
		category: text().optional(),
		email: text().email('must be an e-mail address').optional(),
		// A string in the onboarding read shape, an integer in the Core Administration write shape.
		customBatch: z.union([text(), integer], { errorMap: () => ({ message: 'must be text or a whole number' }) }).optional(),
		language: text().optional(),
		// Named by the merchant read shape (`sites[].languages`): the site's languages, a set like the merchant's.
		languages: stringSet(requiredText(), 'languages').optional(),
		currency: text().regex(/^[A-Za-z]{3}$/, 'must be a 3-letter ISO currency code').optional(),
		onTest: z.boolean().optional(),
		productionDate: text().optional(),
		active: z.boolean().optional(),
		expiration: text().optional(),
		integration: siteSettingsGroup,
		control: siteSettingsGroup,
		threeDS: siteSettingsGroup,
		historic: siteSettingsGroup,
		creditBureau: siteSettingsGroup,
		riskEngine: siteSettingsGroup,
		securityFilters: siteSettingsGroup,
		operation: siteSettingsGroup,
		subscriptionValidation: siteSettingsGroup,
		branding: siteSettingsGroup,
		metadata: siteSettingsGroup,
		promotions: z.array(promotionSchema).optional(),
		paymentMethods: z.array(sitePaymentMethodSchema).optional(),
		integrations: integrationsSchema('siteId').optional(),
	})
	.strict()
	.superRefine((site, ctx) => {
		if (site.id === undefined && !site.name?.trim()) ctx.addIssue({ code: 'custom', path: ['name'], message: 'is required for a new site (one without id)' });
	});

const required = (label: string) => ({ required_error: 'is required', invalid_type_error: `must be ${label}` });

const merchantFields = {
	name: requiredText(80),
	brand: requiredText(60),
	active: z.boolean().optional(),
	url: uri(255).nullable().optional(),
	incrementType: z.enum(['SMLMV', 'IPC']).optional(),
	mcc: requiredText().optional(),
	size: z.enum(['XS', 'S', 'M', 'L']).optional(),
	timezone: requiredText().optional(),
	languages: stringSet(requiredText(), 'languages'),
	currencies: stringSet(text().regex(/^[A-Za-z]{3}$/, 'must be a 3-letter ISO currency code'), 'currencies'),
	document: z.object({ type: text().optional(), number: text().optional() }, required('an object')).strict(),
	address: z
		.object({
			street: text().optional(),
			city: text().optional(),
			state: integer.optional(),
			country: text().optional(),
			phone: text().optional(),
			postalCode: text().optional(),
		}, required('an object'))
		.strict(),
	legalRepresentative: z
		.object({ name: text().optional(), surname: text().optional(), document: text().optional(), documentType: text().optional() }, required('an object'))
		.strict(),
	billing: z
		.object({
			contact: text().optional(),
			mail: text().email('must be an e-mail address').optional(),
			registrationNumber: text().optional(),
			taxType: integer.optional(),
			taxRegime: integer.optional(),
			organizationType: integer.optional(),
			ciiu: text().optional(),
		})
		.strict()
		.optional(),
	travelAgency: z.object({ dispersion: z.boolean().optional(), iata: text().optional() }).strict().optional(),
	control: z
		.object({
			seller: z.union([text(), integer]).nullable().optional(),
			reseller: z.union([text(), integer]).nullable().optional(),
			paymentFacilitator: z.union([text(), integer]).nullable().optional(),
		}, required('an object'))
		.strict(),
	integrations: integrationsSchema('customerId').optional(),
	paymentMethods: z.array(paymentMethodSchema).optional(),
	sites: z.array(siteSchema).optional(),
	notification: z.object({ url: uri(255) }).strict().optional(),
};

/** Unknown keys are refused: the platform would drop them silently. */
export const merchantCreateSchema = z
	.object(merchantFields, required('an object'))
	.strict()
	.superRefine((body, ctx) => {
		for (const key of ['document', 'address', 'legalRepresentative', 'control'] as const) {
			if (body[key] && Object.keys(body[key]).length === 0) ctx.addIssue({ code: 'custom', path: [key], message: 'is required (fill at least one of its fields)' });
		}
	});

export const merchantUpdateSchema = z
	.object(merchantFields)
	.partial()
	.strict()
	.refine((body) => Object.keys(body).length > 0, { message: 'needs at least one field to change' });
