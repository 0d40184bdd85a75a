/** What the Site node sends, with the spec's rules (site write shape); answers are not parsed with them. */
import { z, type ZodTypeAny } from 'zod/v3';

import { numericIdSchema } from '../shared/schemas/identifiers';
import { httpUrl } from '../shared/schemas/url';

/** Expressions may give numeric strings; the platform takes numbers. */
const asNumber = (value: unknown) =>
	typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value)) ? Number(value) : value;
const number = () => z.preprocess(asNumber, z.number({ invalid_type_error: 'must be a number' }).finite('must be a number'));
const integer = () => z.preprocess(asNumber, z.number({ invalid_type_error: 'must be a whole number' }).int('must be a whole number'));
const bool = () => z.boolean({ invalid_type_error: 'must be true or false' });
const text = () => z.string({ invalid_type_error: 'must be text' });
const list = (item: ZodTypeAny) => z.array(item, { invalid_type_error: 'must be a list (JSON array)' });
/** Refused one by one, so the message names the misspelt field. */
const unknownField = (what: string) => z.custom(() => false, { message: `is not a field of ${what}` });
const section = <T extends z.ZodRawShape>(shape: T) =>
	z.object(shape, { invalid_type_error: 'must be a JSON object' }).partial().catchall(unknownField('this part of the site configuration (check its spelling)'));

const COLOUR = /^#[0-9a-fA-F]{6}$/;
const colourSchema = text().regex(COLOUR, 'must be a colour of the form #rrggbb, such as #1a2b3c');
const hexSchema = text().regex(/^[0-9a-fA-F]+$/, 'must contain hexadecimal characters only (0-9, a-f)');
const countryCodes = list(text().regex(/^[A-Z]{2}$/, 'must be a two-letter country code such as US'));

const dateTimeSchema = text().refine(
	(value) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/.test(value) && !Number.isNaN(Date.parse(value)),
	'must be an ISO 8601 date-time such as 2030-01-31T17:00:00+00:00',
);
const dateOnlySchema = text().refine(
	(value) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value)),
	'must be a date of the form YYYY-MM-DD',
);

const brandingSchema = section({ buttonColor: colourSchema, sidebarColor: colourSchema, logoUrl: httpUrl() });

/** `sourceRestriction` only on update-all; a null `initiatorIndicator` removes it there. */
const integrationSchema = (mode: 'create' | 'update') =>
	section({
		allowPartial: bool(),
		allowWallet: bool(),
		checkoutAttemptsLimit: integer().nullable(),
		connectionMethod: text(),
		notificationUrl: httpUrl(),
		checkoutVersion: text(),
		analyticsCode: text(),
		initiatorIndicator: mode === 'update' ? text().nullable() : text(),
		...(mode === 'update' ? { sourceRestriction: text() } : {}),
	});

const configurationShape = {
	control: section({
		minAmount: number(),
		maxAmount: number(),
		allowedDays: integer(),
		allowedHours: hexSchema,
		delegatedAuthorization: hexSchema,
		filterMethodA: bool(),
		filterMethodB: bool(),
		filterMethodC: bool(),
		prechargeFilter: integer(),
		allowedBankCountries: countryCodes,
		filterByBin: bool(),
		exceptionBinsList: list(integer()),
	}),
	threeDS: section({ setting: text(), minAmount: number() }),
	historic: section({ behaviour: text(), lowerScore: number().nullable(), rejectionScore: number().nullable() }),
	creditBureau: section({
		behaviours: section({ onFailed: text(), onNoMatch: text(), onMatch: text() }),
		paymentGroups: list(text()),
		minAmount: number(),
	}),
	riskEngine: section({
		behaviours: section({ onFailed: text(), onLowRisk: text(), onMediumRisk: text(), onHighRisk: text() }),
		paymentGroups: list(text()),
		minAmount: number(),
		approvalScore: number(),
		rejectionScore: number(),
		onCalibration: bool(),
	}),
	securityFilters: section({
		filterLockedByTries: bool(),
		allowedIssuerCountries: list(text()),
		forceIPMatch: bool(),
		excludeIPCountry: list(text()),
		onlyWhitelisted: bool(),
		allowedIPCountries: list(text()),
		allowedCardsDay: integer(),
		allowedCardsByIP: integer(),
		allowedCardsMonth: integer(),
		allowedCardsYear: integer(),
		dayMax: integer(),
		monthMax: integer(),
		dayMaxAmount: number(),
		monthMaxAmount: number(),
	}),
	operation: section({
		disableTax: bool(),
		calculateTax: bool(),
		taxPercentage: number(),
		patternReference: text(),
		mailCustomer: bool(),
		mailMerchant: bool(),
	}),
	subscriptionValidation: section({ enable: bool(), amount: number() }),
	branding: brandingSchema,
};

const commonData = {
	login: text(),
	tranKey: text(),
	md5Hash: text(),
	name: text(),
	displayName: text(),
	type: text(),
	category: text(),
	email: text().email('must be an e-mail address'),
	currency: text(),
	language: text(),
	active: bool(),
	customBatch: integer(),
	expiration: dateTimeSchema,
	onTest: bool(),
	...configurationShape,
};

const dataObject = <T extends z.ZodRawShape>(shape: T) => z.object(shape, { required_error: 'needs at least one field to change' }).partial();
const notInWriteShape = unknownField('a site (check its spelling)');

/** The write shape with the merchant (`customerId`) and a name. */
export const siteCreateSchema = z
	.object({
		data: dataObject({ ...commonData, integration: integrationSchema('create') })
			.extend({ customerId: numericIdSchema, name: text().min(1, 'is required') })
			.catchall(notInWriteShape),
	})
	.strict();

/** Without `customerId`, plus `productionDate` and `sourceRestriction`. */
export const siteUpdateAllSchema = z
	.object({
		id: numericIdSchema,
		data: dataObject({ ...commonData, integration: integrationSchema('update'), productionDate: dateOnlySchema })
			.catchall(notInWriteShape)
			.refine((data) => Object.keys(data).length > 0, 'needs at least one field to change'),
	})
	.strict();

/** Branding colours and checkout version. */
export const siteUpdateBrandingSchema = z
	.object({
		id: numericIdSchema,
		branding: z.object({ buttonColor: colourSchema, sidebarColor: colourSchema }).partial().strict().optional(),
		checkoutVersion: text().optional(),
	})
	.strict();

export type SiteCreateBody = z.infer<typeof siteCreateSchema>;
export type SiteUpdateAllBody = z.infer<typeof siteUpdateAllSchema>;
export type SiteUpdateBrandingBody = z.infer<typeof siteUpdateBrandingSchema>;
