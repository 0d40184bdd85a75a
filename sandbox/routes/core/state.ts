/**
 * What the Core Administration endpoints share: the area's state (merchants, financial entities, merchant and
 * site payment methods, facilitators, site configurations) and its seed, the field rules of more than one
 * endpoint, and the site read shape. See docs/sandbox/core.md.
 */
import { z, type ZodTypeAny } from 'zod/v3';

import { invalidField, type SandboxApp, type SandboxResponse } from '../../http';
import { parseJson, stringifyJson, type Id } from '../../json';
import { bool, dateOnly, id as identifier, list, number, object, text, webUrl } from '../../rules';
import type { SiteRecord } from '../../world';

// ---------------------------------------------------------------------------------------------------------
// State
// ---------------------------------------------------------------------------------------------------------

export interface Merchant {
	id: Id;
	name: string;
	brand: string;
	country: string;
	document: string;
	documentType: string;
}

export interface FinancialEntity {
	id: Id;
	name: string;
	code: string;
	country: string;
}

export interface MerchantPaymentMethod {
	id: Id;
	customerId: Id;
	code: string;
	name: string;
	commissionModel: string;
	commissionValue: number;
	accountNumber: string;
	accountType: number;
	franchise: string | null;
	financialEntity: Id | null;
	order: number;
	disabled: boolean;
	settings: Record<string, unknown> | null;
	creditRules: Record<string, unknown>;
}

export interface SitePaymentMethod {
	id: Id;
	siteId: Id;
	customerPaymentId: Id;
	[field: string]: unknown;
}

export interface Facilitator {
	id: Id;
	name: string;
	active: boolean;
	country: string;
	networkIdA: number;
	networkIdB: number;
}

/** The stored configuration of a site (the write shape, minus its credentials, which live in world.sites). */
export type SiteConfiguration = Record<string, unknown> & { checkoutVersion?: string };

export interface CoreState {
	merchants: Merchant[];
	financialEntities: FinancialEntity[];
	merchantPaymentMethods: MerchantPaymentMethod[];
	sitePaymentMethods: SitePaymentMethod[];
	facilitators: Facilitator[];
	/** Keyed by site id. */
	siteConfigurations: Record<string, SiteConfiguration>;
}

export const FRANCHISE_CODES = ['CARD_A', 'CARD_B', 'CARD_C', 'CARD_D'] as const;

/** The sandbox's catalogue of payment method codes (the spec gives none): code → name and franchise. */
export const PAYMENT_METHOD_CATALOGUE: Record<string, { name: string; franchise: string | null }> = {
	CRA: { name: 'Credit card A', franchise: 'CARD_A' },
	CRB: { name: 'Credit card B', franchise: 'CARD_B' },
	CRC: { name: 'Credit card C', franchise: 'CARD_C' },
	CRD: { name: 'Credit card D', franchise: 'CARD_D' },
	DBA: { name: 'Debit card A', franchise: 'CARD_A' },
	DBB: { name: 'Debit card B', franchise: 'CARD_B' },
	BTR: { name: 'Bank transfer', franchise: null },
	CASH: { name: 'Cash', franchise: null },
};

const OTHER_CUSTOMER_ID = 1002;

