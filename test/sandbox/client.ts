/**
 * The sandbox suites' HTTP client: axios, a real client of the kind a merchant would use, so the sandbox's
 * rules are checked over the wire. Every answer comes back as it is: any status (the suites assert on 4xx
 * and 5xx), no redirects followed, the body as raw bytes and text (TSV reports, gzip), JSON parsed only
 * when a test asks for it.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import axios from 'axios';

export interface Reply {
	status: number;
	/** Response headers, names in lower case; a header the answer does not have is undefined. */
	headers: Record<string, string | undefined>;
	/** The body as received (decompressed unless `decompress: false`). */
	bytes: Buffer;
	/** The body as UTF-8 text. */
	text: string;
	/** The body parsed as JSON; throws when it is not JSON. */
	json<T = any>(): T;
}

export interface SendOptions {
	/** Sent as JSON, with content-type application/json unless `headers` says otherwise. */
	body?: unknown;
	/** JSON text sent as it is (an integer beyond 2^53, which JSON.stringify cannot write), instead of `body`. */
	rawJson?: string;
	headers?: Record<string, string>;
	/** false keeps a compressed body as it was on the wire. Default: true. */
	decompress?: boolean;
}

const http = axios.create({
	validateStatus: () => true,
	maxRedirects: 0,
	responseType: 'arraybuffer',
	transformResponse: [(data: unknown) => data],
	transformRequest: [(data: unknown) => data],
	proxy: false,
});

export async function send(method: string, url: string, options: SendOptions = {}): Promise<Reply> {
	const hasBody = options.body !== undefined || options.rawJson !== undefined;
	const response = await http.request<ArrayBuffer>({
		method,
		url,
		headers: { ...(hasBody ? { 'content-type': 'application/json' } : {}), ...(options.headers ?? {}) },
		data: options.rawJson ?? (hasBody ? JSON.stringify(options.body) : undefined),
		decompress: options.decompress ?? true,
	});
	const bytes = Buffer.from(response.data ?? new ArrayBuffer(0));
	const text = bytes.toString('utf8');
	const headers: Record<string, string | undefined> = {};
	for (const [name, value] of Object.entries(response.headers)) {
		if (value !== undefined && value !== null) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
	}
	return { status: response.status, headers, bytes, text, json: () => JSON.parse(text) };
}

export const get = (url: string, headers?: Record<string, string>) => send('GET', url, { headers });

export const post = (url: string, body?: unknown, headers?: Record<string, string>) => send('POST', url, { body, headers });

/** The problem a signed API's refusal states for a field (`Invalid a: …; b: …`), or undefined when it names none. */
export function statedProblem(message: string, field: string): string | undefined {
	const escaped = field.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
	const found = new RegExp(`(?:^Invalid |; )${escaped}: `).exec(message);
	return found ? message.slice(found.index + found[0].length) : undefined;
}

/**
 * A signed API's refusal of a field: HTTP 400, reason XN, only the status structure (the documents show no other
 * field), and its message naming the field's body path and the problem.
 */
export function expectFieldRefusal(answer: { status: number; json: Record<string, any> }, field: string, problem?: RegExp): void {
	expect(answer.status).toBe(400);
	expect(answer.json.status).toMatchObject({ status: 'FAILED', reason: 'XN' });
	expect(Object.keys(answer.json)).toEqual(['status']);
	const stated = statedProblem(String(answer.json.status.message), field);
	expect({ field, stated: stated !== undefined, message: answer.json.status.message }).toEqual({ field, stated: true, message: answer.json.status.message });
	if (problem) expect(stated).toMatch(problem);
}
