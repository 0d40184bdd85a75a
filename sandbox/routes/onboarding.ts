/**
 * Merchant Onboarding API (spec: merchant-onboarding-api.md): asynchronous merchant writes answered with a
 * process, the process query (PENDING with Retry-After, then final), the merchant read shape, the calling
 * consumer and one-way messages. See docs/sandbox/onboarding.md.
 *
 * Written from the spec, never from the nodes: every rule the spec states for a body is a 422 with `errors`
 * keyed by body path (time zones and currencies outside the catalog too); the mcc catalog is checked while the
 * process runs, so an unknown mcc makes the process fail with `errors` (the documented way to see a failed process).
 */
import { createHash, randomBytes, randomUUID } from 'crypto';

import { bearer } from '../guards';
import { notFound, ok, refuse, statusBlock, unprocessable, type SandboxApp, type SandboxRequest, type SandboxResponse } from '../http';
import { notifyProcessFinished } from './events';

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

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_.:-]{16,64}$/;
const NOTIFICATION_LOCALES = ['es', 'en', 'pt', 'it'];

// Keys each collection element may hold; anything else is a 422 naming it (the spec's rule). The write shapes
// of the elements are not shown in the spec: these sets are the writable fields of the read shapes.
const PAYMENT_METHOD_KEYS = new Set([
	'id',
	'code',
	'name',
	'commissionModel',
	'commissionValue',
	'accountNumber',
	'accountType',
	'franchise',
	'financialEntity',
	'order',
	'disabled',
	'creditRules',
	'settings',
]);
const SITE_PAYMENT_METHOD_KEYS = new Set([...PAYMENT_METHOD_KEYS, 'customerPaymentId', 'minAmount', 'maxAmount']);
const INTEGRATION_KEYS = new Set(['type', 'settings']);
const PROMOTION_KEYS = new Set(['code', 'description', 'type', 'startDate', 'endDate', 'condition', 'discountBase', 'discountVariable', 'maxDiscount', 'franchise']);
const SITE_OBJECTS = [
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
const SITE_KEYS = new Set([
	'id',
	'name',
	'displayName',
	'type',
	'category',
	'email',
	'customBatch',
	'language',
	'currency',
	'onTest',
	'productionDate',
	'active',
	'expiration',
	...SITE_OBJECTS,
	'promotions',
	'paymentMethods',
	'integrations',
]);

// ---------------------------------------------------------------------------------------------------------
// State
// ---------------------------------------------------------------------------------------------------------

type Json = Record<string, any>;

interface NotificationState {
	url: string;
	status: 'PENDING' | 'DELIVERED' | 'FAILED';
	attempts: number;
	httpStatus?: number;
	deliveredAt?: string;
}

interface ProcessRecord {
	processId: string;
	action: 'merchant.create' | 'merchant.update';
	consumerId: number;
	merchantId?: number;
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

interface SentMessage {
	id: number;
	consumerId: number;
	receivedAt: string;
	body: Json;
}

interface OnboardingState {
	processes: Record<string, ProcessRecord>;
	/** consumerId:key → processId */
	idempotency: Record<string, string>;
	merchants: Record<string, Json>;
	messages: SentMessage[];
}

const initialState = (): OnboardingState => ({ processes: {}, idempotency: {}, merchants: {}, messages: [] });

// ---------------------------------------------------------------------------------------------------------
// Small helpers
// ---------------------------------------------------------------------------------------------------------

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
const header = (request: SandboxRequest, name: string): string | undefined => {
	const value = request.headers[name.toLowerCase()];
	return Array.isArray(value) ? value[0] : value;
};

/** JSON with keys sorted at every level: equal content gives equal text whatever the key order. */
function canonical(value: unknown): string {
	if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
	if (isObject(value)) {
		return `{${Object.keys(value)
			.sort()
			.map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`)
			.join(',')}}`;
	}
	return JSON.stringify(value) ?? 'null';
}

class Problems {
	readonly errors: Record<string, string[]> = {};
	add(path: string, problem: string): void {
		(this.errors[path] ??= []).push(problem);
	}
	get any(): boolean {
		return Object.keys(this.errors).length > 0;
	}
}

function isUri(value: string): boolean {
	try {
		const parsed = new URL(value);
		return /^https?:$/.test(parsed.protocol);
	} catch {
		return false;
	}
}

function checkString(problems: Problems, path: string, value: unknown, max?: number, required = false): void {
	if (value === undefined) {
		if (required) problems.add(path, 'is required');
		return;
	}
	if (typeof value !== 'string') return problems.add(path, 'must be a string');
	if (required && value.trim() === '') return problems.add(path, 'is required');
	if (max !== undefined && value.length > max) problems.add(path, `must be at most ${max} characters`);
}

function checkInteger(problems: Problems, path: string, value: unknown): void {
	if (value === undefined || value === null) return;
	if (typeof value !== 'number' || !Number.isInteger(value)) problems.add(path, 'must be an integer');
}

function checkBoolean(problems: Problems, path: string, value: unknown): void {
	if (value !== undefined && typeof value !== 'boolean') problems.add(path, 'must be a boolean');
}

function checkEnum(problems: Problems, path: string, value: unknown, allowed: string[]): void {
	if (value === undefined) return;
	if (typeof value !== 'string' || !allowed.includes(value)) problems.add(path, `must be one of ${allowed.join(', ')}`);
}

function checkObject(problems: Problems, path: string, value: unknown, required: boolean): value is Json {
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

/** A set of strings: a value repeated, ignoring case, is refused (422) at the path of the repetition. */
function checkStringSet(problems: Problems, path: string, value: unknown, required: boolean, pattern?: RegExp): void {
	if (value === undefined) {
		if (required) problems.add(path, 'is required');
		return;
	}
	if (!Array.isArray(value)) return problems.add(path, 'must be an array');
	const seen = new Set<string>();
	value.forEach((entry, index) => {
		if (typeof entry !== 'string' || entry.trim() === '') return problems.add(`${path}.${index}`, 'must be a non-empty string');
		if (pattern && !pattern.test(entry)) problems.add(`${path}.${index}`, 'has an invalid format');
		const folded = entry.toLowerCase();
		if (seen.has(folded)) problems.add(`${path}.${index}`, `is repeated (${entry}); the values form a set, compared ignoring case`);
		seen.add(folded);
	});
}

/** Elements of a collection: objects whose keys are all known; an unknown key is named by its path. */
function checkElements(problems: Problems, path: string, value: unknown, known: Set<string>, each?: (element: Json, at: string) => void): void {
	if (value === undefined) return;
	if (!Array.isArray(value)) return problems.add(path, 'must be an array');
	value.forEach((element, index) => {
		const at = `${path}.${index}`;
		if (!isObject(element)) return problems.add(at, 'must be an object');
		for (const key of Object.keys(element)) if (!known.has(key)) problems.add(`${at}.${key}`, 'is not a known field');
		each?.(element, at);
	});
}

function checkPaymentMethod(problems: Problems, element: Json, at: string): void {
	const hasId = element.id !== undefined && element.id !== null;
	const hasCode = element.code !== undefined && element.code !== null;
	if (hasId && hasCode) problems.add(at, 'give either id (modify an existing payment method) or code (register a new one), never both');
	if (!hasId && !hasCode) problems.add(at, 'needs id (modify an existing payment method) or code (register a new one)');
	checkInteger(problems, `${at}.id`, element.id);
	if (hasCode) checkString(problems, `${at}.code`, element.code);
	checkEnum(problems, `${at}.commissionModel`, element.commissionModel, ['P', 'F']);
	if (element.commissionValue !== undefined && typeof element.commissionValue !== 'number') problems.add(`${at}.commissionValue`, 'must be a number');
	checkInteger(problems, `${at}.accountType`, element.accountType);
	checkInteger(problems, `${at}.financialEntity`, element.financialEntity);
	checkInteger(problems, `${at}.order`, element.order);
	checkBoolean(problems, `${at}.disabled`, element.disabled);
	if (element.settings !== undefined && !isObject(element.settings)) problems.add(`${at}.settings`, 'must be an object');
}

function checkIntegrations(problems: Problems, path: string, value: unknown): void {
	const types = new Set<string>();
	checkElements(problems, path, value, INTEGRATION_KEYS, (element, at) => {
		checkString(problems, `${at}.type`, element.type, 50, true);
		if (typeof element.type === 'string') {
			if (types.has(element.type)) problems.add(`${at}.type`, 'is repeated; integrations are upserted by type');
			types.add(element.type);
		}
		if (element.settings !== undefined && !isObject(element.settings)) problems.add(`${at}.settings`, 'must be an object');
	});
}

/** Every rule the spec states for the merchant write body; `partial` for an update (nothing is required). */
function checkMerchantBody(body: unknown, partial: boolean): Problems {
	const problems = new Problems();
	if (!isObject(body)) {
		problems.add('body', 'must be a JSON object');
		return problems;
	}
	const required = !partial;
	checkString(problems, 'name', body.name, 80, required);
	checkString(problems, 'brand', body.brand, 60, required);
	checkBoolean(problems, 'active', body.active);
	if (body.url !== undefined && body.url !== null) {
		checkString(problems, 'url', body.url, 255);
		if (typeof body.url === 'string' && !isUri(body.url)) problems.add('url', 'must be a URI');
	}
	checkEnum(problems, 'incrementType', body.incrementType, ['SMLMV', 'IPC']);
	checkString(problems, 'mcc', body.mcc);
	checkEnum(problems, 'size', body.size, ['XS', 'S', 'M', 'L']);
	checkString(problems, 'timezone', body.timezone);
	checkStringSet(problems, 'languages', body.languages, required);
	checkStringSet(problems, 'currencies', body.currencies, required, /^[A-Za-z]{3}$/);

	if (checkObject(problems, 'document', body.document, required)) {
		checkString(problems, 'document.type', body.document.type);
		checkString(problems, 'document.number', body.document.number);
	}
	if (checkObject(problems, 'address', body.address, required)) {
		for (const key of ['street', 'city', 'country', 'phone', 'postalCode']) checkString(problems, `address.${key}`, body.address[key]);
		checkInteger(problems, 'address.state', body.address.state);
	}
	if (checkObject(problems, 'legalRepresentative', body.legalRepresentative, required)) {
		for (const key of ['name', 'surname', 'document', 'documentType']) checkString(problems, `legalRepresentative.${key}`, body.legalRepresentative[key]);
	}
	if (checkObject(problems, 'billing', body.billing, false)) {
		for (const key of ['taxType', 'taxRegime', 'organizationType']) checkInteger(problems, `billing.${key}`, body.billing[key]);
		if (typeof body.billing.mail === 'string' && !/^[^@\s]+@[^@\s]+$/.test(body.billing.mail)) problems.add('billing.mail', 'must be an e-mail address');
	}
	if (checkObject(problems, 'travelAgency', body.travelAgency, false)) {
		checkBoolean(problems, 'travelAgency.dispersion', body.travelAgency.dispersion);
		checkString(problems, 'travelAgency.iata', body.travelAgency.iata);
	}
	checkObject(problems, 'control', body.control, required);

	checkIntegrations(problems, 'integrations', body.integrations);
	checkElements(problems, 'paymentMethods', body.paymentMethods, PAYMENT_METHOD_KEYS, (element, at) => checkPaymentMethod(problems, element, at));
	checkElements(problems, 'sites', body.sites, SITE_KEYS, (site, at) => {
		if (site.id === undefined) checkString(problems, `${at}.name`, site.name, undefined, true);
		else checkInteger(problems, `${at}.id`, site.id);
		for (const key of SITE_OBJECTS) if (site[key] !== undefined && !isObject(site[key])) problems.add(`${at}.${key}`, 'must be an object');
		checkBoolean(problems, `${at}.active`, site.active);
		checkBoolean(problems, `${at}.onTest`, site.onTest);
		checkIntegrations(problems, `${at}.integrations`, site.integrations);
		checkElements(problems, `${at}.paymentMethods`, site.paymentMethods, SITE_PAYMENT_METHOD_KEYS);
		checkElements(problems, `${at}.promotions`, site.promotions, PROMOTION_KEYS);
	});
	if (checkObject(problems, 'notification', body.notification, false)) {
		checkString(problems, 'notification.url', body.notification.url, 255, true);
		if (typeof body.notification.url === 'string' && body.notification.url && !isUri(body.notification.url)) problems.add('notification.url', 'must be a URI');
	}
	return problems;
}

/** Catalog checks answered at once (422): the time zone and the currencies. */
function syncCatalogProblems(body: Json, problems: Problems): void {
	if (typeof body.timezone === 'string' && !TIMEZONE_CATALOG.includes(body.timezone)) problems.add('timezone', 'is not in the catalog of time zones');
	(Array.isArray(body.currencies) ? (body.currencies as unknown[]) : []).forEach((currency, index) => {
		if (typeof currency === 'string' && !CURRENCY_CATALOG.includes(currency.toUpperCase())) problems.add(`currencies.${index}`, 'is not in the catalog of currencies');
	});
	(Array.isArray(body.sites) ? (body.sites as unknown[]) : []).forEach((site, index) => {
		if (isObject(site) && typeof site.currency === 'string' && !CURRENCY_CATALOG.includes(site.currency.toUpperCase())) {
			problems.add(`sites.${index}.currency`, 'is not in the catalog of currencies');
		}
	});
}

/** Catalog checks made while the process runs: an mcc outside the catalog makes the process fail with `errors`. */
function catalogProblems(body: Json): Problems {
	const problems = new Problems();
	if (typeof body.mcc === 'string' && !MCC_CATALOG.includes(body.mcc)) problems.add('mcc', 'is not in the catalog of merchant category codes');
	return problems;
}

// ---------------------------------------------------------------------------------------------------------
// Read shape
// ---------------------------------------------------------------------------------------------------------

const stamp = (at: Date) => at.toISOString().replace('T', ' ').slice(0, 19);
const amount = (value: unknown) => (value === undefined || value === null ? null : String(value));
const sortedSet = (values: unknown): string[] | null =>
	Array.isArray(values) && values.length ? [...(values as string[])].sort((a, b) => a.localeCompare(b)) : null;

/** The platform keeps one full name and splits it again by an approximate rule: first word, then the rest. */
function splitFullName(name?: string, surname?: string): { name: string | null; surname: string | null } {
	const words = [name, surname].filter(Boolean).join(' ').trim().split(/\s+/).filter(Boolean);
	if (!words.length) return { name: null, surname: null };
	return { name: words[0], surname: words.slice(1).join(' ') || null };
}

function readPaymentMethod(app: SandboxApp, customerId: number, write: Json, previous?: Json): Json {
	const base = previous ?? {
		id: app.world.nextId('onboardingPaymentMethod', 9001),
		customerId,
		code: write.code,
		name: write.name ?? String(write.code),
		commissionModel: 'P',
		commissionValue: 0,
		accountNumber: null,
		accountType: null,
		franchise: null,
		financialEntity: null,
		order: 0,
		disabled: false,
		creditRules: [],
		settings: [],
	};
	const merged: Json = { ...base, ...write, id: base.id, customerId, code: base.code ?? write.code };
	if (isObject(merged.settings) && !Object.keys(merged.settings).length) merged.settings = [];
	return merged;
}

function readSite(app: SandboxApp, customerId: number, write: Json, previous?: Json): Json {
	const now = new Date();
	const base: Json = previous ?? {
		id: app.world.nextId('site'),
		login: '',
		tranKey: randomBytes(24).toString('base64url'),
		md5Hash: '',
		customerId,
		name: write.name,
		displayName: write.displayName ?? write.name,
		type: 'CHECKOUT',
		category: 'ECOMMERCE',
		email: null,
		customBatch: '',
		language: 'ES',
		currency: 'USD',
		onTest: true,
		productionDate: null,
		active: true,
		createdAt: stamp(now),
		expiration: stamp(new Date(now.getTime() + 5 * 365 * 86_400_000)),
		integration: { checkoutVersion: 'v4', allowPartial: false, notificationUrl: null },
		control: { minAmount: '0', maxAmount: null, exceptionBinsList: [] },
		threeDS: { setting: 'OPTIONAL', minAmount: '0' },
		historic: {},
		creditBureau: {},
		riskEngine: {},
		securityFilters: {},
		operation: {},
		subscriptionValidation: {},
		branding: {},
		promotions: [],
		metadata: [],
		paymentMethods: [],
		integrations: [],
	};
	if (!base.login) {
		base.login = `onb-site-${base.id}-${randomBytes(3).toString('hex')}`;
		base.md5Hash = createHash('md5').update(base.login).digest('hex');
	}
	const site: Json = { ...base };
	for (const [key, value] of Object.entries(write)) {
		if (key === 'id' || key === 'paymentMethods' || key === 'integrations') continue;
		if (SITE_OBJECTS.includes(key as (typeof SITE_OBJECTS)[number]) && isObject(value)) site[key] = { ...(isObject(base[key]) ? base[key] : {}), ...value };
		else site[key] = value;
	}
	for (const key of ['minAmount', 'maxAmount']) if (isObject(site.control) && key in site.control) site.control[key] = amount(site.control[key]);
	if (typeof site.language === 'string') site.language = site.language.toUpperCase();
	if (typeof site.currency === 'string') site.currency = site.currency.toUpperCase();
	if (isObject(site.metadata) && !Object.keys(site.metadata).length) site.metadata = [];
	site.integrations = upsertIntegrations(app, customerId, base.integrations ?? [], write.integrations, site.id);
	site.paymentMethods = [
		...(base.paymentMethods ?? []),
		...((write.paymentMethods as Json[] | undefined) ?? []).map((method) => ({
			id: app.world.nextId('sitePaymentMethod', 801),
			siteId: site.id,
			...method,
			minAmount: amount(method.minAmount),
			maxAmount: amount(method.maxAmount),
		})),
	];
	return site;
}

function upsertIntegrations(app: SandboxApp, customerId: number, existing: Json[], writes: unknown, siteId?: number): Json[] {
	const out = existing.map((entry) => ({ ...entry }));
	for (const write of (writes as Json[] | undefined) ?? []) {
		const found = out.find((entry) => entry.type === write.type);
		if (found) found.settings = { ...(isObject(found.settings) ? found.settings : {}), ...(write.settings ?? {}) };
		else
			out.push({
				id: app.world.nextId('integration', 501),
				...(siteId !== undefined ? { siteId } : { customerId }),
				type: write.type,
				settings: write.settings ?? {},
			});
	}
	return out;
}

function applyRoot(merchant: Json, body: Json): void {
	for (const key of ['name', 'mcc', 'active', 'timezone', 'size', 'incrementType', 'url']) if (key in body) merchant[key] = body[key];
	if ('brand' in body) merchant.brand = body.brand || merchant.name;
	if ('languages' in body) merchant.languages = sortedSet(body.languages);
	if ('currencies' in body) merchant.currencies = sortedSet((body.currencies as string[]).map((currency) => currency.toUpperCase()));
	if (body.document) merchant.document = { ...merchant.document, ...body.document };
	if (body.address) merchant.address = { ...merchant.address, ...body.address };
	if (body.legalRepresentative) {
		const sent = { ...merchant.legalRepresentative, ...body.legalRepresentative };
		merchant.legalRepresentative = { ...sent, ...splitFullName(sent.name, sent.surname) };
	}
	if (body.billing) merchant.billing = { ...merchant.billing, ...body.billing };
	if (body.travelAgency) merchant.travelAgency = { ...merchant.travelAgency, ...body.travelAgency };
	if (body.control) merchant.control = { ...merchant.control, ...body.control };
}

function newMerchant(id: number): Json {
	return {
		id,
		name: '',
		brand: '',
		mcc: null,
		active: true,
		timezone: null,
		size: null,
		incrementType: 'SMLMV',
		languages: null,
		currencies: null,
		url: null,
		document: { type: null, number: null },
		address: { street: null, city: null, state: null, country: null, phone: null, postalCode: null },
		legalRepresentative: { name: null, surname: null, document: null, documentType: null },
		billing: { contact: null, mail: null, registrationNumber: null, taxType: null, taxRegime: null, organizationType: null, ciiu: null },
		travelAgency: { dispersion: false, iata: null },
		control: { seller: null, reseller: null, paymentFacilitator: null },
		paymentMethods: [],
		integrations: [],
		sites: [],
	};
}

// ---------------------------------------------------------------------------------------------------------
// Routes
// ---------------------------------------------------------------------------------------------------------

export function register(app: SandboxApp): void {
	const state = () => app.world.slice<OnboardingState>('onboarding', initialState);

	/** The process's effect on the merchants, computed once when it becomes final. */
	function run(process: ProcessRecord): NonNullable<ProcessRecord['final']> {
		const catalog = catalogProblems(process.body);
		const problems = catalog.errors;
		const existing = process.merchantId !== undefined ? state().merchants[String(process.merchantId)] : undefined;
		if (process.action === 'merchant.update' && !existing) return { status: 'FAILED', result: null, errors: { merchantId: ['does not exist'] } };
		const merchant = existing ? clone(existing) : newMerchant(0);
		(Array.isArray(process.body.paymentMethods) ? (process.body.paymentMethods as Json[]) : []).forEach((method, index) => {
			if (method.id !== undefined && !merchant.paymentMethods.some((known: Json) => known.id === method.id)) {
				(problems[`paymentMethods.${index}.id`] ??= []).push('is not a payment method of this merchant');
			}
		});
		(Array.isArray(process.body.sites) ? (process.body.sites as Json[]) : []).forEach((site, index) => {
			if (site.id !== undefined && !merchant.sites.some((known: Json) => known.id === site.id)) {
				(problems[`sites.${index}.id`] ??= []).push('is not a site of this merchant');
			}
		});
		if (Object.keys(problems).length) return { status: 'FAILED', result: null, errors: problems };

		if (!existing) merchant.id = app.world.nextId('onboardingMerchant', 3001);
		applyRoot(merchant, process.body);
		merchant.integrations = upsertIntegrations(app, merchant.id, merchant.integrations, process.body.integrations);
		for (const method of (process.body.paymentMethods as Json[] | undefined) ?? []) {
			const index = merchant.paymentMethods.findIndex((known: Json) => known.id === method.id);
			if (index >= 0) merchant.paymentMethods[index] = readPaymentMethod(app, merchant.id, method, merchant.paymentMethods[index]);
			else merchant.paymentMethods.push(readPaymentMethod(app, merchant.id, method));
		}
		const siteIds: number[] = [];
		for (const write of (process.body.sites as Json[] | undefined) ?? []) {
			const index = merchant.sites.findIndex((known: Json) => known.id === write.id);
			const site = readSite(app, merchant.id, write, index >= 0 ? merchant.sites[index] : undefined);
			if (index >= 0) merchant.sites[index] = site;
			else merchant.sites.push(site);
			siteIds.push(site.id);
			// The new site signs the Core and Payment APIs with its login and tranKey, like any other site.
			const record = app.world.sites.find((known) => known.id === site.id);
			if (record) record.state = site.active === false ? 'INACTIVE' : 'ACTIVE';
			else
				app.world.sites.push({
					id: site.id,
					customerId: merchant.id,
					login: site.login,
					secretKey: site.tranKey,
					state: site.active === false ? 'INACTIVE' : 'ACTIVE',
					name: site.name,
					currency: site.currency,
				});
		}
		state().merchants[String(merchant.id)] = merchant;
		process.merchantId = merchant.id;
		return { status: 'OK', result: { merchantId: merchant.id, siteIds } };
	}

	/** Makes a process final (once) and, when it registered a notification URL, has the result delivered. */
	function finish(process: ProcessRecord): void {
		if (process.final) return;
		process.final = run(process);
		app.world.save();
		const notification = process.notification;
		if (!notification) return;
		notification.attempts += 1;
		void notifyProcessFinished(app, {
			processId: process.processId,
			action: process.action,
			status: process.final.status,
			notificationUrl: notification.url,
		})
			.then((delivery) => {
				if (!delivery) return;
				notification.httpStatus = delivery.status;
				notification.status = delivery.status >= 200 && delivery.status < 300 ? 'DELIVERED' : 'FAILED';
				notification.deliveredAt = new Date().toISOString();
				app.world.save();
			})
			.catch(() => {
				notification.status = 'FAILED';
			});
	}

	const finishLater = (processId: string, delayMs: number) => {
		const timer = setTimeout(() => {
			const process = state().processes[processId];
			if (process) finish(process);
		}, delayMs);
		timer.unref();
	};

	const pendingPolls = () => Math.max(0, Number(app.world.options.processPendingPolls));
	const retryAfter = () => Math.max(0, Number(app.world.options.retryAfterSeconds));

	function processView(process: ProcessRecord): Json {
		const final = process.final;
		const status = !final
			? statusBlock('PENDING', null, 'The process is waiting to be processed')
			: final.status === 'OK'
				? statusBlock('OK', '00', 'The process finished successfully')
				: statusBlock('FAILED', 'VALIDATION', `The process failed: ${Object.keys(final.errors ?? {}).join(', ')}`);
		return {
			status,
			processId: process.processId,
			action: process.action,
			result: final ? final.result : null,
			...(final?.errors ? { errors: final.errors } : {}),
			notification: process.notification ? { ...process.notification } : null,
		};
	}

	/** The answer to an accepted write (and to its idempotent replay). */
	const accepted = (process: ProcessRecord, replay = false): SandboxResponse => ({
		status: 202,
		headers: replay ? { 'idempotent-replayed': 'true' } : {},
		body: {
			status: statusBlock('OK', '00', 'The request was accepted and will be processed'),
			processId: process.processId,
			action: process.action,
			result: null,
			notification: process.notification ? { ...process.notification } : null,
		},
	});

	/** Shared by create and update: Idempotency-Key, JSON body, the spec's rules, then a new process. */
	function write(request: SandboxRequest, action: ProcessRecord['action'], merchantId?: number): SandboxResponse {
		const key = header(request, 'idempotency-key');
		if (action === 'merchant.create' && key === undefined) return refuse(400, 'IDEMPOTENCY_KEY', 'The Idempotency-Key header is required');
		if (key !== undefined && !IDEMPOTENCY_KEY.test(key)) {
			return refuse(400, 'IDEMPOTENCY_KEY', 'The Idempotency-Key header must be 16 to 64 characters of A-Z a-z 0-9 _ . : -');
		}
		if (!/^application\/json\b/i.test(header(request, 'content-type') ?? '')) return refuse(415, 'CONTENT_TYPE', 'The body must be sent as application/json');
		if (request.body === undefined) return refuse(400, 'BODY', 'The body is not valid JSON');
		const problems = checkMerchantBody(request.body, action === 'merchant.update');
		if (action === 'merchant.update' && isObject(request.body) && !Object.keys(request.body).length) problems.add('body', 'has nothing to update');
		if (isObject(request.body)) syncCatalogProblems(request.body, problems);
		if (problems.any) return unprocessable(problems.errors);

		const consumerId = request.token!.consumerId;
		const bodyHash = createHash('sha256')
			.update(canonical({ action, merchantId: merchantId ?? null, body: request.body }))
			.digest('hex');
		const slot = key !== undefined ? `${consumerId}:${key}` : undefined;
		if (slot && state().idempotency[slot]) {
			const original = state().processes[state().idempotency[slot]];
			if (original && original.bodyHash === bodyHash) return accepted(original, true);
			return refuse(409, 'IDEMPOTENCY_CONFLICT', 'The Idempotency-Key was already used with different content');
		}
		const notificationUrl = isObject(request.body.notification) ? (request.body.notification.url as string) : undefined;
		const processId = randomUUID().toLowerCase();
		const process: ProcessRecord = {
			processId,
			action,
			consumerId,
			merchantId,
			body: clone(request.body as Json),
			idempotencyKey: key,
			bodyHash,
			polls: 0,
			createdAt: new Date().toISOString(),
			deadline: Date.now() + (pendingPolls() * Math.max(retryAfter(), 1) + 2) * 1000,
			notification: notificationUrl ? { url: notificationUrl, status: 'PENDING', attempts: 0 } : null,
		};
		state().processes[processId] = process;
		if (slot) state().idempotency[slot] = processId;
		finishLater(processId, process.deadline - Date.now());
		return accepted(process);
	}

	app.router.post(
		'/api/merchants',
		bearer('onboarding:create', (request) => write(request, 'merchant.create')),
	);

	// The spec describes the update as a PATCH but shows no path; this one is our choice (docs/sandbox/onboarding.md).
	const updateMerchant = bearer('onboarding:create', (request) => {
		const merchantId = Number(request.params.merchantId);
		if (!state().merchants[String(merchantId)]) return notFound(`Merchant ${merchantId}`);
		return write(request, 'merchant.update', merchantId);
	});
	app.router.patch('/api/merchants/:merchantId', (request, sandbox) =>
		/^\d+$/.test(request.params.merchantId) ? updateMerchant(request, sandbox) : notFound(`Merchant ${request.params.merchantId}`),
	);

	// A non-numeric id is refused before reaching the endpoint, so before the token is looked at.
	const readMerchant = bearer('onboarding:read', (request) => {
		const merchant = state().merchants[String(Number(request.params.merchantId))];
		if (!merchant) return notFound(`Merchant ${request.params.merchantId}`);
		return ok(clone(merchant));
	});
	app.router.get('/api/merchants/:merchantId', (request, sandbox) =>
		/^\d+$/.test(request.params.merchantId) ? readMerchant(request, sandbox) : notFound(`Merchant ${request.params.merchantId}`),
	);

	app.router.get(
		'/api/processes/:processId',
		bearer('onboarding:read', (request) => {
			const process = state().processes[request.params.processId.toLowerCase()];
			if (!process) return notFound(`Process ${request.params.processId}`);
			if (!process.final) {
				process.polls += 1;
				if (process.polls > pendingPolls() || Date.now() >= process.deadline) finish(process);
			}
			if (!process.final) return { status: 200, headers: { 'retry-after': String(retryAfter()) }, body: processView(process) };
			return { status: 200, body: processView(process) };
		}),
	);

	app.router.get(
		'/api/user',
		bearer(undefined, (request) =>
			ok({ id: request.token!.consumerId, username: request.token!.username, environment: 'sandbox', active: true }),
		),
	);

	app.router.post(
		'/api/notifications',
		bearer(undefined, (request) => {
			if (!/^application\/json\b/i.test(header(request, 'content-type') ?? '')) return refuse(415, 'CONTENT_TYPE', 'The body must be sent as application/json');
			const problems = checkNotification(request.body);
			if (problems.any) return unprocessable(problems.errors);
			state().messages.push({
				id: app.world.nextId('onboardingMessage', 1),
				consumerId: request.token!.consumerId,
				receivedAt: new Date().toISOString(),
				body: clone(request.body as Json),
			});
			return ok({}, 'The message was accepted for delivery');
		}),
	);

	// --- Control API of this area (never a path of the platform) ---------------------------------------------
	app.router.get('/__sandbox/onboarding/processes', () => ok({ processes: Object.values(state().processes).map((p) => ({ ...processView(p), polls: p.polls, body: p.body })) }));
	app.router.post('/__sandbox/onboarding/processes/:processId/finish', (request) => {
		const process = state().processes[request.params.processId.toLowerCase()];
		if (!process) return notFound(`Process ${request.params.processId}`);
		finish(process);
		return ok(processView(process));
	});
	app.router.get('/__sandbox/onboarding/merchants', () => ok({ merchants: Object.values(state().merchants) }));
	app.router.get('/__sandbox/onboarding/messages', () => ok({ messages: state().messages }));
	app.router.get('/__sandbox/onboarding/catalog', () => ok({ mcc: MCC_CATALOG, timezones: TIMEZONE_CATALOG, currencies: CURRENCY_CATALOG }));
}

/** POST /api/notifications: the stated rules, plus our choices where the spec is silent (see the docs). */
function checkNotification(body: unknown): Problems {
	const problems = new Problems();
	if (!isObject(body)) {
		problems.add('body', 'must be a JSON object');
		return problems;
	}
	checkString(problems, 'message', body.message, undefined, true);
	if (body.locale !== undefined) {
		if (typeof body.locale !== 'string' || body.locale.length !== 2) problems.add('locale', 'must be exactly 2 characters');
		else checkEnum(problems, 'locale', body.locale, NOTIFICATION_LOCALES);
	}
	checkString(problems, 'kind', body.kind, 50);
	checkInteger(problems, 'site_id', body.site_id);
	if (!checkObject(problems, 'channels', body.channels, true)) return problems;
	const channels = body.channels;
	const names = Object.keys(channels);
	if (!names.length) problems.add('channels', 'must name at least one channel (sms, chat, email)');
	for (const name of names) if (!['sms', 'chat', 'email'].includes(name)) problems.add(`channels.${name}`, 'is not a known channel');
	if (checkObject(problems, 'channels.sms', channels.sms, false)) {
		checkString(problems, 'channels.sms.phone_number', channels.sms.phone_number, undefined, true);
		checkString(problems, 'channels.sms.short_message', channels.sms.short_message, undefined, true);
	}
	if (checkObject(problems, 'channels.chat', channels.chat, false)) {
		checkString(problems, 'channels.chat.phone_number', channels.chat.phone_number, undefined, true);
		if (checkObject(problems, 'channels.chat.template', channels.chat.template, true)) {
			const template = channels.chat.template;
			checkString(problems, 'channels.chat.template.name', template.name, undefined, true);
			checkString(problems, 'channels.chat.template.lang', template.lang);
			if (template.parameters !== undefined) {
				if (!Array.isArray(template.parameters)) problems.add('channels.chat.template.parameters', 'must be an array of strings');
				else
					template.parameters.forEach((parameter: unknown, index: number) => {
						if (typeof parameter !== 'string') problems.add(`channels.chat.template.parameters.${index}`, 'must be a string');
					});
			}
		}
	}
	if (checkObject(problems, 'channels.email', channels.email, false)) {
		checkString(problems, 'channels.email.email', channels.email.email, undefined, true);
		if (typeof channels.email.email === 'string' && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(channels.email.email)) {
			problems.add('channels.email.email', 'must be an e-mail address');
		}
		checkString(problems, 'channels.email.subject', channels.email.subject);
	}
	return problems;
}