function initialState(app: SandboxApp): CoreState {
	const customerId = app.world.credentials.customerId;
	const method = (id: number, owner: number, code: string, fields: Partial<MerchantPaymentMethod> = {}): MerchantPaymentMethod => ({
		id,
		customerId: owner,
		code,
		name: PAYMENT_METHOD_CATALOGUE[code].name,
		commissionModel: 'P',
		commissionValue: 2.5,
		accountNumber: `00012345${id}`,
		accountType: 1,
		franchise: PAYMENT_METHOD_CATALOGUE[code].franchise,
		financialEntity: owner === customerId ? 101 : 201,
		order: 1,
		disabled: false,
		settings: null,
		creditRules: {},
		...fields,
	});
	const countries = ['US', 'CO', 'EC', 'PE', 'CL'];
	return {
		merchants: [
			{ id: customerId, name: 'Demo Merchant Inc.', brand: 'Demo Store', country: 'US', document: '900123456', documentType: 'TAX' },
			{ id: OTHER_CUSTOMER_ID, name: 'Other Merchant S.A.S.', brand: 'Other Store', country: 'CO', document: '800765432', documentType: 'TAX' },
		],
		financialEntities: [
			{ id: 101, name: 'First Sandbox Bank', code: 'FSB', country: 'US' },
			{ id: 102, name: 'Second Sandbox Bank', code: 'SSB', country: 'US' },
			{ id: 201, name: 'Banco Sandbox', code: 'BSX', country: 'CO' },
			{ id: 202, name: 'Banco de Pruebas', code: 'BDP', country: 'CO' },
		],
		merchantPaymentMethods: [
			method(501, customerId, 'CRA', { settings: { merchantCode: 'M-001', terminalNumber: 'T-01', isEcommerce: true, aggregatorModel: false } }),
			method(502, customerId, 'CRB', { order: 2, commissionValue: 2.9 }),
			method(503, customerId, 'CRC', { order: 3, commissionModel: 'F', commissionValue: 0.35 }),
			method(504, customerId, 'CRD', { order: 4, disabled: true }),
			method(505, customerId, 'DBA', { order: 5, financialEntity: 102 }),
			method(506, customerId, 'DBB', { order: 6, creditRules: { DBB: { DEFAULT: { '1': { minimum: '1.00', maximum: '5000.00' } } } } }),
			method(507, OTHER_CUSTOMER_ID, 'CRA'),
			method(508, OTHER_CUSTOMER_ID, 'CRB', { order: 2 }),
		],
		sitePaymentMethods: [],
		facilitators: Array.from({ length: 20 }, (_, index) => ({
			id: index + 1,
			name: `Sandbox Facilitator ${String(index + 1).padStart(2, '0')}`,
			active: index % 4 !== 3,
			country: countries[index % countries.length],
			networkIdA: 100000 + index * 7,
			networkIdB: 200000 + index * 11,
		})),
		siteConfigurations: {},
	};
}

export const state = (app: SandboxApp): CoreState => app.world.slice<CoreState>('core', () => initialState(app));

// ---------------------------------------------------------------------------------------------------------
// Field rules (from the spec's tables and limits)
// ---------------------------------------------------------------------------------------------------------

export const integer = () => z.number({ required_error: 'is required', invalid_type_error: 'must be a whole number' }).int('must be a whole number');
/** An identifier (site, merchant, payment method, financial entity): any positive integer, beyond 2^53 too. */
export const id = identifier;
const positive = () => integer().positive('must be a positive whole number');
const hex = () => text().regex(/^[0-9a-fA-F]+$/, 'must be a string of hexadecimal characters');
export const colour = () => text().regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour of the form #rrggbb');
const countryCode = () => text().regex(/^[A-Z]{2}$/, 'must be a two-letter country code');
const dateTime = () =>
	text().refine(
		(value) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/.test(value) && !Number.isNaN(Date.parse(value)),
		'must be an ISO 8601 date-time such as 2030-01-31T17:00:00-05:00',
	);
export const commissionModel = () =>
	text(1).refine((value) => value === 'P' || value === 'F', 'must be P or F');

export const settingsSchema = object({
	merchantCode: text(),
	terminalNumber: text(),
	MID: text(),
	RUC: text(),
	username: text(30),
	password: text(30),
	retailCode: text(10),
	terminalLocation: text(),
	serviceCode: text(),
	isEcommerce: bool(),
	'3DSVersion': text().refine((value) => value === 'v1' || value === 'v2', 'must be v1 or v2'),
	'3DSApiKey': text(380),
	aggregatorModel: bool(),
}).partial();

/** creditRules: payment method code → card group code → installment number (as a string) → rule. */
export const creditRulesSchema = z.record(
	z.record(
		z.record(
			text().regex(/^\d+$/, 'installment keys must be numbers written as strings'),
			object({ minimum: text(), maximum: text(), remove: bool() }).partial(),
			{ invalid_type_error: 'must be an object keyed by installment number' },
		),
		{ invalid_type_error: 'must be an object keyed by card group code' },
	),
	{ invalid_type_error: 'must be an object keyed by payment method code' },
);

export const paginationSchema = object({ perPage: positive(), currentPage: positive() }).partial();

type SiteMode = 'create' | 'update';

