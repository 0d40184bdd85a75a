/**
 * The sandbox: a local simulator of the platform's three APIs on one host, written from the spec documents.
 * Tests start it on port 0 and read its ledger; `npm run sandbox` serves it for demos and the main job.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'http';
import type { AddressInfo, Socket } from 'net';

import { faultLabel, Faults, faultWhen, htmlErrorPage, type FaultRule } from './faults';
import { ok, refuse, Router, type SandboxApp, type SandboxRequest, type SandboxResponse } from './http';
import {
	controlWriteRefusal,
	crossSiteRefusal,
	DEFAULT_MAX_BODY_BYTES,
	MAX_JSON_DEPTH,
	parseJsonBody,
	pathDecodes,
	readBody,
	type Listening,
} from './intake';
import {
	DEFAULT_LEDGER_BODY_BYTES,
	DEFAULT_LEDGER_ENTRIES,
	DEFAULT_LEDGER_TOTAL_BYTES,
	Ledger,
	ledgerBody,
	maskHeaders,
	type LedgerEntry,
} from './ledger';
import { stringifyJson } from './json';
import { registerRoutes } from './routes';
import { SandboxWorld, type SandboxCredentials, type SandboxOptions } from './world';

export type { FaultKind, FaultRule } from './faults';
export type { LedgerEntry } from './ledger';
export type { SandboxCredentials, SandboxOptions } from './world';

export interface RunningSandbox {
	url: string;
	port: number;
	credentials: SandboxCredentials;
	world: SandboxWorld;
	/** Named state slices of the route modules (sessions, links, processes...). */
	state: SandboxWorld;
	router: Router;
	ledger(): LedgerEntry[];
	clearLedger(): void;
	reset(): void;
	/** Replaces the fault rules; a `seed` makes their `rate` draws repeat exactly. */
	setFaults(rules: FaultRule[], options?: { seed?: number }): void;
	clearFaults(): void;
	/**
	 * Resolves once every request received so far has been handled: a request whose client gave up (a latency
	 * beyond its timeout) may still be doing its work.
	 */
	idle(): Promise<void>;
	stop(): Promise<void>;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The request target as a URL; undefined when it is not one (answered 400). */
function requestUrl(target = '/'): URL | undefined {
	try {
		// A path is appended to the base, not resolved against it: `//x/y` stays a path, never a host.
		return target.startsWith('/') ? new URL(`http://sandbox.local${target}`) : new URL(target);
	} catch {
		return undefined;
	}
}

function wire(answer: SandboxResponse): { headers: Record<string, string>; payload: Buffer } {
	const headers: Record<string, string> = { ...(answer.headers ?? {}) };
	let payload: Buffer | string;
	if (answer.raw !== undefined) {
		payload = answer.raw;
	} else {
		// Identifiers beyond 2^53 are bigints in the sandbox: written as bare integers with all their digits.
		payload = answer.body === undefined ? '' : stringifyJson(answer.body);
		if (answer.body !== undefined && !Object.keys(headers).some((name) => name.toLowerCase() === 'content-type')) {
			headers['content-type'] = 'application/json; charset=utf-8';
		}
	}
	return { headers, payload: Buffer.from(payload) };
}

function send(response: ServerResponse, answer: SandboxResponse): void {
	const { headers, payload } = wire(answer);
	headers['content-length'] = String(payload.length);
	response.writeHead(answer.status, headers);
	response.end(payload);
}

/**
 * Part of an answer: with `complete`, a clean answer of the cut length (a broken proxy); otherwise the headers
 * announce the whole length and the connection closes after the cut part (a network cut).
 */
function sendCut(response: ServerResponse, answer: SandboxResponse, rule: FaultRule): void {
	const { headers, payload } = wire(answer);
	const cut = payload.subarray(0, Math.max(0, Math.min(payload.length - 1, rule.keepBytes ?? Math.floor(payload.length / 2))));
	headers['content-length'] = String(rule.complete ? cut.length : payload.length);
	response.writeHead(answer.status, headers);
	if (rule.complete) response.end(cut);
	else response.write(cut, () => response.socket?.destroy());
}

/** What an injected `status` or `html` fault answers instead of the endpoint. */
function faultAnswer(rule: FaultRule): SandboxResponse {
	const retryAfter: Record<string, string> = rule.retryAfter !== undefined ? { 'retry-after': String(rule.retryAfter) } : {};
	if (rule.kind === 'html') {
		const status = rule.status ?? 502;
		return { status, raw: htmlErrorPage(status), headers: { 'content-type': 'text/html; charset=utf-8', ...retryAfter } };
	}
	const status = rule.status ?? (rule.kind === 'truncate' ? 200 : 503);
	const answer = refuse(status, String(status), 'Injected fault', {}, 'ERROR');
	answer.headers = retryAfter;
	return answer;
}

