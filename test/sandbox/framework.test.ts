/**
 * The sandbox's own machinery, over real HTTP: the signed `auth` check (signed by signer.ts, written a
 * second time from DESIGN.md, so neither copy can hide the other's mistake), bearer tokens, the ledger's
 * masking, faults and the state file.
 */
/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import { mkdtempSync, readFileSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

import { startSandbox, type RunningSandbox } from '../../sandbox';
import { bearer, signed } from '../../sandbox/guards';
import { ok } from '../../sandbox/http';
import { get, send } from './client';
import { auth as sign, type SignOptions } from './signer';

let sandbox: RunningSandbox;

/** Signs with the shared test signer, but by default with a seed in milliseconds (the other suites use whole seconds). */
const auth = (login: string, secretKey: string, options: SignOptions = {}) =>
	sign(login, secretKey, { seed: new Date().toISOString().replace('Z', '+00:00'), ...options });

async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
	const response = await send('POST', `${sandbox.url}${path}`, { body, headers });
	const text = response.text;
	return { status: response.status, headers: response.headers, json: text ? JSON.parse(text) : undefined };
}

beforeAll(async () => {
	// Routes of its own under /test/, which no document shows: recorded, and only theirs allowed (afterAll).
	sandbox = await startSandbox({ port: 0, documentedFields: 'record' });
	sandbox.router.post('/test/signed', signed((request) => ok({ site: request.site?.login, echo: request.body.echo })));
	sandbox.router.post('/test/create', bearer('onboarding:create', (request) => ok({ user: request.token?.username })));
});
afterAll(async () => {
	const platformAnswers = sandbox.violations().filter((violation) => !violation.where.startsWith('POST /test/'));
	await sandbox.stop();
	expect(platformAnswers).toEqual([]);
});
beforeEach(() => {
	sandbox.clearLedger();
	sandbox.clearFaults();
});

