/**
 * How an answer goes onto the connection: whole, or cut short by a `truncate` fault.
 */
/* eslint-disable @n8n/community-nodes/no-restricted-imports -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import type { ServerResponse } from 'http';

import type { FaultRule } from './faults';
import type { SandboxResponse } from './http';
import { stringifyJson } from './json';

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

export function send(response: ServerResponse, answer: SandboxResponse): void {
	const { headers, payload } = wire(answer);
	headers['content-length'] = String(payload.length);
	response.writeHead(answer.status, headers);
	response.end(payload);
}

/**
 * Part of an answer: with `complete`, a clean answer of the cut length (a broken proxy); otherwise the headers
 * announce the whole length and the connection closes after the cut part (a network cut).
 */
export function sendCut(response: ServerResponse, answer: SandboxResponse, rule: FaultRule): void {
	const { headers, payload } = wire(answer);
	const cut = payload.subarray(0, Math.max(0, Math.min(payload.length - 1, rule.keepBytes ?? Math.floor(payload.length / 2))));
	headers['content-length'] = String(rule.complete ? cut.length : payload.length);
	response.writeHead(answer.status, headers);
	if (rule.complete) response.end(cut);
	else response.write(cut, () => response.socket?.destroy());
}