export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
	const world = new SandboxWorld(options);
	const router = new Router();
	const faults = new Faults();
	const ledger = new Ledger({ entries: options.ledgerEntries ?? DEFAULT_LEDGER_ENTRIES, totalBytes: options.ledgerTotalBytes ?? DEFAULT_LEDGER_TOTAL_BYTES });
	const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
	const ledgerBodyBytes = options.ledgerBodyBytes ?? DEFAULT_LEDGER_BODY_BYTES;
	let seq = 0;
	let baseUrl = '';
	const listening: Listening = { port: 0, host: options.host ?? '127.0.0.1' };
	const app: SandboxApp = { world, router, url: () => baseUrl };

	registerControl(router, { faults, ledger: () => ledger.list(), clearLedger: () => ledger.clear() });
	registerRoutes(app);

	const sockets = new Set<Socket>();
	const handling = new Set<Promise<void>>();
	// API requests being handled (control calls excluded), for the ledger's `inFlight`. A request counts until its
	// handler has sent the answer: the next one a client sends after reading it finds it gone.
	let apiInFlight = 0;
	const server: Server = createServer((request, response) => {
		const api = !(request.url ?? '').startsWith('/__sandbox');
		if (api) apiInFlight++;
		const work = handle(request, response, api ? apiInFlight - 1 : 0).catch((error: Error) => {
			if (!response.headersSent) send(response, refuse(500, 'ER', `Sandbox error: ${error.message}`, {}, 'ERROR'));
		});
		handling.add(work);
		void work.finally(() => {
			handling.delete(work);
			if (api) apiInFlight--;
		});
	});
	server.on('connection', (socket) => {
		sockets.add(socket);
		socket.on('close', () => sockets.delete(socket));
	});

	/** What is checked before any handler: a refusal, or the body read and parsed. */
	async function admit(incoming: IncomingMessage, method: string, url: URL | undefined): Promise<{ refusal: SandboxResponse } | { url: URL; rawBody: Buffer; body: unknown }> {
		if (!url) return { refusal: refuse(400, 'PATH', 'The request target is not a valid path') };
		const control = url.pathname.startsWith('/__sandbox');
		const crossSite = crossSiteRefusal(incoming.headers, listening) ?? (control ? controlWriteRefusal(method, incoming.headers) : undefined);
		if (crossSite) return { refusal: refuse(403, 'CROSS_SITE', crossSite) };
		if (!pathDecodes(url.pathname)) return { refusal: refuse(400, 'PATH', `The path has an invalid %-escape: ${url.pathname}`) };
		const rawBody = await readBody(incoming, maxBodyBytes);
		if (!rawBody) {
			const answer = refuse(413, 'TOO_LARGE', `The request body is larger than ${maxBodyBytes} bytes, the most the sandbox accepts`);
			answer.headers = { connection: 'close' };
			return { refusal: answer };
		}
		const parsed = parseJsonBody(rawBody, MAX_JSON_DEPTH);
		if ('tooDeep' in parsed) return { refusal: refuse(400, 'BODY', `The JSON body nests deeper than ${MAX_JSON_DEPTH} levels`) };
		return { url, rawBody, body: parsed.value };
	}

	async function handle(incoming: IncomingMessage, response: ServerResponse, inFlight: number): Promise<void> {
		const method = (incoming.method ?? 'GET').toUpperCase();
		const target = requestUrl(incoming.url);
		const admitted = await admit(incoming, method, target);
		const path = target?.pathname ?? incoming.url ?? '/';
		const entry: LedgerEntry = {
			seq: ++seq,
			at: new Date().toISOString(),
			method,
			path,
			query: target ? Object.fromEntries(target.searchParams) : {},
			headers: maskHeaders(incoming.headers),
			// A refused body is not kept: it was not read, or not parsed, so it could not be masked.
			...('rawBody' in admitted ? ledgerBody(admitted.rawBody, admitted.body, ledgerBodyBytes) : { body: undefined }),
			status: 'refusal' in admitted ? admitted.refusal.status : 0,
			inFlight,
		};
		if (!path.startsWith('/__sandbox/ledger')) ledger.add(entry);
		if ('refusal' in admitted) {
			if (options.log) console.log(`${method} ${path} -> ${admitted.refusal.status} (refused)`);
			send(response, admitted.refusal);
			return;
		}
		const { rawBody, body } = admitted;
		const url = admitted.url;

		const fault = url.pathname.startsWith('/__sandbox') ? undefined : faults.take(method, url.pathname);
		if (fault) {
			entry.fault = faultLabel(fault);
			if (fault.name !== undefined) entry.faultName = fault.name;
		}
		const afterWork = fault !== undefined && faultWhen(fault) === 'after';
		if (fault && !afterWork) {
			// Before the work: the endpoint never runs (except after a latency).
			if (fault.kind === 'latency') await wait(fault.latencyMs ?? 1000);
			else {
				if (fault.kind === 'drop' || fault.kind === 'drop-after-processing') incoming.socket.destroy();
				else {
					const answer = faultAnswer(fault);
					entry.status = answer.status;
					if (fault.kind === 'truncate') sendCut(response, answer, fault);
					else send(response, answer);
				}
				return;
			}
		}

		const match = router.match(method, url.pathname);
		let answer: SandboxResponse;
		if (!match) answer = refuse(404, 'NF', `No such path: ${method} ${url.pathname}`);
		else if ('methodMismatch' in match) answer = refuse(405, 'MN', `Method ${method} is not allowed on ${url.pathname}`);
		else {
			const request: SandboxRequest = {
				method,
				path: url.pathname,
				params: match.params,
				query: url.searchParams,
				headers: incoming.headers,
				rawBody,
				body,
			};
			answer = await match.handler(request, app);
			const outcome = (request as { authOutcome?: LedgerEntry['auth'] }).authOutcome;
			if (outcome) entry.auth = outcome;
			world.save();
		}
		entry.status = answer.status;
		if (options.log) console.log(`${method} ${url.pathname} -> ${answer.status}${fault ? ` (fault: ${faultLabel(fault)})` : ''}`);
		if (fault && afterWork) {
			// After the work: the state has changed; only the answer is late, replaced, damaged or lost.
			if (fault.kind === 'latency') await wait(fault.latencyMs ?? 1000);
			else if (fault.kind === 'drop' || fault.kind === 'drop-after-processing') {
				incoming.socket.destroy();
				return;
			} else if (fault.kind === 'truncate') {
				sendCut(response, answer, fault);
				return;
			} else answer = faultAnswer(fault);
		}
		send(response, answer);
	}

	await new Promise<void>((resolve, reject) => {
		server.once('error', reject);
		server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
	});
	const port = (server.address() as AddressInfo).port;
	listening.port = port;
	baseUrl = `http://${options.host ?? '127.0.0.1'}:${port}`;

	return {
		url: baseUrl,
		port,
		credentials: world.credentials,
		world,
		state: world,
		router,
		ledger: () => ledger.list(),
		clearLedger: () => ledger.clear(),
		reset: () => {
			world.reset();
			ledger.clear();
			faults.clear();
		},
		setFaults: (rules, options) => faults.set(rules, options?.seed),
		clearFaults: () => faults.clear(),
		idle: async () => {
			while (handling.size) await Promise.all([...handling]);
		},
		stop: () =>
			new Promise<void>((resolve) => {
				for (const socket of sockets) socket.destroy();
				server.close(() => resolve());
			}),
	};
}

