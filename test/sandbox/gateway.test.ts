/**
 * The sandbox's gateway routes over raw HTTP, signed by a signer written here from DESIGN.md (not the nodes'
 * one): the spec's field rules are refusals, idempotence keys deduplicate, and reports arrive as the spec says.
 */
/* eslint-disable @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-explicit-any -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import { gunzipSync } from 'zlib';

import { startSandbox, type RunningSandbox } from '../../sandbox';
import { expectFieldRefusal, get, post, send } from './client';
import { auth } from './signer';

let sandbox: RunningSandbox;

type Who = { login: string; secretKey: string };

async function raw(path: string, body: Record<string, unknown>, options: { as?: Who; headers?: Record<string, string>; decompress?: boolean } = {}) {
	const who = options.as ?? sandbox.credentials;
	return send('POST', `${sandbox.url}${path}`, {
		body: { auth: auth(who.login, who.secretKey), ...body },
		headers: options.headers,
		decompress: options.decompress,
	});
}

async function call(path: string, body: Record<string, unknown>, as?: Who) {
	const response = await raw(path, body, { as });
	return { status: response.status, json: response.json<Record<string, any>>() };
}


const processBody = (overrides: Record<string, unknown> = {}) => ({
	payer: { name: 'Ana', surname: 'Gomez', email: 'ana@example.com', document: '1020304050', documentType: 'CC' },
	instrument: { card: { number: '4111111111111111', expiration: '12/30', cvv: '123' } },
	payment: { reference: 'ORDER-1', amount: { currency: 'USD', total: 100 } },
	...overrides,
});

const transactions = async () =>
	(await get(`${sandbox.url}/__sandbox/gateway/transactions`)).json<{ transactions: Array<Record<string, any>> }>().transactions;

beforeAll(async () => {
	sandbox = await startSandbox({ port: 0, reportPendingPolls: 2, retryAfterSeconds: 3 });
});
afterAll(() => sandbox.stop());
beforeEach(() => sandbox.reset());

describe('process', () => {
	it('charges a test card and answers the gateway transaction with lastDigits, never the number', async () => {
		const answer = await call('/gateway/process', processBody({ idempotenceKey: 'k-1' }));
		expect(answer.status).toBe(200);
		expect(answer.json).toMatchObject({ status: { status: 'APPROVED', reason: '00' }, reference: 'ORDER-1', lastDigits: '1111', type: 'AUTH_ONLY', refunded: false });
		expect(Number.isInteger(answer.json.internalReference)).toBe(true);
		expect(JSON.stringify(answer.json)).not.toContain('4111111111111111');
		expect(sandbox.ledger().at(-1)?.body.instrument.card).toEqual({ number: '411111******1111', expiration: '12/30', cvv: '***' });
	});

	it('returns the same transaction for the same idempotenceKey from the same site, and charges once', async () => {
		const first = await call('/gateway/process', processBody({ idempotenceKey: 'same-key' }));
		const again = await call('/gateway/process', processBody({ idempotenceKey: 'same-key' }));
		expect(again.json).toEqual(first.json);
		const other = await call('/gateway/process', processBody({ idempotenceKey: 'other-key' }));
		expect(other.json.internalReference).not.toBe(first.json.internalReference);
		expect(await transactions()).toHaveLength(2);
	});

	it.each([
		['onTest', { additional: { onTest: true } }, 'additional.onTest'],
		['threeDSAuthenticated', { additional: { threeDSAuthenticated: 'Y', ok: 1 } }, 'additional.threeDSAuthenticated'],
		['an idempotenceKey of 33 characters', { idempotenceKey: 'k'.repeat(33) }, 'idempotenceKey'],
		['a reference of 33 characters', { payment: { reference: 'R'.repeat(33), amount: { currency: 'USD', total: 1 } } }, 'payment.reference'],
		['no payer', { payer: undefined }, 'payer'],
		['an action other than checkin', { action: 'capture' }, 'action'],
		['a field the spec does not list', { surprise: 1 }, 'surprise'],
		['a card that fails the Luhn check', { instrument: { card: { number: '4111111111111112', expiration: '12/30' } } }, 'instrument.card.number'],
		['an expired card', { instrument: { card: { number: '4111111111111111', expiration: '01/20' } } }, 'instrument.card.expiration'],
		['a tax kind outside the list', { payment: { reference: 'R', amount: { currency: 'USD', total: 1, taxes: [{ kind: 'vat', amount: 1 }] } } }, 'payment.amount.taxes.0.kind'],
		['more decimals than the currency has', { payment: { reference: 'R', amount: { currency: 'USD', total: 10.555 } } }, 'payment.amount.total'],
		['a notificationURL with the javascript: scheme', { notificationURL: 'javascript:alert(1)' }, 'notificationURL'],
	])('refuses %s', async (_what, change, field) => {
		expectFieldRefusal(await call('/gateway/process', processBody(change)), field);
		expect(await transactions()).toHaveLength(0);
	});

	it('refuses an unsigned request with 401', async () => {
		const response = await post(`${sandbox.url}/gateway/process`, processBody());
		expect(response.status).toBe(401);
	});
});

describe('query and search', () => {
	it('finds a transaction by internal reference only for the site that made it', async () => {
		const made = await call('/gateway/process', processBody({ idempotenceKey: 'q-1' }));
		const found = await call('/gateway/query', { internalReference: made.json.internalReference });
		expect(found.json).toEqual(made.json);
		const created = await call('/core/site/create', { data: { customerId: sandbox.credentials.customerId, name: 'Other shop' } });
		const otherSite = { login: created.json.login, secretKey: created.json.tranKey };
		expect((await call('/gateway/query', { internalReference: made.json.internalReference }, otherSite)).status).toBe(404);
		expectFieldRefusal(await call('/gateway/query', { internalReference: '12' }), 'internalReference');
	});

	it('searches by reference and amount', async () => {
		const made = await call('/gateway/process', processBody());
		const hit = await call('/gateway/search', { reference: 'ORDER-1', amount: { currency: 'USD', total: 100 } });
		expect(hit.json.transactions.map((t: { internalReference: number }) => t.internalReference)).toEqual([made.json.internalReference]);
		const miss = await call('/gateway/search', { reference: 'ORDER-1', amount: { currency: 'USD', total: 101 } });
		expect(miss.json.transactions).toEqual([]);
		expectFieldRefusal(await call('/gateway/search', { reference: '', amount: { currency: 'USD', total: 1 } }), 'reference');
	});
});

describe('cards', () => {
	it('answers information, interests only where displayInterest, balance only where requireBalance', async () => {
		const info = await call('/gateway/information', { instrument: { card: { number: '5500000000000004' } } });
		expect(info.json).toMatchObject({ displayInterest: true, requireBalance: false, provider: expect.any(String), serviceCode: expect.any(String) });
		const credit = info.json.credits[0];
		const payment = { reference: 'I-1', amount: { currency: 'USD', total: 100 } };
		const interests = await call('/gateway/interests', {
			instrument: { card: { number: '5500000000000004' }, credit: { code: credit.code, installment: credit.installments[0] } },
			payment,
		});
		expect(interests.status).toBe(200);
		expect(interests.json.values).toEqual({ original: 100, interest: 4.5, total: 104.5, installment: 34.83 });
		const refused = await call('/gateway/interests', { instrument: { card: { number: '4111111111111111' }, credit: { code: '1', installment: 3 } }, payment });
		expect(refused.status).toBe(400);
		expect(refused.json.status.reason).toBe('XI');
		expect((await call('/gateway/balance', { instrument: { card: { number: '6011000000000004' } } })).json.total).toBe(1500);
		expect((await call('/gateway/balance', { instrument: { card: { number: '4111111111111111' } } })).status).toBe(400);
	});
});

describe('reports', () => {
	const filters = { startDate: new Date(Date.now() - 3600_000).toISOString(), endDate: new Date(Date.now() + 3600_000).toISOString() };

	it('answers 425 with a status and Retry-After until ready, then the TSV with the columns in order', async () => {
		await call('/gateway/process', processBody({ payment: { reference: 'REP-1', amount: { currency: 'USD', total: 12.5 } } }));
		const requested = await call('/gateway/report', { filters, callbackUrl: 'http://127.0.0.1:9/ready' });
		const id = requested.json.id;
		for (let poll = 0; poll < 2; poll++) {
			const pending = await raw('/gateway/report/obtain', { id });
			expect(pending.status).toBe(425);
			expect(pending.headers['retry-after']).toBe('3');
			expect(pending.json<Record<string, any>>().status.status).toBe('PENDING');
		}
		const ready = await raw('/gateway/report/obtain', { id });
		expect(ready.status).toBe(200);
		const [header, row] = ready.text.trim().split('\n').map((line) => line.split('\t'));
		expect(header).toEqual([
			'id', 'date', 'transaction_date', 'reference', 'currency_code', 'amount', 'tax', 'payment_method', 'internal_reference', 'status', 'reason',
			'merchant', 'terminal', 'authorization', 'refunded', 'installments', 'last_digits', 'bank_currency', 'bank_factor', 'bank_amount',
			'issuer_name', 'payer_document', 'payer_first_name', 'payer_last_name', 'payer_email', 'ip_address', 'batch_number', 'line_number',
		]);
		expect(row[header.indexOf('reference')]).toBe('REP-1');
		expect(row[header.indexOf('amount')]).toBe('12.5');
	});

	it('adds the type column only with a type filter, and gzips when asked', async () => {
		await call('/gateway/process', processBody({ action: 'checkin' }));
		const { json } = await call('/gateway/report', { filters: { ...filters, type: ['CHECKIN'] } });
		await post(`${sandbox.url}/__sandbox/gateway/reports/${json.id}/ready`, {});
		// Asked for gzip only, with decompression off: the bytes are as they were on the wire, and they are gzip.
		const wire = await raw('/gateway/report/obtain', { id: json.id }, { headers: { 'accept-encoding': 'gzip' }, decompress: false });
		expect(wire.headers['content-encoding']).toBe('gzip');
		const [header, row] = gunzipSync(wire.bytes).toString('utf8').trim().split('\n').map((line) => line.split('\t'));
		expect(header.at(-1)).toBe('type');
		expect(row.at(-1)).toBe('CHECKIN');
		const plain = (await raw('/gateway/report/obtain', { id: json.id }, { headers: { 'accept-encoding': 'identity' } })).text;
		expect(plain.split('\n')[0].split('\t').at(-1)).toBe('type');
	});

	it("holds a checkout session's payment too, its bank amount the amount itself", async () => {
		const session = await call('/api/session', {
			payment: { reference: 'REP-SESSION', description: 'Shoes', amount: { currency: 'USD', total: 30 } },
			ipAddress: '203.0.113.7',
			userAgent: 'Mozilla/5.0',
			returnUrl: 'https://shop.example.com/return',
		});
		expect(session.status).toBe(200);
		await post(`${sandbox.url}/__sandbox/sessions/${session.json.requestId}/pay`, {});
		const { json } = await call('/gateway/report', { filters });
		await post(`${sandbox.url}/__sandbox/gateway/reports/${json.id}/ready`, {});
		const ready = await raw('/gateway/report/obtain', { id: json.id });
		expect(ready.status).toBe(200);
		const [header, row] = ready.text.trim().split('\n').map((line) => line.split('\t'));
		const column = (name: string) => row[header.indexOf(name)];
		expect([column('reference'), column('bank_currency'), column('bank_factor'), column('bank_amount')]).toEqual(['REP-SESSION', 'USD', '1', '30']);
	});

	it('refuses an end before the start, an unknown state, a date without offset and a callbackUrl that is not http(s)', async () => {
		expectFieldRefusal(await call('/gateway/report', { filters, callbackUrl: 'file:///tmp/report' }), 'callbackUrl', /http or https/);
		expectFieldRefusal(await call('/gateway/report', { filters: { startDate: filters.endDate, endDate: filters.startDate } }), 'filters.endDate');
		expectFieldRefusal(await call('/gateway/report', { filters: { ...filters, state: ['DONE'] } }), 'filters.state.0');
		expectFieldRefusal(await call('/gateway/report', { filters: { ...filters, startDate: '2025-01-01 00:00:00' } }), 'filters.startDate');
	});

	it('refuses a date range longer than 10 days (HTTP 400, reason BR) and accepts exactly 10 days', async () => {
		const refused = await call('/gateway/report', { filters: { startDate: '2025-01-01T00:00:00+00:00', endDate: '2025-01-11T00:00:01+00:00' } });
		expect(refused.status).toBe(400);
		expect(refused.json.status).toMatchObject({ status: 'FAILED', reason: 'BR' });
		expect(refused.json.status.message).toMatch(/10 days/);
		expect(refused.json.id).toBeUndefined();
		const accepted = await call('/gateway/report', { filters: { startDate: '2025-01-01T00:00:00+00:00', endDate: '2025-01-11T00:00:00+00:00' } });
		expect(accepted.status).toBe(200);
		expect(typeof accepted.json.id).toBe('number');
	});

	it('generates reportRows rows within the filters', async () => {
		const big = await startSandbox({ port: 0, reportRows: 1000, reportPendingPolls: 0 });
		try {
			const who = big.credentials;
			const signedPost = (path: string, body: Record<string, unknown>) => post(`${big.url}${path}`, { auth: auth(who.login, who.secretKey), ...body });
			const { id } = (await signedPost('/gateway/report', { filters: { ...filters, state: ['REJECTED'] } })).json<{ id: number }>();
			const lines = (await signedPost('/gateway/report/obtain', { id })).text.trim().split('\n');
			expect(lines).toHaveLength(1001);
			const status = lines[0].split('\t').indexOf('status');
			expect(lines.slice(1).every((line) => line.split('\t')[status] === 'REJECTED')).toBe(true);
		} finally {
			await big.stop();
		}
	});
});

describe('account validation', () => {
	it('creates a session with a UUID, reads it, and validates the token by the three rules', async () => {
		const created = await call('/gateway/account-validator/session', { user: { name: 'Ana', email: 'ana@example.com' }, returnUrl: 'https://shop.example.com/done' });
		const requestId = created.json.data.requestId;
		expect(requestId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
		expect(created.json.data.expiresAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
		expect((await call('/gateway/account-validator/query', { requestId })).json.data.token).toBeNull();
		await post(`${sandbox.url}/__sandbox/gateway/account-validations/${requestId}/complete`, { balance: 50 });
		const { token } = (await call('/gateway/account-validator/query', { requestId })).json.data;
		const validate = (payment?: Record<string, unknown>) =>
			call('/gateway/account-validator/validate', { instrument: { token: { token: token.token, subtoken: token.subtoken } }, ...(payment ? { payment } : {}) });
		expect((await validate()).json.status.status).toBe('OK');
		expect((await validate({ amount: { currency: 'USD', total: 51 } })).json.status).toMatchObject({ status: 'REJECTED', reason: 'V3' });
		expect((await call('/gateway/account-validator/validate', { instrument: { token: { token: 'nope' } } })).json.status.reason).toBe('V1');
	});

	it.each([
		['a requestId that is not a UUID', '/gateway/account-validator/query', { requestId: 'abc' }, 'requestId'],
		['a requestId in upper case', '/gateway/account-validator/query', { requestId: '0F8FAD5B-D9CB-469F-A165-70867728950E' }, 'requestId'],
		['a session without returnUrl', '/gateway/account-validator/session', { user: { email: 'a@b.co' } }, 'returnUrl'],
		['a returnUrl of 256 characters', '/gateway/account-validator/session', { user: {}, returnUrl: 'h'.repeat(256) }, 'returnUrl'],
		['a locale of 6 characters', '/gateway/account-validator/session', { user: {}, returnUrl: 'https://x.co', locale: 'es_CO1' }, 'locale'],
		['a validation without token', '/gateway/account-validator/validate', { instrument: {} }, 'instrument.token'],
	])('refuses %s', async (_what, path, body, field) => {
		expectFieldRefusal(await call(path, body), field);
	});
});
