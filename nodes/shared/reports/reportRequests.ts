/**
 * The two requests of a transaction report (asking for a period's report, obtaining it once ready), for the Gateway's
 * Report operations, the Transaction Trigger and the editor's transaction list.
 */
import { NodeOperationError, sleep, type IDataObject } from 'n8n-workflow';

import type { PollOutcome } from '../operation/polling';
import { paySuiteRequest } from '../transport/request';
import { readId } from '../schemas/identifiers';
import { isoInZone } from '../schemas/timeZone';
import { headerValue } from '../transport/answerBody';
import { asNodeError } from '../transport/nodeErrors';
import { retryAfterSeconds } from '../transport/retry';
import type { PaySuiteContext } from '../transport/types';
import { TsvReportParser, type ReportRow } from './reportTsv';

/** Decompressed chunks; read once. */
export type ReportDownload = AsyncIterable<Buffer | Uint8Array | string> & { destroy?(error?: Error): void };

interface ReportReader {
	readonly fn: PaySuiteContext;
	readonly itemIndex: number;
	fail(message: string, description?: string): never;
}

export function asBuffer(chunk: Buffer | Uint8Array | string): Buffer {
	if (typeof chunk === 'string') return Buffer.from(chunk, 'utf8');
	return Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
}

/** Done with the file as it downloads (n8n's HTTP client undoes the gzip), or pending on the platform's 425. */
export async function obtainReport(ctx: ReportReader, id: string): Promise<PollOutcome<ReportDownload, IDataObject>> {
	const response = await paySuiteRequest(
		ctx,
		{
			api: 'gateway',
			path: '/gateway/report/obtain',
			safety: 'read',
			// A bigint: sent as a bare integer with all its digits.
			body: { id: BigInt(id) } as unknown as IDataObject,
			headers: { Accept: 'text/tab-separated-values, text/plain, application/json', 'Accept-Encoding': 'gzip' },
			encoding: 'stream',
			passThroughStatuses: [425],
			notFound: { what: `Report ${id}`, field: 'Report ID' },
		},
	);
	if (response.statusCode === 425) {
		const answer = response.body && typeof response.body === 'object' && !Buffer.isBuffer(response.body) ? (response.body as IDataObject) : {};
		return { done: false, value: answer, retryAfterSeconds: retryAfterSeconds(headerValue(response.headers, 'retry-after')) };
	}
	const download = response.body as unknown as ReportDownload;
	const type = headerValue(response.headers, 'content-type') ?? '';
	if (/json/i.test(type)) {
		const chunks: Buffer[] = [];
		let answer: IDataObject = {};
		try {
			for await (const chunk of download) chunks.push(asBuffer(chunk));
			answer = JSON.parse(Buffer.concat(chunks).toString('utf8')) as IDataObject;
		} catch {
			answer = {};
		}
		const status = (answer.status ?? {}) as IDataObject;
		const words = [status.status, status.message].filter((part) => part !== undefined && part !== null && part !== '').map(String).join(': ');
		ctx.fail(
			`The platform sent a message instead of the report ${id}${words ? ` (${words})` : ''}`,
			`Get it again later with Report > Obtain and the report ID ${id}; if it keeps happening, request the report again.`,
		);
	}
	return { done: true, value: download };
}

/** The platform refuses more than 10 days. */
export const REPORT_MAX_MS = 10 * 86_400_000;

export interface ReportAccess {
	fn: PaySuiteContext;
	timeZone: string;
	/** By default the trigger's (nothing lost: the next poll reads it again). */
	afterFailure?: string;
}

const NEXT_POLL = 'Nothing was lost: the next poll reads the same period again.';

const failureWords = (access: ReportAccess) => ({ description: access.afterFailure ?? NEXT_POLL });

function reader(access: ReportAccess): ReportReader {
	return {
		fn: access.fn,
		itemIndex: 0,
		fail: (message: string): never => {
			throw new NodeOperationError(access.fn.getNode(), message, failureWords(access));
		},
	};
}

/** Dates in the site's time zone; answers the report's ID. */
export async function requestReport(
	access: ReportAccess,
	period: { start: number; end: number },
	filters: { state?: string[]; type: string[] },
): Promise<string> {
	const { fn, timeZone } = access;
	const answer = await paySuiteRequest(fn, {
		api: 'gateway',
		path: '/gateway/report',
		// Asking again only makes a second report of the same period: retried like a read.
		safety: 'read',
		body: { filters: { startDate: isoInZone(new Date(period.start), timeZone), endDate: isoInZone(new Date(period.end), timeZone), ...filters } } as IDataObject,
	});
	const id = readId((answer.body as IDataObject).id);
	if ('problem' in id) throw new NodeOperationError(fn.getNode(), 'The platform did not return the ID of the report', failureWords(access));
	return id.digits;
}

/** `gone`: unknown to the platform, to be asked for again. */
type ReportRead = { ready: true; rows: ReportRow[] } | { ready: false; retryAfterSeconds?: number } | { gone: true };

export async function readReport(access: ReportAccess, id: string): Promise<ReportRead> {
	let outcome;
	try {
		outcome = await obtainReport(reader(access), id);
	} catch (error) {
		if ((error as { httpCode?: string }).httpCode === '404') return { gone: true };
		throw asNodeError(access.fn.getNode(), error);
	}
	if (!outcome.done) return { ready: false, retryAfterSeconds: outcome.retryAfterSeconds };
	const parser = new TsvReportParser();
	const rows: ReportRow[] = [];
	const download = outcome.value;
	try {
		for await (const chunk of download) for (const row of parser.push(chunk)) rows.push(row);
		for (const row of parser.end()) rows.push(row);
	} catch (error) {
		download.destroy?.();
		throw new NodeOperationError(access.fn.getNode(), `The download of the report ${id} broke after ${rows.length} row(s): ${(error as Error).message}`, failureWords(access));
	}
	return { ready: true, rows };
}

/** Waited for at most `waitMs` (the editor waits for it); no rows when not ready in time or dropped by the platform. */
export async function recentRows(access: ReportAccess, filters: { state?: string[]; type: string[] }, now: number, waitMs: number): Promise<{ id: string; rows?: ReportRow[] }> {
	const period = { start: Math.floor((now - REPORT_MAX_MS) / 1000) * 1000 + 1000, end: Math.floor(now / 1000) * 1000 };
	const id = await requestReport(access, period, filters);
	for (;;) {
		const read = await readReport(access, id);
		if ('gone' in read) return { id };
		if (read.ready) return { id, rows: read.rows };
		if (Date.now() - now > waitMs) return { id };
		await sleep(Math.min(Math.max((read.retryAfterSeconds ?? 1) * 1000, 250), 2000));
	}
}
