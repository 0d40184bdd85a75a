/**
 * Reading the platform's answer (JSON read so large IDs keep every digit, or why it is unreadable) and writing the
 * request body.
 */
import type { IDataObject } from 'n8n-workflow';

import { parseJson, stringifyJson } from './losslessJson';
import type { PaySuiteRequest, PaySuiteResponse } from './types';

export function headerValue(headers: PaySuiteResponse['headers'], name: string): string | undefined {
	const wanted = name.toLowerCase();
	for (const [key, value] of Object.entries(headers ?? {})) {
		if (key.toLowerCase() === wanted) return Array.isArray(value) ? value[0] : value;
	}
	return undefined;
}

function decodeBody(body: unknown): unknown {
	if (Buffer.isBuffer(body)) {
		const text = body.toString('utf8');
		try {
			return parseJson(text);
		} catch {
			return text.slice(0, 500);
		}
	}
	return body;
}

/** A small one (a status, an error); a buffer or text is returned as it is. */
export async function readWhole(body: unknown): Promise<unknown> {
	if (!body || typeof (body as AsyncIterable<unknown>)[Symbol.asyncIterator] !== 'function') return body;
	const chunks: Buffer[] = [];
	for await (const chunk of body as AsyncIterable<Buffer | string>) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
	return Buffer.concat(chunks);
}

/** What every JSON endpoint of the platform answers. */
export function isJsonObject(body: unknown): body is IDataObject {
	return body !== null && typeof body === 'object' && !Array.isArray(body) && !Buffer.isBuffer(body);
}

/** answerBody keeps the text when it is not JSON. */
export function describeUnreadable(body: unknown): string {
	if (body === undefined || body === null || (typeof body === 'string' && body.trim() === '')) return 'the answer was empty';
	if (typeof body === 'string') {
		const text = body.trim();
		if (/^<(!doctype|html|head|body)/i.test(text)) return 'the answer was an HTML page, not JSON';
		if (/^[[{]/.test(text)) return 'the answer was JSON cut short';
		// Text, or a JSON string.
		return `the answer was not a JSON object (it began "${text.slice(0, 40).replace(/\s+/g, ' ')}")`;
	}
	return `the answer was JSON but ${Array.isArray(body) ? 'a list' : `a ${typeof body}`}, not an object`;
}

/**
 * Written here, not by the HTTP client, so a bigint ID goes out as a bare integer (JSON.stringify cannot write
 * one).
 */
export function jsonBodyText(body: IDataObject | undefined): string {
	return stringifyJson(body ?? {}) ?? '{}';
}

/**
 * A report file as its bytes (an error answer decoded); otherwise JSON, IDs beyond 2^53 as text, or the text when
 * not JSON.
 */
export function answerBody(encoding: PaySuiteRequest['encoding'], statusCode: number, raw: unknown): unknown {
	if (encoding === 'arraybuffer') return statusCode >= 300 ? decodeBody(raw) : raw;
	if (typeof raw !== 'string' || raw.trim() === '') return raw;
	try {
		return parseJson(raw);
	} catch {
		return raw;
	}
}
