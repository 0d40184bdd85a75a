'use strict';
/**
 * The cluster's front door on loopback, standing for the load balancer an operator puts before n8n's queue mode:
 * production webhook paths go to the webhook processes, everything else (test webhooks, the editor, the REST
 * API) to the main. It runs inside the process that started the cluster (no process of its own to end).
 *
 *  - Sticky by path: every call to one URL path goes to the same webhook process while it is up (the n-th
 *    process for a hash of the path), so that copies of one delivery meet in one process's memory; when that one
 *    is down or draining, the next one up takes it.
 *  - Draining: drain(target) sends it nothing new and resolves once its calls in flight have been answered, so
 *    that it can be stopped without answering a call while it closes its database connection (n8n 2.40.7 then
 *    answers 500 "Cannot use a pool after calling end").
 *  - With no process to send a call to, it answers 503 with Retry-After, as a load balancer would.
 *
 *   const router = await startRouter({ port, main: () => mainUrl, webhooks: () => [{ name, url, up }] });
 *   await router.drain('webhook-1'); ...; router.undrain('webhook-1');
 *   await router.close();  // refuses new connections, waits for the calls in flight
 *
 * Plain CommonJS, no dependencies.
 */
const crypto = require('crypto');
const http = require('http');

/** The first path segment of the calls n8n's webhook processes take (production webhooks, forms, waiting runs). */
const PRODUCTION_PREFIXES = ['webhook', 'webhook-waiting', 'form', 'form-waiting', 'mcp'];

/** Which process a path goes to: 'webhooks' for production webhook calls, 'main' for everything else. Pure. */
function routeOf(urlPath) {
	const first = String(urlPath).split('?')[0].split('/')[1] ?? '';
	return PRODUCTION_PREFIXES.includes(first) ? 'webhooks' : 'main';
}

/** The index (0..count-1) a path sticks to. Pure. */
function stickyIndex(urlPath, count) {
	const digest = crypto.createHash('sha256').update(String(urlPath).split('?')[0]).digest();
	return digest.readUInt32BE(0) % count;
}

/**
 * Picks the webhook process for a path: its sticky one if it takes calls, else the next that does (in order).
 * `targets`: [{ name, url, up }]; `draining`: names to skip. Pure.
 */
function pickWebhookTarget(urlPath, targets, draining = new Set()) {
	if (!targets.length) return undefined;
	const start = stickyIndex(urlPath, targets.length);
	for (let i = 0; i < targets.length; i++) {
		const target = targets[(start + i) % targets.length];
		if (target.up && !draining.has(target.name)) return target;
	}
	return undefined;
}

const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer'];

function withoutHopByHop(headers) {
	const out = { ...headers };
	for (const name of HOP_BY_HOP) delete out[name];
	return out;
}

function unavailable(response, message) {
	if (response.headersSent) return response.destroy();
	response.writeHead(503, { 'content-type': 'application/json', 'retry-after': '5' });
	response.end(JSON.stringify({ message }));
}

/** Counts of calls in flight per target, and who waits for a target to have none. */
function flightBook() {
	const inFlight = new Map();
	const idle = new Map();
	return {
		count: (name) => inFlight.get(name) ?? 0,
		names: () => [...inFlight.keys()],
		start: (name) => inFlight.set(name, (inFlight.get(name) ?? 0) + 1),
		end(name) {
			const left = (inFlight.get(name) ?? 1) - 1;
			inFlight.set(name, left);
			if (left === 0) for (const resolve of idle.get(name)?.splice(0) ?? []) resolve();
		},
		/** Resolves once `name` has no call in flight. */
		whenIdle(name) {
			if ((inFlight.get(name) ?? 0) === 0) return Promise.resolve();
			if (!idle.has(name)) idle.set(name, []);
			return new Promise((resolve) => idle.get(name).push(resolve));
		},
	};
}

/** Passes one call on to `target` ({ name, url }) and its answer back; counts it in flight until answered. */
function forward(request, response, target, { book, agent }) {
	book.start(target.name);
	let done = false;
	const finish = () => {
		if (!done) (done = true), book.end(target.name);
	};
	const headers = { ...withoutHopByHop(request.headers), 'x-forwarded-for': request.socket.remoteAddress ?? '', 'x-forwarded-host': request.headers.host ?? '' };
	const upstream = http.request(`${target.url}${request.url}`, { method: request.method, agent, headers }, (answer) => {
		response.writeHead(answer.statusCode ?? 502, withoutHopByHop(answer.headers));
		answer.pipe(response);
		answer.on('end', finish);
		answer.on('error', () => (finish(), response.destroy()));
	});
	upstream.on('error', () => {
		finish();
		unavailable(response, `${target.name} did not answer; try again shortly`);
	});
	response.on('close', finish);
	request.pipe(upstream);
}

/**
 * Starts the router on host:port. `main()` answers the main's URL (or undefined while it is down); `webhooks()`
 * the webhook processes, [{ name, url, up }], in a fixed order.
 */
function startRouter({ port, host = '127.0.0.1', main, webhooks }) {
	const draining = new Set();
	const book = flightBook();
	const agents = new Map(); // target name → keep-alive agent
	const agentOf = (name) => {
		if (!agents.has(name)) agents.set(name, new http.Agent({ keepAlive: true, maxSockets: 256 }));
		return agents.get(name);
	};
	const send = (request, response, target) => forward(request, response, target, { book, agent: agentOf(target.name) });

	const server = http.createServer((request, response) => {
		if (routeOf(request.url) === 'main') {
			const url = main();
			return url ? send(request, response, { name: 'main', url }) : unavailable(response, 'the main process is not running; try again shortly');
		}
		const target = pickWebhookTarget(request.url, webhooks(), draining);
		return target ? send(request, response, target) : unavailable(response, 'no webhook process is taking calls; try again shortly');
	});
	server.keepAliveTimeout = 5000;

	/** Sends `name` nothing new; resolves once its calls in flight are answered (at most `timeoutMs`). */
	async function drain(name, timeoutMs = 10000) {
		draining.add(name);
		await Promise.race([book.whenIdle(name), new Promise((resolve) => setTimeout(resolve, timeoutMs).unref())]);
		agents.get(name)?.destroy(); // no idle connection left to a process about to stop
		agents.delete(name);
	}

	/** Refuses new connections, waits for every call in flight (at most `timeoutMs`), then closes the rest. */
	async function close(timeoutMs = 5000) {
		const closed = new Promise((resolve) => server.close(resolve));
		server.closeIdleConnections();
		await Promise.all(book.names().map((name) => drain(name, timeoutMs)));
		server.closeAllConnections();
		await closed;
		for (const agent of agents.values()) agent.destroy();
	}

	return new Promise((resolve, reject) => {
		server.once('error', reject);
		server.listen(port, host, () => {
			server.off('error', reject);
			const { port: bound } = server.address();
			resolve({ url: `http://${host}:${bound}`, port: bound, drain, undrain: (name) => draining.delete(name), inFlight: book.count, close });
		});
	});
}

module.exports = { PRODUCTION_PREFIXES, routeOf, stickyIndex, pickWebhookTarget, startRouter };
