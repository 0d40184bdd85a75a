/**
 * The table of documented fields: for each endpoint of the three API documents (by HTTP status class) and each
 * outbound webhook, the key paths an answer may carry. Written from the documents and DESIGN.md's facts, never
 * from the sandbox's code; where a document says the fields are not shown, the sandbox's own choice is listed
 * as such, with the docs/sandbox page that says what it answers and why. `check.ts` holds every answer the
 * sandbox sends against it.
 */
/* eslint-disable @n8n/community-nodes/no-restricted-imports -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import { constants, gunzipSync } from 'zlib';

import { CHECKOUT_ANSWERS } from './checkout';
import { CORE_ANSWERS } from './core';
import { GATEWAY_ANSWERS } from './gateway';
import { ONBOARDING_ANSWERS } from './onboarding';
import { keyPaths, PathSet } from './paths';
import { documented, STATUS, type AnswerEntry, type Fields, type WebhookEntry } from './shapes';
import { WEBHOOKS } from './webhooks';

export type { AnswerEntry, Fields, Source, WebhookEntry } from './shapes';
export { WEBHOOKS } from './webhooks';

export const ANSWERS: readonly AnswerEntry[] = [...CORE_ANSWERS, ...GATEWAY_ANSWERS, ...CHECKOUT_ANSWERS, ...ONBOARDING_ANSWERS];

/** The buyer's pages (a session's `processUrl`, a link's `url`): HTML for a person, not answers of an API. */
export const PAGES: readonly string[] = [
	'GET /checkout/session/:requestId/:key',
	'POST /checkout/session/:requestId/:key',
	'GET /payment-link/:id/:key',
	'POST /payment-link/:id/:key',
];

/** A request no route answers (an unknown path, another method): refused in the status structure. */
const UNROUTED: AnswerEntry = { endpoint: '(no route)', document: 'every response carries status', success: [], refusal: { other: [documented(STATUS)] } };

const compiled = new Map<Fields[], PathSet>();
const pathSet = (fields: Fields[]): PathSet => {
	let set = compiled.get(fields);
	if (!set) compiled.set(fields, (set = new PathSet(fields.flatMap((list) => list.paths))));
	return set;
};

const byEndpoint = new Map(ANSWERS.map((entry) => [entry.endpoint, entry]));
const byKind = new Map(WEBHOOKS.map((entry) => [entry.kind, entry]));

/** The table's entry for a route (`POST /api/session/:requestId`); UNROUTED for no route, undefined for none. */
export const answerEntry = (endpoint: string | undefined): AnswerEntry | undefined => (endpoint === undefined ? UNROUTED : byEndpoint.get(endpoint));

/** The fields an answer of this HTTP status may carry. */
export function answerFields(entry: AnswerEntry, httpStatus: number): Fields[] {
	if (httpStatus >= 200 && httpStatus < 300) return entry.success;
	return entry.refusal[httpStatus] ?? entry.refusal.other;
}

/** The parent key path of a key path (`a[].b` → `a`), or undefined at the top. */
const parentOf = (path: string): string | undefined => {
	const cut = path.lastIndexOf('.');
	return cut < 0 ? undefined : path.slice(0, cut).replace(/(\[\])+$/, '');
};

/** The key paths of a JSON body that the fields do not allow, in the order met; below one of them, only it. */
export function undocumentedPaths(fields: Fields[], body: unknown): string[] {
	const allowed = pathSet(fields);
	const undocumented = [...keyPaths(body)].filter((path) => !allowed.allows(path));
	const found = new Set(undocumented);
	return undocumented.filter((path) => {
		for (let parent = parentOf(path); parent !== undefined; parent = parentOf(parent)) if (found.has(parent)) return false;
		return true;
	});
}

/** The webhook table's entry for a delivery kind. */
export const webhookEntry = (kind: string): WebhookEntry | undefined => byKind.get(kind);

/** The first line of a tab-separated answer (gzip read as far as the first line needs). */
function firstLine(raw: Buffer | string, gzip: boolean): string {
	const bytes = typeof raw === 'string' ? Buffer.from(raw) : raw;
	const text = gzip ? gunzipSync(bytes.subarray(0, 65_536), { finishFlush: constants.Z_SYNC_FLUSH }).toString('utf8') : bytes.subarray(0, 65_536).toString('utf8');
	return text.split('\n', 1)[0].replace(/\r$/, '');
}

/** What is wrong with a tab-separated answer's header: columns not in the document, or out of its order. */
export function tsvHeaderProblems(tsv: NonNullable<AnswerEntry['tsv']>, raw: Buffer | string, gzip: boolean): string[] {
	const columns = firstLine(raw, gzip).split('\t');
	const expected = [...tsv.columns];
	const extra = columns.slice(expected.length);
	const problems = columns.slice(0, expected.length).flatMap((column, index) => (column === expected[index] ? [] : [`column ${index + 1} "${column}" (the document: "${expected[index]}")`]));
	if (columns.length < expected.length) problems.push(`missing columns from "${expected[columns.length]}"`);
	extra.forEach((column, index) => {
		if (column !== tsv.optionalLast[index]) problems.push(`column "${column}"`);
	});
	return problems;
}
