/** Obtaining a report (once, or until it is ready) and turning its TSV into items, a binary file, or both. */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { outputId } from '../../../shared/identifiers';
import type { OperationContext, Polling } from '../../../shared/operation';
import { timedOutWords, type PollOutcome } from '../../../shared/polling';
import { TsvReportParser, sliceBuffer } from '../../../shared/reportTsv';
import { headerValue, retryAfterSeconds } from '../../../shared/transport';

/**
 * One call of /gateway/report/obtain for the report whose ID has these digits: done with the file, or pending
 * with the platform's "not ready" answer (HTTP 425).
 */
export async function obtainReport(ctx: OperationContext, id: string): Promise<PollOutcome<Buffer, IDataObject>> {
	const response = await ctx.request<Buffer | IDataObject>({
		api: 'gateway',
		path: '/gateway/report/obtain',
		safety: 'read',
		// A bigint: sent as a bare integer with all its digits.
		body: { id: BigInt(id) } as unknown as IDataObject,
		headers: { Accept: 'text/tab-separated-values, text/plain, application/json', 'Accept-Encoding': 'gzip' },
		// The transport has no streaming mode: the (decompressed) file arrives as one buffer and is parsed in slices.
		encoding: 'arraybuffer',
		passThroughStatuses: [425],
		notFound: { what: `Report ${id}`, field: 'Report ID' },
	});
	if (response.statusCode === 425) {
		const answer = response.body && typeof response.body === 'object' && !Buffer.isBuffer(response.body) ? (response.body as IDataObject) : {};
		return { done: false, value: answer, retryAfterSeconds: retryAfterSeconds(headerValue(response.headers, 'retry-after')) };
	}
	const file = Buffer.isBuffer(response.body) ? response.body : Buffer.from(response.body as unknown as ArrayBuffer);
	const type = headerValue(response.headers, 'content-type') ?? '';
	if (/json/i.test(type)) {
		let answer: IDataObject = {};
		try {
			answer = JSON.parse(file.toString('utf8')) as IDataObject;
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
	return { done: true, value: file };
}

/** Waiting for a report: Obtain again until it is ready; at the timeout, the item fails naming the report. */
export const reportPolling: Polling<string, Buffer, IDataObject> = {
	check: obtainReport,
	intervalSeconds: 5,
	stillPending: (id, timedOut, timeoutSeconds) => ({
		message: `The report ${id} was not ready within the ${timeoutSeconds} s timeout`,
		description: `${timedOutWords(timedOut, timeoutSeconds)} Get it later with Report > Obtain and the report ID ${id}, or raise the Timeout (Seconds).`,
	}),
};

/** The item(s) of a ready report. */
export async function reportItems(ctx: OperationContext, id: string, file: Buffer): Promise<INodeExecutionData[]> {
	const output = ctx.param<string>('output', 'items');
	const items: INodeExecutionData[] = [];
	const parser = new TsvReportParser();
	if (output !== 'binary') {
		for (const chunk of sliceBuffer(file)) for (const row of parser.push(chunk)) items.push({ json: row as IDataObject });
		for (const row of parser.end()) items.push({ json: row as IDataObject });
	}
	if (output === 'items') return items;
	const property = ctx.param<string>('binaryPropertyName', 'data') || 'data';
	const binary = await ctx.fn.helpers.prepareBinaryData(file, `report-${id}.tsv`, 'text/tab-separated-values');
	if (items.length === 0) {
		const lines = file.length ? file.toString('utf8', 0, Math.min(file.length, 65536)).split('\n')[0] : '';
		items.push({ json: { reportId: outputId(id), bytes: file.length, columns: lines ? lines.replace(/\r$/, '').split('\t') : [] } });
	}
	items[0].binary = { [property]: binary };
	return items;
}

/** One window of a report split by period: its report, dates and number of rows. */
export interface WindowSummary {
	reportId: number | string;
	startDate: string;
	endDate: string;
	rows: number;
}

/** The first line of a TSV file (without its line break) and the rest, counted in lines, without copying it. */
function splitHeader(file: Buffer): { header: string; body: Buffer; rows: number } {
	const firstBreak = file.indexOf(10);
	const header = (firstBreak < 0 ? file.toString('utf8') : file.toString('utf8', 0, firstBreak)).replace(/\r$/, '');
	const body = firstBreak < 0 ? Buffer.alloc(0) : file.subarray(firstBreak + 1);
	let rows = 0;
	let lineStart = 0;
	while (lineStart < body.length) {
		const lineEnd = body.indexOf(10, lineStart);
		const end = lineEnd < 0 ? body.length : lineEnd;
		if (end > lineStart && !(end === lineStart + 1 && body[lineStart] === 13)) rows++;
		lineStart = end + 1;
	}
	return { header, body, rows };
}

/**
 * The windows of one report, added in order as each is obtained, turned into one output: the rows of every
 * window in order (each file parsed as it arrives, then let go), or one TSV file with the header once (the
 * files' bodies kept until the end, as the single report's file is), or both.
 */
export class WindowedReport {
	private readonly items: INodeExecutionData[] = [];
	private readonly parts: Buffer[] = [];
	private header: string | undefined;
	readonly windows: WindowSummary[] = [];

	constructor(private readonly ctx: OperationContext) {}

	private get output(): string {
		return this.ctx.param<string>('output', 'items');
	}

	add(id: string, window: { startDate: string; endDate: string }, file: Buffer): void {
		const { header, body, rows } = splitHeader(file);
		let count = rows;
		if (this.output !== 'binary') {
			const parser = new TsvReportParser();
			const before = this.items.length;
			for (const chunk of sliceBuffer(file)) for (const row of parser.push(chunk)) this.items.push({ json: row as IDataObject });
			for (const row of parser.end()) this.items.push({ json: row as IDataObject });
			count = this.items.length - before;
		}
		if (this.output !== 'items') {
			if (this.header === undefined) {
				this.header = header;
				this.parts.push(Buffer.from(`${header}\n`, 'utf8'));
			}
			if (body.length) this.parts.push(body.at(-1) === 10 ? body : Buffer.concat([body, Buffer.from('\n')]));
		}
		this.windows.push({ reportId: outputId(id), startDate: window.startDate, endDate: window.endDate, rows: count });
	}

	/** The output of the whole period; `period` as sent, for the summary and the empty item. */
	async result(period: { startDate: string; endDate: string }): Promise<INodeExecutionData[]> {
		const rows = this.windows.reduce((sum, window) => sum + window.rows, 0);
		const output = this.output;
		if (rows === 0 && this.ctx.param<string>('whenEmpty', 'message') === 'nothing') return [];
		const summary: IDataObject = { rows, startDate: period.startDate, endDate: period.endDate };
		if (this.windows.length === 1) summary.reportId = this.windows[0].reportId;
		if (rows === 0) summary.message = 'No transactions in this period';
		summary.windows = this.windows as unknown as IDataObject[];
		if (output === 'items') return rows === 0 ? [{ json: summary }] : this.items;

		const file = Buffer.concat(this.parts);
		this.parts.length = 0;
		const ids = this.windows.map((window) => window.reportId);
		const fileName = ids.length === 1 ? `report-${ids[0]}.tsv` : `report-${ids[0]}-to-${ids.at(-1)}.tsv`;
		const property = this.ctx.param<string>('binaryPropertyName', 'data') || 'data';
		const binary = await this.ctx.fn.helpers.prepareBinaryData(file, fileName, 'text/tab-separated-values');
		const items: INodeExecutionData[] = rows === 0 || output === 'binary' ? [{ json: { ...summary, bytes: file.length, columns: this.header ? this.header.split('\t') : [] } }] : this.items;
		items[0].binary = { [property]: binary };
		return items;
	}
}
