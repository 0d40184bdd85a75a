/** Obtaining a report and turning its TSV into items, a file, or both, as it downloads. */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { outputId, readId } from '../../../shared/schemas/identifiers';
import { paySuiteRequest } from '../../../shared/transport/request';
import type { RequestSafety } from '../../../shared/transport/types';
import type { ReportBody } from '../../schemas';
import { clockOf } from '../../../shared/operation/siteClock';
import type { OperationContext } from '../../../shared/operation/types';
import type { Polling } from '../../../shared/operation/pollingOperation';
import { timedOutWords } from '../../../shared/operation/polling';
import { TsvReportParser, TsvLineTooLongError, type ReportRow } from '../../../shared/reports/reportTsv';
import { siteRows } from '../../../shared/reports/siteRows';
import { TsvBytes } from './tsvBytes';
import { ReportFileWriter, reportFileFormat } from './reportFileWriter';
import { SINCE } from '../../versions';
import { asBuffer, obtainReport, type ReportDownload } from '../../../shared/reports/reportRequests';

/** At the timeout the item fails naming the report. */
export const reportPolling: Polling<string, ReportDownload, IDataObject> = {
	check: obtainReport,
	intervalSeconds: 5,
	stillPending: (id, timedOut, timeoutSeconds) => ({
		message: `The report ${id} was not ready within the ${timeoutSeconds} s timeout`,
		description: `${timedOutWords(timedOut, timeoutSeconds)} Get it later with Report > Obtain and the report ID ${id}, or raise the Timeout (Seconds).`,
	}),
};

/** From version 4 an empty Types asks for every type (so each row has its type), and rows carry kind and payment. */
export const wantsSiteRows = (ctx: OperationContext): boolean => ctx.node.typeVersion >= SINCE.siteRows;

/** From version 4 on the site's clock, with their kind and payment (siteRows). */
export function rowItems(ctx: OperationContext, items: INodeExecutionData[]): INodeExecutionData[] {
	if (!wantsSiteRows(ctx) || items.length === 0) return items;
	const rows = siteRows(
		items.map((item) => item.json as ReportRow),
		clockOf(ctx).zone,
	);
	return items.map((item, index) => ({ ...item, json: rows[index] }));
}

/**
 * A plain write for Request and Wait; a read where asking again only makes a second report of the same period (Find by
 * Reference).
 */
export async function requestReportId(ctx: OperationContext, body: ReportBody, safety: RequestSafety = 'write'): Promise<string> {
	const requested = await paySuiteRequest<IDataObject>(ctx, { api: 'gateway', path: '/gateway/report', safety, body: body as unknown as IDataObject });
	const id = readId(requested.body.id);
	if ('problem' in id) return ctx.fail('The platform did not return the ID of the report');
	return id.digits;
}

/** A read: nothing changed on the platform. */
export function brokenDownload(ctx: OperationContext, id: string, error: unknown, rows: number): never {
	if (error instanceof TsvLineTooLongError) ctx.fail(`The report ${id} could not be read: ${error.message}`, `Get it again later with Report > Obtain and the report ID ${id}.`);
	const code = (error as { code?: string })?.code;
	const what = code === 'Z_DATA_ERROR' || code === 'Z_BUF_ERROR' ? 'its compressed data was damaged or cut short' : code === 'ECONNRESET' || code === 'ERR_STREAM_PREMATURE_CLOSE' ? 'the connection broke' : 'the download stopped';
	return ctx.fail(
		`The download of the report ${id} broke after ${rows} row(s): ${what}`,
		`Nothing changed on the platform: the report is kept there. Get it again with Report > Obtain and the report ID ${id}, or run the node again.`,
	);
}

export async function reportItems(ctx: OperationContext, id: string, download: ReportDownload): Promise<INodeExecutionData[]> {
	const output = ctx.param<string>('output', 'items');
	const items: INodeExecutionData[] = [];
	const parser = output !== 'binary' ? new TsvReportParser() : undefined;
	const file = output !== 'items' ? new ReportFileWriter(ctx, reportFileFormat(ctx)) : undefined;
	if (file) file.baseName = `report-${id}`;
	const bytes = new TsvBytes();
	try {
		for await (const raw of download) {
			const chunk = asBuffer(raw);
			bytes.push(chunk);
			if (parser) for (const row of parser.push(chunk)) items.push({ json: row as IDataObject });
			await file?.write(chunk);
		}
		bytes.end();
		if (parser) for (const row of parser.end()) items.push({ json: row as IDataObject });
	} catch (error) {
		download.destroy?.();
		file?.abort(error as Error);
		brokenDownload(ctx, id, error, parser ? parser.rowCount : bytes.rows);
	}
	if (!file) return rowItems(ctx, items);
	const property = ctx.param<string>('binaryPropertyName', 'data') || 'data';
	const binary = await file.finish(() => Buffer.from(bytes.header ?? '', 'utf8'));
	const out: INodeExecutionData[] = items.length ? rowItems(ctx, items) : [{ json: { reportId: outputId(id), bytes: file.bytes, columns: bytes.header ? bytes.header.split('\t') : [] } }];
	out[0].binary = { [property]: binary };
	return out;
}
