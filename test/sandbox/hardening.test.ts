/**
 * What the sandbox refuses, over real HTTP (node:http, so every header and byte is the test's own): requests
 * from a web page of another site, control writes that are not JSON, bodies over the cap, bad %-escapes and
 * JSON nested too deep; and the ledger's bounds.
 */
/* eslint-disable @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-explicit-any -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import { request } from 'http';

import { startSandbox, type RunningSandbox } from '../../sandbox';
import { ok } from '../../sandbox/http';
import { crossSiteRefusal, nestsDeeperThan, parseJsonBody } from '../../sandbox/intake';
import { Ledger, ledgerBody, type LedgerEntry } from '../../sandbox/ledger';

interface Raw {
	status: number;
	headers: Record<string, string | string[] | undefined>;
	text: string;
	json: any;
}

interface RawOptions {
	headers?: Record<string, string>;
	body?: string | Buffer;
	/** Sends the body in pieces without a Content-Length. */
	chunked?: boolean;
}

/** One request as the test writes it; nothing added but Host (and Content-Length for a whole body). */
function raw(target: RunningSandbox, method: string, path: string, options: RawOptions = {}): Promise<Raw> {
	return new Promise((resolve, reject) => {
		const body = options.body === undefined ? undefined : Buffer.from(options.body);
		const headers: Record<string, string> = { ...(options.headers ?? {}) };
		if (body && !options.chunked) headers['content-length'] = String(body.length);
		const outgoing = request({ host: '127.0.0.1', port: target.port, method, path, headers }, (response) => {
			const chunks: Buffer[] = [];
			response.on('data', (chunk: Buffer) => chunks.push(chunk));
			response.on('end', () => {
				const text = Buffer.concat(chunks).toString('utf8');
				let json: unknown;
				try {
					json = JSON.parse(text);
				} catch {
					json = undefined;
				}
				resolve({ status: response.statusCode ?? 0, headers: response.headers, text, json });
			});
		});
		outgoing.on('error', reject);
		if (body && options.chunked) {
			for (let at = 0; at < body.length; at += 64 * 1024) outgoing.write(body.subarray(at, at + 64 * 1024));
		} else if (body) outgoing.write(body);
		outgoing.end();
	});
}

const JSON_TYPE = { 'content-type': 'application/json' };
const RULE = { path: '/nowhere', kind: 'latency', latencyMs: 5 };

let sandbox: RunningSandbox;
let handled = 0;

beforeAll(async () => {
	// A route of its own under /test/, which no document shows: recorded, and only its answers allowed (afterAll).
	sandbox = await startSandbox({ port: 0, documentedFields: 'record' });
	sandbox.router.post('/test/echo', (request) => {
		handled++;
		return ok({ echo: request.body });
	});
});
afterAll(async () => {
	const platformAnswers = sandbox.violations().filter((violation) => violation.where !== 'POST /test/echo');
	await sandbox.stop();
	expect(platformAnswers).toEqual([]);
});
beforeEach(() => {
	sandbox.reset();
	sandbox.setFaults([{ path: '/kept', kind: 'status', status: 503 }]);
	handled = 0;
});

const faultsNow = async () => (await raw(sandbox, 'GET', '/__sandbox/faults')).json.rules;

function expectRefused(answer: Raw, status: number, reason: string, message: RegExp) {
	expect(answer.status).toBe(status);
	expect(answer.json.status).toMatchObject({ status: 'FAILED', reason, message: expect.stringMatching(message) });
	expect(answer.json.status.date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/);
}

