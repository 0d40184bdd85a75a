/**
 * A process from acceptance to its final result: what it does to the merchants when it becomes final (the
 * catalog checks made while it runs, and the read shape it writes), its notification, and its view.
 * Used by the merchant writes, the process query and the control API. See docs/sandbox/onboarding.md.
 */
/* eslint-disable @n8n/community-nodes/no-restricted-globals -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import { createHash, randomBytes } from 'crypto';

import { statusBlock, type SandboxApp } from '../../http';
import { notifyProcessFinished } from '../events/state';
import { clone, isObject, MCC_CATALOG, pick, Problems, READ_FIELDS, SITE_OBJECTS, SITE_READ_FIELDS, state, type Json, type ProcessRecord } from './state';

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
		// The site belongs to the merchant written, whatever customerId says.
		if (key === 'id' || key === 'customerId' || key === 'paymentMethods' || key === 'integrations') continue;
		if (SITE_OBJECTS.includes(key as (typeof SITE_OBJECTS)[number]) && isObject(value)) site[key] = { ...(isObject(base[key]) ? base[key] : {}), ...siteGroup(key, value) };
		else site[key] = value;
	}
	for (const key of ['minAmount', 'maxAmount']) if (isObject(site.control) && key in site.control) site.control[key] = amount(site.control[key]);
	if (typeof site.language === 'string') site.language = site.language.toUpperCase();
	// The read shape spells `sites[].languages` upper case (the merchant's as registered).
	if (Array.isArray(site.languages)) site.languages = (site.languages as string[]).map((language) => language.toUpperCase());
	if (typeof site.currency === 'string') site.currency = site.currency.toUpperCase();
	if (isObject(site.metadata) && !Object.keys(site.metadata).length) site.metadata = [];
	site.integrations = upsertIntegrations(app, customerId, base.integrations ?? [], write.integrations, site.id);
	site.paymentMethods = [
		...(base.paymentMethods ?? []),
		// A site's payment method reads back without the customerId a merchant's has.
		...((write.paymentMethods as Json[] | undefined) ?? []).map((method) => ({
			id: app.world.nextId('sitePaymentMethod', 801),
			siteId: site.id,
			...pick(method, SITE_PAYMENT_METHOD_READ),
			minAmount: amount(method.minAmount),
			maxAmount: amount(method.maxAmount),
		})),
	];
	return site;
}

/** The fields of a site's payment method in its read shape (SiteRead paymentMethods). */
const SITE_PAYMENT_METHOD_READ = ['id', 'siteId', 'customerPaymentId', 'code', 'name', 'order', 'commissionModel', 'commissionValue', 'accountNumber', 'accountType', 'franchise', 'financialEntity', 'disabled', 'settings', 'creditRules'];

/** A site's setting group as its read shape shows it (metadata is free-form; behaviours keep their own keys). */
function siteGroup(group: string, value: Json): Json {
	if (group === 'metadata') return value;
	const shown = pick(value, SITE_READ_FIELDS[group] ?? []);
	if (isObject(shown.behaviours)) shown.behaviours = pick(shown.behaviours, SITE_READ_FIELDS.behaviours);
	return shown;
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
	// Each object merges the fields its read shape shows; the legal representative's name is split again.
	for (const [key, fields] of Object.entries(READ_FIELDS)) if (isObject(body[key])) merchant[key] = { ...merchant[key], ...pick(body[key], fields) };
	if (isObject(body.legalRepresentative)) {
		const sent = merchant.legalRepresentative;
		merchant.legalRepresentative = { ...sent, ...splitFullName(sent.name, sent.surname) };
	}
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
// The process
// ---------------------------------------------------------------------------------------------------------

/** The process's effect on the merchants, computed once when it becomes final. */
function run(app: SandboxApp, process: ProcessRecord): NonNullable<ProcessRecord['final']> {
	const catalog = catalogProblems(process.body);
	const problems = catalog.errors;
	const existing = process.merchantId !== undefined ? state(app).merchants[String(process.merchantId)] : undefined;
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
				// The document gives a site no time zone of its own in writes: the merchant's, else the sandbox's.
				timezone: typeof merchant.timezone === 'string' ? merchant.timezone : app.world.siteTimeZone,
			});
	}
	state(app).merchants[String(merchant.id)] = merchant;
	process.merchantId = merchant.id;
	return { status: 'OK', result: { merchantId: merchant.id, siteIds } };
}

/** Makes a process final (once) and, when it registered a notification URL, has the result delivered. */
export function finish(app: SandboxApp, process: ProcessRecord): void {
	if (process.final) return;
	process.final = run(app, process);
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

/** An unpolled process also becomes final by itself at its deadline (the timer does not keep Node running). */
export const finishLater = (app: SandboxApp, processId: string, delayMs: number) => {
	const timer = setTimeout(() => {
		const process = state(app).processes[processId];
		if (process) finish(app, process);
	}, delayMs);
	timer.unref();
};

export const pendingPolls = (app: SandboxApp) => Math.max(0, Number(app.world.options.processPendingPolls));
export const retryAfter = (app: SandboxApp) => Math.max(0, Number(app.world.options.retryAfterSeconds));

export function processView(process: ProcessRecord): Json {
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