export function siteDataSchema(mode: SiteMode) {
	const updateOnly = <T extends ZodTypeAny>(schema: T) => (mode === 'update' ? schema.optional() : z.never({ invalid_type_error: 'is only accepted by update-all' }).optional());
	const schema = object({
		login: text(),
		tranKey: text(),
		md5Hash: text(),
		name: text(),
		displayName: text(),
		customerId: mode === 'create' ? id() : z.never({ invalid_type_error: 'is only accepted on create' }).optional(),
		type: text(),
		category: text(),
		email: text().email('must be an e-mail address'),
		currency: text(),
		language: text(),
		active: bool(),
		customBatch: integer(),
		expiration: dateTime(),
		onTest: bool(),
		productionDate: updateOnly(dateOnly()),
		integration: object({
			allowPartial: bool(),
			allowWallet: bool(),
			checkoutAttemptsLimit: integer().nullable(),
			connectionMethod: text(),
			notificationUrl: webUrl(),
			checkoutVersion: text(),
			analyticsCode: text(),
			sourceRestriction: updateOnly(text()),
			initiatorIndicator: z.union([text(), integer()], { errorMap: () => ({ message: 'must be a string or null' }) }).nullable(),
		}).partial(),
		control: object({
			minAmount: number(),
			maxAmount: number(),
			allowedDays: integer(),
			allowedHours: hex(),
			delegatedAuthorization: hex(),
			filterMethodA: bool(),
			filterMethodB: bool(),
			filterMethodC: bool(),
			prechargeFilter: integer(),
			allowedBankCountries: list(countryCode()),
			filterByBin: bool(),
			exceptionBinsList: list(integer()),
		}).partial(),
		threeDS: object({ setting: text(), minAmount: number() }).partial(),
		historic: object({ behaviour: text(), lowerScore: number().nullable(), rejectionScore: number().nullable() }).partial(),
		creditBureau: object({
			behaviours: object({ onFailed: text(), onNoMatch: text(), onMatch: text() }).partial(),
			paymentGroups: list(text()),
			minAmount: number(),
		}).partial(),
		riskEngine: object({
			behaviours: object({ onFailed: text(), onLowRisk: text(), onMediumRisk: text(), onHighRisk: text() }).partial(),
			paymentGroups: list(text()),
			minAmount: number(),
			approvalScore: number(),
			rejectionScore: number(),
			onCalibration: bool(),
		}).partial(),
		securityFilters: object({
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
		}).partial(),
		operation: object({
			disableTax: bool(),
			calculateTax: bool(),
			taxPercentage: number(),
			patternReference: text(),
			mailCustomer: bool(),
			mailMerchant: bool(),
		}).partial(),
		subscriptionValidation: object({ enable: bool(), amount: number() }).partial(),
		branding: object({ buttonColor: colour(), sidebarColor: colour(), logoUrl: text() }).partial(),
	}).partial();
	return mode === 'create' ? schema.required({ customerId: true }) : schema;
}

export const auth = z.unknown();

// ---------------------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------------------

export function paginate<T>(records: T[], pagination: { perPage?: number; currentPage?: number } = {}) {
	const perPage = pagination.perPage ?? 15;
	const currentPage = pagination.currentPage ?? 1;
	const total = records.length;
	return {
		data: records.slice((currentPage - 1) * perPage, currentPage * perPage),
		pagination: { total, perPage, currentPage, lastPage: Math.max(1, Math.ceil(total / perPage)) },
	};
}

export const clone = <T>(value: T): T => parseJson(stringifyJson(value)) as T;
const spaced = (iso: string | undefined) => (iso ? new Date(iso).toISOString().slice(0, 19).replace('T', ' ') : null);

export const merchantOf = (app: SandboxApp, customerId: Id) => state(app).merchants.find((merchant) => merchant.id === customerId);
/**
 * A merchant the sandbox has not seen (one onboarded through the onboarding API, say) is taken as a new
 * merchant of country US, so that cross-API workflows go through; the spec states no rule about it.
 */
export const ensureMerchant = (app: SandboxApp, customerId: Id): Merchant => {
	const known = merchantOf(app, customerId);
	if (known) return known;
	const merchant = { id: customerId, name: `Merchant ${customerId}`, brand: `Merchant ${customerId}`, country: 'US', document: String(customerId), documentType: 'TAX' };
	state(app).merchants.push(merchant);
	return merchant;
};
export const siteById = (app: SandboxApp, siteId: Id) => app.world.sites.find((site) => site.id === siteId);
export const configurationOf = (app: SandboxApp, site: SiteRecord): SiteConfiguration => {
	const configurations = state(app).siteConfigurations;
	configurations[String(site.id)] ??= {
		name: site.name,
		currency: site.currency ?? 'USD',
		integration: { checkoutVersion: 'v4', connectionMethod: 'REDIRECT' },
		branding: {},
	};
	return configurations[String(site.id)];
};

