/**
 * The sandbox: a local simulator of the platform's three APIs on one host, written from the spec documents.
 * Tests start it on port 0 and read its ledger; `npm run sandbox` serves it for demos and the main job.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'http';
import type { AddressInfo, Socket } from 'net';

import { Faults, type FaultRule } from './faults';
import { ok, refuse, Router, type SandboxApp, type SandboxRequest, type SandboxResponse } from './http';
import { parseJson, stringifyJson } from './json';
import { maskHeaders, maskSecrets, type LedgerEntry } from './ledger';
import { registerRoutes } from './routes';
import { SandboxWorld, type SandboxCredentials, type SandboxOptions } from './world';

export type { FaultRule } from './faults';
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
	setFaults(rules: FaultRule[]): void;
	clearFaults(): void;
	stop(): Promise<void>;
}

const MAX_LEDGER = 5000;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function readBody(request: IncomingMessage): Promise<Buffer> {
	return new Promise((resolve, reject) => {
		const chunks: Buffer[] = [];
		request.on('data', (chunk: Buffer) => chunks.push(chunk));
		request.on('end', () => resolve(Buffer.concat(chunks)));
		request.on('error', reject);
	});
}

function send(response: ServerResponse, answer: SandboxResponse): void {
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
	headers['content-length'] = String(Buffer.byteLength(payload));
	response.writeHead(answer.status, headers);
	response.end(payload);
}

export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
	const world = new SandboxWorld(options);
	const router = new Router();
	const faults = new Faults();
	let ledger: LedgerEntry[] = [];
	let seq = 0;
	let baseUrl = '';
	const app: SandboxApp = { world, router, url: () => baseUrl };

	registerControl(router, { faults, ledger: () => ledger, clearLedger: () => (ledger = []) });
	registerRoutes(app);

	const sockets = new Set<Socket>();
	const server: Server = createServer((request, response) => {
		void handle(request, response).catch((error: Error) => {
			if (!response.headersSent) send(response, refuse(500, 'ER', `Sandbox error: ${error.message}`, {}, 'ERROR'));
		});
	});
	server.on('connection', (socket) => {
		sockets.add(socket);
		socket.on('close', () => sockets.delete(socket));
	});

	async function handle(incoming: IncomingMessage, response: ServerResponse): Promise<void> {
		const url = new URL(incoming.url ?? '/', 'http://sandbox.local');
		const rawBody = await readBody(incoming);
		let body: unknown;
		if (rawBody.length) {
			try {
				// Integers beyond 2^53 (identifiers) come out as bigints, exact, where JSON.parse would round them.
				body = parseJson(rawBody.toString('utf8'));
			} catch {
				body = undefined;
			}
		}
		const method = (incoming.method ?? 'GET').toUpperCase();
		const entry: LedgerEntry = {
			seq: ++seq,
			at: new Date().toISOString(),
			method,
			path: url.pathname,
			query: Object.fromEntries(url.searchParams),
			headers: maskHeaders(incoming.headers),
			body: body === undefined ? (rawBody.length ? rawBody.toString('utf8') : undefined) : maskSecrets(body),
			status: 0,
		};
		if (!url.pathname.startsWith('/__sandbox/ledger')) {
			ledger.push(entry);
			if (ledger.length > MAX_LEDGER) ledger.splice(0, ledger.length - MAX_LEDGER);
		}

		const fault = url.pathname.startsWith('/__sandbox') ? undefined : faults.take(method, url.pathname);
		if (fault) entry.fault = fault.kind;
		if (fault?.kind === 'latency') await wait(fault.latencyMs ?? 1000);
		if (fault?.kind === 'drop') {
			incoming.socket.destroy();
			return;
		}
		if (fault?.kind === 'status') {
			const status = fault.status ?? 503;
			entry.status = status;
			const answer = refuse(status, String(status), 'Injected fault', {}, 'ERROR');
			if (fault.retryAfter !== undefined) answer.headers = { 'retry-after': String(fault.retryAfter) };
			send(response, answer);
			return;
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
		if (options.log) console.log(`${method} ${url.pathname} -> ${answer.status}${fault ? ` (fault: ${fault.kind})` : ''}`);
		if (fault?.kind === 'drop-after-processing') {
			incoming.socket.destroy();
			return;
		}
		send(response, answer);
	}

	await new Promise<void>((resolve, reject) => {
		server.once('error', reject);
		server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
	});
	const port = (server.address() as AddressInfo).port;
	baseUrl = `http://${options.host ?? '127.0.0.1'}:${port}`;

	return {
		url: baseUrl,
		port,
		credentials: world.credentials,
		world,
		state: world,
		router,
		ledger: () => ledger.slice(),
		clearLedger: () => {
			ledger = [];
		},
		reset: () => {
			world.reset();
			ledger = [];
			faults.clear();
		},
		setFaults: (rules) => faults.set(rules),
		clearFaults: () => faults.clear(),
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
	router.get('/__sandbox/faults', () => ok({ rules: control.faults.list() }));
	router.post('/__sandbox/faults', (request) => {
		const rules = Array.isArray(request.body?.rules) ? (request.body.rules as FaultRule[]) : [];
		control.faults.set(rules);
		return ok({ rules: control.faults.list() });
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
