/**
 * What the sandbox checks before any handler runs. It listens on loopback for Node clients (tests, n8n, curl),
 * which send no Origin header; but a browser on the same machine reaches loopback too. A web page can send a
 * "simple" request there (a form, a fetch with text/plain) without asking the server first, and a page on a
 * name it rebinds to 127.0.0.1 (DNS rebinding) even reads the answers. So: requests from another site are
 * refused, control writes must be JSON (a browser cannot send that cross-site without a CORS preflight, which
 * the sandbox never approves), bodies are capped, and malformed input answers 400, never 500.
 */
/* eslint-disable @n8n/community-nodes/no-restricted-imports -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import type { IncomingHttpHeaders, IncomingMessage } from 'http';
import { parseJson } from './json';

export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;
export const MAX_JSON_DEPTH = 64;

/** The sandbox as a browser would address it: the port it listens on and the host it was bound to. */
export interface Listening {
	port: number;
	host: string;
}

const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '[::]', '']);

/** A name that only ever means this machine (a page cannot rebind it to itself). */
function isLoopback(hostname: string): boolean {
	const name = hostname.toLowerCase();
	return name === 'localhost' || name.endsWith('.localhost') || name === '[::1]' || /^127(\.\d{1,3}){3}$/.test(name);
}

const bracketed = (host: string) => (host.includes(':') && !host.startsWith('[') ? `[${host}]` : host);

/** A loopback name, or the host the sandbox was bound to by name or address. */
const namesSandbox = (hostname: string, listening: Listening) =>
	isLoopback(hostname) || (!WILDCARD_HOSTS.has(listening.host) && hostname.toLowerCase() === bracketed(listening.host).toLowerCase());

const parseUrl = (value: string): URL | undefined => {
	try {
		return new URL(value);
	} catch {
		return undefined;
	}
};

/**
 * Why a request is refused as coming from another site, or undefined when it may go on. Allowed: a Host that
 * names this machine or the host the sandbox was bound to (any Host when it was bound to every interface), and
 * no Origin or the sandbox's own origin (exactly the Host the request was sent to, or a loopback name with the
 * sandbox's port).
 */
export function crossSiteRefusal(headers: IncomingHttpHeaders, listening: Listening): string | undefined {
	const host = headers.host === undefined ? undefined : parseUrl(`http://${headers.host}`);
	if (headers.host !== undefined && (!host || !(WILDCARD_HOSTS.has(listening.host) || namesSandbox(host.hostname, listening)))) {
		return `The sandbox answers only requests addressed to this machine (Host ${headers.host} is not)`;
	}
	const origin = headers.origin;
	if (origin === undefined) return undefined;
	const from = parseUrl(origin);
	const own =
		from !== undefined &&
		from.protocol === 'http:' &&
		(from.host === host?.host || (namesSandbox(from.hostname, listening) && Number(from.port || 80) === listening.port));
	return own ? undefined : `The sandbox refuses requests sent by a web page of another site (Origin ${origin})`;
}

/** Control API writes must be JSON: a cross-site page cannot send that without a preflight the sandbox never approves. */
export function controlWriteRefusal(method: string, headers: IncomingHttpHeaders): string | undefined {
	if (method === 'GET' || method === 'HEAD') return undefined;
	const type = (headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
	return type === 'application/json' ? undefined : `Control calls that change something must send Content-Type: application/json`;
}

/** True when every %-escape of the path decodes (the router decodes path segments). */
export function pathDecodes(path: string): boolean {
	try {
		decodeURIComponent(path);
		return true;
	} catch {
		return false;
	}
}

/**
 * Reads the body up to `maxBytes`; undefined when it is larger (a declared Content-Length over the cap is known
 * before reading). Past the cap nothing more is kept; the 413 goes with `Connection: close`, so Node closes the
 * connection once it is written, and the rest of the upload is never read.
 */
export function readBody(request: IncomingMessage, maxBytes: number): Promise<Buffer | undefined> {
	return new Promise((resolve, reject) => {
		const chunks: Buffer[] = [];
		let size = 0;
		let tooLarge = Number(request.headers['content-length']) > maxBytes;
		// Listening even when too large keeps Node from draining the rest of the body after the answer.
		request.on('data', (chunk: Buffer) => {
			if (tooLarge) return;
			size += chunk.length;
			if (size <= maxBytes) return void chunks.push(chunk);
			tooLarge = true;
			chunks.length = 0;
			resolve(undefined);
		});
		request.on('end', () => resolve(tooLarge ? undefined : Buffer.concat(chunks)));
		request.on('error', reject);
		if (tooLarge) resolve(undefined);
	});
}

/** True when arrays and objects nest deeper than `limit`; counts brackets outside strings, without parsing. */
export function nestsDeeperThan(text: string, limit: number): boolean {
	let depth = 0;
	let inString = false;
	for (let index = 0; index < text.length; index++) {
		const code = text.charCodeAt(index);
		if (inString) {
			if (code === 0x5c) index++; // backslash: the next character is escaped
			else if (code === 0x22) inString = false;
		} else if (code === 0x22) inString = true;
		else if (code === 0x5b || code === 0x7b) {
			if (++depth > limit) return true;
		} else if (code === 0x5d || code === 0x7d) depth--;
	}
	return false;
}

/**
 * The body as JSON: `value` (undefined when it is not JSON, as handlers expect), or `tooDeep` when it nests
 * deeper than `maxDepth` (checked before parsing; a RangeError from JSON.parse counts the same).
 */
export function parseJsonBody(raw: Buffer, maxDepth = MAX_JSON_DEPTH): { value: unknown } | { tooDeep: true } {
	if (!raw.length) return { value: undefined };
	const text = raw.toString('utf8');
	if (/^\s*[[{]/.test(text) && nestsDeeperThan(text, maxDepth)) return { tooDeep: true };
	try {
		// Integers beyond 2^53 (identifiers) come out as bigints, exact, where JSON.parse would round them.
		return { value: parseJson(text) };
	} catch (error) {
		return error instanceof RangeError ? { tooDeep: true } : { value: undefined };
	}
}
