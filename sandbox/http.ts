/**
 * The sandbox's small HTTP toolkit: requests as handlers see them, a path router, and the platform's
 * `status` answer shapes. Written from the spec documents, never from the nodes' code.
 */
/* eslint-disable @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-explicit-any -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import type { IncomingHttpHeaders } from 'http';

import type { DocumentedFieldsCheck } from './documented/check';
import type { SandboxWorld, SiteRecord, TokenRecord } from './world';

export interface SandboxRequest {
	method: string;
	path: string;
	/** Named path segments (`:requestId` → params.requestId). */
	params: Record<string, string>;
	query: URLSearchParams;
	headers: IncomingHttpHeaders;
	rawBody: Buffer;
	/** The JSON body, parsed; undefined when there is none or it is not JSON. */
	body: any;
	/** The site whose signed `auth` was verified (signed APIs). */
	site?: SiteRecord;
	/** The bearer token that was verified (onboarding API). */
	token?: TokenRecord;
}

export interface SandboxResponse {
	status: number;
	/** Sent as JSON unless `raw` is given. */
	body?: unknown;
	raw?: Buffer | string;
	headers?: Record<string, string>;
}

/** What every handler gets besides the request: the world (state, options) and the webhook sender. */
export interface SandboxApp {
	world: SandboxWorld;
	router: Router;
	/** Base URL of this sandbox, e.g. http://127.0.0.1:8765 */
	url(): string;
	/** Holds answers and webhooks to the documented fields (option documentedFields; sandbox/documented/). */
	documented?: DocumentedFieldsCheck;
}

export type Handler = (request: SandboxRequest, app: SandboxApp) => SandboxResponse | Promise<SandboxResponse>;

interface Route {
	method: string;
	pattern: string;
	regex: RegExp;
	keys: string[];
	handler: Handler;
}

export class Router {
	private readonly routes: Route[] = [];

	on(method: string, pattern: string, handler: Handler): this {
		const keys: string[] = [];
		const source = pattern
			.split('/')
			.map((segment) => {
				if (!segment.startsWith(':')) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
				keys.push(segment.slice(1));
				return '([^/]+)';
			})
			.join('/');
		this.routes.push({ method: method.toUpperCase(), pattern, regex: new RegExp(`^${source}/?$`), keys, handler });
		return this;
	}

	post(pattern: string, handler: Handler): this {
		return this.on('POST', pattern, handler);
	}

	get(pattern: string, handler: Handler): this {
		return this.on('GET', pattern, handler);
	}

	patch(pattern: string, handler: Handler): this {
		return this.on('PATCH', pattern, handler);
	}

	/**
	 * The route for a method and path, with its pattern (`POST /api/session/:requestId`); `methodMismatch` when
	 * only another method matches (405).
	 */
	match(method: string, path: string): { handler: Handler; params: Record<string, string>; route: string } | { methodMismatch: true } | undefined {
		let other = false;
		for (const route of this.routes) {
			const found = route.regex.exec(path);
			if (!found) continue;
			if (route.method !== method.toUpperCase()) {
				other = true;
				continue;
			}
			const params: Record<string, string> = {};
			route.keys.forEach((key, index) => (params[key] = decodeURIComponent(found[index + 1])));
			return { handler: route.handler, params, route: `${route.method} ${route.pattern}` };
		}
		return other ? { methodMismatch: true } : undefined;
	}

	/** Every registered method and pattern (the coverage test compares them with the spec's endpoints). */
	list(): Array<{ method: string; pattern: string }> {
		return this.routes.map(({ method, pattern }) => ({ method, pattern }));
	}
}

/** ISO 8601 with the UTC offset spelled out, as the platform's `status.date`. */
export const isoNow = (at: Date = new Date()): string => at.toISOString().replace(/\.\d{3}Z$/, '+00:00');

export interface StatusBlock {
	status: string;
	reason: string | number | null;
	message: string | null;
	date: string;
}

export const statusBlock = (status = 'OK', reason: string | number | null = '00', message: string | null = 'The request has been processed successfully'): StatusBlock => ({
	status,
	reason,
	message,
	date: isoNow(),
});

/** HTTP 200 with `status` OK / 00 and the given fields. */
export const ok = (fields: Record<string, unknown> = {}, message?: string): SandboxResponse => ({
	status: 200,
	body: { status: statusBlock('OK', '00', message), ...fields },
});

/** A refusal in the platform's shape: `{status: {status, reason, message, date}, ...extra}`. */
export const refuse = (
	httpStatus: number,
	reason: string | number | null,
	message: string,
	extra: Record<string, unknown> = {},
	status = 'FAILED',
): SandboxResponse => ({ status: httpStatus, body: { status: statusBlock(status, reason, message), ...extra } });

/**
 * The rule a signed API applies to a bad field: HTTP 400, reason XN, the field path in the message (its answers
 * carry only the status structure).
 */
export const invalidField = (field: string, problem: string): SandboxResponse => refuse(400, 'XN', `Invalid ${field}: ${problem}`);

/** The onboarding API's refusal of a body: HTTP 422 with `errors` keyed by body path. */
export const unprocessable = (errors: Record<string, string[]>): SandboxResponse =>
	refuse(422, 'VALIDATION', `The given data was invalid: ${Object.keys(errors).join(', ')}`, { errors });

export const notFound = (what: string): SandboxResponse => refuse(404, 'NF', `${what} was not found`);
