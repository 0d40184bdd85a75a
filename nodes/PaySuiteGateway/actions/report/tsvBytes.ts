/** Counting the rows of a TSV file as its bytes arrive (for the output's summary when no row is parsed). */
import { TsvLineTooLongError } from '../../../shared/reports/reportTsv';

/** Splits off the header line and counts the body's non-empty rows, holding no more than the header. */
export class TsvBytes {
	private readonly headerParts: Buffer[] = [];
	private headerBytes = 0;
	header: string | undefined;
	rows = 0;
	/** Bytes of the body's current (unfinished) line, and whether it is only a carriage return so far. */
	private lineBytes = 0;
	private lineIsCr = false;
	lastBodyByte = -1;
	bodyBytes = 0;

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

	/** A last line without a line break is a row too; a file without one is all header. */
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
