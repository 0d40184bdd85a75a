/**
 * What the Core Administration endpoints share: the area's state (merchants, financial entities, merchant and
 * site payment methods, facilitators, site configurations), its seed, and the look-ups and helpers of more than
 * one endpoint. Their field rules are in fieldRules.ts and siteData.ts, the site read shape in siteRead.ts. See
 * docs/sandbox/core.md.
 */
import { invalidField, type SandboxApp, type SandboxResponse } from '../../http';
import { parseJson, stringifyJson, type Id } from '../../json';
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

/** financialEntity must belong to the country of the merchant. */
export const entityRefusal = (app: SandboxApp, path: string, entityId: Id | undefined, customerId: Id): SandboxResponse | undefined => {
	if (entityId === undefined) return undefined;
	const entity = state(app).financialEntities.find((candidate) => candidate.id === entityId);
	const country = merchantOf(app, customerId)?.country;
	if (!entity) return invalidField(path, `financial entity ${entityId} does not exist`);
	if (entity.country !== country) return invalidField(path, `financial entity ${entityId} does not belong to the merchant's country (${country})`);
	return undefined;
};
