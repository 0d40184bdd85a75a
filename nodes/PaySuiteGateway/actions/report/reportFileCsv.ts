/**
 * The TSV report as CSV (RFC 4180) as its bytes arrive, cells as sent (nothing parsed). A UTF-8 byte-order mark first:
 * without it spreadsheets and n8n's viewer read "José" as "JosÃ©". On bytes: tab, comma, quote and line breaks never
 * occur inside a UTF-8 multi-byte character, so a chunk may end anywhere. Pure.
 */
import { TsvLineTooLongError } from '../../../shared/reports/reportTsv';

const TAB = 9;
const LF = 10;
const CR = 13;
const QUOTE = 34;
const COMMA = 44;
const CRLF = Buffer.from('\r\n');
const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);
/** As the row parser's limit. */
const MAX_LINE_BYTES = 1024 * 1024;

function needsQuotes(bytes: Buffer, start: number, end: number): boolean {
	for (let index = start; index < end; index++) {
		const byte = bytes[index];
		if (byte === COMMA || byte === QUOTE || byte === CR) return true;
	}
	return false;
}

function quoted(field: Buffer): Buffer {
	const parts: Buffer[] = [Buffer.from('"')];
	let from = 0;
	for (let quote = field.indexOf(QUOTE); quote !== -1; quote = field.indexOf(QUOTE, from)) {
		parts.push(field.subarray(from, quote + 1), Buffer.from('"'));
		from = quote + 1;
	}
	parts.push(field.subarray(from), Buffer.from('"'));
	return Buffer.concat(parts);
}

/** Without its CRLF. */
export function csvRecord(line: Buffer): Buffer {
	if (!needsQuotes(line, 0, line.length)) {
		// The usual line: the same bytes with commas for tabs.
		const record = Buffer.from(line);
		for (let tab = record.indexOf(TAB); tab !== -1; tab = record.indexOf(TAB, tab + 1)) record[tab] = COMMA;
		return record;
	}
	const fields: Buffer[] = [];
	let start = 0;
	for (let end = line.indexOf(TAB); ; end = line.indexOf(TAB, start)) {
		const field = line.subarray(start, end === -1 ? line.length : end);
		fields.push(needsQuotes(field, 0, field.length) ? quoted(field) : field);
		if (end === -1) break;
		fields.push(Buffer.from(','));
		start = end + 1;
	}
	return Buffer.concat(fields);
}

/** Each returns the CSV bytes of the lines completed. */
export class TsvToCsv {
	private readonly pending: Buffer[] = [];
	private pendingBytes = 0;
	private started = false;

	push(chunk: Buffer): Buffer {
		const out: Buffer[] = [];
		let start = 0;
		for (let newline = chunk.indexOf(LF); newline !== -1; newline = chunk.indexOf(LF, start)) {
			this.record(out, this.takeLine(chunk.subarray(start, newline)));
			start = newline + 1;
		}
		if (start < chunk.length) {
			this.pending.push(chunk.subarray(start));
			this.pendingBytes += chunk.length - start;
			if (this.pendingBytes > MAX_LINE_BYTES) throw new TsvLineTooLongError(MAX_LINE_BYTES);
		}
		return Buffer.concat(out);
	}

	/** The last line, when the file does not end with a line break. Pushing may go on after (a next window). */
	end(): Buffer {
		const out: Buffer[] = [];
		if (this.pendingBytes > 0) this.record(out, this.takeLine(Buffer.alloc(0)));
		return Buffer.concat(out);
	}

	/** Joins the held start of a line with its end; a `\r` before the line break goes. */
	private takeLine(rest: Buffer): Buffer {
		const line = this.pending.length === 0 ? rest : Buffer.concat([...this.pending, rest]);
		this.pending.length = 0;
		this.pendingBytes = 0;
		return line.length > 0 && line[line.length - 1] === CR ? line.subarray(0, line.length - 1) : line;
	}

	private record(out: Buffer[], line: Buffer): void {
		if (line.length === 0) return;
		if (!this.started) out.push(UTF8_BOM);
		this.started = true;
		out.push(csvRecord(line), CRLF);
	}
}

/** Tests, and a file that is only its header. */
export function tsvToCsv(tsv: Buffer): Buffer {
	const converter = new TsvToCsv();
	return Buffer.concat([converter.push(tsv), converter.end()]);
}
