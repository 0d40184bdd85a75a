/**
 * Core Administration API (spec: core-administration-api.md), except the ticket paths (checkout.ts):
 * sites, merchant payment methods, site payment methods and payment facilitators. See docs/sandbox/core.md.
 *
 * Written from the spec, never from the nodes: every field rule the spec states is a refusal (HTTP 400,
 * reason XN, the field path in the message and in `errors`), and fields the spec does not describe for an
 * endpoint are refused as well, so that a node sending something off-spec is caught.
 */
import { randomBytes } from 'crypto';
import { z, type ZodTypeAny } from 'zod';

import { signed } from '../guards';
import { invalidField, notFound, ok, refuse, type SandboxApp, type SandboxRequest, type SandboxResponse } from '../http';
import { bool, check, dateOnly, list, number, object, text } from '../rules';
import type { SiteRecord } from '../world';

// ---------------------------------------------------------------------------------------------------------
// State
// ---------------------------------------------------------------------------------------------------------

interface Merchant {
	id: number;
	name: string;
	brand: string;
	country: string;
	document: string;
	documentType: string;
}

interface FinancialEntity {
	id: number;
	name: string;
	code: string;
	country: string;
}

interface MerchantPaymentMethod {
	id: number;
	customerId: number;
	code: string;
	name: string;
	commissionModel: string;
	commissionValue: number;
	accountNumber: string;
	accountType: number;
	franchise: string | null;
	financialEntity: number | null;
	order: number;
	disabled: boolean;
	settings: Record<string, unknown> | null;
	creditRules: Record<string, unknown>;
}

interface SitePaymentMethod {
	id: number;
	siteId: number;
	customerPaymentId: number;
	[field: string]: unknown;
}

interface Facilitator {
	id: number;
	name: string;
	active: boolean;
	country: string;
	networkIdA: number;
	networkIdB: number;
}

/** The stored configuration of a site (the write shape, minus its credentials, which live in world.sites). */
type SiteConfiguration = Record<string, unknown> & { checkoutVersion?: string };

