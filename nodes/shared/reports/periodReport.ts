/**
 * A report of a period outside a node's run of items (the Transaction Trigger's polls, the transaction list of the
 * editor): asking for it, reading it once when it is ready, and waiting briefly for the last 10 days' one.
 */
import { NodeOperationError, sleep, type IDataObject } from 'n8n-workflow';

import { readId } from '../schemas/identifiers';
import { isoInZone } from '../schemas/timeZone';
import { asNodeError } from '../transport/nodeErrors';
import { sendRequest } from '../operation/send';
import type { PaySuiteContext } from '../transport/types';
import { obtainReport, type ReportReader } from './obtainReport';
import { TsvReportParser, type ReportRow } from './reportTsv';

/** The longest period the platform reports at once (it refuses more than 10 days). */
export const REPORT_MAX_MS = 10 * 86_400_000;

/** What a report is read with: n8n's context, the site's time zone, and what a failure says to do. */
export interface ReportAccess {
	fn: PaySuiteContext;
	timeZone: string;
	/** The failures' description; by default the trigger's (nothing lost: the next poll reads it again). */
	afterFailure?: string;
}

/** A report asked for once is read by the next polls: a failure says so, and nothing is lost by it. */
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

/** Asks for the report of a period (dates in the site's time zone): its ID. */
export async function requestReport(
	access: ReportAccess,
	period: { start: number; end: number },
	filters: { state?: string[]; type: string[] },
): Promise<string> {
	const { fn, timeZone } = access;
	const answer = await sendRequest(fn, {
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

/** The outcome of reading a report once: its rows, not ready yet, or unknown to the platform (asked for again). */
export type ReportRead = { ready: true; rows: ReportRow[] } | { ready: false; retryAfterSeconds?: number } | { gone: true };

/** Reads the report once: its rows when it is ready, as it downloads. */
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

/**
 * The report of the last 10 days up to `now`, asked for and waited for at most `waitMs` (the editor waits for it):
 * its rows, or none when it was not ready in time (or the platform dropped it), with its ID.
 */
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
