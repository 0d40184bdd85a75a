/**
 * The sandbox answers what the three API documents show, and nothing more: every endpoint is driven over HTTP
 * (answered and refused), every webhook kind is sent, and each answer's key paths are held against the table
 * of documented fields (sandbox/documented/, written from the documents). An undocumented field fails here,
 * naming the endpoint and its path; the table's own rules (paths, wildcards, the report's columns) are checked
 * too, and so is the check itself (a field slipped into the state is caught).
 */
/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-explicit-any -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import { existsSync, readFileSync } from 'fs';
import { createServer, type Server } from 'http';
import type { AddressInfo } from 'net';
import { join } from 'path';

import { startSandbox, type FieldViolation, type RunningSandbox } from '../../sandbox';
import { ANSWERS, PAGES, undocumentedPaths, WEBHOOKS } from '../../sandbox/documented';
import { expand, keyPaths, PathSet } from '../../sandbox/documented/paths';
import { documented } from '../../sandbox/documented/shapes';
import { send } from './client';
import { auth } from './signer';

let sandbox: RunningSandbox;
let receiver: Server;
let hook: string;

beforeAll(async () => {
	sandbox = await startSandbox({ port: 0, processPendingPolls: 1, retryAfterSeconds: 0, reportPendingPolls: 1, documentedFields: 'record' });
	receiver = createServer((request, response) => {
		request.resume();
		request.on('end', () => response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":{"status":"OK","reason":"00"}}'));
	});
	await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', () => resolve()));
	hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
});
afterAll(async () => {
	await sandbox.stop();
	await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

/** After each area: no answer carried an undocumented field (each listed with its endpoint and path). */
afterEach(() => {
	const found: FieldViolation[] = sandbox.violations();
	sandbox.clearViolations();
	expect(found.map((violation) => `${violation.where} ${violation.status}: ${violation.undocumented.join(', ')}`)).toEqual([]);
});

type Answer = { status: number; json: any; text: string };

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
	const response = await send(method, `${sandbox.url}${path}`, { body, headers });
	const json = /json/.test(response.headers['content-type'] ?? '') && response.text ? JSON.parse(response.text) : undefined;
	return { status: response.status, json, text: response.text };
}
const signed = (path: string, body: Record<string, unknown> = {}) => call('POST', path, { auth: auth(sandbox.credentials.login, sandbox.credentials.secretKey), ...body });
const bearer = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
	call(method, path, body, { authorization: `Bearer ${sandbox.credentials.accessToken}`, ...headers });
const control = (path: string, body: Record<string, unknown> = {}) => call('POST', `/__sandbox${path}`, body);
let keys = 0;
const key = () => ({ 'idempotency-key': `documented-fields-${Date.now()}-${++keys}` });

/** Expects the HTTP status of each answer, so that a driven endpoint is known to have answered as meant. */
function statuses(...answers: Array<[Answer, number]>) {
	expect(answers.map(([answer]) => answer.status)).toEqual(answers.map(([, status]) => status));
}

const CARD = { number: '4111111111111111', expiration: '12/30', cvv: '123' };
const AMOUNT = {
	currency: 'USD',
	total: 120.5,
	taxes: [{ kind: 'valueAddedTax', amount: 19, base: 100 }],
	details: [{ kind: 'shipping', amount: 1.5 }],
};
const PERSON = { name: 'Ana', surname: 'Gomez', email: 'ana@example.com', mobile: '+573001112233', document: '1020304050', documentType: 'CC', address: { street: 'Calle 1', city: 'Bogota', country: 'CO' } };
const FIELDS = [{ keyword: 'orderChannel', value: 'web', displayOn: 'none' }];
const PAYMENT = {
	reference: 'DOC-1',
	description: 'Everything a payment request may hold',
	amount: AMOUNT,
	allowPartial: false,
	shipping: PERSON,
	items: [{ sku: 'S-1', name: 'Coat', category: 'physical', qty: 1, price: 100, tax: 19 }],
	fields: FIELDS,
	recurring: { periodicity: 'M', interval: 1, nextPayment: '2031-01-01', maxPeriods: 3, notificationUrl: 'https://shop.example.com/recurring' },
	subscribe: false,
	dispersion: [{ agreement: 1, agreementType: 'MERCHANT', amount: { currency: 'USD', total: 120.5 } }],
	modifiers: [{ type: 'FEDERAL_GOVERNMENT', code: 17934, additional: { invoice: '123345' } }],
	processorFields: FIELDS,
};
const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString().replace(/\.\d{3}Z$/, '+00:00');
const SESSION = { payer: PERSON, buyer: PERSON, ipAddress: '127.0.0.1', userAgent: 'jest', returnUrl: 'https://shop.example.com/back', fields: FIELDS, expiration: inMinutes(60) };

describe('every endpoint answers only the documented fields', () => {
	it('core administration: sites, payment methods, facilitators', async () => {
		const site = await signed('/core/site/create', { data: { customerId: 1001, name: 'Documented', integration: { notificationUrl: hook }, branding: { buttonColor: '#112233' } } });
		const method = await signed('/core/merchant/payment-methods/create', {
			data: { customerId: 1001, code: 'CRA', commissionModel: 'P', commissionValue: 1.5, accountType: 1, accountNumber: '1234', settings: { merchantCode: 'M1', isEcommerce: true }, creditRules: { CRA: { DEFAULT: { '3': { minimum: '10.00' } } } } },
		});
		statuses(
			[site, 200],
			[await signed('/core/site/create', { data: {} }), 400],
			[await signed('/core/site/update', { id: site.json.id, branding: { sidebarColor: '#445566' }, checkoutVersion: 'v4' }), 200],
			[await signed('/core/site/update', { id: 999_999 }), 404],
			[await signed('/core/site/update-all', { id: site.json.id, data: { active: true, integration: { allowPartial: true } } }), 200],
			[await signed('/core/site/update-all', { id: site.json.id, data: { branding: { buttonColor: 'red' } } }), 400],
			[method, 200],
			[await signed('/core/merchant/payment-methods/create', { data: { customerId: 1001, code: 'TOOLONG' } }), 400],
			[await signed('/core/merchant/payment-methods/update', { id: method.json.id, data: { order: 9, creditRules: null } }), 200],
			[await signed('/core/merchant/payment-methods/update', { id: 999_999, data: {} }), 404],
			[await signed('/core/merchant/payment-methods/search', { customerId: 1001, pagination: { perPage: 50, currentPage: 1 } }), 200],
			[await signed('/core/merchant/payment-methods/search', { customerId: 1001, name: 'ab' }), 400],
			[await signed('/core/site/payment-methods/create', { data: { siteId: site.json.id, customerPaymentId: 501, minAmount: 1, maxAmount: 900 } }), 200],
			[await signed('/core/site/payment-methods/create', { data: { siteId: site.json.id, customerPaymentId: 501, minAmount: 1 } }), 400],
			[await signed('/core/site/update', { id: site.json.id }), 200],
			[await signed('/core/merchant/payment-methods/delete', { id: method.json.id }), 200],
			[await signed('/core/merchant/payment-methods/delete', { id: method.json.id }), 404],
			[await signed('/core/tools/payment-facilitator/search', { active: true }), 200],
			[await signed('/core/tools/payment-facilitator/search', { active: 'yes' }), 400],
			[await call('POST', '/core/site/create', { data: {} }), 401],
		);
	});

	it('gateway: cards, process, query, search, reports, account validation', async () => {
		const processed = await signed('/gateway/process', {
			payer: PERSON,
			instrument: { card: { number: '5500000000000004', expiration: '12/30', cvv: '123' }, credit: { code: '1', type: '02', groupCode: 'P', installment: 3 } },
			payment: { reference: 'DOC-G', amount: { currency: 'USD', total: 80 }, dispersion: [{ agreement: 7, agreementType: 'AIRLINE', amount: { currency: 'USD', total: 80 } }] },
			additional: { channel: 'web' },
			metadata: { crm: 'x' },
			idempotenceKey: 'doc-g-1',
			notificationURL: hook,
		});
		const withType = await signed('/gateway/report', { filters: { startDate: inMinutes(-60), endDate: inMinutes(60), type: ['AUTH_ONLY', 'REFUND'] }, callbackUrl: hook });
		const withoutType = await signed('/gateway/report', { filters: { startDate: inMinutes(-60), endDate: inMinutes(60) } });
		const validation = await signed('/gateway/account-validator/session', { user: { name: 'Ana', email: 'ana@example.com' }, returnUrl: 'https://shop.example.com/v' });
		const pending = await signed('/gateway/account-validator/query', { requestId: validation.json.data.requestId });
		const completed = await control(`/gateway/account-validations/${validation.json.data.requestId}/complete`, { balance: 50 });
		const interest = { instrument: { card: { number: '5500000000000004', expiration: '12/30' }, credit: { code: '1', type: '02', groupCode: 'P', installment: 3 } }, payment: { reference: 'I', amount: { currency: 'USD', total: 100 } } };
		statuses(
			[await signed('/gateway/information', { instrument: { card: CARD }, payment: { reference: 'I', amount: AMOUNT } }), 200],
			[await signed('/gateway/information', { instrument: { card: { number: '4111111111111112' } } }), 400],
			[await signed('/gateway/interests', interest), 200],
			[await signed('/gateway/interests', { ...interest, instrument: { card: CARD, credit: interest.instrument.credit } }), 400],
			[await signed('/gateway/balance', { instrument: { card: { number: '6011000000000004', expiration: '12/30' } } }), 200],
			[await signed('/gateway/balance', { instrument: { card: CARD } }), 400],
			[processed, 200],
			[await signed('/gateway/process', { instrument: { card: CARD }, payment: { reference: 'X', amount: AMOUNT } }), 400],
			[await signed('/gateway/query', { internalReference: processed.json.internalReference }), 200],
			[await signed('/gateway/query', { internalReference: 4_242_424 }), 404],
			[await signed('/gateway/search', { reference: 'DOC-G', amount: { currency: 'USD', total: 80 } }), 200],
			[await signed('/gateway/search', { reference: 'DOC-G' }), 400],
			[withType, 200],
			[await signed('/gateway/report', { filters: { startDate: inMinutes(-60 * 24 * 12), endDate: inMinutes(0) } }), 400],
			// With a callbackUrl the report is ready by itself (here at once); without, the first obtain is a 425.
			[await signed('/gateway/report/obtain', { id: withType.json.id }), 200],
			[await signed('/gateway/report/obtain', { id: withoutType.json.id }), 425],
			[await call('POST', '/gateway/report/obtain', { auth: auth(sandbox.credentials.login, sandbox.credentials.secretKey), id: withoutType.json.id }, { 'accept-encoding': 'gzip' }), 200],
			[await signed('/gateway/report/obtain', { id: 1 }), 404],
			[validation, 200],
			[await signed('/gateway/account-validator/session', { user: {} }), 400],
			[pending, 200],
			[completed, 200],
			[await signed('/gateway/account-validator/query', { requestId: validation.json.data.requestId }), 200],
			[await signed('/gateway/account-validator/query', { requestId: 'NOT-A-UUID' }), 400],
			[await signed('/gateway/account-validator/validate', { instrument: { token: { token: completed.json.data.token.token } }, payment: { amount: { currency: 'USD', total: 10 } } }), 200],
			[await signed('/gateway/account-validator/validate', { instrument: { token: { token: 'unknown' } } }), 200],
			[await signed('/gateway/account-validator/validate', {}), 400],
		);
	});

	it('checkout: sessions, refunds, transaction actions, tickets', async () => {
		await signed('/core/site/update-all', { id: sandbox.credentials.siteId, data: { integration: { notificationUrl: hook } } });
		const session = await signed('/api/session', { ...SESSION, payment: PAYMENT, metadata: { crm: 'x' } });
		const paid = await control(`/sessions/${session.json.requestId}/pay`);
		const { internalReference } = paid.json.session.payments[0];
		const subscription = await signed('/api/session', { ...SESSION, subscription: { reference: 'SUB-1', description: 'Plan', fields: FIELDS } });
		await control(`/sessions/${subscription.json.requestId}/pay`);
		const autopay = await signed('/api/session', { ...SESSION, type: 'autopay', autopay: { reference: 'AP-1' } });
		await control(`/sessions/${autopay.json.requestId}/pay`);
		const checkin = await signed('/api/session', { ...SESSION, type: 'checkin', payment: { reference: 'HOLD-1', amount: { currency: 'USD', total: 100 } } });
		const held = (await control(`/sessions/${checkin.json.requestId}/pay`)).json.session.payments[0].internalReference;
		const toCancel = await signed('/api/session', SESSION);
		statuses(
			[session, 200],
			[await signed('/api/session', { ...SESSION, returnUrl: undefined }), 400],
			[paid, 200],
			[await signed(`/api/session/${session.json.requestId}`), 200],
			[await signed(`/api/session/${subscription.json.requestId}`), 200],
			[await signed(`/api/session/${autopay.json.requestId}`), 200],
			[await signed('/api/session/4242'), 404],
			[await signed(`/api/session/${toCancel.json.requestId}/cancel`), 200],
			[await signed(`/api/session/${session.json.requestId}/cancel`), 409],
			[await signed('/api/reverse', { internalReference, amount: { currency: 'USD', total: 20 } }), 200],
			[await signed('/api/reverse', { internalReference, amount: { currency: 'USD', total: 500 } }), 400],
			[await signed(`/api/session/${session.json.requestId}`), 200],
			[await signed('/gateway/query', { internalReference }), 200],
			[await signed('/gateway/search', { reference: 'DOC-1', amount: { currency: 'USD', total: 20 } }), 200],
			[await signed('/api/transaction', { action: 'reauthorization', internalReference: held, amount: { currency: 'USD', total: 90 } }), 200],
			[await signed('/api/transaction', { action: 'checkout', internalReference: held, amount: { currency: 'USD', total: 80 } }), 200],
			[await signed('/api/transaction', { action: 'reverse', internalReference }), 200],
			[await signed('/api/transaction', { action: 'capture', internalReference }), 400],
			[await signed('/ticket/create', { internalReference: held, tickets: [{ ticket: 'T-1', issuedAt: '2030-01-15' }] }), 200],
			[await signed('/ticket/create', { internalReference: held, tickets: [] }), 400],
			[await signed('/ticket/search', { internalReference: held }), 200],
			[await signed('/ticket/search', {}), 400],
		);
	});

	it('payment links: create, pay, read, disable (both spellings)', async () => {
		const link = { name: 'Coat', reference: 'LINK-1', description: 'A coat', expirationDate: '2099-12-31 23:59:00', paymentExpiration: 30, payment: { amount: AMOUNT, modifiers: PAYMENT.modifiers } };
		const created = await signed('/api/payment-link', { ...link, notificationUrl: hook, additional: FIELDS, paymentMethod: ['CRA'], receiverEmails: ['a@example.com'], isGeneric: true, paymentsAllowed: 2, locale: 'es_CO' });
		statuses(
			[created, 200],
			[await signed('/api/payment-link', { ...link, name: undefined }), 400],
			[await control(`/payment-links/${created.json.id}/pay`), 200],
			[await signed(`/api/payment-link/${created.json.id}`), 200],
			[await signed('/api/payment-link/4242'), 404],
			[await signed(`/api/payment-link/disalbe/${created.json.id}`), 200],
			[await signed(`/api/payment-link/disable/${created.json.id}`), 200],
			[await signed('/api/payment-link/disable/4242'), 404],
			[await signed('/api/payment-link/disalbe/4242'), 404],
		);
	});

	it('merchant onboarding: merchants, processes, user, notifications', async () => {
		const merchant = {
			name: 'Documented S.A.S.',
			brand: 'Documented',
			languages: ['es'],
			currencies: ['USD'],
			document: { type: 'NIT', number: '900123456' },
			address: { street: 'Calle 1', city: 'Bogota', state: 11, country: 'CO', phone: '+571', postalCode: '110111' },
			legalRepresentative: { name: 'Ana', surname: 'Lopez', document: '52', documentType: 'CC' },
			billing: { contact: 'Ana', mail: 'ana@example.com', taxType: 1 },
			travelAgency: { dispersion: false, iata: 'X1' },
			control: { seller: 'direct', reseller: null },
			integrations: [{ type: 'crm', settings: { a: 1 } }],
			paymentMethods: [{ code: 'VISA', settings: { password: 'p' } }],
			sites: [{ name: 'Web', currency: 'USD', integration: { allowPartial: true, initiatorIndicator: 'X' }, control: { minAmount: 1 }, metadata: { a: 1 }, paymentMethods: [{ customerPaymentId: 1, minAmount: 1, maxAmount: 9 }], promotions: [{ code: 'P1' }], integrations: [{ type: 'notifier', settings: { enabled: true } }] }],
			notification: { url: hook },
		};
		const accepted = await bearer('POST', '/api/merchants', merchant, key());
		const pending = await bearer('GET', `/api/processes/${accepted.json.processId}`);
		const final = await bearer('GET', `/api/processes/${accepted.json.processId}`);
		const id = final.json.result.merchantId;
		const failed = await bearer('POST', '/api/merchants', { ...merchant, mcc: '0000' }, key());
		const putKey = key();
		statuses(
			[accepted, 202],
			[await bearer('POST', '/api/merchants', { brand: 'x' }, key()), 422],
			[await call('POST', '/api/merchants', merchant, key()), 401],
			[pending, 200],
			[final, 200],
			[await bearer('GET', `/api/processes/${failed.json.processId}`), 200],
			[await bearer('GET', `/api/processes/${failed.json.processId}`), 200],
			[await bearer('GET', '/api/processes/nothing'), 404],
			[await bearer('GET', `/api/merchants/${id}`), 200],
			[await bearer('GET', '/api/merchants/4242'), 404],
			[await bearer('PUT', `/api/merchants/${id}`, { brand: 'Documented II', url: null, sites: [{ name: 'Second', branding: { buttonColor: '#000000', extra: 1 } }] }, putKey), 202],
			[await bearer('PUT', `/api/merchants/${id}`, { brand: 'Documented II', url: null, sites: [{ name: 'Second', branding: { buttonColor: '#000000', extra: 1 } }] }, putKey), 200],
			[await bearer('PUT', `/api/merchants/${id}`, { brand: 'Another' }, putKey), 409],
			[await bearer('PUT', `/api/merchants/${id}`, {}, key()), 422],
			[await bearer('PATCH', `/api/merchants/${id}`, { active: true }, key()), 202],
			[await bearer('PATCH', '/api/merchants/4242', { active: true }), 404],
			[await bearer('GET', `/api/merchants/${id}`), 200],
			[await bearer('GET', '/api/user'), 200],
			[await call('GET', '/api/user'), 401],
			[await bearer('POST', '/api/notifications', { message: 'Hi', channels: { email: { email: 'a@example.com', subject: 'Hi' } } }), 200],
			[await bearer('POST', '/api/notifications', { message: 'Hi', channels: {} }), 422],
			[await call('GET', '/nowhere'), 404],
		);
	});

	it('every webhook kind the sandbox sends, automatic and from the control API', async () => {
		await control('/webhooks/autopay', { url: hook, type: 'AUTOPAY_CREATED' });
		const session = await signed('/api/session', { ...SESSION, payment: { reference: 'W-1', amount: { currency: 'USD', total: 5 } } });
		await control('/webhooks/checkout', { url: hook, requestId: session.json.requestId, status: 'APPROVED', reference: 'W-1' });
		const accepted = await bearer('POST', '/api/merchants', { name: 'W', brand: 'W', languages: ['es'], currencies: ['USD'], document: {}, address: {}, legalRepresentative: {}, control: {} }, key());
		await control('/webhooks/onboarding', { url: hook, processId: accepted.json.processId });
		await new Promise((resolve) => setTimeout(resolve, 300));
		const kinds = new Set(((await call('GET', '/__sandbox/webhooks/deliveries')).json.deliveries as Array<{ kind: string }>).map((delivery) => delivery.kind));
		// What the areas above sent by themselves (checkout and link notifications, the onboarding result, the report callback) and these.
		expect([...kinds].sort()).toEqual(['autopay', 'checkout', 'link', 'onboarding', 'report']);
		for (const kind of kinds) expect(WEBHOOKS.map((entry) => entry.kind)).toContain(kind);
	});

	it('drove every endpoint of the table to an answer and to a refusal', () => {
		const seen = new Set(
			sandbox
				.ledger()
				.filter((entry) => !entry.path.startsWith('/__sandbox'))
				.map((entry) => {
					const match = sandbox.router.match(entry.method, entry.path);
					return `${match && 'route' in match ? match.route : '(no route)'} ${entry.status >= 200 && entry.status < 300 ? 'answered' : 'refused'}`;
				}),
		);
		const missing = ANSWERS.flatMap((entry) => ['answered', 'refused'].map((how) => `${entry.endpoint} ${how}`)).filter((line) => !seen.has(line));
		expect(missing).toEqual([]);
	});
});

describe('the table of documented fields', () => {
	it('has an entry for every route of the platform the sandbox serves, and a route for every entry', () => {
		const routes = sandbox.router
			.list()
			.map(({ method, pattern }) => `${method} ${pattern}`)
			.filter((route) => !route.includes(' /__sandbox') && !PAGES.includes(route));
		expect([...new Set(routes)].sort()).toEqual(ANSWERS.map((entry) => entry.endpoint).sort());
	});

	it('writes each choice of the sandbox (fields the documents do not show) on the docs/sandbox page it names', () => {
		const entries = [...ANSWERS.map((entry) => ({ name: entry.endpoint, fields: entry.success })), ...WEBHOOKS.map((entry) => ({ name: `webhook ${entry.kind}`, fields: entry.body }))];
		const choices = entries.flatMap(({ name, fields }) => fields.filter((list) => list.source.kind === 'sandbox').map((list) => ({ name, source: list.source as { page: string; why: string } })));
		expect(choices.length).toBeGreaterThanOrEqual(6);
		for (const { name, source } of choices) {
			const page = join(__dirname, '..', '..', source.page);
			expect({ name, page: source.page, exists: existsSync(page) }).toEqual({ name, page: source.page, exists: true });
			// The page names the endpoint, its path parameters written {like_this}.
			const path = name.split(' ')[1];
			const named = new RegExp(path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:\w+/g, '\\{\\w+\\}'));
			if (path.startsWith('/')) expect({ name, named: named.test(readFileSync(page, 'utf8')) }).toEqual({ name, named: true });
			expect(source.why.length).toBeGreaterThan(20);
		}
	});

	it('reads key paths: braces, arrays as [], free-form fields as .*', () => {
		expect(expand('a.{b,c.{d,e}}[].f')).toEqual(['a.b[].f', 'a.c.d[].f', 'a.c.e[].f']);
		expect([...keyPaths({ a: [{ b: 1 }, { c: { d: 2 } }], e: null })]).toEqual(['a', 'a[].b', 'a[].c', 'a[].c.d', 'e']);
		const set = new PathSet(['payment[].{status.status,refunded}', 'metadata.*']);
		expect(['payment', 'payment[].status', 'payment[].status.status', 'payment[].refunded', 'metadata', 'metadata.x.y', 'metadata[].z'].every((path) => set.allows(path))).toBe(true);
		expect(['payment[].refunds', 'payment[].status.extra', 'metadataX', 'status'].some((path) => set.allows(path))).toBe(false);
		// Below an undocumented field, only it is named.
		expect(undocumentedPaths([documented('payment.refunded')], { payment: { refunded: true, refunds: [{ internalReference: 1, amount: { total: 2 } }] } })).toEqual(['payment.refunds']);
	});
});

describe('the check itself', () => {
	it('names the endpoint and the path of a field slipped into an answer, and the webhook of one slipped into a delivery', async () => {
		const session = await signed('/api/session', { ...SESSION, payment: { reference: 'SLIP-1', amount: { currency: 'USD', total: 5 } } });
		const record = (sandbox.world.slice('checkout', () => ({ sessions: {} })) as any).sessions[String(session.json.requestId)];
		await control(`/sessions/${session.json.requestId}/pay`);
		record.payments[0].refunds = [];
		record.status.internalNote = 'kept';
		await signed(`/api/session/${session.json.requestId}`);
		const status = { status: 'APPROVED', reason: '00', message: 'Approved', date: inMinutes(0), internalNote: 'kept' };
		await control('/webhooks/checkout', { url: hook, requestId: session.json.requestId, status });
		const found = sandbox.violations();
		sandbox.clearViolations();
		expect(found).toEqual([
			expect.objectContaining({ where: 'POST /api/session/:requestId', target: `POST /api/session/${session.json.requestId}`, status: 200, undocumented: ['status.internalNote', 'payment[].refunds'] }),
			expect.objectContaining({ where: 'webhook checkout', target: hook, status: 0, undocumented: ['status.internalNote'] }),
		]);
		expect((await call('GET', '/__sandbox/violations')).json.violations).toEqual([]);
	});

	it('holds a report header to the document: its columns in order, type only last', async () => {
		const { tsvHeaderProblems } = await import('../../sandbox/documented');
		const tsv = ANSWERS.find((entry) => entry.endpoint === 'POST /gateway/report/obtain')!.tsv!;
		expect(tsvHeaderProblems(tsv, [...tsv.columns, 'type'].join('\t') + '\n1', false)).toEqual([]);
		expect(tsvHeaderProblems(tsv, [...tsv.columns, 'refunds'].join('\t'), false)).toEqual(['column "refunds"']);
		expect(tsvHeaderProblems(tsv, ['date', 'id', ...tsv.columns.slice(2)].join('\t'), false)).toEqual(['column 1 "date" (the document: "id")', 'column 2 "id" (the document: "date")']);
	});
});
