/** The report's file (CSV or TSV), handed to n8n's binary data while it is written. */
import type { IBinaryData, IExecuteFunctions } from 'n8n-workflow';

import type { OperationContext } from '../../../shared/operation/types';
import { ByteChannel } from './byteChannel';
import { TsvToCsv, tsvToCsv } from './reportFileCsv';

type BinarySource = Parameters<IExecuteFunctions['helpers']['prepareBinaryData']>[0];

/**
 * CSV is typed text/plain so that n8n's binary viewer shows it: n8n 2.40.7's server lets it view text/plain and
 * text/csv only, and in its frame Chromium downloads text/csv. TSV is the platform's own file, byte for byte.
 */
const REPORT_FILE_FORMATS = { csv: { extension: 'csv', mimeType: 'text/plain' }, tsv: { extension: 'tsv', mimeType: 'text/tab-separated-values' } } as const;

type ReportFileFormat = keyof typeof REPORT_FILE_FORMATS;

/** TSV for anything else (a workflow saved before the parameter existed). */
export function reportFileFormat(ctx: OperationContext): ReportFileFormat {
	return ctx.param<string>('fileFormat', 'tsv') === 'csv' ? 'csv' : 'tsv';
}

/**
 * Streamed to n8n's binary data while written: in filesystem mode (n8n 2's default) it goes to disk as it comes, so
 * the node never holds the file. Started at the first bytes, so an output that ends up empty stores nothing.
 */
export class ReportFileWriter {
	private stream?: ByteChannel;
	private stored?: Promise<IBinaryData>;
	private failure?: Error;
	private readonly csv?: TsvToCsv;
	/** After conversion. */
	bytes = 0;

	/** n8n is given it when the file starts, the item the final one. */
	baseName = 'report';

	constructor(
		private readonly ctx: OperationContext,
		readonly format: ReportFileFormat = 'tsv',
	) {
		if (format === 'csv') this.csv = new TsvToCsv();
	}

	get fileName(): string {
		return `${this.baseName}.${REPORT_FILE_FORMATS[this.format].extension}`;
	}

	private get mimeType(): string {
		return REPORT_FILE_FORMATS[this.format].mimeType;
	}

	get started(): boolean {
		return this.stream !== undefined;
	}

	async write(tsv: Buffer): Promise<void> {
		await this.writeOut(this.csv ? this.csv.push(tsv) : tsv);
	}

	private async writeOut(chunk: Buffer): Promise<void> {
		if (chunk.length === 0) return;
		if (!this.stream) {
			const stream = new ByteChannel();
			this.stream = stream;
			this.stored = this.ctx.fn.helpers.prepareBinaryData(stream as unknown as BinarySource, this.fileName, this.mimeType);
			// Raised at the next write or at the end, never left unhandled.
			this.stored.catch((error: Error) => {
				this.failure = error;
				stream.destroy(error);
			});
		}
		if (this.failure) throw this.failure;
		this.bytes += chunk.length;
		// Backpressure: the download slows down, memory does not grow.
		await this.stream.write(chunk);
	}

	/** `whole` is the TSV file when nothing was streamed. */
	async finish(whole: () => Buffer): Promise<IBinaryData> {
		if (this.csv) await this.writeOut(this.csv.end());
		if (!this.stream || !this.stored) {
			const file = this.csv ? tsvToCsv(whole()) : whole();
			this.bytes = file.length;
			return await this.ctx.fn.helpers.prepareBinaryData(file, this.fileName, this.mimeType);
		}
		this.stream.end();
		const binary = await this.stored;
		binary.fileName = this.fileName;
		return binary;
	}

	/** A later window failed: n8n drops what it wrote. */
	abort(error: Error): void {
		this.stream?.destroy(error);
	}
}
