/**
 * The sandbox's option `documentedFields`: every answer it sends (API paths, not its control API or the buyer's
 * pages) and every webhook it delivers is held against the table of documented fields (index.ts). A field the
 * documents do not show is a violation, recorded with the endpoint and the key path. With 'fail' (the default)
 * the test run fails on it: test/documentedFields.setup.js, run after every test file of the sandbox, engine,
 * reliability and e2e projects, throws `documentedFieldsFailure()`, so the tests themselves prove the nodes on
 * the platform as documented. (Not `stop()`: a hook that stops the sandbox goes on to stop n8n and servers.)
 */
/* eslint-disable no-console -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import type { SandboxResponse } from '../http';
import { parseJson } from '../json';
import { answerEntry, answerFields, PAGES, tsvHeaderProblems, undocumentedPaths, webhookEntry, type AnswerEntry } from './index';

/** 'fail': record, and fail the test file; 'record': only record (GET /__sandbox/violations); 'off': no check. */
export type DocumentedFieldsMode = 'fail' | 'record' | 'off';

export interface FieldViolation {
	/** The table's entry: `POST /api/reverse` (the route), or `webhook checkout`. */
	where: string;
	/** Where it went: the request's method and path, or the webhook's URL. */
	target: string;
	/** The answer's HTTP status (0 for a webhook). */
	status: number;
	/** The key paths (or report columns) the documents do not show. */
	undocumented: string[];
	at: string;
}

const headerOf = (answer: SandboxResponse, name: string): string =>
	Object.entries(answer.headers ?? {}).find(([key]) => key.toLowerCase() === name)?.[1] ?? '';

/** What a raw (not JSON) answer breaks: a report's header columns; an HTML page or other text is not checked. */
function rawProblems(entry: AnswerEntry, answer: SandboxResponse): string[] {
	const type = headerOf(answer, 'content-type');
	if (/json/i.test(type)) return undocumentedPaths(answerFields(entry, answer.status), parseJson(String(answer.raw)));
	if (!/tab-separated/i.test(type) || answer.status < 200 || answer.status >= 300) return [];
	if (!entry.tsv) return ['(a tab-separated answer where the document shows JSON)'];
	return tsvHeaderProblems(entry.tsv, answer.raw!, /gzip/i.test(headerOf(answer, 'content-encoding'))).map((problem) => `report ${problem}`);
}

const MAX_KEPT = 1000;

/** The checks in 'fail' mode of the sandboxes started in this module registry (one test file under jest). */
const failing = new Set<DocumentedFieldsCheck>();

/**
 * The violations of every sandbox started in 'fail' mode since the last call, as one error naming each endpoint
 * or webhook and its undocumented paths; undefined when there were none. Each violation is reported once.
 */
export function documentedFieldsFailure(): Error | undefined {
	const lines = [...failing].flatMap((check) => check.take());
	if (!lines.length) return undefined;
	return new Error(`The sandbox answered fields the API documents do not show (sandbox/documented/):\n${[...new Set(lines)].join('\n')}`);
}

/** A violation as a line: `POST /api/reverse (HTTP 200): payment.refunds`. */
export const describeViolation = (violation: FieldViolation): string =>
	`${violation.where} (HTTP ${violation.status || 'webhook'}): ${violation.undocumented.join(', ')}`;

export class DocumentedFieldsCheck {
	private readonly found: FieldViolation[] = [];

	constructor(
		readonly mode: DocumentedFieldsMode = 'fail',
		private readonly log = false,
	) {
		if (mode === 'fail') failing.add(this);
	}

	/**
	 * Holds an answer of `route` (the router's pattern, undefined when no route matched) against the table;
	 * records and returns what it carries that the documents do not show.
	 */
	answer(route: string | undefined, request: string, answer: SandboxResponse): string[] {
		if (this.mode === 'off' || request.includes(' /__sandbox') || (route !== undefined && PAGES.includes(route))) return [];
		const entry = answerEntry(route);
		let undocumented: string[];
		if (!entry) undocumented = [`(the table of documented fields has no entry for ${route})`];
		else if (answer.raw !== undefined) undocumented = rawProblems(entry, answer);
		else undocumented = answer.body === undefined ? [] : undocumentedPaths(answerFields(entry, answer.status), answer.body);
		this.record(entry?.endpoint ?? String(route), request, answer.status, undocumented);
		return undocumented;
	}

	/** Holds a webhook's body (as sent) against the table; a body that is not JSON is a test's deliberate one. */
	webhook(kind: string, url: string, text: string): string[] {
		if (this.mode === 'off') return [];
		let body: unknown;
		try {
			body = parseJson(text);
		} catch {
			return [];
		}
		const entry = webhookEntry(kind);
		const undocumented = entry ? undocumentedPaths(entry.body, body) : [`(the table of documented fields has no webhook ${kind})`];
		this.record(`webhook ${kind}`, url, 0, undocumented);
		return undocumented;
	}

	list(): FieldViolation[] {
		return this.found.map((violation) => ({ ...violation, undocumented: [...violation.undocumented] }));
	}

	clear(): void {
		this.found.length = 0;
	}

	/** The violations as lines (`POST /api/reverse (HTTP 200): payment.refunds`), then forgets them. */
	take(): string[] {
		const lines = this.found.map(describeViolation);
		this.clear();
		return lines;
	}

	private record(where: string, target: string, status: number, undocumented: string[]): void {
		if (!undocumented.length) return;
		if (this.log) console.log(`UNDOCUMENTED ${where} -> ${status || 'webhook'}: ${undocumented.join(', ')}`);
		this.found.push({ where, target, status, undocumented, at: new Date().toISOString() });
		if (this.found.length > MAX_KEPT) this.found.splice(0, this.found.length - MAX_KEPT);
	}
}
