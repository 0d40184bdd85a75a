/**
 * "From list" of a transaction, wherever an internal reference is taken; it offers what the operation can take
 * (transactionPicks.ts). The search box takes a reference (the last 10 days, from the platform's report) or a
 * reference, amount and currency for an older one (`/gateway/search`). Finding nothing gives an empty list, not an
 * error: n8n's list hides its search box on an error.
 */
import { NodeOperationError, type IDataObject, type ILoadOptionsFunctions, type INodeListSearchItems, type INodeListSearchResult } from 'n8n-workflow';

import { exampleText } from '../descriptions/fields';
import { idLocatorProperty, type IdLocator } from '../descriptions/locator';
import { recentRows } from '../reports/reportRequests';
import type { ReportRow } from '../reports/reportTsv';
import { KIND_OF_TYPE, kindOfType } from '../reports/transactionKind';
import { parseDateTimeInput } from '../schemas/dateTime';
import { credentialTimeZone, isoInZone } from '../schemas/timeZone';
import { credentialsOnce, signerKey } from '../transport/credentials';
import { paySuiteRequest } from '../transport/request';
import { pickFor, type Candidate } from './transactionPicks';

export const SEARCH_TRANSACTIONS = 'searchTransactions';

/** No dash in the second: n8n's list shows an error's message split at every dash. */
const TRANSACTION_REFERENCE_EXAMPLE = 'ORDER-1001';
export const TRANSACTION_SEARCH_EXAMPLE = 'ORDER1001 50000 COP';

export const TRANSACTION_SEARCH_WORDS = `Type a reference (the last 10 days), ${exampleText(TRANSACTION_REFERENCE_EXAMPLE)}, or a reference, amount and currency for an older one, ${exampleText(TRANSACTION_SEARCH_EXAMPLE)}`;

const REPORT_WAIT_MS = 20_000;
/** The list searches again at each pause in typing; each search would otherwise ask for a new report. */
const RECENT_REUSE_MS = 60_000;
/** Signers whose last report is kept; the oldest go first. */
const RECENT_SIGNERS = 20;
/**
 * The last report's rows by signer (transport/credentials.ts `signerKey`): a credential with another secret key has
 * another key, so it asks the platform itself and is refused there.
 */
const recentReports = new Map<string, { at: number; candidates: Candidate[] }>();
/** A list shows the newest this many. */
const MAX_ENTRIES = 50;

type TransactionSearch = { reference: string; amount: { currency: string; total: number } };

/** Undefined when the text is not `reference amount currency`. */
export function parseTransactionSearch(filter: string | undefined): TransactionSearch | undefined {
	const match = /^\s*(.+?)\s+([0-9]+(?:[.,][0-9]+)?)\s+([A-Za-z]{3})\s*$/.exec(filter ?? '');
	if (!match) return undefined;
	return { reference: match[1], amount: { currency: match[3].toUpperCase(), total: Number(match[2].replace(',', '.')) } };
}

/** Capitals aside; of several words the first counts, as a reference is one word. */
export function referenceMatches(reference: unknown, typed: string): boolean {
	const text = typeof reference === 'string' ? reference.toLowerCase() : '';
	const wanted = typed.trim().toLowerCase();
	return wanted !== '' && (text.includes(wanted) || text.includes(wanted.split(/\s+/)[0]));
}

/** What tells two apart on one order: kind, status, amount, the site's date. */
export function transactionEntry(candidate: Candidate, zone: string): INodeListSearchItems {
	const instant = parseDateTimeInput(candidate.date, zone);
	const when = instant ? ` · ${isoInZone(instant, zone).slice(0, 16).replace('T', ' ')}` : '';
	const money = candidate.amount !== undefined ? ` · ${String(candidate.amount)} ${candidate.currency ?? ''}`.trimEnd() : '';
	return {
		name: `${candidate.internalReference} · ${candidate.reference} · ${candidate.kind ?? 'transaction'} · ${candidate.status}${money}${when}`,
		value: candidate.internalReference,
	};
}

/** From its documented columns. */
const rowCandidate = (row: ReportRow): Candidate => ({
	internalReference: String(row.internal_reference ?? ''),
	reference: String(row.reference ?? ''),
	kind: kindOfType(row.type),
	status: String(row.status ?? ''),
	refunded: typeof row.refunded === 'boolean' ? row.refunded : null,
	amount: typeof row.amount === 'number' ? row.amount : undefined,
	currency: typeof row.currency_code === 'string' ? row.currency_code : undefined,
	date: row.transaction_date ?? row.date,
});

/** From a process or query answer. */
const transactionCandidate = (txn: IDataObject): Candidate => {
	const amount = (txn.amount ?? {}) as IDataObject;
	const status = (txn.status as IDataObject | undefined)?.status ?? txn.status;
	return {
		internalReference: String(txn.internalReference),
		reference: String(txn.reference ?? ''),
		kind: kindOfType(txn.type),
		status: String(status ?? ''),
		refunded: typeof txn.refunded === 'boolean' ? txn.refunded : null,
		amount: amount.total as number | undefined,
		currency: amount.currency as string | undefined,
		date: txn.date ?? (txn.status as IDataObject | undefined)?.date,
	};
};

