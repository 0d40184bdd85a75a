/**
 * The write that merchant create (POST /api/merchants) and update (PUT, as the platform publishes it, and PATCH,
 * as the document describes it: /api/merchants/{merchantId}) share: the Idempotency-Key, the body's rules (422
 * with `errors` keyed by body path), then a new process. See docs/sandbox/onboarding.md.
 */
import { createHash, randomUUID } from 'crypto';

import { refuse, statusBlock, unprocessable, type SandboxApp, type SandboxRequest, type SandboxResponse } from '../../http';
import type { Id } from '../../json';
import { finishLater, pendingPolls, retryAfter } from './processes';
import {
	checkBoolean,
	checkEnum,
	checkInteger,
	checkObject,
	checkString,
	clone,
	CURRENCY_CATALOG,
	header,
	isObject,
	Problems,
	SITE_OBJECTS,
	state,
	TIMEZONE_CATALOG,
	type Json,
	type ProcessRecord,
} from './state';

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_.:-]{16,64}$/;

// Keys each collection element may hold; anything else is a 422 naming it (the spec's rule). The write shapes
// of the elements are not shown in the spec: these sets are the writable fields of the read shapes.
const PAYMENT_METHOD_KEYS = new Set([
	'id',
	'customerId',
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
const SITE_PAYMENT_METHOD_KEYS = new Set([...PAYMENT_METHOD_KEYS, 'siteId', 'customerPaymentId', 'minAmount', 'maxAmount']);
// IntegrationRead (merchant): id, customerId, type, settings; a site's integrations: id, siteId, type, settings.
const INTEGRATION_KEYS = new Set(['id', 'customerId', 'type', 'settings']);
const SITE_INTEGRATION_KEYS = new Set(['id', 'siteId', 'type', 'settings']);
const PROMOTION_KEYS = new Set(['code', 'description', 'type', 'startDate', 'endDate', 'condition', 'discountBase', 'discountVariable', 'maxDiscount', 'franchise']);
const SITE_KEYS = new Set([
	'id',
	'login',
	'tranKey',
	'md5Hash',
	'customerId',
	'name',
	'displayName',
	'type',
	'category',
	'email',
	'customBatch',
	'language',
	// The merchant read shape names `sites[].languages` (spelled upper case there).
	'languages',
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

/** JSON with keys sorted at every level: equal content gives equal text whatever the key order. */
function canonical(value: unknown): string {
	if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
	if (isObject(value)) {
		return `{${Object.keys(value)
			.sort()
			.map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`)
			.join(',')}}`;
	}
	// An identifier beyond 2^53 is a bigint (sandbox/json.ts): its digits, as it was sent.
	if (typeof value === 'bigint') return value.toString();
	return JSON.stringify(value) ?? 'null';
}

function isUri(value: string): boolean {
	try {
		const parsed = new URL(value);
		return /^https?:$/.test(parsed.protocol);
	} catch {
		return false;
	}
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
	checkInteger(problems, `${at}.customerId`, element.customerId);
	if (hasCode) checkString(problems, `${at}.code`, element.code);
	checkEnum(problems, `${at}.commissionModel`, element.commissionModel, ['P', 'F']);
	if (element.commissionValue !== undefined && typeof element.commissionValue !== 'number') problems.add(`${at}.commissionValue`, 'must be a number');
	checkInteger(problems, `${at}.accountType`, element.accountType);
	checkInteger(problems, `${at}.financialEntity`, element.financialEntity);
	checkInteger(problems, `${at}.order`, element.order);
	checkBoolean(problems, `${at}.disabled`, element.disabled);
	if (element.settings !== undefined && !isObject(element.settings)) problems.add(`${at}.settings`, 'must be an object');
}

function checkIntegrations(problems: Problems, path: string, value: unknown, known = INTEGRATION_KEYS): void {
	const types = new Set<string>();
	checkElements(problems, path, value, known, (element, at) => {
		checkInteger(problems, `${at}.id`, element.id);
		checkInteger(problems, `${at}.customerId`, element.customerId);
		checkInteger(problems, `${at}.siteId`, element.siteId);
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
		for (const key of ['login', 'tranKey', 'md5Hash']) checkString(problems, `${at}.${key}`, site[key]);
		checkInteger(problems, `${at}.customerId`, site.customerId);
		checkStringSet(problems, `${at}.languages`, site.languages, false);
		checkIntegrations(problems, `${at}.integrations`, site.integrations, SITE_INTEGRATION_KEYS);
		checkElements(problems, `${at}.paymentMethods`, site.paymentMethods, SITE_PAYMENT_METHOD_KEYS, (method, methodAt) => {
			checkInteger(problems, `${methodAt}.siteId`, method.siteId);
			checkInteger(problems, `${methodAt}.customerPaymentId`, method.customerPaymentId);
		});
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

/** The answer to an accepted write (202), and to its idempotent replay (`replayStatus`). */
const accepted = (process: ProcessRecord, replay = false, replayStatus = 202): SandboxResponse => ({
	status: replay ? replayStatus : 202,
	headers: replay ? { 'idempotent-replayed': 'true' } : {},
	body: {
		status: statusBlock('OK', '00', 'The request was accepted and will be processed'),
		processId: process.processId,
		action: process.action,
		result: null,
		notification: process.notification ? { ...process.notification } : null,
	},
});

/** How a write is taken: create, the update as the document describes it (PATCH), or as the platform publishes it (PUT). */
export interface WriteStyle {
	action: ProcessRecord['action'];
	merchantId?: Id;
	/** The Idempotency-Key must be sent (create, PUT); the PATCH takes it when given. */
	keyRequired: boolean;
	/** PUT: a null is ignored, not a delete, and the body must name at least one field it writes. */
	nullsIgnored?: boolean;
	/** The HTTP status of a replayed key: 202 (create, PATCH) or 200 (PUT). */
	replayStatus?: number;
}

export const CREATE: WriteStyle = { action: 'merchant.create', keyRequired: true };

/** The root fields a merchant write writes (`notification` only asks for the process result). */
const MERCHANT_FIELDS = [
	'name', 'brand', 'active', 'url', 'incrementType', 'mcc', 'size', 'timezone', 'languages', 'currencies', 'document', 'address',
	'legalRepresentative', 'billing', 'travelAgency', 'control', 'integrations', 'paymentMethods', 'sites',
];

/** The body without its nulls, at every level of its objects: a null is ignored, not a delete. */
function withoutNulls(value: unknown): unknown {
	if (Array.isArray(value)) return value.map(withoutNulls);
	if (!isObject(value)) return value;
	return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== null).map(([key, entry]) => [key, withoutNulls(entry)]));
}

/** Why an update changes nothing: an empty body; with nulls ignored, one that names no field it writes. */
function nothingToUpdate(body: Json, style: WriteStyle): string | undefined {
	if (style.action !== 'merchant.update') return undefined;
	if (!style.nullsIgnored) return Object.keys(body).length ? undefined : 'has nothing to update';
	return MERCHANT_FIELDS.some((field) => body[field] !== undefined) ? undefined : `names no field to write (a null is ignored): give at least one of ${MERCHANT_FIELDS.join(', ')}`;
}

/** The Idempotency-Key, JSON and Content-Type refusals, before the body's rules. */
function headerRefusal(request: SandboxRequest, key: string | undefined, style: WriteStyle): SandboxResponse | undefined {
	if (style.keyRequired && key === undefined) return refuse(400, 'IDEMPOTENCY_KEY', 'The Idempotency-Key header is required');
	if (key !== undefined && !IDEMPOTENCY_KEY.test(key)) {
		return refuse(400, 'IDEMPOTENCY_KEY', 'The Idempotency-Key header must be 16 to 64 characters of A-Z a-z 0-9 _ . : -');
	}
	if (!/^application\/json\b/i.test(header(request, 'content-type') ?? '')) return refuse(415, 'CONTENT_TYPE', 'The body must be sent as application/json');
	if (request.body === undefined) return refuse(400, 'BODY', 'The body is not valid JSON');
	return undefined;
}

/** Shared by create and update: Idempotency-Key, JSON body, the spec's rules, then a new process. */
export function write(app: SandboxApp, request: SandboxRequest, style: WriteStyle): SandboxResponse {
	const { action, merchantId } = style;
	const key = header(request, 'idempotency-key');
	const refusal = headerRefusal(request, key, style);
	if (refusal) return refusal;
	const body = (style.nullsIgnored ? withoutNulls(request.body) : request.body) as Json;
	const problems = checkMerchantBody(body, action === 'merchant.update');
	const nothing = isObject(body) ? nothingToUpdate(body, style) : undefined;
	if (nothing) problems.add('body', nothing);
	if (isObject(body)) syncCatalogProblems(body, problems);
	if (problems.any) return unprocessable(problems.errors);

	const consumerId = request.token!.consumerId;
	const bodyHash = createHash('sha256')
		.update(canonical({ action, merchantId: merchantId ?? null, body: request.body }))
		.digest('hex');
	const slot = key !== undefined ? `${consumerId}:${key}` : undefined;
	if (slot && state(app).idempotency[slot]) {
		const original = state(app).processes[state(app).idempotency[slot]];
		if (original && original.bodyHash === bodyHash) return accepted(original, true, style.replayStatus);
		return refuse(409, 'IDEMPOTENCY_CONFLICT', 'The Idempotency-Key was already used with different content');
	}
	const notificationUrl = isObject(body.notification) ? (body.notification.url as string) : undefined;
	const processId = randomUUID().toLowerCase();
	const process: ProcessRecord = {
		processId,
		action,
		consumerId,
		merchantId,
		body: clone(body),
		idempotencyKey: key,
		bodyHash,
		polls: 0,
		createdAt: new Date().toISOString(),
		deadline: Date.now() + (pendingPolls(app) * Math.max(retryAfter(app), 1) + 2) * 1000,
		notification: notificationUrl ? { url: notificationUrl, status: 'PENDING', attempts: 0 } : null,
	};
	state(app).processes[processId] = process;
	if (slot) state(app).idempotency[slot] = processId;
	finishLater(app, processId, process.deadline - Date.now());
	return accepted(process);
}