describe('requests from another site', () => {
	it('refuses a cross-site text/plain POST to the control API (a form or a no-preflight fetch), faults unchanged', async () => {
		const before = await faultsNow();
		const form = await raw(sandbox, 'POST', '/__sandbox/faults', {
			headers: { 'content-type': 'text/plain', origin: 'https://evil.example' },
			body: JSON.stringify({ rules: [RULE] }),
		});
		expectRefused(form, 403, 'CROSS_SITE', /another site \(Origin https:\/\/evil\.example\)/);
		const reset = await raw(sandbox, 'POST', '/__sandbox/reset', { headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'null' } });
		expect(reset.status).toBe(403);
		expect(await faultsNow()).toEqual(before);
		expect(before).toEqual([{ path: '/kept', kind: 'status', status: 503 }]);
	});

	it('refuses a control write that is not JSON even without an Origin, and says what to send', async () => {
		const plain = await raw(sandbox, 'POST', '/__sandbox/faults', { headers: { 'content-type': 'text/plain' }, body: JSON.stringify({ rules: [RULE] }) });
		expectRefused(plain, 403, 'CROSS_SITE', /Content-Type: application\/json/);
		expect((await raw(sandbox, 'DELETE', '/__sandbox/faults')).status).toBe(403);
		expect(await faultsNow()).toHaveLength(1);
	});

	it('refuses a JSON POST with a foreign Origin, a loopback Origin on another port, and Origin null', async () => {
		for (const origin of ['https://evil.example', `http://evil.example:${sandbox.port}`, 'http://localhost:3000', 'null', `https://127.0.0.1:${sandbox.port}`]) {
			const answer = await raw(sandbox, 'POST', '/__sandbox/faults', { headers: { ...JSON_TYPE, origin }, body: JSON.stringify({ rules: [RULE] }) });
			expect([origin, answer.status]).toEqual([origin, 403]);
		}
		expect(await faultsNow()).toEqual([{ path: '/kept', kind: 'status', status: 503 }]);
	});

	it('accepts JSON control writes with no Origin (Node clients) or the sandbox own origin', async () => {
		for (const origin of [undefined, `http://127.0.0.1:${sandbox.port}`, `http://localhost:${sandbox.port}`, `http://[::1]:${sandbox.port}`]) {
			const answer = await raw(sandbox, 'POST', '/__sandbox/faults', { headers: { ...JSON_TYPE, ...(origin ? { origin } : {}) }, body: JSON.stringify({ rules: [RULE] }) });
			expect([origin, answer.status]).toEqual([origin, 200]);
		}
		expect(await faultsNow()).toEqual([RULE]);
		expect((await raw(sandbox, 'DELETE', '/__sandbox/faults', { headers: JSON_TYPE })).status).toBe(200);
		expect(await faultsNow()).toEqual([]);
	});

	it('refuses a request addressed to a name rebound to this machine (DNS rebinding): no credentials leave', async () => {
		const rebound = await raw(sandbox, 'GET', '/__sandbox/credentials', { headers: { host: `evil.example:${sandbox.port}` } });
		expectRefused(rebound, 403, 'CROSS_SITE', /addressed to this machine/);
		expect(rebound.text).not.toContain(sandbox.credentials.secretKey);
		const local = await raw(sandbox, 'GET', '/__sandbox/credentials', { headers: { host: `localhost:${sandbox.port}` } });
		expect(local.json.secretKey).toBe(sandbox.credentials.secretKey);
	});

	it('refuses a web page of another site on the platform paths too: the handler never runs', async () => {
		const answer = await raw(sandbox, 'POST', '/test/echo', { headers: { 'content-type': 'text/plain', origin: 'https://evil.example' }, body: '{"a":1}' });
		expect(answer.status).toBe(403);
		expect(handled).toBe(0);
		const node = await raw(sandbox, 'POST', '/test/echo', { headers: { 'content-type': 'text/plain' }, body: '{"a":1}' });
		expect(node.json.echo).toEqual({ a: 1 });
		expect(handled).toBe(1);
		expect(sandbox.ledger().map((entry) => [entry.path, entry.status])).toEqual([
			['/test/echo', 403],
			['/test/echo', 200],
		]);
	});

	it('decides from Host and Origin alone (the rules, without a server)', () => {
		const loopback = { port: 8765, host: '127.0.0.1' };
		expect(crossSiteRefusal({ host: '127.0.0.1:8765' }, loopback)).toBeUndefined();
		expect(crossSiteRefusal({ host: '127.0.0.1:8765', origin: 'http://127.0.0.1:8765' }, loopback)).toBeUndefined();
		expect(crossSiteRefusal({ host: 'sub.localhost:8765' }, loopback)).toBeUndefined();
		expect(crossSiteRefusal({ host: 'evil.example:8765' }, loopback)).toMatch(/Host evil\.example:8765/);
		expect(crossSiteRefusal({ host: '127.0.0.1:8765', origin: 'not a url' }, loopback)).toMatch(/Origin not a url/);
		// Bound by name: that name is the sandbox's own too.
		expect(crossSiteRefusal({ host: 'devbox.lan:8765', origin: 'http://devbox.lan:8765' }, { port: 8765, host: 'devbox.lan' })).toBeUndefined();
		// Bound to every interface on purpose: any Host, but the Origin must still be the one the request went to.
		const everywhere = { port: 8765, host: '0.0.0.0' };
		expect(crossSiteRefusal({ host: '192.168.1.5:8765', origin: 'http://192.168.1.5:8765' }, everywhere)).toBeUndefined();
		expect(crossSiteRefusal({ host: '192.168.1.5:8765', origin: 'http://evil.example:8765' }, everywhere)).toMatch(/another site/);
	});
});

