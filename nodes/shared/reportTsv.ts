/**
 * A streaming parser for the gateway's transaction report (a tab-separated file with a header line): chunks of
 * bytes or text in, rows out. It keeps only the unfinished last line between chunks, so its own memory is
 * bounded by the longest line, whatever the size of the report. Multi-byte characters split across chunks are
 * decoded correctly. Pure: nothing here knows about n8n.
 */

type ReportValue = string | number | boolean | null;
export type ReportRow = Record<string, ReportValue>;

/** Columns of the spec's report that hold numbers: turned into numbers (empty → null). */
const NUMERIC_REPORT_COLUMNS: ReadonlySet<string> = new Set([
	'id',
	'amount',
	'tax',
	'internal_reference',
	'installments',
	'bank_factor',
	'bank_amount',
	'batch_number',
	'line_number',
]);

/** Columns that hold a yes/no: `true`/`false`/`1`/`0` (any case) become booleans; anything else stays text. */
const BOOLEAN_REPORT_COLUMNS: ReadonlySet<string> = new Set(['refunded']);

interface TsvParserOptions {
	numericColumns?: ReadonlySet<string>;
	booleanColumns?: ReadonlySet<string>;
	/** A line longer than this (characters) is refused rather than held in memory. Default 1 MiB. */
	maxLineLength?: number;
}

const NUMBER = /^-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?$/;
const WHOLE_NUMBER = /^-?\d+$/;

/** A cell of a numeric column: a number, null when empty, the text as it is when it is not a number. */
function toNumber(raw: string): ReportValue {
	const trimmed = raw.trim();
	if (trimmed === '') return null;
	if (!NUMBER.test(trimmed)) return raw;
	const value = Number(trimmed);
	// A whole number too long to be exact as a number (an internal reference beyond 2^53) keeps its digits, as answers do.
	return Number.isSafeInteger(value) || !WHOLE_NUMBER.test(trimmed) ? value : trimmed;
}

/** A cell of a yes/no column: `true`/`false`/`1`/`0` (any case) as booleans, null when empty, other text as it is. */
function toBoolean(raw: string): ReportValue {
	const lower = raw.trim().toLowerCase();
	if (lower === 'true' || lower === '1') return true;
	if (lower === 'false' || lower === '0') return false;
	if (lower === '') return null;
	return raw;
}

/** How the cells of one column become values: `undefined` keeps the text as it is (most columns: nothing to do). */
export type CellConverter = ((raw: string) => ReportValue) | undefined;

/** The converter of a column, chosen once from its name (the header), not per cell. */
export function converterFor(column: string, options: TsvParserOptions = {}): CellConverter {
	if ((options.numericColumns ?? NUMERIC_REPORT_COLUMNS).has(column)) return toNumber;
	if ((options.booleanColumns ?? BOOLEAN_REPORT_COLUMNS).has(column)) return toBoolean;
	return undefined;
}

/** One cell as the row holds it: numbers as numbers in numeric columns, text elsewhere (never guessed). */
export function convertCell(column: string, raw: string, options: TsvParserOptions = {}): ReportValue {
	const convert = converterFor(column, options);
	return convert ? convert(raw) : raw;
}

/** The conversion plan of a report: its column names (from the header) and each column's converter. */
export interface ColumnPlan {
	readonly names: readonly string[];
	readonly converters: readonly CellConverter[];
}

/** Worked out once per report, from its header line (names trimmed, a byte order mark already removed). */
export function columnPlan(header: string, options: TsvParserOptions = {}): ColumnPlan {
	const names = header.split('\t').map((name) => name.trim());
	return { names, converters: names.map((name) => converterFor(name, options)) };
}

/** The row of one line (without its line break): missing cells null, cells beyond the header under `column_N`. */
export function rowOf(plan: ColumnPlan, line: string): ReportRow {
	const cells = line.split('\t');
	const { names, converters } = plan;
	const row: ReportRow = {};
	const known = Math.min(names.length, cells.length);
	for (let index = 0; index < known; index++) {
		const convert = converters[index];
		row[names[index]] = convert === undefined ? cells[index] : convert(cells[index]);
	}
	for (let index = known; index < names.length; index++) row[names[index]] = null;
	// Cells beyond the header are kept rather than lost.
	for (let index = names.length; index < cells.length; index++) row[`column_${index + 1}`] = cells[index];
	return row;
}

export class TsvLineTooLongError extends Error {
	constructor(readonly limit: number) {
		super(`A line of the report is longer than ${limit} characters; the file does not look like a tab-separated report`);
	}
}

/** Feed chunks with `push`, then call `end`; each returns the rows completed so far. */
export class TsvReportParser {
	private readonly decoder = new TextDecoder('utf-8');
	private carry = '';
	private plan?: ColumnPlan;
	private rows = 0;
	private readonly limit: number;

	constructor(private readonly options: TsvParserOptions = {}) {
		this.limit = options.maxLineLength ?? 1024 * 1024;
	}

	/** The header's column names, once the header line has been read. */
	get columns(): string[] | undefined {
		return this.plan?.names.slice();
	}

	/** Rows returned so far. */
	get rowCount(): number {
		return this.rows;
	}

	push(chunk: Uint8Array | string): ReportRow[] {
		const text = this.carry + (typeof chunk === 'string' ? chunk : this.decoder.decode(chunk, { stream: true }));
		const out: ReportRow[] = [];
		let start = 0;
		for (let newline = text.indexOf('\n', start); newline !== -1; newline = text.indexOf('\n', start)) {
			this.line(text.slice(start, newline), out);
			start = newline + 1;
		}
		this.carry = start === 0 ? text : text.slice(start);
		if (this.carry.length > this.limit) throw new TsvLineTooLongError(this.limit);
		return out;
	}

	end(): ReportRow[] {
		const out: ReportRow[] = [];
		const rest = this.carry + this.decoder.decode();
		this.carry = '';
		if (rest.length) {
			for (const line of rest.split('\n')) this.line(line, out);
		}
		return out;
	}

	private line(raw: string, out: ReportRow[]): void {
		let line = raw.charCodeAt(raw.length - 1) === 13 ? raw.slice(0, -1) : raw;
		if (this.plan === undefined) {
			if (line.charCodeAt(0) === 0xfeff) line = line.slice(1);
			if (line.trim() === '') return;
			this.plan = columnPlan(line, this.options);
			return;
		}
		if (line.trim() === '') return;
		this.rows++;
		out.push(rowOf(this.plan, line));
	}
}

/** Rows of a report given as chunks (a buffer cut in slices, a stream's chunks...), one at a time. */
export function* parseTsvChunks(chunks: Iterable<Uint8Array | string>, options?: TsvParserOptions): Generator<ReportRow> {
	const parser = new TsvReportParser(options);
	for (const chunk of chunks) yield* parser.push(chunk);
	yield* parser.end();
}

/** The same for an async source, such as a readable stream. */
export async function* parseTsvStream(chunks: AsyncIterable<Uint8Array | string>, options?: TsvParserOptions): AsyncGenerator<ReportRow> {
	const parser = new TsvReportParser(options);
	for await (const chunk of chunks) yield* parser.push(chunk);
	yield* parser.end();
}

/** A buffer held in memory, cut into slices of `size` bytes without copying. */
export function* sliceBuffer(buffer: Uint8Array, size = 64 * 1024): Generator<Uint8Array> {
	for (let offset = 0; offset < buffer.length; offset += size) yield buffer.subarray(offset, Math.min(offset + size, buffer.length));
}
