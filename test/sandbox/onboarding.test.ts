/**
 * The sandbox's Merchant Onboarding routes over raw HTTP, with their own bearer calls (no code from nodes/):
 * tokens and permissions, the Idempotency-Key rules, the 422 body rules, the process life cycle with
 * Retry-After, the merchant read shape, /api/user and /api/notifications.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import { startSandbox } from '../../sandbox';
import { withSandbox } from '../helpers/sandbox';
import { send, type Reply } from './client';

const sandbox = withSandbox({ processPendingPolls: 2, retryAfterSeconds: 0 });

interface Answer {
	status: number;
	headers: Reply['headers'];
	json: any;
}

async function call(method: string, path: string, options: { token?: string | null; body?: unknown; headers?: Record<string, string> } = {}): Promise<Answer> {
	const token = options.token === undefined ? sandbox.credentials.accessToken : options.token;
	const response = await send(method, `${sandbox.url}${path}`, {
		body: options.body,
		headers: {
			accept: 'application/json',
			...(token ? { authorization: `Bearer ${token}` } : {}),
			...(options.headers ?? {}),
		},
	});
	const text = response.text;
	return { status: response.status, headers: response.headers, json: text ? JSON.parse(text) : undefined };
}

let keyCounter = 0;
const newKey = () => `test-key-${Date.now()}-${++keyCounter}-abcdef`;

const merchant = (overrides: Record<string, unknown> = {}) => ({
	name: 'Acme Holdings S.A.S.',
	brand: 'Acme',
	url: 'https://acme.example.com',
	mcc: '5411',
	size: 'S',
	timezone: 'America/Bogota',
	languages: ['es', 'en'],
	currencies: ['USD', 'COP'],
	document: { type: 'NIT', number: '900123456' },
	address: { street: 'Calle 1 # 2-3', city: 'Bogota', state: 11, country: 'CO', phone: '+5712345678', postalCode: '110111' },
	legalRepresentative: { name: 'Ana María', surname: 'López', document: '52123456', documentType: 'CC' },
	control: { seller: 'direct' },
	...overrides,
});

const create = (body: unknown, key: string | null = newKey(), token?: string | null) =>
	call('POST', '/api/merchants', { body, token, headers: key === null ? {} : { 'idempotency-key': key } });

async function pollUntilFinal(processId: string): Promise<{ answers: Answer[]; final: Answer }> {
	const answers: Answer[] = [];
	for (let i = 0; i < 10; i++) {
		const answer = await call('GET', `/api/processes/${processId}`);
		answers.push(answer);
		if (answer.headers['retry-after'] === undefined) return { answers, final: answer };
	}
	throw new Error('the process never became final');
}

describe('tokens', () => {
	it('refuses a missing or unknown token with 401 and a token without onboarding:create with 403', async () => {
		expect((await create(merchant(), newKey(), null)).status).toBe(401);
		expect((await create(merchant(), newKey(), 'sbx_not_a_token')).status).toBe(401);
		const readOnly = await create(merchant(), newKey(), sandbox.credentials.readOnlyToken);
		expect(readOnly.status).toBe(403);
		expect(readOnly.json.status.message).toContain('onboarding:create');
		expect((await call('GET', '/__sandbox/onboarding/processes')).json.processes).toEqual([]);
	});

	it('answers /api/user for any valid token', async () => {
		const user = await call('GET', '/api/user', { token: sandbox.credentials.readOnlyToken });
		expect(user.status).toBe(200);
		expect(user.json).toMatchObject({ status: { status: 'OK' }, id: 8, username: 'sandbox-reader', environment: 'sandbox', active: true });
		expect((await call('GET', '/api/user', { token: null })).status).toBe(401);
	});
});

describe('Idempotency-Key', () => {
	it.each([
		['missing', null],
		['too short', 'short-key-15chrs'.slice(0, 15)],
		['too long', 'k'.repeat(65)],
		['with a forbidden character', 'abcdefghijklmnop/'],
	])('refuses a key that is %s', async (_label, key) => {
		const answer = await create(merchant(), key);
		expect(answer.status).toBe(400);
		expect(answer.json.status.reason).toBe('IDEMPOTENCY_KEY');
	});

	it('accepts 16 and 64 characters of the allowed alphabet', async () => {
		expect((await create(merchant(), 'aA0_.:-aA0_.:-aA')).status).toBe(202);
		expect((await create(merchant({ name: 'Other' }), 'z'.repeat(64))).status).toBe(202);
	});

	it('returns the original process for the same key and content (any key order), 409 for other content', async () => {
		const key = newKey();
		const first = await create(merchant(), key);
		expect(first.status).toBe(202);
		expect(first.json).toMatchObject({ status: { status: 'OK' }, action: 'merchant.create', result: null, notification: null });
		expect(first.json.processId).toMatch(/^[0-9a-f-]{36}$/);
		const reordered = Object.fromEntries(Object.entries(merchant()).reverse());
		const again = await create(reordered, key);
		expect(again.status).toBe(202);
		expect(again.json.processId).toBe(first.json.processId);
		expect(again.headers['idempotent-replayed']).toBe('true');
		const conflict = await create(merchant({ brand: 'Acme 2' }), key);
		expect(conflict.status).toBe(409);
		expect(conflict.json.status.reason).toBe('IDEMPOTENCY_CONFLICT');
	});
});

describe('body rules (422, errors keyed by body path)', () => {
	it.each([
		['name over 80', { name: 'n'.repeat(81) }, 'name'],
		['brand over 60', { brand: 'b'.repeat(61) }, 'brand'],
		['url over 255', { url: `https://x.example/${'p'.repeat(240)}` }, 'url'],
		['url not a URI', { url: 'not a url' }, 'url'],
		['missing name', { name: undefined }, 'name'],
		['missing document', { document: undefined }, 'document'],
		['missing control', { control: undefined }, 'control'],
		['size outside the enum', { size: 'XL' }, 'size'],
		['incrementType outside the enum', { incrementType: 'CPI' }, 'incrementType'],
		['a language repeated ignoring case', { languages: ['es', 'ES'] }, 'languages.1'],
		['a currency repeated ignoring case', { currencies: ['usd', 'COP', 'USD'] }, 'currencies.2'],
		['address.state not an integer', { address: { state: 'DC' } }, 'address.state'],
		['an unknown key in a payment method', { paymentMethods: [{ code: 'VISA', colour: 'red' }] }, 'paymentMethods.0.colour'],
		['a payment method with id and code', { paymentMethods: [{ id: 4, code: 'VISA' }] }, 'paymentMethods.0'],
		['an unknown key in a site integration', { sites: [{ name: 'Web', integrations: [{ type: 'notifier', foo: 1 }] }] }, 'sites.0.integrations.0.foo'],
	])('refuses %s', async (_label, overrides, path) => {
		const answer = await create(merchant(overrides));
		expect(answer.status).toBe(422);
		expect(Object.keys(answer.json.errors)).toContain(path);
	});

	it.each<[string, Record<string, unknown>]>([
		['sites[].languages (named by the merchant read shape)', { sites: [{ name: 'Web', languages: ['es', 'en'] }] }],
		['sites[].login, tranKey and md5Hash (SiteRead)', { sites: [{ name: 'Web', login: 'web-store-login', tranKey: 'web-store-key', md5Hash: 'abc123' }] }],
		['sites[].customerId (SiteRead)', { sites: [{ name: 'Web', customerId: 1001 }] }],
		['sites[].customBatch as text (SiteRead) or a whole number (Core write shape)', { sites: [{ name: 'Web', customBatch: '7' }, { name: 'Shop', customBatch: 7 }] }],
		['sites[].paymentMethods[].siteId', { sites: [{ name: 'Web', paymentMethods: [{ code: 'VISA', siteId: 2001 }] }] }],
		['sites[].integrations[].id and siteId', { sites: [{ name: 'Web', integrations: [{ id: 5, siteId: 2001, type: 'notifier' }] }] }],
		['integrations[].id and customerId (IntegrationRead)', { integrations: [{ id: 5, customerId: 1001, type: 'crm' }] }],
		['paymentMethods[].customerId (PaymentMethodRead)', { paymentMethods: [{ code: 'VISA', customerId: 1001 }] }],
	])('accepts %s', async (_label, overrides) => {
		const answer = await create(merchant(overrides));
		expect(answer.json.errors).toBeUndefined();
		expect(answer.status).toBe(202);
	});

	it.each([
		['a site language repeated ignoring case', { sites: [{ name: 'Web', languages: ['es', 'ES'] }] }, 'sites.0.languages.1'],
		['a site customerId that is not an integer', { sites: [{ name: 'Web', customerId: 'acme' }] }, 'sites.0.customerId'],
		['a site integration siteId at the merchant level', { integrations: [{ siteId: 2001, type: 'crm' }] }, 'integrations.0.siteId'],
	])('refuses %s', async (_label, overrides, path) => {
		const answer = await create(merchant(overrides));
		expect(answer.status).toBe(422);
		expect(Object.keys(answer.json.errors)).toContain(path);
	});

	it('ignores an unknown key at the root', async () => {
		expect((await create(merchant({ somethingNew: true }))).status).toBe(202);
	});
});

describe('processes and merchants', () => {
	it('answers PENDING with Retry-After for the configured polls, then OK with the merchant id; the merchant reads back', async () => {
		const accepted = await create(
			merchant({
				sites: [{ name: 'Web store', currency: 'usd', integrations: [{ type: 'notifier', settings: { enabled: true } }] }],
				paymentMethods: [{ code: 'VISA', commissionModel: 'P', commissionValue: 2.5 }],
			}),
		);
		const { answers, final } = await pollUntilFinal(accepted.json.processId);
		expect(answers.map((answer) => [answer.json.status.status, answer.headers['retry-after']])).toEqual([
			['PENDING', '0'],
			['PENDING', '0'],
			['OK', undefined],
		]);
		expect(final.json.result.merchantId).toEqual(expect.any(Number));
		const read = await call('GET', `/api/merchants/${final.json.result.merchantId}`, { token: sandbox.credentials.readOnlyToken });
		expect(read.status).toBe(200);
		expect(read.json).toMatchObject({
			id: final.json.result.merchantId,
			name: 'Acme Holdings S.A.S.',
			languages: ['en', 'es'],
			currencies: ['COP', 'USD'],
			incrementType: 'SMLMV',
			legalRepresentative: { name: 'Ana', surname: 'María López' },
			paymentMethods: [{ code: 'VISA', commissionModel: 'P', commissionValue: 2.5, creditRules: [], settings: [] }],
		});
		expect(read.json.sites[0]).toMatchObject({ name: 'Web store', currency: 'USD', active: true, integrations: [{ type: 'notifier', settings: { enabled: true } }] });
		expect(read.json.sites[0].tranKey).toEqual(expect.any(String));
	});

	it('fails a process whose mcc is not in the catalog, with errors keyed by body path and HTTP 200', async () => {
		const accepted = await create(merchant({ mcc: '0000' }));
		expect(accepted.status).toBe(202);
		const { final } = await pollUntilFinal(accepted.json.processId);
		expect(final.status).toBe(200);
		expect(final.json.status.status).toBe('FAILED');
		expect(final.json.result).toBeNull();
		expect(final.json.errors).toEqual({ mcc: ['is not in the catalog of merchant category codes'] });
		expect((await call('GET', '/__sandbox/onboarding/merchants')).json.merchants).toEqual([]);
	});

	it('refuses at once (422) a time zone or currency outside the catalog', async () => {
		const answer = await create(merchant({ timezone: 'Mars/Olympus', currencies: ['USD', 'XXX'], sites: [{ name: 'W', currency: 'ZZZ' }] }));
		expect(answer.status).toBe(422);
		expect(Object.keys(answer.json.errors).sort()).toEqual(['currencies.1', 'sites.0.currency', 'timezone']);
	});

	it('updates by PATCH: integrations upsert by type, payment methods by id, unknown ids fail the process', async () => {
		const accepted = await create(merchant({ integrations: [{ type: 'crm', settings: { a: 1 } }], paymentMethods: [{ code: 'VISA' }] }));
		const { final } = await pollUntilFinal(accepted.json.processId);
		const id = final.json.result.merchantId;
		const before = (await call('GET', `/api/merchants/${id}`)).json;
		const update = await call('PATCH', `/api/merchants/${id}`, {
			body: { brand: 'Acme New', integrations: [{ type: 'crm', settings: { b: 2 } }], paymentMethods: [{ id: before.paymentMethods[0].id, disabled: true }] },
			headers: { 'idempotency-key': newKey() },
		});
		expect(update.status).toBe(202);
		expect(update.json.action).toBe('merchant.update');
		await pollUntilFinal(update.json.processId);
		const after = (await call('GET', `/api/merchants/${id}`)).json;
		expect(after.brand).toBe('Acme New');
		expect(after.integrations).toEqual([{ id: before.integrations[0].id, customerId: id, type: 'crm', settings: { a: 1, b: 2 } }]);
		expect(after.paymentMethods[0]).toMatchObject({ id: before.paymentMethods[0].id, code: 'VISA', disabled: true });

		const wrong = await call('PATCH', `/api/merchants/${id}`, { body: { paymentMethods: [{ id: 99999, disabled: true }] } });
		const failed = await pollUntilFinal(wrong.json.processId);
		expect(failed.final.json.errors).toEqual({ 'paymentMethods.0.id': ['is not a payment method of this merchant'] });
	});

	it('answers 404 for a non-numeric (even without a token) or unknown merchant id and an unknown process', async () => {
		expect((await call('GET', '/api/merchants/abc', { token: null })).status).toBe(404);
		expect((await call('GET', '/api/merchants/424242')).status).toBe(404);
		expect((await call('PATCH', '/api/merchants/424242', { body: { brand: 'x' } })).status).toBe(404);
		expect((await call('GET', '/api/processes/not-a-process')).status).toBe(404);
	});

	it('finishes an unpolled process on its own and reports the notification delivery state', async () => {
		const accepted = await create(merchant({ notification: { url: 'http://127.0.0.1:9/hook' } }));
		expect(accepted.json.notification).toMatchObject({ url: 'http://127.0.0.1:9/hook', status: 'PENDING' });
		const forced = await call('POST', `/__sandbox/onboarding/processes/${accepted.json.processId}/finish`, { body: {} });
		expect(forced.json.status.status).toBe('OK');
		const { final } = await pollUntilFinal(accepted.json.processId);
		expect(final.json.result.merchantId).toBe(forced.json.result.merchantId);
		expect(final.json.notification.attempts).toBe(1);
	});
});

describe('PUT /api/merchants/{merchantId}: the update as the platform publishes it', () => {
	async function createdMerchant(): Promise<number> {
		const accepted = await create(merchant());
		return (await pollUntilFinal(accepted.json.processId)).final.json.result.merchantId;
	}
	const put = (id: number | string, body: unknown, key: string | null = newKey(), token?: string | null, headers: Record<string, string> = {}) =>
		call('PUT', `/api/merchants/${id}`, { body, token, headers: { ...(key === null ? {} : { 'idempotency-key': key }), ...headers } });

	it('accepts with 202 and a merchant.update process; writes only the fields named, a null is ignored (not a delete)', async () => {
		const id = await createdMerchant();
		const update = await put(id, { brand: 'Acme Prime', url: null, address: { city: 'Medellin', phone: null } });
		expect(update.status).toBe(202);
		expect(update.json).toMatchObject({ status: { status: 'OK' }, action: 'merchant.update', result: null });
		await pollUntilFinal(update.json.processId);
		const after = (await call('GET', `/api/merchants/${id}`)).json;
		expect(after).toMatchObject({ brand: 'Acme Prime', name: 'Acme Holdings S.A.S.', url: 'https://acme.example.com' });
		expect(after.address).toMatchObject({ city: 'Medellin', phone: '+5712345678', street: 'Calle 1 # 2-3' });
	});

	it('answers a replayed key with the original process and HTTP 200', async () => {
		const id = await createdMerchant();
		const key = newKey();
		const first = await put(id, { brand: 'Acme Twice' }, key);
		const again = await put(id, { brand: 'Acme Twice' }, key);
		expect([first.status, again.status]).toEqual([202, 200]);
		expect(again.json.processId).toBe(first.json.processId);
		expect(again.headers['idempotent-replayed']).toBe('true');
		expect((await call('GET', '/__sandbox/onboarding/processes')).json.processes.filter((entry: any) => entry.action === 'merchant.update')).toHaveLength(1);
	});

	it('refuses with 409 a key reused for another merchant, or with another change', async () => {
		const [one, two] = [await createdMerchant(), await createdMerchant()];
		const key = newKey();
		expect((await put(one, { brand: 'Same change' }, key)).status).toBe(202);
		const other = await put(two, { brand: 'Same change' }, key);
		expect(other.status).toBe(409);
		expect(other.json.status).toMatchObject({ status: 'FAILED', reason: 'IDEMPOTENCY_CONFLICT' });
		expect((await put(one, { brand: 'Another change' }, key)).status).toBe(409);
	});

	it('needs at least one field it writes: an empty body, only nulls or only a notification URL are a 422', async () => {
		const id = await createdMerchant();
		for (const body of [{}, { brand: null, url: null }, { notification: { url: 'https://hooks.example.com/p' } }, { colour: 'blue' }]) {
			const refused = await put(id, body);
			expect({ body, status: refused.status }).toEqual({ body, status: 422 });
			expect(refused.json.errors.body[0]).toMatch(/names no field to write/);
		}
	});

	it('needs the Idempotency-Key (16-64 characters), application/json and the permission onboarding:update', async () => {
		const id = await createdMerchant();
		expect((await put(id, { brand: 'x' }, null)).json.status.reason).toBe('IDEMPOTENCY_KEY');
		expect((await put(id, { brand: 'x' }, 'short')).json.status.reason).toBe('IDEMPOTENCY_KEY');
		expect((await put(id, { brand: 'x' }, newKey(), undefined, { 'content-type': 'text/plain' })).status).toBe(415);
		const readOnly = await put(id, { brand: 'x' }, newKey(), sandbox.credentials.readOnlyToken);
		expect(readOnly.status).toBe(403);
		expect(readOnly.json.status.message).toContain('onboarding:update');
		expect((await put(424242, { brand: 'x' })).status).toBe(404);
		expect((await put('abc', { brand: 'x' }, newKey(), null)).status).toBe(404);
	});

	it.each([
		['PUT', 'PATCH'],
		['PATCH', 'PUT'],
	] as const)('with merchantUpdateMethods %s, answers that method and 405 to %s', async (served, other) => {
		const only = await startSandbox({ port: 0, processPendingPolls: 0, retryAfterSeconds: 0, merchantUpdateMethods: served });
		try {
			const headers = { authorization: `Bearer ${only.credentials.accessToken}`, 'idempotency-key': newKey() };
			const created = await send('POST', `${only.url}/api/merchants`, { body: merchant(), headers });
			const { merchantId } = (await send('GET', `${only.url}/api/processes/${created.json().processId}`, { headers })).json().result;
			const refused = await send(other, `${only.url}/api/merchants/${merchantId}`, { body: { brand: 'x' }, headers: { ...headers, 'idempotency-key': newKey() } });
			expect(refused.status).toBe(405);
			expect(refused.json().status.reason).toBe('MN');
			const accepted = await send(served, `${only.url}/api/merchants/${merchantId}`, { body: { brand: 'x' }, headers: { ...headers, 'idempotency-key': newKey() } });
			expect(accepted.status).toBe(202);
		} finally {
			await only.stop();
		}
	});
});

describe('POST /api/notifications', () => {
	const message = (overrides: Record<string, unknown> = {}) => ({
		message: 'Your store is ready',
		locale: 'es',
		kind: 'onboarding',
		channels: { email: { email: 'owner@acme.example.com', subject: 'Welcome' } },
		...overrides,
	});

	it('accepts a message and answers only a status', async () => {
		const answer = await call('POST', '/api/notifications', { body: message({ channels: { sms: { phone_number: '+573001112233', short_message: 'Hi' }, chat: { phone_number: '+573001112233', template: { name: 'welcome', lang: 'es', parameters: ['Ana'] } } } }) });
		expect(answer.status).toBe(200);
		expect(Object.keys(answer.json)).toEqual(['status']);
	});

	it.each([
		['no message', { message: undefined }, 'message'],
		['a locale of 3 characters', { locale: 'esp' }, 'locale'],
		['a locale outside es/en/pt/it', { locale: 'fr' }, 'locale'],
		['kind over 50', { kind: 'k'.repeat(51) }, 'kind'],
		['no channels', { channels: undefined }, 'channels'],
		['an unknown channel', { channels: { fax: {} } }, 'channels.fax'],
		['template parameters that are not strings', { channels: { chat: { phone_number: '1', template: { name: 't', parameters: [1] } } } }, 'channels.chat.template.parameters.0'],
		['site_id not an integer', { site_id: '12' }, 'site_id'],
	])('refuses %s', async (_label, overrides, path) => {
		const answer = await call('POST', '/api/notifications', { body: message(overrides) });
		expect(answer.status).toBe(422);
		expect(Object.keys(answer.json.errors)).toContain(path);
	});
});