describe('body size', () => {
	it('answers a 2 MiB body with 413 in the platform shape, keeps none of it, and goes on serving', async () => {
		const answer = await raw(sandbox, 'POST', '/test/echo', { headers: JSON_TYPE, body: JSON.stringify({ blob: 'x'.repeat(2 * 1024 * 1024) }) });
		expectRefused(answer, 413, 'TOO_LARGE', /larger than 1048576 bytes/);
		expect(answer.headers.connection).toBe('close');
		expect(handled).toBe(0);
		const [entry] = sandbox.ledger();
		expect(entry).toMatchObject({ path: '/test/echo', status: 413, body: undefined });
		expect((await raw(sandbox, 'POST', '/test/echo', { headers: JSON_TYPE, body: '{"after":true}' })).json.echo).toEqual({ after: true });
	});

	it('stops at the cap when the body comes without a Content-Length', async () => {
		const answer = await raw(sandbox, 'POST', '/test/echo', { headers: JSON_TYPE, body: Buffer.alloc(2 * 1024 * 1024, 0x61), chunked: true });
		expect(answer.status).toBe(413);
		expect(handled).toBe(0);
	});

	it('takes its cap from maxBodyBytes', async () => {
		const small = await startSandbox({ port: 0, maxBodyBytes: 100, documentedFields: 'record' });
		small.router.post('/test/echo', (request) => ok({ length: request.rawBody.length }));
		try {
			expect((await raw(small, 'POST', '/test/echo', { headers: JSON_TYPE, body: `"${'a'.repeat(98)}"` })).json.length).toBe(100);
			expectRefused(await raw(small, 'POST', '/test/echo', { headers: JSON_TYPE, body: `"${'a'.repeat(99)}"` }), 413, 'TOO_LARGE', /larger than 100 bytes/);
		} finally {
			await small.stop();
		}
	});
});

describe('malformed input answers 400, never 500', () => {
	it.each(['/test/%E0%A4%A', '/test/%ZZ', '/__sandbox/sessions/%C0%AF/pay'])('a bad %%-escape in %s', async (path) => {
		const answer = await raw(sandbox, 'POST', path, { headers: JSON_TYPE, body: '{}' });
		expectRefused(answer, 400, 'PATH', /invalid %-escape/);
	});

	it.each([
		['an array', '['.repeat(100_000) + ']'.repeat(100_000)],
		['an object', '{"a":'.repeat(100_000) + '1' + '}'.repeat(100_000)],
		['an unclosed array', '['.repeat(100_000)],
	])('JSON nested 100,000 deep: %s', async (_what, body) => {
		const answer = await raw(sandbox, 'POST', '/test/echo', { headers: JSON_TYPE, body });
		expectRefused(answer, 400, 'BODY', /deeper than 64 levels/);
		expect(handled).toBe(0);
	});

	it('accepts 64 levels, refuses 65, and does not count brackets inside strings', async () => {
		const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
		expect((await raw(sandbox, 'POST', '/test/echo', { headers: JSON_TYPE, body: nested(64) })).status).toBe(200);
		expect((await raw(sandbox, 'POST', '/test/echo', { headers: JSON_TYPE, body: nested(65) })).status).toBe(400);
		const text = { note: '['.repeat(500) + '\\"{'.repeat(100) };
		expect((await raw(sandbox, 'POST', '/test/echo', { headers: JSON_TYPE, body: JSON.stringify(text) })).json.echo).toEqual(text);
	});

	it('counts depth without parsing, and treats a RangeError of the parser as too deep', () => {
		expect(nestsDeeperThan('{"a":[{"b":"]]]]"}]}', 3)).toBe(false);
		expect(nestsDeeperThan('{"a":[{"b":[1]}]}', 3)).toBe(true);
		expect(parseJsonBody(Buffer.from('not json'))).toEqual({ value: undefined });
		expect(parseJsonBody(Buffer.from('[[1]]'), 1)).toEqual({ tooDeep: true });
		// Node 20's parser copes with 100,000 levels; another engine (or more levels) overflows its stack.
		const parse = jest.spyOn(JSON, 'parse').mockImplementationOnce(() => {
			throw new RangeError('Maximum call stack size exceeded');
		});
		try {
			expect(parseJsonBody(Buffer.from('[[1]]'), 64)).toEqual({ tooDeep: true });
		} finally {
			parse.mockRestore();
		}
	});
});

