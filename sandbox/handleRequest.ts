/**
 * One request through the sandbox: admitted (or refused) before any handler, recorded in the ledger, struck
 * by a fault rule before or after the work, routed to its endpoint, answered.
 */
/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, no-console -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'http';

import { faultAnswer, faultLabel, faultWhen, type FaultRule, type Faults } from './faults';
import { refuse, type SandboxApp, type SandboxRequest, type SandboxResponse } from './http';
import { controlWriteRefusal, crossSiteRefusal, MAX_JSON_DEPTH, parseJsonBody, pathDecodes, readBody, type Listening } from './intake';
import { ledgerBody, maskHeaders, type Ledger, type LedgerEntry } from './ledger';
import { send, sendCut } from './send';

/** What handling a request uses: the app, the fault rules, the ledger and the server's limits. */
export interface ServerParts {
	app: SandboxApp;
	faults: Faults;
	ledger: Ledger;
	/** Where the server listens, for the cross-site checks. */
	listening: Listening;
	maxBodyBytes: number;
	ledgerBodyBytes: number;
	log: boolean;
	/** The `seq` of the last ledger entry. */
	seq: number;
}

type Admission = { refusal: SandboxResponse } | { url: URL; rawBody: Buffer; body: unknown };

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const isControlPath = (path: string) => path.startsWith('/__sandbox');

const isDrop = (fault: FaultRule) => fault.kind === 'drop' || fault.kind === 'drop-after-processing';

/** The request target as a URL; undefined when it is not one (answered 400). */
function requestUrl(target = '/'): URL | undefined {
	try {
		// A path is appended to the base, not resolved against it: `//x/y` stays a path, never a host.
		return target.startsWith('/') ? new URL(`http://sandbox.local${target}`) : new URL(target);
	} catch {
		return undefined;
	}
}

/** What is checked before any handler: a refusal, or the body read and parsed. */
async function admit(server: ServerParts, incoming: IncomingMessage, method: string, url: URL | undefined): Promise<Admission> {
	if (!url) return { refusal: refuse(400, 'PATH', 'The request target is not a valid path') };
	const crossSite =
		crossSiteRefusal(incoming.headers, server.listening) ?? (isControlPath(url.pathname) ? controlWriteRefusal(method, incoming.headers) : undefined);
	if (crossSite) return { refusal: refuse(403, 'CROSS_SITE', crossSite) };
	if (!pathDecodes(url.pathname)) return { refusal: refuse(400, 'PATH', `The path has an invalid %-escape: ${url.pathname}`) };
	const rawBody = await readBody(incoming, server.maxBodyBytes);
	if (!rawBody) {
		const answer = refuse(413, 'TOO_LARGE', `The request body is larger than ${server.maxBodyBytes} bytes, the most the sandbox accepts`);
		answer.headers = { connection: 'close' };
		return { refusal: answer };
	}
	const parsed = parseJsonBody(rawBody, MAX_JSON_DEPTH);
	if ('tooDeep' in parsed) return { refusal: refuse(400, 'BODY', `The JSON body nests deeper than ${MAX_JSON_DEPTH} levels`) };
	return { url, rawBody, body: parsed.value };
}

/** The request's ledger entry; its status is filled in once the answer is known. */
function ledgerEntry(server: ServerParts, incoming: IncomingMessage, method: string, target: URL | undefined, admitted: Admission, inFlight: number): LedgerEntry {
	return {
		seq: ++server.seq,
		at: new Date().toISOString(),
		method,
		path: target?.pathname ?? incoming.url ?? '/',
		query: target ? Object.fromEntries(target.searchParams) : {},
		headers: maskHeaders(incoming.headers),
		// A refused body is not kept: it was not read, or not parsed, so it could not be masked.
		...('rawBody' in admitted ? ledgerBody(admitted.rawBody, admitted.body, server.ledgerBodyBytes) : { body: undefined }),
		status: 'refusal' in admitted ? admitted.refusal.status : 0,
		inFlight,
	};
}

/** The fault rule that strikes this request (never a control call), noted in its ledger entry. */
function takeFault(server: ServerParts, method: string, path: string, entry: LedgerEntry): FaultRule | undefined {
	const fault = isControlPath(path) ? undefined : server.faults.take(method, path);
	if (fault) {
		entry.fault = faultLabel(fault);
		if (fault.name !== undefined) entry.faultName = fault.name;
	}
	return fault;
}

