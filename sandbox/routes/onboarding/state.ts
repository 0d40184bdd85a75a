/**
 * What the Merchant Onboarding endpoints share: the catalogs, the area's state (processes, idempotency keys,
 * merchants, accepted messages), and the checks that word a body's problems as the API's 422 does.
 * See docs/sandbox/onboarding.md.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import type { SandboxApp, SandboxRequest } from '../../http';
import { parseJson, stringifyJson, type Id } from '../../json';

// ---------------------------------------------------------------------------------------------------------
// Catalogs
// ---------------------------------------------------------------------------------------------------------

export const MCC_CATALOG = ['4722', '5411', '5651', '5732', '5812', '5814', '5912', '5942', '5999', '7011', '7299', '7372', '8099', '8299', '8398'];
export const TIMEZONE_CATALOG = [
	'UTC',
	'America/Bogota',
	'America/Lima',
	'America/Santiago',
	'America/Mexico_City',
	'America/Sao_Paulo',
	'America/Argentina/Buenos_Aires',
	'America/Costa_Rica',
	'America/Panama',
	'America/Guayaquil',
	'America/New_York',
	'Europe/Madrid',
	'Europe/Rome',
	'Europe/Lisbon',
];
export const CURRENCY_CATALOG = ['USD', 'EUR', 'COP', 'PEN', 'CLP', 'MXN', 'BRL', 'ARS', 'CRC', 'PAB'];

/** A site's setting groups: objects in the write body, merged group by group into the read shape. */
export const SITE_OBJECTS = [
	'integration',
	'control',
	'threeDS',
	'historic',
	'creditBureau',
	'riskEngine',
	'securityFilters',
	'operation',
	'subscriptionValidation',
	'branding',
	'metadata',
] as const;

/**
 * What the read shape shows of each object a write may send (merchant-onboarding-api.md, "Merchant read shape",
 * SiteRead): a key the document does not show there is kept out of the merchant (the write shapes of these
 * objects are not shown, so it is not refused either). A site's `metadata` is free-form.
 */
export const READ_FIELDS: Record<string, readonly string[]> = {
	document: ['type', 'number'],
	address: ['street', 'city', 'state', 'country', 'phone', 'postalCode'],
	legalRepresentative: ['name', 'surname', 'document', 'documentType'],
	billing: ['contact', 'mail', 'registrationNumber', 'taxType', 'taxRegime', 'organizationType', 'ciiu'],
	travelAgency: ['dispersion', 'iata'],
	control: ['seller', 'reseller', 'paymentFacilitator'],
};
export const SITE_READ_FIELDS: Record<string, readonly string[]> = {
	integration: ['allowPartial', 'allowWallet', 'allowConfirmationFlow', 'checkoutAttemptsLimit', 'connectionMethod', 'checkoutVersion', 'notificationUrl', 'analyticsCode', 'sourceRestriction', 'returnAdditional', 'payerFieldsType'],
	control: ['minAmount', 'maxAmount', 'allowedDays', 'allowedHours', 'delegatedAuthorization', 'filterMethodA', 'filterMethodB', 'filterMethodC', 'prechargeFilter', 'allowedBankCountries', 'filterByBin', 'exceptionBinsList'],
	threeDS: ['setting', 'minAmount'],
	historic: ['lowerScore', 'rejectionScore', 'behaviour'],
	creditBureau: ['behaviour', 'minAmount', 'paymentGroups', 'onCalibration', 'behaviours'],
	riskEngine: ['behaviour', 'minAmount', 'approvalScore', 'rejectionScore', 'onCalibration', 'paymentGroups', 'behaviours'],
	securityFilters: ['filterLockedByTries', 'allowedIssuerCountries', 'forceIPMatch', 'excludeIPCountry', 'onlyWhitelisted', 'allowedIPCountries', 'allowedCardsDay', 'allowedCardsByIP', 'allowedCardsMonth', 'allowedCardsYear', 'dayMax', 'dayMaxAmount', 'monthMax', 'monthMaxAmount'],
	operation: ['disableTax', 'calculateTax', 'taxPercentage', 'patternReference', 'mailCustomer', 'mailMerchant'],
	subscriptionValidation: ['enable', 'amount'],
	branding: ['buttonColor', 'sidebarColor', 'logoUrl'],
	// The behaviours of the credit bureau and the risk engine.
	behaviours: ['onFailed', 'onNoMatch', 'onMatch', 'onLowRisk', 'onMediumRisk', 'onHighRisk'],
};

