/** Obtaining a report (once, or until it is ready) and turning its TSV into items, a binary file, or both, as it downloads. */
import type { IBinaryData, IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { outputId } from '../../../shared/schemas/identifiers';
import type { Polling } from '../../../shared/operation/pollingOperation';
import { sendRequest } from '../../../shared/operation/send';
import type { OperationContext } from '../../../shared/operation/types';
import { timedOutWords, type PollOutcome } from '../../../shared/operation/polling';
import { TsvReportParser, TsvLineTooLongError } from './reportTsv';
import { headerValue } from '../../../shared/transport/answerBody';
import { retryAfterSeconds } from '../../../shared/transport/retry';

/** A ready report's file as it downloads: its (decompressed) bytes, chunk by chunk. Read once. */
export type ReportDownload = AsyncIterable<Buffer | Uint8Array | string> & { destroy?(error?: Error): void };

async function readAll(download: ReportDownload): Promise<Buffer> {
	const chunks: Buffer[] = [];
	for await (const chunk of download) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
	return Buffer.concat(chunks);
}

/**
 * One call of /gateway/report/obtain for the report whose ID has these digits: done with the file as it
 * downloads (n8n's HTTP client undoes the gzip as the bytes arrive), or pending with the platform's "not
 * ready" answer (HTTP 425).
 */
export async function obtainReport(ctx: OperationContext, id: string): Promise<PollOutcome<ReportDownload, IDataObject>> {
	const response = await sendRequest<ReportDownload | IDataObject>(ctx, {
		api: 'gateway',
		path: '/gateway/report/obtain',
		safety: 'read',
		// A bigint: sent as a bare integer with all its digits.
		body: { id: BigInt(id) } as unknown as IDataObject,
		headers: { Accept: 'text/tab-separated-values, text/plain, application/json', 'Accept-Encoding': 'gzip' },
		encoding: 'stream',
		passThroughStatuses: [425],
		notFound: { what: `Report ${id}`, field: 'Report ID' },
	});
	if (response.statusCode === 425) {
		const answer = response.body && typeof response.body === 'object' && !Buffer.isBuffer(response.body) ? (response.body as IDataObject) : {};
		return { done: false, value: answer, retryAfterSeconds: retryAfterSeconds(headerValue(response.headers, 'retry-after')) };
	}
	const download = response.body as ReportDownload;
	const type = headerValue(response.headers, 'content-type') ?? '';
	if (/json/i.test(type)) {
		let answer: IDataObject = {};
		try {
			answer = JSON.parse((await readAll(download)).toString('utf8')) as IDataObject;
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

/** Waiting for a report: Obtain again until it is ready; at the timeout, the item fails naming the report. */
export const reportPolling: Polling<string, ReportDownload, IDataObject> = {
	check: obtainReport,
	intervalSeconds: 5,
	stillPending: (id, timedOut, timeoutSeconds) => ({
		message: `The report ${id} was not ready within the ${timeoutSeconds} s timeout`,
		description: `${timedOutWords(timedOut, timeoutSeconds)} Get it later with Report > Obtain and the report ID ${id}, or raise the Timeout (Seconds).`,
	}),
};

/**
 * The header line and the body of a TSV file as its bytes arrive, the body's rows counted (lines that are not
 * empty), without holding more than the header.
 */
class TsvBytes {
	private readonly headerParts: Buffer[] = [];
	private headerBytes = 0;
	header: string | undefined;
	rows = 0;
	/** Bytes of the body's current (unfinished) line, and whether it is only a carriage return so far. */
	private lineBytes = 0;
	private lineIsCr = false;
	lastBodyByte = -1;
	bodyBytes = 0;

	/** The body bytes of this chunk (after the header line). */
	push(chunk: Buffer): Buffer {
		let body = chunk;
		if (this.header === undefined) {
			const newline = chunk.indexOf(10);
			if (newline < 0) {
				this.headerParts.push(chunk);
				this.headerBytes += chunk.length;
				if (this.headerBytes > 1024 * 1024) throw new TsvLineTooLongError(1024 * 1024);
				return chunk.subarray(0, 0);
			}
			this.headerParts.push(chunk.subarray(0, newline));
			this.header = Buffer.concat(this.headerParts).toString('utf8').replace(/\r$/, '');
			this.headerParts.length = 0;
			body = chunk.subarray(newline + 1);
		}
		this.count(body);
		return body;
	}

	/** The end of the file: a last line without a line break is a row too; a file without one is all header. */
	end(): void {
		if (this.header === undefined) this.header = Buffer.concat(this.headerParts).toString('utf8').replace(/\r$/, '');
		if (this.lineBytes > 0 && !(this.lineBytes === 1 && this.lineIsCr)) this.rows++;
		this.lineBytes = 0;
	}

	private count(body: Buffer): void {
		if (body.length === 0) return;
		this.bodyBytes += body.length;
		this.lastBodyByte = body[body.length - 1];
		let start = 0;
		for (let newline = body.indexOf(10); newline !== -1; newline = body.indexOf(10, start)) {
			const bytes = this.lineBytes + newline - start;
			const onlyCr = bytes === 1 && (this.lineBytes === 1 ? this.lineIsCr : body[start] === 13);
			if (bytes > 0 && !onlyCr) this.rows++;
			this.lineBytes = 0;
			start = newline + 1;
		}
		if (start < body.length) {
			if (this.lineBytes === 0) this.lineIsCr = body[start] === 13;
			this.lineBytes += body.length - start;
		}
	}
}

type BinarySource = Parameters<IExecuteFunctions['helpers']['prepareBinaryData']>[0];
type Listener = (...args: unknown[]) => void;

/**
 * Bytes written by the node and read by n8n's binary data, a little at a time (the package may not import node's
 * `stream`): an async iterable, which n8n's filesystem mode writes to disk (fs.promises.writeFile), and the few
 * events (`data`, `end`, `error`, `close`) its memory mode reads a stream by. The writer waits while more than
 * `highWaterMark` bytes are waiting to be read.
 */
export class ByteChannel implements AsyncIterable<Buffer> {
	private readonly queue: Buffer[] = [];
	private queued = 0;
	private ended = false;
	private failure?: Error;
	private wake?: () => void;
	private room?: () => void;
	private pumping = false;
	private readonly listeners = new Map<string, Listener[]>();

	constructor(private readonly highWaterMark = 1024 * 1024) {}

	async write(chunk: Buffer): Promise<void> {
		if (this.failure) throw this.failure;
		this.queue.push(chunk);
		this.queued += chunk.length;
		this.wake?.();
		while (this.queued > this.highWaterMark && !this.failure) await new Promise<void>((resolve) => (this.room = resolve));
		if (this.failure) throw this.failure;
	}

	end(): void {
		this.ended = true;
		this.wake?.();
	}

	destroy(error?: Error): void {
		this.failure ??= error ?? new Error('The file was stopped');
		this.wake?.();
		this.room?.();
	}

	async *[Symbol.asyncIterator](): AsyncGenerator<Buffer> {
		for (;;) {
			const chunk = this.queue.shift();
			if (chunk) {
				this.queued -= chunk.length;
				if (this.queued <= this.highWaterMark) this.room?.();
				yield chunk;
				continue;
			}
			if (this.failure) throw this.failure;
			if (this.ended) return;
			await new Promise<void>((resolve) => (this.wake = resolve));
		}
	}

	on(event: string, listener: Listener): this {
		this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
		if (event === 'data' && !this.pumping) {
			this.pumping = true;
			void this.pump();
		}
		return this;
	}

	once(event: string, listener: Listener): this {
		const once: Listener = (...args) => {
			this.off(event, once);
			listener(...args);
		};
		return this.on(event, once);
	}

	off(event: string, listener: Listener): this {
		this.listeners.set(event, (this.listeners.get(event) ?? []).filter((known) => known !== listener));
		return this;
	}

	removeListener(event: string, listener: Listener): this {
		return this.off(event, listener);
	}

	private emit(event: string, ...args: unknown[]): void {
		for (const listener of this.listeners.get(event) ?? []) listener(...args);
	}

	private async pump(): Promise<void> {
		try {
			for await (const chunk of this) this.emit('data', chunk);
			this.emit('end');
		} catch (error) {
			this.emit('error', error);
		}
		this.emit('close');
	}
}

/**
 * The TSV file of the output, handed to n8n's binary data as a stream while it is written: in n8n's filesystem
 * mode (the default of n8n 2) it goes to disk as it comes, so the node never holds the file; n8n's memory and
 * database modes collect the stream into one buffer, as before. Started at the first bytes, so that an output
 * that ends up empty (When Empty: Output Nothing) stores nothing.
 */
class ReportFileWriter {
	private stream?: ByteChannel;
	private stored?: Promise<IBinaryData>;
	private failure?: Error;
	bytes = 0;

	/** The file's name: n8n is given it when the file starts, and the item gets the final one (known at the end). */
	fileName = 'report.tsv';

	constructor(private readonly ctx: OperationContext) {}

	get started(): boolean {
		return this.stream !== undefined;
	}

	async write(chunk: Buffer): Promise<void> {
		if (chunk.length === 0) return;
		if (!this.stream) {
			const stream = new ByteChannel();
			this.stream = stream;
			this.stored = this.ctx.fn.helpers.prepareBinaryData(stream as unknown as BinarySource, this.fileName, 'text/tab-separated-values');
			// Kept to be raised at the next write or at the end, never left unhandled.
			this.stored.catch((error: Error) => {
				this.failure = error;
				stream.destroy(error);
			});
		}
		if (this.failure) throw this.failure;
		this.bytes += chunk.length;
		// Waits while n8n has not taken what was written (backpressure): the download slows down, memory does not grow.
		await this.stream.write(chunk);
	}

	/** The file, its last bytes written; `whole` is the file when nothing was streamed. */
	async finish(whole: () => Buffer): Promise<IBinaryData> {
		if (!this.stream || !this.stored) {
			const file = whole();
			this.bytes = file.length;
			return await this.ctx.fn.helpers.prepareBinaryData(file, this.fileName, 'text/tab-separated-values');
		}
		this.stream.end();
		const binary = await this.stored;
		binary.fileName = this.fileName;
		return binary;
	}

	/** Stops a file that will not be output (a later window failed): n8n drops what it wrote. */
	abort(error: Error): void {
		this.stream?.destroy(error);
	}
}

function asBuffer(chunk: Buffer | Uint8Array | string): Buffer {
	if (typeof chunk === 'string') return Buffer.from(chunk, 'utf8');
	return Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
}

/** Words of a download that broke in the middle (a read: nothing changed on the platform). */
function brokenDownload(ctx: OperationContext, id: string, error: unknown, rows: number): never {
	if (error instanceof TsvLineTooLongError) ctx.fail(`The report ${id} could not be read: ${error.message}`, `Get it again later with Report > Obtain and the report ID ${id}.`);
	const code = (error as { code?: string })?.code;
	const what = code === 'Z_DATA_ERROR' || code === 'Z_BUF_ERROR' ? 'its compressed data was damaged or cut short' : code === 'ECONNRESET' || code === 'ERR_STREAM_PREMATURE_CLOSE' ? 'the connection broke' : 'the download stopped';
	return ctx.fail(
		`The download of the report ${id} broke after ${rows} row(s): ${what}`,
		`Nothing changed on the platform: the report is kept there. Get it again with Report > Obtain and the report ID ${id}, or run the node again.`,
	);
}

/** The item(s) of a ready report, read as it downloads: rows as items, the file as it came (written as it arrives), or both. */
export async function reportItems(ctx: OperationContext, id: string, download: ReportDownload): Promise<INodeExecutionData[]> {
	const output = ctx.param<string>('output', 'items');
	const items: INodeExecutionData[] = [];
	const parser = output !== 'binary' ? new TsvReportParser() : undefined;
	const file = output !== 'items' ? new ReportFileWriter(ctx) : undefined;
	if (file) file.fileName = `report-${id}.tsv`;
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
	if (!file) return items;
	const property = ctx.param<string>('binaryPropertyName', 'data') || 'data';
	const binary = await file.finish(() => Buffer.from(bytes.header ?? '', 'utf8'));
	if (items.length === 0) {
		items.push({ json: { reportId: outputId(id), bytes: file.bytes, columns: bytes.header ? bytes.header.split('\t') : [] } });
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

const NEWLINE = Buffer.from('\n');

/**
 * The windows of one report, added in order as each is obtained, turned into one output as each downloads: the
 * rows of every window in order, or one TSV file with the header once (each window's body appended to n8n's
 * binary data as it arrives, never held), or both.
 */
export class WindowedReport {
	private readonly items: INodeExecutionData[] = [];
	private header: string | undefined;
	private readonly file: ReportFileWriter;
	readonly windows: WindowSummary[] = [];

	constructor(private readonly ctx: OperationContext) {
		this.file = new ReportFileWriter(ctx);
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
		this.file.fileName = this.windows.length === 0 ? `report-${first}.tsv` : `report-${first}-to-${outputId(id)}.tsv`;
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

	/** Stops the file of a period that will not be output (a window failed). */
	abort(error: Error): void {
		this.file.abort(error);
	}

	/** The output of the whole period; `period` as sent, for the summary and the empty item. */
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
		if (output === 'items') return rows === 0 ? [{ json: summary }] : this.items;

		const property = this.ctx.param<string>('binaryPropertyName', 'data') || 'data';
		const binary = await this.file.finish(() => Buffer.from(`${this.header ?? ''}\n`, 'utf8'));
		const items: INodeExecutionData[] =
			rows === 0 || output === 'binary' ? [{ json: { ...summary, bytes: this.file.bytes, columns: this.header ? this.header.split('\t') : [] } }] : this.items;
		items[0].binary = { [property]: binary };
		return items;
	}
}
