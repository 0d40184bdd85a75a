/**
 * The cluster's router (./router.js) with plain HTTP servers standing for n8n's processes: which path goes where,
 * stickiness by path and what happens when its process is down, draining, and the 503 when nothing can answer.
 */
/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-explicit-any, @typescript-eslint/no-require-imports -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import { createServer, type Server } from 'http';
import type { AddressInfo } from 'net';

const { routeOf, stickyIndex, pickWebhookTarget, startRouter } = require('./router.js');

type Target = { name: string; url: string; up: boolean };
type Backend = { name: string; url: string; server: Server; seen: string[]; hold?: Promise<void> };

function backend(name: string): Promise<Backend> {
	const b = { name, seen: [] as string[] } as unknown as Backend;
	b.server = createServer(async (request, response) => {
		b.seen.push(`${request.method} ${request.url}`);
		let body = '';
		for await (const chunk of request) body += chunk;
		await b.hold;
		response.writeHead(200, { 'content-type': 'application/json' });
		response.end(JSON.stringify({ by: name, body }));
	});
	return new Promise((resolve) =>
		b.server.listen(0, '127.0.0.1', () => {
			b.url = `http://127.0.0.1:${(b.server.address() as AddressInfo).port}`;
			resolve(b);
		}),
	);
}

describe('routeOf', () => {
	it.each([
		['/webhook/abc/autopay', 'webhooks'],
		['/webhook-waiting/12', 'webhooks'],
		['/form/abc', 'webhooks'],
		['/form-waiting/12', 'webhooks'],
		['/webhook-test/abc/autopay', 'main'],
		['/form-test/abc', 'main'],
		['/rest/login', 'main'],
		['/', 'main'],
		['/webhookx/abc', 'main'],
	])('%s goes to the %s', (path, where) => expect(routeOf(path)).toBe(where));
});

describe('pickWebhookTarget', () => {
	const targets: Target[] = [
		{ name: 'a', url: 'http://a', up: true },
		{ name: 'b', url: 'http://b', up: true },
		{ name: 'c', url: 'http://c', up: true },
	];

	it('sends one path to one process, whatever its query, and spreads paths over the processes', () => {
		const paths = Array.from({ length: 60 }, (_, i) => `/webhook/${i}/autopay`);
		for (const p of paths) expect(pickWebhookTarget(`${p}?x=1`, targets).name).toBe(pickWebhookTarget(p, targets).name);
		expect(new Set(paths.map((p) => stickyIndex(p, 3))).size).toBe(3);
	});

	it('skips a process that is down or draining for the next one, and finds none when all are', () => {
		const p = '/webhook/x/autopay';
		const own = pickWebhookTarget(p, targets).name;
		const next = targets[(targets.findIndex((t) => t.name === own) + 1) % 3].name;
		expect(pickWebhookTarget(p, targets.map((t) => ({ ...t, up: t.name !== own }))).name).toBe(next);
		expect(pickWebhookTarget(p, targets, new Set([own])).name).toBe(next);
		expect(pickWebhookTarget(p, targets.map((t) => ({ ...t, up: false })))).toBeUndefined();
		expect(pickWebhookTarget(p, [])).toBeUndefined();
	});
});

describe('startRouter', () => {
	let main: Backend, one: Backend, two: Backend;
	let targets: Target[];
	let router: any;
	let mainUp: boolean;

	beforeEach(async () => {
		[main, one, two] = await Promise.all([backend('main'), backend('webhook-1'), backend('webhook-2')]);
		targets = [one, two].map((b) => ({ name: b.name, url: b.url, up: true }));
		mainUp = true;
		router = await startRouter({ port: 0, main: () => (mainUp ? main.url : undefined), webhooks: () => targets });
	});
	afterEach(async () => {
		await router.close(1000);
		for (const b of [main, one, two]) b.server.close();
	});

	const post = async (path: string, body = '{"n":1}') => {
		const r = await fetch(`${router.url}${path}`, { method: 'POST', body, headers: { 'content-type': 'application/json' } });
		return { status: r.status, json: (await r.json()) as any, retryAfter: r.headers.get('retry-after') };
	};

	it('sends production calls to a webhook process with their body, and test calls and the rest to the main', async () => {
		const answer = await post('/webhook/abc/autopay', '{"id":"e1"}');
		expect(answer.status).toBe(200);
		expect(['webhook-1', 'webhook-2']).toContain(answer.json.by);
		expect(answer.json.body).toBe('{"id":"e1"}');
		expect((await post('/webhook-test/abc/autopay')).json.by).toBe('main');
		expect((await post('/rest/login')).json.by).toBe('main');
	});

	it('sends every copy of one path to the same process, and to the other one while it is down', async () => {
		const first = (await post('/webhook/sticky/autopay')).json.by;
		for (let i = 0; i < 5; i++) expect((await post('/webhook/sticky/autopay')).json.by).toBe(first);
		targets.find((t) => t.name === first)!.up = false;
		expect((await post('/webhook/sticky/autopay')).json.by).not.toBe(first);
	});

	it('answers 503 with Retry-After when no process can take the call', async () => {
		for (const t of targets) t.up = false;
		mainUp = false;
		for (const path of ['/webhook/abc/autopay', '/rest/login']) {
			const answer = await post(path);
			expect({ status: answer.status, retryAfter: answer.retryAfter }).toEqual({ status: 503, retryAfter: '5' });
			expect(answer.json.message).toMatch(/try again shortly/);
		}
	});

	it('drains a process: its call in flight is answered, new calls go to the other one', async () => {
		const path = '/webhook/drain/autopay';
		const owner = (await post(path)).json.by as string;
		const held = [one, two].find((b) => b.name === owner)!;
		let release!: () => void;
		held.hold = new Promise((resolve) => (release = resolve));
		const inFlight = post(path, '{"slow":true}');
		while (router.inFlight(owner) === 0) await new Promise((resolve) => setTimeout(resolve, 10));
		let drained = false;
		const draining = router.drain(owner).then(() => (drained = true));
		expect((await post(path)).json.by).not.toBe(owner);
		expect(drained).toBe(false);
		release();
		expect((await inFlight).json).toEqual({ by: owner, body: '{"slow":true}' });
		await draining;
		router.undrain(owner);
		held.hold = undefined;
		expect((await post(path)).json.by).toBe(owner);
	});
});
