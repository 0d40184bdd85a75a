/** The report's TSV file, handed to n8n's binary data while it is written. */
import type { IBinaryData, IExecuteFunctions } from 'n8n-workflow';

import type { OperationContext } from '../../../shared/operation/types';
import { ByteChannel } from './byteChannel';

type BinarySource = Parameters<IExecuteFunctions['helpers']['prepareBinaryData']>[0];

/**
 * The TSV file of the output, handed to n8n's binary data as a stream while it is written: in n8n's filesystem
 * mode (the default of n8n 2) it goes to disk as it comes, so the node never holds the file; n8n's memory and
 * database modes collect the stream into one buffer, as before. Started at the first bytes, so that an output
 * that ends up empty (When Empty: Output Nothing) stores nothing.
 */
export class ReportFileWriter {
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
