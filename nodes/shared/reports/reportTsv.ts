/**
 * Streaming parser for the gateway's transaction report (TSV with a header line). Only the unfinished last line is
 * kept between chunks, so memory is bounded by the longest line. Pure.
 */

type ReportValue = string | number | boolean | null;
export type ReportRow = Record<string, ReportValue>;

/** Numeric columns of the spec's report (empty → null). */
const NUMERIC_REPORT_COLUMNS: ReadonlySet<string> = new Set(['id', 'amount', 'tax', 'internal_reference', 'installments', 'bank_factor', 'bank_amount', 'batch_number', 'line_number']);

/** `true`/`false`/`1`/`0` (any case) become booleans; other text stays. */
const BOOLEAN_REPORT_COLUMNS: ReadonlySet<string> = new Set(['refunded']);

interface TsvParserOptions {
	numericColumns?: ReadonlySet<string>;
	booleanColumns?: ReadonlySet<string>;
	/** Longer lines are refused rather than held in memory. Default 1 MiB. */
	maxLineLength?: number;
}

const NUMBER = /^-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?$/;
const WHOLE_NUMBER = /^-?\d+$/;

/** Exact as numbers, so a division by one of them rounds once, as Number() does. */
const POWERS_OF_TEN = Array.from({ length: 16 }, (_, power) => 10 ** power);

/**
 * Fast path for cells as the report writes them (`-12`, `120.50`, at most 15 digits); undefined sends anything else to
 * the careful path. Exact: an integer below 2^53 divided by an exact power of ten is correctly rounded, as Number()
 * gives. Regex, trim and Number() dominated the parser's profile.
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

/** Null when empty; text that is not a number stays as it is. */
function toNumber(raw: string): ReportValue {
	const plain = plainNumber(raw);
	if (plain !== undefined) return plain;
	const trimmed = raw.trim();
	if (trimmed === '') return null;
	if (!NUMBER.test(trimmed)) return raw;
	const value = Number(trimmed);
	// An internal reference beyond 2^53 keeps its digits, as answers do.
	return Number.isSafeInteger(value) || !WHOLE_NUMBER.test(trimmed) ? value : trimmed;
}

/** Null when empty; other text stays. */
function toBoolean(raw: string): ReportValue {
	// The report writes `false`/`true`: no trimming or lowercasing for them.
	if (raw === 'false') return false;
	if (raw === 'true') return true;
	const lower = raw.trim().toLowerCase();
	if (lower === 'true' || lower === '1') return true;
	if (lower === 'false' || lower === '0') return false;
	if (lower === '') return null;
	return raw;
}

/** `undefined` keeps the text (most columns). */
export type CellConverter = ((raw: string) => ReportValue) | undefined;

/** Chosen once per column from the header, not per cell. */
export function converterFor(column: string, options: TsvParserOptions = {}): CellConverter {
	if ((options.numericColumns ?? NUMERIC_REPORT_COLUMNS).has(column)) return toNumber;
	if ((options.booleanColumns ?? BOOLEAN_REPORT_COLUMNS).has(column)) return toBoolean;
	return undefined;
}

export interface ColumnPlan {
	readonly names: readonly string[];
	readonly converters: readonly CellConverter[];
	/**
	 * Every column null, in header order. Rows are copies (`{ ...blank }`), so they share one hidden class: a row
	 * grown key by key becomes a slow dictionary after 16 keys in V8 (most of the parser's time and memory). A
	 * constructor compiled per header would need `new Function`, which n8n's rules forbid.
	 */
	readonly blank: Readonly<ReportRow>;
}

/** Once per report; names trimmed, a byte order mark already removed. */
export function columnPlan(header: string, options: TsvParserOptions = {}): ColumnPlan {
	const names = header.split('\t').map((name) => name.trim());
	const blank: ReportRow = Object.fromEntries(names.map((name) => [name, null]));
	return { names, converters: names.map((name) => converterFor(name, options)), blank };
}

/**
 * Remembers the next tab, so the search for a line's last cell (which runs on to the next line's first tab) is not
 * repeated, and a one-column report is not searched to its end once per line.
 */
class TabFinder {
	private next = -1;

	constructor(private readonly text: string) {}

	/** Or the text's length when there is none. */
	from(from: number): number {
		if (this.next < from) {
			const found = this.text.indexOf('\t', from);
			this.next = found === -1 ? this.text.length : found;
		}
		return this.next;
	}
}

/** Cells are cut from the text in place. Missing cells are null; extra ones go under `column_N`. */
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
	// Null already, unless a name repeats in the header (the last cell of that name wins).
	for (index++; index < names.length; index++) row[names[index]] = null;
	return row;
}

/** As `trim() === ''`, without copying. */
function isBlank(text: string, start: number, end: number): boolean {
	if (start === end) return true;
	const first = text.charCodeAt(start);
	// Every row of a report starts with printable ASCII.
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

	/** Once the header line has been read. */
	get columns(): string[] | undefined {
		return this.plan?.names.slice();
	}

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
		// The last line, when the report did not end with a line break.
		if (rest.length) this.line(rest, 0, rest.length, new TabFinder(rest), out);
		return out;
	}

	/** text[start, end) without its line break; the first line that is not blank is the header. */
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