/** The keys of `value` among `fields`, the rest left out. */
export const pick = (value: Json, fields: readonly string[]): Json => Object.fromEntries(Object.entries(value).filter(([key]) => fields.includes(key)));

// ---------------------------------------------------------------------------------------------------------
// State
// ---------------------------------------------------------------------------------------------------------

export type Json = Record<string, any>;

export interface NotificationState {
	url: string;
	status: 'PENDING' | 'DELIVERED' | 'FAILED';
	attempts: number;
	httpStatus?: number;
	deliveredAt?: string;
}

export interface ProcessRecord {
	processId: string;
	action: 'merchant.create' | 'merchant.update';
	consumerId: number;
	merchantId?: Id;
	body: Json;
	idempotencyKey?: string;
	bodyHash: string;
	polls: number;
	createdAt: string;
	/** Epoch ms after which the process is final even if nobody polled. */
	deadline: number;
	final?: { status: 'OK' | 'FAILED'; result: Json | null; errors?: Record<string, string[]> };
	notification: NotificationState | null;
}

export interface SentMessage {
	id: Id;
	consumerId: number;
	receivedAt: string;
	body: Json;
}

export interface OnboardingState {
	processes: Record<string, ProcessRecord>;
	/** consumerId:key → processId */
	idempotency: Record<string, string>;
	merchants: Record<string, Json>;
	messages: SentMessage[];
}

const initialState = (): OnboardingState => ({ processes: {}, idempotency: {}, merchants: {}, messages: [] });

export const state = (app: SandboxApp): OnboardingState => app.world.slice<OnboardingState>('onboarding', initialState);

// ---------------------------------------------------------------------------------------------------------
// Small helpers and the checks of a body
// ---------------------------------------------------------------------------------------------------------

export const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
export const clone = <T>(value: T): T => parseJson(stringifyJson(value)) as T;
export const header = (request: SandboxRequest, name: string): string | undefined => {
	const value = request.headers[name.toLowerCase()];
	return Array.isArray(value) ? value[0] : value;
};

export class Problems {
	readonly errors: Record<string, string[]> = {};
	add(path: string, problem: string): void {
		(this.errors[path] ??= []).push(problem);
	}
	get any(): boolean {
		return Object.keys(this.errors).length > 0;
	}
}

export function checkString(problems: Problems, path: string, value: unknown, max?: number, required = false): void {
	if (value === undefined) {
		if (required) problems.add(path, 'is required');
		return;
	}
	if (typeof value !== 'string') return problems.add(path, 'must be a string');
	if (required && value.trim() === '') return problems.add(path, 'is required');
	if (max !== undefined && value.length > max) problems.add(path, `must be at most ${max} characters`);
}

export function checkInteger(problems: Problems, path: string, value: unknown): void {
	// An integer beyond 2^53 (an identifier) is read as a bigint by the sandbox's JSON: still an integer.
	if (value === undefined || value === null || typeof value === 'bigint') return;
	if (typeof value !== 'number' || !Number.isInteger(value)) problems.add(path, 'must be an integer');
}

export function checkBoolean(problems: Problems, path: string, value: unknown): void {
	if (value !== undefined && typeof value !== 'boolean') problems.add(path, 'must be a boolean');
}

export function checkEnum(problems: Problems, path: string, value: unknown, allowed: string[]): void {
	if (value === undefined) return;
	if (typeof value !== 'string' || !allowed.includes(value)) problems.add(path, `must be one of ${allowed.join(', ')}`);
}

export function checkObject(problems: Problems, path: string, value: unknown, required: boolean): value is Json {
	if (value === undefined) {
		if (required) problems.add(path, 'is required');
		return false;
	}
	if (!isObject(value)) {
		problems.add(path, 'must be an object');
		return false;
	}
	return true;
}
