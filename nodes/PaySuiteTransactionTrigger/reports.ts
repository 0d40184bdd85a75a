/** The trigger's two calls: asking for the report of a period, and reading it once when it is ready. */
import { NodeOperationError, type IDataObject, type IPollFunctions } from 'n8n-workflow';

import { obtainReport, type ReportReader } from '../shared/reports/obtainReport';
import { TsvReportParser, type ReportRow } from '../shared/reports/reportTsv';
import { readId } from '../shared/schemas/identifiers';
import { isoInZone } from '../shared/schemas/timeZone';
import { asNodeError } from '../shared/transport/nodeErrors';
import { paySuiteRequest } from '../shared/transport/request';

/** What a poll works with: n8n's context and the site's time zone. */
export interface ReportAccess {
	fn: IPollFunctions;
	timeZone: string;
}

/** A report asked for once is read by the next polls: a failure says so, and nothing is lost by it. */
const NEXT_POLL = 'Nothing was lost: the next poll reads the same period again.';

function reader(access: ReportAccess): ReportReader {
	return {
		fn: access.fn,
		itemIndex: 0,
		fail: (message: string): never => {
			throw new NodeOperationError(access.fn.getNode(), message, { description: NEXT_POLL });
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
	const answer = await paySuiteRequest.call(fn, {
		api: 'gateway',
		path: '/gateway/report',
		// Asking again only makes a second report of the same period: retried like a read.
		safety: 'read',
		body: { filters: { startDate: isoInZone(new Date(period.start), timeZone), endDate: isoInZone(new Date(period.end), timeZone), ...filters } } as IDataObject,
	});
	const id = readId((answer.body as IDataObject).id);
	if ('problem' in id) throw new NodeOperationError(fn.getNode(), 'The platform did not return the ID of the report', { description: NEXT_POLL });
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
		throw new NodeOperationError(access.fn.getNode(), `The download of the report ${id} broke after ${rows.length} row(s): ${(error as Error).message}`, {
			description: NEXT_POLL,
		});
	}
	return { ready: true, rows };
}
