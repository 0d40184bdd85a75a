/**
 * The foundation seen through the real engine: the credential signs, the transport maps answers and
 * retries only what is safe, and a paginated search pages. The server here is a bare loopback server with
 * its own tranKey check, independent of the package's signing code.
 */
/* eslint-disable @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-explicit-any -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import { createHash } from 'crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'http';
import type { AddressInfo } from 'net';

import { runWorkflow } from '../helpers/engine';

interface Received {
	path: string;
	body: Record<string, any>;
	authOk: boolean;
	algorithm?: string;
}

const SECRET = 'loopback-secret-key';
const facilitators = Array.from({ length: 23 }, (_, i) => ({ id: i + 1, name: `Facilitator ${i + 1}`, active: i % 2 === 0 }));

let server: Server;
let baseUrl: string;
let received: Received[] = [];
let script: Array<(res: ServerResponse) => boolean> = [];

function checkTranKey(auth: any): string | undefined {
	if (!auth?.nonce || !auth?.seed || !auth?.tranKey) return undefined;
	const raw = Buffer.from(auth.nonce, 'base64');
	for (const algorithm of ['sha256', 'sha1']) {
		const expected = createHash(algorithm).update(Buffer.concat([raw, Buffer.from(auth.seed + SECRET)])).digest('base64');
		if (expected === auth.tranKey) return algorithm;
	}
	return undefined;
}

function reply(res: ServerResponse, code: number, body: unknown, headers: Record<string, string> = {}) {
	res.writeHead(code, { 'content-type': 'application/json', ...headers });
	res.end(JSON.stringify(body));
}

function handle(req: IncomingMessage, res: ServerResponse) {
	let text = '';
	req.on('data', (chunk) => (text += chunk));
	req.on('end', () => {
		const body = text ? JSON.parse(text) : {};
		const algorithm = checkTranKey(body.auth);
		received.push({ path: req.url ?? '', body, authOk: algorithm !== undefined, algorithm });
		const scripted = script.shift();
		if (scripted && scripted(res)) return;
		const date = new Date().toISOString();
		if (!algorithm) return reply(res, 401, { status: { status: 'FAILED', reason: '102', message: 'Invalid tranKey', date } });
		const { perPage = 15, currentPage = 1 } = body.pagination ?? {};
		const start = (currentPage - 1) * perPage;
		reply(res, 200, {
			status: { status: 'OK', reason: '00', message: 'ok', date },
			data: facilitators.slice(start, start + perPage),
			pagination: { total: facilitators.length, perPage, currentPage, lastPage: Math.ceil(facilitators.length / perPage) },
		});
	});
}

beforeAll(async () => {
	server = createServer(handle);
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
beforeEach(() => {
	received = [];
	script = [];
});

const credentials = (overrides: Record<string, string> = {}) => ({
	paySuiteApi: { login: 'loopback-login', secretKey: SECRET, algorithm: 'sha256', baseUrl, ...overrides },
});

const searchNode = (parameters: Record<string, unknown> = {}, continueOnFail = false) => ({
	name: 'Search',
	type: 'paySuiteSite',
	credentials: ['paySuiteApi'],
	continueOnFail,
	parameters: { resource: 'paymentFacilitator', operation: 'getMany', ...parameters } as never,
});

describe('signed requests through the engine', () => {
	it.each(['sha256', 'sha1'])('signs with %s so that an independent check passes', async (algorithm) => {
		const result = await runWorkflow({ nodes: [searchNode({ limit: 3 })], credentials: credentials({ algorithm }) });
		expect(result.error).toBeUndefined();
		expect(received).toHaveLength(1);
		expect(received[0]).toMatchObject({ path: '/core/tools/payment-facilitator/search', authOk: true, algorithm });
		expect(received[0].body.auth.login).toBe('loopback-login');
		expect(Buffer.from(received[0].body.auth.nonce, 'base64')).toHaveLength(16);
		expect(Math.abs(Date.parse(received[0].body.auth.seed) - Date.now())).toBeLessThan(60_000);
		expect(result.output('Search').map((item) => item.json.id)).toEqual([1, 2, 3]);
	});

	it('pages through every record with Return All, one item per record, paired with the input item', async () => {
		const result = await runWorkflow({ nodes: [searchNode({ returnAll: true })], credentials: credentials() });
		const items = result.output('Search');
		expect(items.map((item) => item.json.id)).toEqual(facilitators.map((f) => f.id));
		expect(items.every((item) => (item.pairedItem as { item: number }).item === 0)).toBe(true);
		expect(received.map((r) => r.body.pagination.currentPage)).toEqual([1]);
		expect(received[0].body.pagination.perPage).toBe(100);
		expect(new Set(received.map((r) => r.body.auth.nonce)).size).toBe(received.length);
	});

	it('sends the filters the user set and nothing they left empty', async () => {
		await runWorkflow({ nodes: [searchNode({ limit: 2, filters: { name: 'Fac', active: false } })], credentials: credentials() });
		expect(received[0].body).toMatchObject({ name: 'Fac', active: false, pagination: { perPage: 2, currentPage: 1 } });
		expect(received[0].body).not.toHaveProperty('id');
	});
});

describe('platform answers become clear errors', () => {
	it('turns 401 reason 102 into "wrong secret key" without leaking the secret or the tranKey', async () => {
		const result = await runWorkflow({ nodes: [searchNode()], credentials: credentials({ secretKey: 'not-the-secret' }) });
		const error = result.error!;
		expect(error.message).toBe('Wrong secret key: the tranKey did not match. Check the Secret Key and the Digest Algorithm of the credential.');
		expect(error.description).toBe('Platform answer: HTTP 401 FAILED, reason 102: Invalid tranKey');
		expect(error.httpCode).toBe('401');
		const serialized = JSON.stringify(result.run.data);
		expect(serialized).not.toContain('not-the-secret');
		expect(serialized).not.toContain(received[0].body.auth.tranKey);
	});

	it('turns 401 reason 103 into words about the clock', async () => {
		script = [
			(res) => {
				reply(res, 401, { status: { status: 'FAILED', reason: 103, message: 'Seed out of range', date: 'now' } });
				return true;
			},
		];
		const result = await runWorkflow({ nodes: [searchNode()], credentials: credentials() });
		expect(result.error!.message).toMatch(/^Clock off by more than 5 minutes: .* Check this machine's date, time and time zone\.$/);
		expect(result.error!.description).toBe('Platform answer: HTTP 401 FAILED, reason 103: Seed out of range');
	});

	it('treats HTTP 200 with status FAILED as an error', async () => {
		script = [
			(res) => {
				reply(res, 200, { status: { status: 'FAILED', reason: 'X1', message: 'Something refused', date: 'now' } });
				return true;
			},
		];
		const result = await runWorkflow({ nodes: [searchNode()], credentials: credentials() });
		expect(result.error!.message).toBe('The platform refused the request: Something refused.');
		expect(result.error!.description).toBe('Platform answer: HTTP 200 FAILED, reason X1: Something refused');
	});

	it('with Continue On Fail, outputs the error for the failing item and goes on with the others', async () => {
		script = [
			(res) => {
				reply(res, 400, { status: { status: 'FAILED', reason: 'BR', message: 'name: too short', date: 'now' } });
				return true;
			},
		];
		const result = await runWorkflow({
			items: [{ n: 0 }, { n: 1 }],
			nodes: [searchNode({ limit: 1 }, true)],
			credentials: credentials(),
		});
		const items = result.output('Search');
		expect(result.error).toBeUndefined();
		expect(items).toHaveLength(2);
		expect(items[0].json.error).toBe('The platform refused the request: name: too short.');
		expect(items[0].json.description).toBe('Platform answer: HTTP 400 FAILED, reason BR: name: too short');
		expect(items[0].json.httpCode).toBe('400');
		expect(items[0].pairedItem).toEqual({ item: 0 });
		expect(items[1].json.id).toBe(1);
		expect(items[1].pairedItem).toEqual({ item: 1 });
	});
});

describe('retries', () => {
	it('repeats a read after 503 with Retry-After, signing afresh each time', async () => {
		script = [
			(res) => {
				reply(res, 503, { status: { status: 'ERROR', reason: '503', message: 'busy', date: 'now' } }, { 'retry-after': '0' });
				return true;
			},
		];
		const result = await runWorkflow({ nodes: [searchNode({ limit: 1 })], credentials: credentials() });
		expect(result.error).toBeUndefined();
		expect(received).toHaveLength(2);
		expect(received[0].body.auth.nonce).not.toBe(received[1].body.auth.nonce);
		expect(received.every((r) => r.authOk)).toBe(true);
	});

	it('repeats a read whose connection dropped, and gives up after a bounded number of attempts', async () => {
		script = Array.from({ length: 10 }, () => (res: ServerResponse) => {
			res.socket?.destroy();
			return true;
		});
		const result = await runWorkflow({ nodes: [searchNode({ limit: 1 })], credentials: credentials() });
		expect(received).toHaveLength(4);
		expect(result.error!.message).toMatch(/^The platform could not be reached \(connection reset\)/);
		expect(result.error!.description).toBe('The connection broke after the request was sent, 4 time(s). Reading again is safe once the platform answers.');
	});
});

describe('what a write may repeat', () => {
	const siteCreate = {
		name: 'Create',
		type: 'paySuiteSite',
		credentials: ['paySuiteApi'],
		parameters: { resource: 'site', operation: 'create', merchantId: 7, name: 'Shop' } as never,
	};

	it('never repeats a write answered 503 with Retry-After: the platform may have done it', async () => {
		script = [
			(res) => {
				reply(res, 503, { status: { status: 'ERROR', reason: '503', message: 'busy', date: 'now' } }, { 'retry-after': '0' });
				return true;
			},
		];
		const result = await runWorkflow({ nodes: [siteCreate], credentials: credentials() });
		expect(received.filter((r) => r.path === '/core/site/create')).toHaveLength(1);
		expect(result.error!.message).toBe(
			"The platform may have processed the request to /core/site/create, but its answer was lost (HTTP 503 with Retry-After: busy)",
		);
		expect(result.error!.description).toMatch(/^It was not sent again, because the platform may have done it already/);
	});

	it('turns an answer that is JSON but not an object into an error, for a write as for a read', async () => {
		script = [
			(res) => {
				reply(res, 200, [1, 2]);
				return true;
			},
		];
		const write = await runWorkflow({ nodes: [siteCreate], credentials: credentials() });
		expect(write.error!.message).toContain('its answer was lost (the answer was JSON but a list, not an object)');
		expect(write.output('Create')).toEqual([]);
		received = [];
		script = Array.from({ length: 4 }, () => (res: ServerResponse) => {
			reply(res, 200, 'just text');
			return true;
		});
		const read = await runWorkflow({ nodes: [searchNode({ limit: 1 })], credentials: credentials() });
		expect(received).toHaveLength(4);
		expect(read.error!.message).toBe('The platform\'s answer to /core/tools/payment-facilitator/search could not be read: the answer was not a JSON object (it began "just text")');
	});

	it('says nothing was done when the platform could not be reached at all (connection refused), after trying again', async () => {
		const closed = createServer();
		await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
		const port = (closed.address() as AddressInfo).port;
		await new Promise((resolve) => closed.close(resolve));
		const result = await runWorkflow({ nodes: [siteCreate], credentials: credentials({ baseUrl: `http://127.0.0.1:${port}` }) });
		expect(result.error!.message).toBe(`The platform could not be reached at http://127.0.0.1:${port} (connection refused) for /core/site/create: check the Base URL of the credential`);
		expect(result.error!.description).toBe('Nothing reached the platform, so nothing was done. Check the Base URL of the credential (and its API URLs, if set) and the network.');
	});
});