describe('signed auth', () => {
	it('reproduces the published SHA-1 vector with its own signer', () => {
		const vector = auth('x', 'ABCD1234', { algorithm: 'sha1', seed: '2016-10-26T21:37:00+00:00', rawNonce: Buffer.from('ifYEPnAcJbpDVR1t') });
		expect(vector.nonce).toBe('aWZZRVBuQWNKYnBEVlIxdA==');
		expect(vector.tranKey).toBe('Xi5xrRwrqPU21WE2JI4hyMaCvQ8=');
	});

	it.each(['sha256', 'sha1'] as const)('accepts a %s tranKey and records the algorithm', async (algorithm) => {
		const { login, secretKey } = sandbox.credentials;
		const answer = await post('/test/signed', { auth: auth(login, secretKey, { algorithm }), echo: 1 });
		expect(answer.status).toBe(200);
		expect(answer.json).toMatchObject({ status: { status: 'OK', reason: '00' }, site: login, echo: 1 });
		expect(sandbox.ledger()[0].auth).toEqual({ login, ok: true, algorithm, reason: undefined });
	});

	it.each([
		['an unknown login', '101', () => auth('nobody', sandbox.credentials.secretKey)],
		['a wrong secret key', '102', () => auth(sandbox.credentials.login, 'not-the-secret')],
		['a seed 6 minutes old', '103', () => auth(sandbox.credentials.login, sandbox.credentials.secretKey, { seed: new Date(Date.now() - 6 * 60_000).toISOString() })],
		['an inactive site', '104', () => auth(sandbox.credentials.inactiveLogin, sandbox.credentials.secretKey)],
		['an expired site', '105', () => auth(sandbox.credentials.expiredLogin, sandbox.credentials.secretKey)],
		['expired credentials', '106', () => auth(sandbox.credentials.expiredCredentialsLogin, sandbox.credentials.secretKey)],
	])('refuses %s with HTTP 401 and reason %s', async (_what, reason, makeAuth) => {
		const answer = await post('/test/signed', { auth: makeAuth() });
		expect(answer.status).toBe(401);
		expect(answer.json.status).toMatchObject({ status: 'FAILED', reason });
		expect(answer.json.status.date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
	});

	it('refuses a body without auth, and a replayed nonce', async () => {
		expect((await post('/test/signed', { echo: 1 })).status).toBe(401);
		const once = auth(sandbox.credentials.login, sandbox.credentials.secretKey);
		expect((await post('/test/signed', { auth: once })).status).toBe(200);
		const replay = await post('/test/signed', { auth: once });
		expect(replay.status).toBe(401);
		expect(replay.json.status.reason).toBe('100');
	});

	it('keeps the tranKey, card numbers and CVVs out of the ledger', async () => {
		await post('/test/signed', {
			auth: auth(sandbox.credentials.login, sandbox.credentials.secretKey),
			instrument: { card: { number: '4111111111111111', cvv: '123', expiration: '12/29' } },
		});
		const [entry] = sandbox.ledger();
		expect(entry.body.auth.tranKey).toBe('***');
		expect(entry.body.instrument.card).toEqual({ number: '411111******1111', cvv: '***', expiration: '12/29' });
		expect(JSON.stringify(entry)).not.toContain(sandbox.credentials.secretKey);
	});
});

describe('bearer tokens', () => {
	it('answers 401 without a valid token and 403 without the permission', async () => {
		expect((await post('/test/create', {})).status).toBe(401);
		expect((await post('/test/create', {}, { authorization: 'Bearer nope' })).status).toBe(401);
		const readOnly = await post('/test/create', {}, { authorization: `Bearer ${sandbox.credentials.readOnlyToken}` });
		expect(readOnly.status).toBe(403);
		expect(readOnly.json.status.message).toContain('onboarding:create');
		const granted = await post('/test/create', {}, { authorization: `Bearer ${sandbox.credentials.accessToken}` });
		expect(granted.json).toMatchObject({ user: 'sandbox-integrator' });
		expect(sandbox.ledger().at(-1)?.headers.authorization).toBe('Bearer ***');
	});
});

describe('faults', () => {
	it('answers an injected status with Retry-After, only as many times as asked', async () => {
		sandbox.setFaults([{ path: '/test/*', kind: 'status', status: 503, retryAfter: 2, count: 1 }]);
		const first = await post('/test/signed', { auth: auth(sandbox.credentials.login, sandbox.credentials.secretKey) });
		expect(first.status).toBe(503);
		expect(first.headers['retry-after']).toBe('2');
		const second = await post('/test/signed', { auth: auth(sandbox.credentials.login, sandbox.credentials.secretKey) });
		expect(second.status).toBe(200);
		expect(sandbox.ledger().map((entry) => entry.fault)).toEqual(['status', undefined]);
	});

	it('drops the connection before or after doing the work', async () => {
		let handled = 0;
		sandbox.router.post('/test/count', () => ok({ handled: ++handled }));
		sandbox.setFaults([{ path: '/test/count', kind: 'drop', count: 1 }]);
		await expect(post('/test/count', {})).rejects.toThrow();
		expect(handled).toBe(0);
		sandbox.setFaults([{ path: '/test/count', kind: 'drop-after-processing', count: 1 }]);
		await expect(post('/test/count', {})).rejects.toThrow();
		expect(handled).toBe(1);
	});

	it('is controlled over HTTP as well, with its seed', async () => {
		const set = await post('/__sandbox/faults', { rules: [{ path: '/nowhere', kind: 'latency', latencyMs: 5 }], seed: 7 });
		expect(set.json.rules).toHaveLength(1);
		expect(set.json.seed).toBe(7);
		await send('DELETE', `${sandbox.url}/__sandbox/faults`, { headers: { 'content-type': 'application/json' } });
		const listed = (await get(`${sandbox.url}/__sandbox/faults`)).json<{ rules: unknown[]; seed: unknown }>();
		expect(listed).toMatchObject({ rules: [], seed: null });
	});
});

describe('faults before or after the work', () => {
	let handled = 0;
	beforeAll(() => {
		sandbox.router.post('/test/work', () => ok({ handled: ++handled, text: 'x'.repeat(200) }));
	});
	beforeEach(() => {
		handled = 0;
	});
	const work = () => send('POST', `${sandbox.url}/test/work`, { body: {} });

	it.each([
		['before', 0],
		['after', 1],
	] as const)('a status %s the work answers it with its Retry-After, the work done %i time(s)', async (when, done) => {
		sandbox.setFaults([{ path: '/test/work', kind: 'status', status: 429, retryAfter: 3, when, count: 1 }]);
		const answer = await work();
		expect(answer.status).toBe(429);
		expect(answer.headers['retry-after']).toBe('3');
		expect(answer.json().status).toMatchObject({ status: 'ERROR', reason: '429', message: 'Injected fault' });
		expect(handled).toBe(done);
		expect(sandbox.ledger()[0].fault).toBe(when === 'after' ? 'status-after-processing' : 'status');
	});

	it.each([
		['before', 0],
		['after', 1],
	] as const)('an HTML page %s the work, with any status (200 included)', async (when, done) => {
		sandbox.setFaults([{ path: '/test/work', kind: 'html', status: 200, when, count: 1 }]);
		const answer = await work();
		expect(answer.status).toBe(200);
		expect(answer.headers['content-type']).toMatch(/^text\/html/);
		expect(answer.text).toMatch(/^<!DOCTYPE html>/);
		expect(() => answer.json()).toThrow();
		expect(handled).toBe(done);
		sandbox.setFaults([{ path: '/test/work', kind: 'html', count: 1 }]);
		expect((await work()).status).toBe(502);
	});

	it('cuts an answer mid-JSON after the work: a complete answer of the cut length, or a connection closed mid-answer', async () => {
		sandbox.setFaults([{ path: '/test/work', kind: 'truncate', complete: true, keepBytes: 20, count: 1 }]);
		const cut = await work();
		expect(cut.status).toBe(200);
		expect(cut.text).toHaveLength(20);
		expect(cut.text.startsWith('{"status":')).toBe(true);
		expect(() => cut.json()).toThrow();
		expect(handled).toBe(1);
		sandbox.setFaults([{ path: '/test/work', kind: 'truncate', count: 1 }]);
		await expect(work()).rejects.toThrow();
		expect(handled).toBe(2);
		expect(sandbox.ledger().map((entry) => entry.fault)).toEqual(['truncate-after-processing', 'truncate-after-processing']);
		sandbox.setFaults([{ path: '/test/work', kind: 'truncate', when: 'before', complete: true, count: 1 }]);
		expect(() => JSON.parse(cut.text)).toThrow();
		const before = await work();
		expect(() => before.json()).toThrow();
		expect(handled).toBe(2);
	});

	it('drops the connection before or after the work with `when`', async () => {
		sandbox.setFaults([{ path: '/test/work', kind: 'drop', when: 'after', count: 1 }]);
		await expect(work()).rejects.toThrow();
		expect(handled).toBe(1);
		expect(sandbox.ledger()[0].fault).toBe('drop-after-processing');
	});

	it('delays before the work (done late) or after it (done, answered late)', async () => {
		const settled = (promise: Promise<unknown>) => {
			const state = { done: false };
			void promise.then(() => (state.done = true));
			return state;
		};
		const until = async (condition: () => boolean) => {
			while (!condition()) await new Promise((resolve) => setTimeout(resolve, 10));
		};
		sandbox.setFaults([{ path: '/test/work', kind: 'latency', latencyMs: 1500, when: 'before', count: 1 }]);
		const late = work();
		const lateState = settled(late);
		await until(() => sandbox.ledger().length === 1);
		expect(handled).toBe(0);
		expect((await late).json()).toMatchObject({ handled: 1 });
		expect(lateState.done).toBe(true);

		sandbox.setFaults([{ path: '/test/work', kind: 'latency', latencyMs: 1500, when: 'after', count: 1 }]);
		const answered = work();
		const answeredState = settled(answered);
		await until(() => handled === 2);
		expect(answeredState.done).toBe(false);
		expect((await answered).json()).toMatchObject({ handled: 2 });
	});

	it('records in `inFlight` how many other requests were being handled when one arrived', async () => {
		sandbox.setFaults([{ path: '/test/work', kind: 'latency', latencyMs: 300, when: 'before' }]);
		await Promise.all([work(), work(), work()]);
		expect(sandbox.ledger().map((entry) => entry.inFlight).sort()).toEqual([0, 1, 2]);
		sandbox.clearLedger();
		await work();
		await work();
		expect(sandbox.ledger().map((entry) => entry.inFlight)).toEqual([0, 0]);
	});

	it("records a rule's name with each request it strikes", async () => {
		sandbox.setFaults([{ path: '/test/work', kind: 'status', status: 500, when: 'after', name: 'busy after work', count: 1 }]);
		expect((await work()).status).toBe(500);
		expect((await work()).status).toBe(200);
		expect(sandbox.ledger().map((entry) => [entry.fault, entry.faultName])).toEqual([
			['status-after-processing', 'busy after work'],
			[undefined, undefined],
		]);
	});

	it('idle() resolves once a request whose client gave up has done its late work', async () => {
		sandbox.setFaults([{ path: '/test/work', kind: 'latency', latencyMs: 1500, when: 'before', count: 1 }]);
		const controller = new AbortController();
		const gaveUp = fetch(`${sandbox.url}/test/work`, { method: 'POST', body: '{}', signal: controller.signal }).catch(() => 'gave up');
		while (sandbox.ledger().length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
		controller.abort();
		expect(await gaveUp).toBe('gave up');
		expect(handled).toBe(0);
		await sandbox.idle();
		expect(handled).toBe(1);
		expect(sandbox.ledger()[0].status).toBe(200);
	});

	it('draws `rate` from the seed: the same seed strikes the same requests', async () => {
		const strikes = async (seed: number) => {
			sandbox.clearLedger();
			sandbox.setFaults([{ path: '/test/work', kind: 'status', rate: 0.5 }], { seed });
			for (let i = 0; i < 16; i++) await work();
			return sandbox.ledger().map((entry) => (entry.fault ? 1 : 0)).join('');
		};
		const first = await strikes(42);
		expect(await strikes(42)).toBe(first);
		expect(first).toMatch(/1/);
		expect(first).toMatch(/0/);
		expect(await strikes(43)).not.toBe(first);
	});
});

describe('control API', () => {
	it('tells the demo credentials and answers unknown paths in the platform shape', async () => {
		const credentials = (await get(`${sandbox.url}/__sandbox/credentials`)).json<Record<string, unknown>>();
		expect(credentials).toMatchObject({ login: sandbox.credentials.login, secretKey: sandbox.credentials.secretKey, timeZone: 'America/Bogota', accessToken: sandbox.credentials.accessToken });
		const missing = await post('/no/such/path', {});
		expect(missing.status).toBe(404);
		expect(missing.json.status.status).toBe('FAILED');
	});
});

describe('state file', () => {
	it('keeps state slices between runs', async () => {
		const folder = mkdtempSync(join(tmpdir(), 'paysuite-sandbox-'));
		const stateFile = join(folder, 'state.json');
		const first = await startSandbox({ port: 0, stateFile });
		first.world.slice('demo', () => ({ count: 0 })).count = 3;
		first.world.nextId('thing');
		first.world.save();
		await first.stop();
		expect(JSON.parse(readFileSync(stateFile, 'utf8')).slices.demo).toEqual({ count: 3 });
		const second = await startSandbox({ port: 0, stateFile });
		expect(second.world.slice('demo', () => ({ count: 0 })).count).toBe(3);
		expect(second.world.nextId('thing')).toBe(2);
		await second.stop();
		rmSync(folder, { recursive: true, force: true });
	});
});