describe('ledger bounds', () => {
	it('never holds more than ledgerEntries: the oldest go first', async () => {
		const bounded = await startSandbox({ port: 0, ledgerEntries: 25 });
		try {
			for (let call = 1; call <= 80; call++) {
				await raw(bounded, 'GET', `/nowhere/${call}`);
				expect(bounded.ledger().length).toBeLessThanOrEqual(25);
			}
			expect(bounded.ledger().map((entry) => entry.path)).toEqual(Array.from({ length: 25 }, (_, index) => `/nowhere/${56 + index}`));
		} finally {
			await bounded.stop();
		}
	});

	it('cuts a long body with a marker, masked before it is cut', async () => {
		const bounded = await startSandbox({ port: 0, ledgerBodyBytes: 200 });
		try {
			const body = { instrument: { card: { number: '4111111111111111', cvv: '123' } }, filler: 'f'.repeat(5000) };
			await raw(bounded, 'POST', '/nowhere', { headers: JSON_TYPE, body: JSON.stringify(body) });
			const [entry] = bounded.ledger();
			const received = JSON.stringify(body).length;
			expect(entry.bodyTruncated).toEqual({ receivedBytes: received, keptBytes: 200 });
			expect(entry.body.startsWith('{"instrument":{"card":{"number":"411111******1111","cvv":"***"}},"filler":"fff')).toBe(true);
			expect(entry.body.endsWith(`fff... [truncated by the sandbox: ${received} bytes received, the first 200 kept]`)).toBe(true);
			expect(entry.body).not.toContain('4111111111111111');
		} finally {
			await bounded.stop();
		}
	});

	it('keeps short bodies whole, and the whole ledger within its bytes', () => {
		expect(ledgerBody(Buffer.from('{"cvv":"123"}'), { cvv: '123' }, 100)).toEqual({ body: { cvv: '***' } });
		expect(ledgerBody(Buffer.from('plain'), undefined, 100)).toEqual({ body: 'plain' });
		expect(ledgerBody(Buffer.alloc(0), undefined, 100)).toEqual({ body: undefined });
		const ledger = new Ledger({ entries: 1000, totalBytes: 10_000 });
		const entry = (seq: number): LedgerEntry => ({ seq, at: '', method: 'POST', path: '/x', query: {}, headers: {}, body: 'b'.repeat(900), status: 200, inFlight: 0 });
		for (let seq = 1; seq <= 100; seq++) ledger.add(entry(seq));
		const kept = ledger.list();
		expect(Buffer.byteLength(JSON.stringify(kept))).toBeLessThanOrEqual(10_000 + kept.length);
		expect(kept.length).toBeGreaterThan(5);
		expect(kept.at(-1)?.seq).toBe(100);
		expect(kept.map((e) => e.seq)).toEqual(Array.from({ length: kept.length }, (_, index) => 101 - kept.length + index));
	});
});
