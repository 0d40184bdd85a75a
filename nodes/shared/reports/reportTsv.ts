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

/** 10^0 … 10^15: exact as numbers, so a division by one of them is rounded once, as Number() rounds. */
const POWERS_OF_TEN = Array.from({ length: 16 }, (_, power) => 10 ** power);

/**
 * The fast path of toNumber, for how report cells are written: an optional minus, at most 15 digits, an
 * optional fraction (`-12`, `120.50`). Undefined for anything else (spaces, exponent, long digits, text,
 * empty), which takes the careful path. The value is exact: the digits as one whole number below 2^53 divided
 * by an exact power of ten is correctly rounded, the same number Number() gives (the classic fast path of
 * decimal conversion), without the regular expression, trim and string-to-number call that dominated the
 * parser's profile.
 */
function plainNumber(raw: string): number | undefined {
	const length = raw.length;
	const negative = raw.charCodeAt(0) === 45; // '-'
	let index = negative ? 1 : 0;
	if (index === length || length - index > 16) return undefined;
	let whole = 0;
	let digits = 0;
	let decimals = -1; // -1: no decimal point yet
	for (; index < length; index++) {
		const code = raw.charCodeAt(index);
		if (code >= 48 && code <= 57) {
			whole = whole * 10 + (code - 48);
			digits++;
			if (decimals >= 0) decimals++;
		} else if (code === 46 && decimals === -1 && digits > 0) {
			decimals = 0;
		} else {
			return undefined;
		}
	}
	if (decimals === 0 || digits > 15) return undefined; // '12.' is not a number; long digits need the safe-integer check
	const value = decimals > 0 ? whole / POWERS_OF_TEN[decimals] : whole;
	return negative ? -value : value;
}

/** A cell of a numeric column: a number, null when empty, the text as it is when it is not a number. */
function toNumber(raw: string): ReportValue {
	const plain = plainNumber(raw);
	if (plain !== undefined) return plain;
	const trimmed = raw.trim();
	if (trimmed === '') return null;
	if (!NUMBER.test(trimmed)) return raw;
	const value = Number(trimmed);
	// A whole number too long to be exact as a number (an internal reference beyond 2^53) keeps its digits, as answers do.
	return Number.isSafeInteger(value) || !WHOLE_NUMBER.test(trimmed) ? value : trimmed;
}

/** A cell of a yes/no column: `true`/`false`/`1`/`0` (any case) as booleans, null when empty, other text as it is. */
function toBoolean(raw: string): ReportValue {
	// The report writes `false`/`true`: answered without trimming or lowercasing.
	if (raw === 'false') return false;
	if (raw === 'true') return true;
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

/** The conversion plan of a report: its column names (from the header), each column's converter, an empty row. */
export interface ColumnPlan {
	readonly names: readonly string[];
	readonly converters: readonly CellConverter[];
	/**
	 * Every column null, in header order. Rows are copies of it (`{ ...blank }`) whose cells are then replaced:
	 * all rows share one hidden class with fast properties. A row grown key by key (`row[name] = …` on `{}`)
	 * turns into a slow dictionary after 16 keys in V8, which made most of the parser's time and memory; a
	 * constructor compiled per header would do the same as the copy, but n8n's rules forbid `new Function`.
	 */
	readonly blank: Readonly<ReportRow>;
}

/** Worked out once per report, from its header line (names trimmed, a byte order mark already removed). */
export function columnPlan(header: string, options: TsvParserOptions = {}): ColumnPlan {
	const names = header.split('\t').map((name) => name.trim());
	const blank: ReportRow = Object.fromEntries(names.map((name) => [name, null]));
	return { names, converters: names.map((name) => converterFor(name, options)), blank };
}

/**
 * Where the next tab is in a text being read. Remembered between lines, so that the search for a line's last
 * cell, which runs on to the next line's first tab, is not repeated; and a report without tabs (one column)
 * is not searched to its end once per line.
 */
class TabFinder {
	private next = -1;

	constructor(private readonly text: string) {}

	/** The first tab at or after `from`, or the text's length when there is none. */
	from(from: number): number {
		if (this.next < from) {
			const found = this.text.indexOf('\t', from);
			this.next = found === -1 ? this.text.length : found;
		}
		return this.next;
	}
}

/**
 * The row of `text` from `start` to `end` (one line, without its line break), read in place: each cell is cut
 * from the text once, with no line string nor array of cells in between. Missing cells are null; cells beyond
 * the header are kept under `column_N`.
 */
function rowAt(plan: ColumnPlan, text: string, start: number, end: number, tabs: TabFinder): ReportRow {
	const { names, converters } = plan;
	const row: ReportRow = { ...plan.blank };
	let index = 0;
	for (let cell = start; ; index++) {
		const tab = tabs.from(cell);
		const cellEnd = tab < end ? tab : end;
		const raw = text.slice(cell, cellEnd);
		if (index < names.length) {
			const convert = converters[index];
			row[names[index]] = convert === undefined ? raw : convert(raw);
		} else {
			row[`column_${index + 1}`] = raw; // kept rather than lost
		}
		if (cellEnd === end) break;
		cell = cellEnd + 1;
	}
	// Null already, unless a name repeats in the header (the last cell of that name wins, and a missing one is null).
	for (index++; index < names.length; index++) row[names[index]] = null;
	return row;
}

/** Whether text[start, end) holds nothing but white space (as `trim() === ''`), checked without copying it. */
function isBlank(text: string, start: number, end: number): boolean {
	if (start === end) return true;
	const first = text.charCodeAt(start);
	// A line starting with a printable ASCII character (every row of a report) is not blank.
	if (first > 32 && first < 127) return false;
	return text.slice(start, end).trim() === '';
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
		const tabs = new TabFinder(text);
		let start = 0;
		for (let newline = text.indexOf('\n', start); newline !== -1; newline = text.indexOf('\n', start)) {
			this.line(text, start, newline, tabs, out);
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
		// The last line, without a line break after it (or none when the report ended with one).
		if (rest.length) this.line(rest, 0, rest.length, new TabFinder(rest), out);
		return out;
	}

	/** One line: text[start, end), its line break excluded. The first line that is not blank is the header. */
	private line(text: string, start: number, end: number, tabs: TabFinder, out: ReportRow[]): void {
		if (end > start && text.charCodeAt(end - 1) === 13) end--; // CRLF
		if (this.plan === undefined) {
			let header = text.slice(start, end);
			if (header.charCodeAt(0) === 0xfeff) header = header.slice(1);
			if (header.trim() === '') return;
			this.plan = columnPlan(header, this.options);
			return;
		}
		if (isBlank(text, start, end)) return;
		this.rows++;
		out.push(rowAt(this.plan, text, start, end, tabs));
	}
}