/** `/__sandbox/`: the sandbox's own control API, never a path of the spec. */
function registerControl(router: Router, control: { faults: Faults; ledger: () => LedgerEntry[]; clearLedger: () => void }): void {
	router.get('/__sandbox/credentials', (_request, app) => {
		const c = app.world.credentials;
		return ok({
			login: c.login,
			secretKey: c.secretKey,
			accessToken: c.accessToken,
			readOnlyToken: c.readOnlyToken,
			notificationSecret: c.notificationSecret,
			notificationKeyId: c.notificationKeyId,
			customerId: c.customerId,
			siteId: c.siteId,
			baseUrl: app.url(),
		});
	});
	router.get('/__sandbox/ledger', () => ok({ entries: control.ledger() }));
	router.on('DELETE', '/__sandbox/ledger', () => {
		control.clearLedger();
		return ok();
	});
	router.post('/__sandbox/reset', (_request, app) => {
		app.world.reset();
		control.clearLedger();
		control.faults.clear();
		return ok();
	});
	router.get('/__sandbox/faults', () => ok({ rules: control.faults.list(), seed: control.faults.currentSeed() ?? null }));
	router.post('/__sandbox/faults', (request) => {
		const rules = Array.isArray(request.body?.rules) ? (request.body.rules as FaultRule[]) : [];
		const seed = typeof request.body?.seed === 'number' ? (request.body.seed as number) : undefined;
		control.faults.set(rules, seed);
		return ok({ rules: control.faults.list(), seed: control.faults.currentSeed() ?? null });
	});
	router.on('DELETE', '/__sandbox/faults', () => {
		control.faults.clear();
		return ok();
	});
	router.get('/__sandbox/routes', () => ok({ routes: router.list() }));
	// The next identifier of a kind (requestId, internalReference, paymentLink, ...), to give records IDs beyond 2^53.
	router.post('/__sandbox/ids', (request, app) => {
		const body = (request.body ?? {}) as Record<string, unknown>;
		for (const [kind, value] of Object.entries(body)) {
			const digits = typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint' ? String(value) : '';
			if (!/^\d+$/.test(digits)) return refuse(400, 'XN', `Invalid ${kind}: must be a whole number (or its digits as text)`);
			app.world.setNextId(kind, BigInt(digits));
		}
		return ok({ next: body });
	});
}
