/**
 * The report's file as CSV (RFC 4180), written from the platform's tab-separated bytes as they arrive: each
 * line becomes a record ended by CRLF, each tab a comma, and a field holding a comma, a double quote or a
 * carriage return goes between double quotes (its quotes doubled). Every cell keeps its characters as sent:
 * IDs keep all their digits, amounts their decimals; nothing is parsed. Empty lines are dropped. The file
 * starts with UTF-8's byte-order mark: without it, spreadsheets and n8n's file viewer read the UTF-8 of names
 * such as "José" as other characters ("JosÃ©"). Works on bytes:
 * tab, comma, quote and line breaks are single bytes that never occur inside a UTF-8 multi-byte character, so a
 * chunk may end anywhere. Pure: nothing here knows about n8n.
 */
import { TsvLineTooLongError } from '../../../shared/reports/reportTsv';

const TAB = 9;
const LF = 10;
const CR = 13;
const QUOTE = 34;
const COMMA = 44;
const CRLF = Buffer.from('\r\n');
/** UTF-8's byte-order mark, first in the file. */
const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);
/** The longest line held while waiting for its end (as the row parser's limit). */
const MAX_LINE_BYTES = 1024 * 1024;

/** Whether a field needs quotes: it holds a comma, a double quote or a carriage return. */
function needsQuotes(bytes: Buffer, start: number, end: number): boolean {
	for (let index = start; index < end; index++) {
		const byte = bytes[index];
		if (byte === COMMA || byte === QUOTE || byte === CR) return true;
	}
	return false;
}

/** One field between double quotes, its own double quotes doubled. */
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

/** One TSV line (no line break) as one CSV record, without its CRLF. */
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

/** Feed the TSV's bytes with `push`, then call `end`; each returns the CSV bytes of the lines completed. */
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

	/** The held start of a line joined with its end (a line break's `\r` removed). */
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

/** A whole TSV text as CSV (tests, and a file that is only its header). */
export function tsvToCsv(tsv: Buffer): Buffer {
	const converter = new TsvToCsv();
	return Buffer.concat([converter.push(tsv), converter.end()]);
}
