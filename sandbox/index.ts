/**
 * The sandbox: a local simulator of the platform's three APIs on one host, written from the spec documents.
 * Tests start it on port 0 and read its ledger; `npm run sandbox` serves it for demos and the main job.
 */
/* eslint-disable @n8n/community-nodes/no-restricted-imports -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import { createServer, type Server } from 'http';
import type { AddressInfo, Socket } from 'net';

import { registerControl } from './control';
import { DocumentedFieldsCheck, type FieldViolation } from './documented/check';
import { Faults, type FaultRule } from './faults';
import { handleRequest, type ServerParts } from './handleRequest';
import { refuse, Router, type SandboxApp } from './http';
import { DEFAULT_MAX_BODY_BYTES } from './intake';
import { DEFAULT_LEDGER_BODY_BYTES, DEFAULT_LEDGER_ENTRIES, DEFAULT_LEDGER_TOTAL_BYTES, Ledger, type LedgerEntry } from './ledger';
import { registerRoutes } from './routes';
import { send } from './send';
import { SandboxWorld, type SandboxCredentials, type SandboxOptions } from './world';

export { describeViolation, documentedFieldsFailure, type DocumentedFieldsMode, type FieldViolation } from './documented/check';
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
	/** Answers and webhooks that carried fields the API documents do not show (option documentedFields). */
	violations(): FieldViolation[];
	clearViolations(): void;
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

/** The HTTP server with what stopping and `idle` need: its open sockets and the requests still being handled. */
interface TrackedServer {
	server: Server;
	sockets: Set<Socket>;
	handling: Set<Promise<void>>;
}

function serveRequests(parts: ServerParts): TrackedServer {
	const sockets = new Set<Socket>();
	const handling = new Set<Promise<void>>();
	// API requests being handled (control calls excluded), for the ledger's `inFlight`. A request counts until its
	// handler has sent the answer: the next one a client sends after reading it finds it gone.
	let apiInFlight = 0;
	const server = createServer((request, response) => {
		const api = !(request.url ?? '').startsWith('/__sandbox');
		if (api) apiInFlight++;
		const work = handleRequest(parts, request, response, api ? apiInFlight - 1 : 0).catch((error: Error) => {
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
	return { server, sockets, handling };
}

/** The port the server listens on once it does. */
async function listen(server: Server, port: number, host: string): Promise<number> {
	await new Promise<void>((resolve, reject) => {
		server.once('error', reject);
		server.listen(port, host, () => resolve());
	});
	return (server.address() as AddressInfo).port;
}

function running(parts: ServerParts, tracked: TrackedServer, port: number): RunningSandbox {
	const { app, ledger, faults } = parts;
	return {
		url: app.url(),
		port,
		credentials: app.world.credentials,
		world: app.world,
		state: app.world,
		router: app.router,
		ledger: () => ledger.list(),
		clearLedger: () => ledger.clear(),
		violations: () => app.documented!.list(),
		clearViolations: () => app.documented!.clear(),
		reset: () => {
			app.world.reset();
			ledger.clear();
			faults.clear();
		},
		setFaults: (rules, options) => faults.set(rules, options?.seed),
		clearFaults: () => faults.clear(),
		idle: async () => {
			while (tracked.handling.size) await Promise.all([...tracked.handling]);
		},
		stop: () =>
			new Promise<void>((resolve) => {
				for (const socket of tracked.sockets) socket.destroy();
				tracked.server.close(() => resolve());
			}),
	};
}

export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
	const host = options.host ?? '127.0.0.1';
	let baseUrl = '';
	const app: SandboxApp = {
		world: new SandboxWorld(options),
		router: new Router(),
		url: () => baseUrl,
		documented: new DocumentedFieldsCheck(options.documentedFields ?? 'fail', options.log ?? false),
	};
	const parts: ServerParts = {
		app,
		faults: new Faults(),
		ledger: new Ledger({ entries: options.ledgerEntries ?? DEFAULT_LEDGER_ENTRIES, totalBytes: options.ledgerTotalBytes ?? DEFAULT_LEDGER_TOTAL_BYTES }),
		listening: { port: 0, host },
		maxBodyBytes: options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
		ledgerBodyBytes: options.ledgerBodyBytes ?? DEFAULT_LEDGER_BODY_BYTES,
		log: options.log ?? false,
		seq: 0,
	};
	registerControl(app.router, parts);
	registerRoutes(app);

	const tracked = serveRequests(parts);
	const port = await listen(tracked.server, options.port ?? 0, host);
	parts.listening.port = port;
	baseUrl = `http://${host}:${port}`;
	return running(parts, tracked, port);
}