interface CoreState {
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

// ---------------------------------------------------------------------------------------------------------
// Field rules (from the spec's tables and limits)
// ---------------------------------------------------------------------------------------------------------

const integer = () => z.number({ required_error: 'is required', invalid_type_error: 'must be a whole number' }).int('must be a whole number');
const id = () => integer().positive('must be a positive whole number');
const hex = () => text().regex(/^[0-9a-fA-F]+$/, 'must be a string of hexadecimal characters');
const colour = () => text().regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour of the form #rrggbb');
const countryCode = () => text().regex(/^[A-Z]{2}$/, 'must be a two-letter country code');
const dateTime = () =>
	text().refine(
		(value) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/.test(value) && !Number.isNaN(Date.parse(value)),
		'must be an ISO 8601 date-time such as 2030-01-31T17:00:00-05:00',
	);
const commissionModel = () =>
	text(1).refine((value) => value === 'P' || value === 'F', 'must be P or F');

const settingsSchema = object({
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
const creditRulesSchema = z.record(
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

const paginationSchema = object({ perPage: id(), currentPage: id() }).partial();

type SiteMode = 'create' | 'update';

function siteDataSchema(mode: SiteMode) {
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
			notificationUrl: text().url('must be a URL'),
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

const auth = z.unknown();

const schemas = {
	siteCreate: object({ auth, data: siteDataSchema('create') }),
	siteUpdate: object({
		auth,
		id: id(),
		branding: object({ buttonColor: colour(), sidebarColor: colour() }).partial().optional(),
		checkoutVersion: text().optional(),
	}),
	siteUpdateAll: object({ auth, id: id(), data: siteDataSchema('update') }),
	sitePaymentMethodCreate: object({
		auth,
		data: object({
			siteId: id(),
			customerPaymentId: id(),
			order: integer().optional(),
			minAmount: number().optional(),
			maxAmount: number().optional(),
			accountType: integer().optional(),
			accountNumber: text(20).optional(),
			financialEntity: id().optional(),
			commissionModel: commissionModel().optional(),
			commissionValue: number().optional(),
			settings: settingsSchema.nullable().optional(),
			creditRules: creditRulesSchema.optional(),
		}).superRefine((data, ctx) => {
			const pair = (a: keyof typeof data, b: keyof typeof data) => {
				if (data[a] !== undefined && data[b] === undefined) ctx.addIssue({ code: 'custom', path: [b], message: `is required when ${String(a)} is present` });
			};
			pair('minAmount', 'maxAmount');
			pair('maxAmount', 'minAmount');
			pair('accountType', 'accountNumber');
			pair('accountNumber', 'accountType');
		}),
	}),
	merchantMethodCreate: object({
		auth,
		data: object({
			customerId: id(),
			code: text(5).min(1, 'must not be empty'),
			commissionModel: commissionModel(),
			commissionValue: number(),
			accountType: integer(),
			accountNumber: text(20),
			financialEntity: id().optional(),
			order: integer().optional(),
			settings: settingsSchema.nullable().optional(),
			creditRules: creditRulesSchema.optional(),
		}),
	}),
	merchantMethodUpdate: object({
		auth,
		id: id(),
		data: object({
			commissionModel: commissionModel(),
			commissionValue: number(),
			accountType: integer(),
			accountNumber: text(20),
			financialEntity: id(),
			order: integer(),
			settings: settingsSchema.nullable(),
			creditRules: creditRulesSchema.nullable(),
		}).partial(),
	}),
	merchantMethodDelete: object({ auth, id: id() }),
	merchantMethodSearch: object({
		auth,
		customerId: id(),
		id: id().optional(),
		name: text(50).min(3, 'must be 3 to 50 characters').optional(),
		code: text(5).optional(),
		franchise: text()
			.refine((value) => (FRANCHISE_CODES as readonly string[]).includes(value), `must be one of the franchise codes (${FRANCHISE_CODES.join(', ')})`)
			.optional(),
		pagination: paginationSchema.optional(),
	}),
	facilitatorSearch: object({
		auth,
		id: text().optional(),
		name: text().optional(),
		active: bool().optional(),
		pagination: paginationSchema.optional(),
	}),
};

// ---------------------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------------------

function paginate<T>(records: T[], pagination: { perPage?: number; currentPage?: number } = {}) {
	const perPage = pagination.perPage ?? 15;
	const currentPage = pagination.currentPage ?? 1;
	const total = records.length;
	return {
		data: records.slice((currentPage - 1) * perPage, currentPage * perPage),
		pagination: { total, perPage, currentPage, lastPage: Math.max(1, Math.ceil(total / perPage)) },
	};
}

const isObject = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);
const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
const spaced = (iso: string | undefined) => (iso ? new Date(iso).toISOString().slice(0, 19).replace('T', ' ') : null);

/** Applies an update-all `data` object: nested objects merge field by field; null removes an optional field. */
function mergeConfiguration(stored: SiteConfiguration, changes: Record<string, unknown>): void {
	for (const [key, value] of Object.entries(changes)) {
		if (isObject(value)) {
			const target = isObject(stored[key]) ? (stored[key] as Record<string, unknown>) : {};
			stored[key] = target;
			for (const [field, entry] of Object.entries(value)) {
				// Spec: on update, null removes initiatorIndicator (other nullable fields store null).
				if (entry === null && field === 'initiatorIndicator') delete target[field];
				else if (isObject(entry) && isObject(target[field])) Object.assign(target[field] as Record<string, unknown>, entry);
				else target[field] = entry;
			}
		} else {
			stored[key] = value;
		}
	}
}

function register(app: SandboxApp): void {
	const state = () => app.world.slice<CoreState>('core', () => initialState(app));

	const merchantOf = (customerId: number) => state().merchants.find((merchant) => merchant.id === customerId);
	/**
	 * A merchant the sandbox has not seen (one onboarded through the onboarding API, say) is taken as a new
	 * merchant of country US, so that cross-API workflows go through; the spec states no rule about it.
	 */
	const ensureMerchant = (customerId: number): Merchant => {
		const known = merchantOf(customerId);
		if (known) return known;
		const merchant = { id: customerId, name: `Merchant ${customerId}`, brand: `Merchant ${customerId}`, country: 'US', document: String(customerId), documentType: 'TAX' };
		state().merchants.push(merchant);
		return merchant;
	};
	const siteById = (siteId: number) => app.world.sites.find((site) => site.id === siteId);
	const configurationOf = (site: SiteRecord): SiteConfiguration => {
		const configurations = state().siteConfigurations;
		configurations[String(site.id)] ??= {
			name: site.name,
			currency: site.currency ?? 'USD',
			integration: { checkoutVersion: 'v4', connectionMethod: 'REDIRECT' },
			branding: {},
		};
		return configurations[String(site.id)];
	};

	const methodReadShape = (method: MerchantPaymentMethod) => clone(method);

	const siteReadShape = (site: SiteRecord) => {
		const configuration = configurationOf(site);
		const integration = (configuration.integration ?? {}) as Record<string, unknown>;
		const branding = (configuration.branding ?? {}) as Record<string, unknown>;
		const merchant = merchantOf(site.customerId);
		const services = state()
			.sitePaymentMethods.filter((entry) => entry.siteId === site.id)
			.map((entry) => {
				const method = state().merchantPaymentMethods.find((candidate) => candidate.id === entry.customerPaymentId);
				const entity = state().financialEntities.find((candidate) => candidate.id === (entry.financialEntity ?? method?.financialEntity));
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
			onboardingToken: null,
			credentials: [{ login: site.login, tranKey: site.secretKey, expireOn: spaced(site.credentialsExpireAt) }],
			integrations: {},
			payerFields: ['name', 'surname', 'email', 'mobile', 'document', 'documentType'],
			allowWallet: integration.allowWallet ?? false,
			checkoutAttemptsLimit: integration.checkoutAttemptsLimit ?? null,
			timezone: 'America/New_York',
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
	const entityRefusal = (path: string, entityId: number | undefined, customerId: number): SandboxResponse | undefined => {
		if (entityId === undefined) return undefined;
		const entity = state().financialEntities.find((candidate) => candidate.id === entityId);
		const country = merchantOf(customerId)?.country;
		if (!entity) return invalidField(path, `financial entity ${entityId} does not exist`);
		if (entity.country !== country) return invalidField(path, `financial entity ${entityId} does not belong to the merchant's country (${country})`);
		return undefined;
	};

	// --- Sites ---------------------------------------------------------------------------------------------

	app.router.post(
		'/core/site/create',
		signed((request) => {
			const checked = check(schemas.siteCreate, request.body);
			if ('refusal' in checked) return checked.refusal;
			const { login: wantedLogin, tranKey: wantedTranKey, customerId, ...configuration } = checked.value.data as Record<string, unknown> & {
				login?: string;
				tranKey?: string;
				customerId: number;
			};
			if (wantedLogin !== undefined && app.world.siteByLogin(wantedLogin)) return invalidField('data.login', 'is already used by another site');
			const siteId = app.world.nextId('site');
			const login = wantedLogin ?? `site-${siteId}-${randomBytes(4).toString('hex')}`;
			const tranKey = wantedTranKey ?? randomBytes(24).toString('base64url');
			const active = (configuration.active as boolean | undefined) ?? true;
			ensureMerchant(customerId);
			const site: SiteRecord = {
				id: siteId,
				customerId,
				login,
				secretKey: tranKey,
				state: active ? 'ACTIVE' : 'INACTIVE',
				name: configuration.name as string | undefined,
				currency: configuration.currency as string | undefined,
				...(configuration.expiration ? { expiresAt: new Date(configuration.expiration as string).toISOString() } : {}),
			};
			app.world.sites.push(site);
			state().siteConfigurations[String(siteId)] = clone(configuration);
			return ok({ id: siteId, active, login, tranKey });
		}),
	);

	app.router.post(
		'/core/site/update',
		signed((request) => {
			const checked = check(schemas.siteUpdate, request.body);
			if ('refusal' in checked) return checked.refusal;
			const site = siteById(checked.value.id);
			if (!site) return notFound(`Site ${checked.value.id}`);
			const configuration = configurationOf(site);
			if (checked.value.branding) configuration.branding = { ...((configuration.branding as object) ?? {}), ...checked.value.branding };
			if (checked.value.checkoutVersion !== undefined) configuration.checkoutVersion = checked.value.checkoutVersion;
			return ok(siteReadShape(site));
		}),
	);

	app.router.post(
		'/core/site/update-all',
		signed((request) => {
			const checked = check(schemas.siteUpdateAll, request.body);
			if ('refusal' in checked) return checked.refusal;
			const site = siteById(checked.value.id);
			if (!site) return notFound(`Site ${checked.value.id}`);
			const { login, tranKey, ...changes } = checked.value.data as Record<string, unknown> & { login?: string; tranKey?: string };
			if (login !== undefined && login !== site.login && app.world.siteByLogin(login)) return invalidField('data.login', 'is already used by another site');
			if (login !== undefined) site.login = login;
			if (tranKey !== undefined) site.secretKey = tranKey;
			if (typeof changes.active === 'boolean') site.state = changes.active ? 'ACTIVE' : 'INACTIVE';
			if (typeof changes.expiration === 'string') site.expiresAt = new Date(changes.expiration).toISOString();
			if (typeof changes.name === 'string') site.name = changes.name;
			// An integration.checkoutVersion sent here is the site's checkout version from now on.
			const integration = changes.integration as Record<string, unknown> | undefined;
			const configuration = configurationOf(site);
			if (integration?.checkoutVersion !== undefined) delete configuration.checkoutVersion;
			mergeConfiguration(configuration, changes);
			return ok({ id: site.id, state: site.state });
		}),
	);

	// --- Site payment methods ------------------------------------------------------------------------------

	app.router.post(
		'/core/site/payment-methods/create',
		signed((request) => {
			const checked = check(schemas.sitePaymentMethodCreate, request.body);
			if ('refusal' in checked) return checked.refusal;
			const data = checked.value.data as Record<string, unknown> & { siteId: number; customerPaymentId: number; financialEntity?: number };
			const site = siteById(data.siteId);
			if (!site) return invalidField('data.siteId', `site ${data.siteId} does not exist`);
			const method = state().merchantPaymentMethods.find((candidate) => candidate.id === data.customerPaymentId);
			if (!method || method.customerId !== site.customerId) {
				return invalidField('data.customerPaymentId', `is not a payment method of the merchant that owns site ${site.id}`);
			}
			const entityProblem = entityRefusal('data.financialEntity', data.financialEntity, site.customerId);
			if (entityProblem) return entityProblem;
			if (state().sitePaymentMethods.some((entry) => entry.siteId === site.id && entry.customerPaymentId === method.id)) {
				return refuse(409, 'XD', `Payment method ${method.id} is already on site ${site.id}`);
			}
			const entry: SitePaymentMethod = { ...clone(data), id: app.world.nextId('sitePaymentMethod', 801) };
			state().sitePaymentMethods.push(entry);
			return ok({ id: entry.id });
		}),
	);

	// --- Merchant payment methods --------------------------------------------------------------------------

	app.router.post(
		'/core/merchant/payment-methods/create',
		signed((request) => {
			const checked = check(schemas.merchantMethodCreate, request.body);
			if ('refusal' in checked) return checked.refusal;
			const data = checked.value.data;
			ensureMerchant(data.customerId);
			const entityProblem = entityRefusal('data.financialEntity', data.financialEntity, data.customerId);
			if (entityProblem) return entityProblem;
			const catalogue = PAYMENT_METHOD_CATALOGUE[data.code];
			const method: MerchantPaymentMethod = {
				id: app.world.nextId('merchantPaymentMethod', 601),
				customerId: data.customerId,
				code: data.code,
				name: catalogue?.name ?? `Payment method ${data.code}`,
				commissionModel: data.commissionModel,
				commissionValue: data.commissionValue,
				accountNumber: data.accountNumber,
				accountType: data.accountType,
				franchise: catalogue?.franchise ?? null,
				financialEntity: data.financialEntity ?? null,
				order: data.order ?? state().merchantPaymentMethods.filter((entry) => entry.customerId === data.customerId).length + 1,
				disabled: false,
				settings: (data.settings as Record<string, unknown> | undefined) ?? null,
				creditRules: (data.creditRules as Record<string, unknown> | undefined) ?? {},
			};
			state().merchantPaymentMethods.push(method);
			return ok({ id: method.id });
		}),
	);

	app.router.post(
		'/core/merchant/payment-methods/update',
		signed((request) => {
			const checked = check(schemas.merchantMethodUpdate, request.body);
			if ('refusal' in checked) return checked.refusal;
			const method = state().merchantPaymentMethods.find((candidate) => candidate.id === checked.value.id);
			if (!method) return notFound(`Payment method ${checked.value.id}`);
			const data = checked.value.data as Partial<MerchantPaymentMethod> & { creditRules?: Record<string, unknown> | null };
			const entityProblem = entityRefusal('data.financialEntity', data.financialEntity ?? undefined, method.customerId);
			if (entityProblem) return entityProblem;
			const { creditRules, ...rest } = data;
			Object.assign(method, clone(rest));
			// null removes every credit rule; an object replaces them.
			if (creditRules !== undefined) method.creditRules = creditRules === null ? {} : clone(creditRules);
			return ok({ id: method.id });
		}),
	);

	app.router.post(
		'/core/merchant/payment-methods/delete',
		signed((request) => {
			const checked = check(schemas.merchantMethodDelete, request.body);
			if ('refusal' in checked) return checked.refusal;
			const methods = state().merchantPaymentMethods;
			const index = methods.findIndex((candidate) => candidate.id === checked.value.id);
			if (index < 0) return notFound(`Payment method ${checked.value.id}`);
			methods.splice(index, 1);
			const core = state();
			core.sitePaymentMethods = core.sitePaymentMethods.filter((entry) => entry.customerPaymentId !== checked.value.id);
			return ok({ id: checked.value.id });
		}),
	);

	app.router.post(
		'/core/merchant/payment-methods/search',
		signed((request) => {
			const checked = check(schemas.merchantMethodSearch, request.body);
			if ('refusal' in checked) return checked.refusal;
			const filters = checked.value;
			const found = state().merchantPaymentMethods.filter(
				(method) =>
					method.customerId === filters.customerId &&
					(filters.id === undefined || method.id === filters.id) &&
					(filters.name === undefined || method.name.toLowerCase().includes(filters.name.toLowerCase())) &&
					(filters.code === undefined || method.code === filters.code) &&
					(filters.franchise === undefined || method.franchise === filters.franchise),
			);
			const page = paginate(found.map(methodReadShape), filters.pagination);
			return ok(page);
		}),
	);

	// --- Payment facilitators ------------------------------------------------------------------------------

	app.router.post(
		'/core/tools/payment-facilitator/search',
		signed((request) => {
			const checked = check(schemas.facilitatorSearch, request.body);
			if ('refusal' in checked) return checked.refusal;
			const filters = checked.value;
			const found = state().facilitators.filter(
				(facilitator) =>
					(filters.id === undefined || String(facilitator.id) === filters.id) &&
					(filters.name === undefined || facilitator.name.toLowerCase().includes(filters.name.toLowerCase())) &&
					(filters.active === undefined || facilitator.active === filters.active),
			);
			return ok(paginate(clone(found), filters.pagination));
		}),
	);

	// --- Control -------------------------------------------------------------------------------------------

	app.router.get('/__sandbox/core', () => {
		const core = state();
		return ok({
			merchants: core.merchants,
			financialEntities: core.financialEntities,
			franchiseCodes: FRANCHISE_CODES,
			paymentMethodCatalogue: PAYMENT_METHOD_CATALOGUE,
			merchantPaymentMethods: core.merchantPaymentMethods,
			sitePaymentMethods: core.sitePaymentMethods,
			facilitators: core.facilitators,
		});
	});

	app.router.get('/__sandbox/core/sites/:id', (request: SandboxRequest) => {
		const site = siteById(Number(request.params.id));
		if (!site) return notFound(`Site ${request.params.id}`);
		return ok({
			site: { id: site.id, customerId: site.customerId, login: site.login, state: site.state, expiresAt: site.expiresAt ?? null },
			configuration: configurationOf(site),
			readShape: siteReadShape(site),
		});
	});
}

export { register };
