/**
 * Ways into the report parser (nodes/shared/reports/reportTsv.ts) that only tests need: a whole report from
 * chunks or a stream, a buffer cut in slices, one cell or one line. The nodes use TsvReportParser itself.
 */
import { converterFor, TsvReportParser, type ColumnPlan, type ReportRow } from '../../nodes/shared/reports/reportTsv';

type TsvParserOptions = ConstructorParameters<typeof TsvReportParser>[0];
type ReportValue = ReportRow[string];

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

/** One cell as the row holds it: numbers as numbers in numeric columns, text elsewhere (never guessed). */
export function convertCell(column: string, raw: string, options: TsvParserOptions = {}): ReportValue {
	const convert = converterFor(column, options);
	return convert ? convert(raw) : raw;
}

/** The row of one line under a plan's columns (default conversions), as the parser reads it after the header. */
export function rowOf(plan: ColumnPlan, line: string): ReportRow {
	const parser = new TsvReportParser();
	const rows = [...parser.push(`${plan.names.join('\t')}\n${line}`), ...parser.end()];
	if (rows.length !== 1) throw new Error(`expected one row from ${JSON.stringify(line)}, got ${rows.length}`);
	return rows[0];
}
