/** A report split by period: its windows obtained one after the other, as one output. */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { outputId } from '../../../shared/schemas/identifiers';
import type { OperationContext } from '../../../shared/operation/types';
import { asBuffer, type ReportDownload } from '../../../shared/reports/reportRequests';
import { TsvReportParser } from '../../../shared/reports/reportTsv';
import { brokenDownload, rowItems } from './reportFile';
import { ReportFileWriter, reportFileFormat } from './reportFileWriter';
import { TsvBytes } from './tsvBytes';

export interface WindowSummary {
	reportId: number | string;
	startDate: string;
	endDate: string;
	rows: number;
}

const NEWLINE = Buffer.from('\n');

/**
 * The rows of every window in order, or one file with the header once (each window appended as it arrives, never
 * held), or both.
 */
export class WindowedReport {
	private readonly items: INodeExecutionData[] = [];
	private header: string | undefined;
	private readonly file: ReportFileWriter;
	readonly windows: WindowSummary[] = [];

	constructor(private readonly ctx: OperationContext) {
		this.file = new ReportFileWriter(ctx, reportFileFormat(ctx));
	}

	private get output(): string {
		return this.ctx.param<string>('output', 'items');
	}

	async add(id: string, window: { startDate: string; endDate: string }, download: ReportDownload): Promise<void> {
		const output = this.output;
		const parser = output !== 'binary' ? new TsvReportParser() : undefined;
		const writing = output !== 'items';
		const bytes = new TsvBytes();
		const before = this.items.length;
		const first = this.windows[0]?.reportId ?? outputId(id);
		this.file.baseName = this.windows.length === 0 ? `report-${first}` : `report-${first}-to-${outputId(id)}`;
		try {
			for await (const raw of download) {
				const chunk = asBuffer(raw);
				const body = bytes.push(chunk);
				if (parser) for (const row of parser.push(chunk)) this.items.push({ json: row as IDataObject });
				if (writing && body.length) {
					// The header once, before the first row of the whole period.
					if (!this.file.started) await this.file.write(Buffer.from(`${this.header ?? bytes.header}\n`, 'utf8'));
					await this.file.write(body);
				}
			}
			bytes.end();
			if (parser) for (const row of parser.end()) this.items.push({ json: row as IDataObject });
			if (writing && bytes.bodyBytes > 0 && bytes.lastBodyByte !== 10) await this.file.write(NEWLINE);
		} catch (error) {
			download.destroy?.();
			this.file.abort(error as Error);
			brokenDownload(this.ctx, id, error, parser ? this.items.length - before : bytes.rows);
		}
		this.header ??= bytes.header;
		const rows = parser ? this.items.length - before : bytes.rows;
		this.windows.push({ reportId: outputId(id), startDate: window.startDate, endDate: window.endDate, rows });
	}

	/** A window failed: the period will not be output. */
	abort(error: Error): void {
		this.file.abort(error);
	}

	/** `period` as sent, for the summary and the empty item. */
	async result(period: { startDate: string; endDate: string }): Promise<INodeExecutionData[]> {
		const rows = this.windows.reduce((sum, window) => sum + window.rows, 0);
		const output = this.output;
		if (rows === 0 && this.ctx.param<string>('whenEmpty', 'message') === 'nothing') {
			this.abort(new Error('No rows: nothing to output'));
			return [];
		}
		const summary: IDataObject = { rows, startDate: period.startDate, endDate: period.endDate };
		if (this.windows.length === 1) summary.reportId = this.windows[0].reportId;
		if (rows === 0) summary.message = 'No transactions in this period';
		summary.windows = this.windows as unknown as IDataObject[];
		if (output === 'items') return rows === 0 ? [{ json: summary }] : rowItems(this.ctx, this.items);

		const property = this.ctx.param<string>('binaryPropertyName', 'data') || 'data';
		const binary = await this.file.finish(() => Buffer.from(`${this.header ?? ''}\n`, 'utf8'));
		const items: INodeExecutionData[] =
			rows === 0 || output === 'binary' ? [{ json: { ...summary, bytes: this.file.bytes, columns: this.header ? this.header.split('\t') : [] } }] : rowItems(this.ctx, this.items);
		items[0].binary = { [property]: binary };
		return items;
	}
}