export const siteReadShape = (app: SandboxApp, site: SiteRecord) => {
	const configuration = configurationOf(app, site);
	const integration = (configuration.integration ?? {}) as Record<string, unknown>;
	const branding = (configuration.branding ?? {}) as Record<string, unknown>;
	const merchant = merchantOf(app, site.customerId);
	const services = state(app)
		.sitePaymentMethods.filter((entry) => entry.siteId === site.id)
		.map((entry) => {
			const method = state(app).merchantPaymentMethods.find((candidate) => candidate.id === entry.customerPaymentId);
			const entity = state(app).financialEntities.find((candidate) => candidate.id === (entry.financialEntity ?? method?.financialEntity));
			return {
				code: method?.code ?? null,
				priority: entry.order ?? method?.order ?? null,
				minPayment: entry.minAmount === undefined ? null : String(entry.minAmount),
				maxPayment: entry.maxAmount === undefined ? null : String(entry.maxAmount),
				accountNumber: entry.accountNumber ?? method?.accountNumber ?? null,
				accountType: entry.accountType ?? method?.accountType ?? null,
				bankName: entity?.name ?? null,
				bankCode: entity?.code ?? null,
				settings: [],
				promotions: [],
			};
		});
	const language = String(configuration.language ?? 'en');
	return {
		id: site.id,
		name: configuration.name ?? site.name ?? null,
		displayName: configuration.displayName ?? configuration.name ?? site.name ?? null,
		document: merchant?.document ?? null,
		documentType: merchant?.documentType ?? null,
		merchant: merchant?.name ?? null,
		merchantBrand: merchant?.brand ?? null,
		email: configuration.email ?? 'sandbox@example.com',
		supportEmail: null,
		allowedIP: null,
		allowPartial: integration.allowPartial ?? false,
		allowMulticredit: false,
		state: site.state,
		currency: configuration.currency ?? 'USD',
		country: merchant?.country ?? 'US',
		locale: language,
		locales: [language],
		expireOn: spaced(site.expiresAt),
		logoUrl: branding.logoUrl ?? `${app.url()}/__sandbox/assets/logo.png`,
		cssUrl: `${app.url()}/__sandbox/assets/site.css`,
		analyticsCode: integration.analyticsCode ?? null,
		notificationUrl: integration.notificationUrl ?? null,
		inlineJs: null,
		allowedCurrencies: [configuration.currency ?? 'USD'],
		screeningVendor: null,
		md5Hash: configuration.md5Hash ?? 'sandbox-md5-hash',
		// "Access token for the onboarding system": the sandbox's own, so that a read carries every secret it can.
		onboardingToken: app.world.credentials.accessToken,
		credentials: [{ login: site.login, tranKey: site.secretKey, expireOn: spaced(site.credentialsExpireAt) }],
		integrations: {},
		payerFields: ['name', 'surname', 'email', 'mobile', 'document', 'documentType'],
		allowWallet: integration.allowWallet ?? false,
		checkoutAttemptsLimit: integration.checkoutAttemptsLimit ?? null,
		timezone: site.timezone ?? app.world.siteTimeZone,
		services,
		transactionModifiers: [],
		compensationMethod: {},
		checkoutVersion: configuration.checkoutVersion ?? integration.checkoutVersion ?? 'v4',
		branding: Object.keys(branding).length ? { logoUrl: branding.logoUrl ?? null, buttonColor: branding.buttonColor ?? null, sidebarColor: branding.sidebarColor ?? null } : null,
		openLinks: {},
		promotions: [],
	};
};

/** financialEntity must belong to the country of the merchant. */
export const entityRefusal = (app: SandboxApp, path: string, entityId: Id | undefined, customerId: Id): SandboxResponse | undefined => {
	if (entityId === undefined) return undefined;
	const entity = state(app).financialEntities.find((candidate) => candidate.id === entityId);
	const country = merchantOf(app, customerId)?.country;
	if (!entity) return invalidField(path, `financial entity ${entityId} does not exist`);
	if (entity.country !== country) return invalidField(path, `financial entity ${entityId} does not belong to the merchant's country (${country})`);
	return undefined;
};