/** Expired reports go with it. */
function keepReport(signer: string, candidates: Candidate[]): void {
	for (const [key, entry] of recentReports) if (Date.now() - entry.at > RECENT_REUSE_MS) recentReports.delete(key);
	recentReports.delete(signer);
	recentReports.set(signer, { at: Date.now(), candidates });
	// Insertion order: the oldest first.
	for (const oldest of recentReports.keys()) {
		if (recentReports.size <= RECENT_SIGNERS) break;
		recentReports.delete(oldest);
	}
}

/** The last minute's report is reused when it holds some; a reference it lacks may be newer, so a new report then. */
async function byReference(fn: ILoadOptionsFunctions, typed: string, zone: string, signer: string): Promise<Candidate[]> {
	const matching = (candidates: Candidate[]) => candidates.filter((candidate) => referenceMatches(candidate.reference, typed));
	const known = recentReports.get(signer);
	if (known && Date.now() - known.at <= RECENT_REUSE_MS && matching(known.candidates).length) return matching(known.candidates);
	const access = { fn, timeZone: zone, afterFailure: `Search again in a moment, or ${TRANSACTION_SEARCH_WORDS.replace(/^Type/, 'type')}.` };
	const { id, rows } = await recentRows(access, { type: Object.keys(KIND_OF_TYPE) }, Date.now(), REPORT_WAIT_MS);
	if (!rows) throw new NodeOperationError(fn.getNode(), `The report ${id} of the last 10 days was not ready within ${REPORT_WAIT_MS / 1000} s: search again in a moment`);
	const candidates = rows.map(rowCandidate);
	keepReport(signer, candidates);
	return matching(candidates);
}

const gatewayRead = (fn: ILoadOptionsFunctions, path: string, body: IDataObject) =>
	paySuiteRequest(fn, { api: 'gateway', path, body, safety: 'read' }) as Promise<{ body: IDataObject }>;

/** An integer, every digit kept (a bigint beyond 2^53). */
const asInteger = (value: unknown): unknown =>
	typeof value === 'string' && /^\d+$/.test(value) ? (Number.isSafeInteger(Number(value)) ? Number(value) : BigInt(value)) : value;

/** Its state as the platform holds it now (`/gateway/query`). */
async function readEach(fn: ILoadOptionsFunctions, internalReferences: unknown[]): Promise<Candidate[]> {
	const read: Candidate[] = [];
	for (const internalReference of internalReferences) {
		read.push(transactionCandidate((await gatewayRead(fn, '/gateway/query', { internalReference: asInteger(internalReference) } as IDataObject)).body));
	}
	return read;
}

/** The search's answer is not documented: each is read again when it matters. */
async function byReferenceAndAmount(fn: ILoadOptionsFunctions, search: TransactionSearch, read: boolean): Promise<Candidate[]> {
	const { body } = await gatewayRead(fn, '/gateway/search', search);
	const found = ((body.transactions ?? body.data ?? []) as IDataObject[]).filter((txn) => txn.internalReference !== undefined && txn.internalReference !== null);
	return read ? readEach(fn, found.map((txn) => txn.internalReference)) : found.map(transactionCandidate);
}

export async function searchTransactions(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	const typed = (filter ?? '').trim();
	if (!typed) return { results: [] };
	const credentials = await credentialsOnce(this, 'paySuiteApi');
	const zone = credentialTimeZone(credentials) ?? this.getTimezone();
	const pick = pickFor(this.getNode().type, this.getCurrentNodeParameter('resource'), this.getCurrentNodeParameter('operation'));
	const search = parseTransactionSearch(typed);
	const found = search ? await byReferenceAndAmount(this, search, pick !== undefined) : await byReference(this, typed, zone, signerKey('gateway', credentials));
	let offered = found.filter((candidate) => candidate.internalReference !== '' && (!pick || pick(candidate)));
	// The report may be a minute old (a payment refunded since): what an operation takes is read again, as it is now.
	if (pick && !search) offered = (await readEach(this, offered.slice(0, MAX_ENTRIES).map((candidate) => candidate.internalReference))).filter(pick);
	// The newest first: a caller asks about a recent payment.
	const at = (candidate: Candidate) => parseDateTimeInput(candidate.date, zone)?.getTime() ?? 0;
	return { results: offered.sort((a, b) => at(b) - at(a)).slice(0, MAX_ENTRIES).map((candidate) => transactionEntry(candidate, zone)) };
}

/** The same in every node that takes one. */
export const internalReferenceLocator = (overrides: Partial<IdLocator> = {}) =>
	idLocatorProperty({
		displayName: 'Internal Reference',
		name: 'internalReference',
		description: "The transaction's internal reference: the number the platform gave the payment",
		example: '1234567',
		searchListMethod: SEARCH_TRANSACTIONS,
		searchFilterRequired: true,
		listPlaceholder: `${exampleText(TRANSACTION_REFERENCE_EXAMPLE)}, or ${TRANSACTION_SEARCH_EXAMPLE}`,
		hint: `From List: ${TRANSACTION_SEARCH_WORDS.replace(/^Type/, 'type')}. It lists what this operation can take.`,
		...overrides,
	});