/** A fault before the work: the endpoint never runs, except after a latency. Whether it still runs. */
async function strikeBeforeWork(fault: FaultRule, incoming: IncomingMessage, response: ServerResponse, entry: LedgerEntry): Promise<boolean> {
	if (fault.kind === 'latency') {
		await wait(fault.latencyMs ?? 1000);
		return true;
	}
	if (isDrop(fault)) incoming.socket.destroy();
	else {
		const answer = faultAnswer(fault);
		entry.status = answer.status;
		if (fault.kind === 'truncate') sendCut(response, answer, fault);
		else send(response, answer);
	}
	return false;
}

/**
 * The endpoint's answer (404 or 405 when there is none), held against the documented fields; its auth outcome
 * goes into the entry, the world is saved.
 */
async function runEndpoint(server: ServerParts, method: string, admitted: { url: URL; rawBody: Buffer; body: unknown }, headers: IncomingHttpHeaders, entry: LedgerEntry): Promise<SandboxResponse> {
	const { url, rawBody, body } = admitted;
	const match = server.app.router.match(method, url.pathname);
	const answer = await answerOf(server, match, { method, path: url.pathname, query: url.searchParams, headers, rawBody, body }, entry);
	const undocumented = server.app.documented?.answer(match && 'route' in match ? match.route : undefined, `${method} ${url.pathname}`, answer) ?? [];
	if (undocumented.length) entry.undocumented = undocumented;
	return answer;
}

async function answerOf(server: ServerParts, match: ReturnType<ServerParts['app']['router']['match']>, request: Omit<SandboxRequest, 'params'>, entry: LedgerEntry): Promise<SandboxResponse> {
	if (!match) return refuse(404, 'NF', `No such path: ${request.method} ${request.path}`);
	if ('methodMismatch' in match) return refuse(405, 'MN', `Method ${request.method} is not allowed on ${request.path}`);
	const routed: SandboxRequest = { ...request, params: match.params };
	const answer = await match.handler(routed, server.app);
	const outcome = (routed as { authOutcome?: LedgerEntry['auth'] }).authOutcome;
	if (outcome) entry.auth = outcome;
	server.app.world.save();
	return answer;
}

/** Sends the answer; a fault after the work (the state has changed) makes it late, replaced, damaged or lost. */
async function deliver(incoming: IncomingMessage, response: ServerResponse, answer: SandboxResponse, fault: FaultRule | undefined): Promise<void> {
	if (fault?.kind === 'latency') await wait(fault.latencyMs ?? 1000);
	else if (fault && isDrop(fault)) return void incoming.socket.destroy();
	else if (fault?.kind === 'truncate') return sendCut(response, answer, fault);
	else if (fault) answer = faultAnswer(fault);
	send(response, answer);
}

export async function handleRequest(server: ServerParts, incoming: IncomingMessage, response: ServerResponse, inFlight: number): Promise<void> {
	const method = (incoming.method ?? 'GET').toUpperCase();
	const target = requestUrl(incoming.url);
	const admitted = await admit(server, incoming, method, target);
	const entry = ledgerEntry(server, incoming, method, target, admitted, inFlight);
	if (!entry.path.startsWith('/__sandbox/ledger')) server.ledger.add(entry);
	if ('refusal' in admitted) {
		server.app.documented?.answer(undefined, `${method} ${entry.path}`, admitted.refusal);
		if (server.log) console.log(`${method} ${entry.path} -> ${admitted.refusal.status} (refused)`);
		send(response, admitted.refusal);
		return;
	}
	const path = admitted.url.pathname;
	const fault = takeFault(server, method, path, entry);
	const afterWork = fault !== undefined && faultWhen(fault) === 'after';
	if (fault && !afterWork && !(await strikeBeforeWork(fault, incoming, response, entry))) return;
	const answer = await runEndpoint(server, method, admitted, incoming.headers, entry);
	entry.status = answer.status;
	if (server.log) console.log(`${method} ${path} -> ${answer.status}${fault ? ` (fault: ${faultLabel(fault)})` : ''}`);
	await deliver(incoming, response, answer, afterWork ? fault : undefined);
}
