/**
 * Benchmark of the gateway report parser (nodes/shared/reportTsv.ts) against a naive "split everything" parse,
 * side by side in one run, on the same 100,000-row TSV (29 columns, as the spec's report with the type column).
 *
 * Each mode runs in its own child process (fresh heap, --expose-gc) so peak heaps do not mix:
 * - streaming:        64 KiB chunks through TsvReportParser, rows consumed one by one (sum of amounts) and dropped
 * - streaming-retain: the same, but every row kept in an array (what the node does: one n8n item per row)
 * - naive:            decode the whole file, split into lines, split each line, convert, keep every row
 *
 * Run (see bench/README.md):
 *   node --expose-gc -r ts-node/register/transpile-only bench/report-parse.bench.ts [rows]
 */
import { spawnSync } from 'child_process';

import { convertCell, sliceBuffer, TsvReportParser, type ReportRow } from '../nodes/shared/reportTsv';
import { REPORT_COLUMNS as SANDBOX_COLUMNS } from '../sandbox/routes/gateway/report/obtain';

/** The report's columns as the sandbox writes them, with the type column of a report filtered by type. */
const REPORT_COLUMNS = [...SANDBOX_COLUMNS, 'type'];



type Mode = 'streaming' | 'streaming-retain' | 'naive';
const MODES: Mode[] = ['streaming', 'streaming-retain', 'naive'];

interface Result {
	mode: Mode;
	rows: number;
	ms: number;
	rowsPerSecond: number;
	peakHeapMiB: number;
	inputMiB: number;
	checksum: number;
}

function makeTsv(rows: number): Buffer {
	const lines = [REPORT_COLUMNS.join('\t')];
	for (let i = 0; i < rows; i++) {
		const amount = (10 + ((i * 37) % 9990) + (i % 100) / 100).toFixed(2);
		lines.push(
			[
				i + 1,
				'2025-01-31T10:00:00+00:00',
				'2025-01-31T10:00:05+00:00',
				`ORDER-${String(i + 1).padStart(6, '0')}`,
				'USD',
				amount,
				(Number(amount) * 0.19).toFixed(2),
				'CRA',
				900000000 + i,
				i % 5 === 3 ? 'REJECTED' : 'APPROVED',
				i % 5 === 3 ? '05' : '00',
				'Demo merchant',
				'00990001',
				String(100000 + (i % 900000)).padStart(6, '0'),
				'false',
				1 + (i % 12),
				String(1000 + (i % 9000)),
				'USD',
				1,
				amount,
				'Sandbox Bank',
				String(10000000 + i),
				'José',
				'Gómez',
				`payer.${i}@example.com`,
				`10.0.${(i >> 8) & 255}.${i & 255}`,
				1 + Math.floor(i / 1000),
				1 + (i % 1000),
				'AUTH_ONLY',
			].join('\t'),
		);
	}
	return Buffer.from(`${lines.join('\n')}\n`, 'utf8');
}

function gc(): void {
	(globalThis as { gc?: () => void }).gc?.();
}

function runMode(mode: Mode, rows: number): Result {
	const file = makeTsv(rows);
	gc();
	const baseline = process.memoryUsage().heapUsed;
	let peak = 0;
	const sample = () => {
		const used = process.memoryUsage().heapUsed - baseline;
		if (used > peak) peak = used;
	};
	let count = 0;
	let checksum = 0;
	const kept: ReportRow[] = [];
	const started = process.hrtime.bigint();

	if (mode === 'naive') {
		const text = file.toString('utf8');
		sample();
		const lines = text.split('\n');
		sample();
		const header = lines[0].split('\t');
		for (let index = 1; index < lines.length; index++) {
			if (lines[index] === '') continue;
			const cells = lines[index].split('\t');
			const row: ReportRow = {};
			for (let c = 0; c < header.length; c++) row[header[c]] = convertCell(header[c], cells[c] ?? '');
			kept.push(row);
			count++;
			checksum += row.amount as number;
			if (count % 1000 === 0) sample();
		}
	} else {
		const parser = new TsvReportParser();
		const take = (row: ReportRow) => {
			count++;
			checksum += row.amount as number;
			if (mode === 'streaming-retain') kept.push(row);
			if (count % 1000 === 0) sample();
		};
		for (const chunk of sliceBuffer(file)) for (const row of parser.push(chunk)) take(row);
		for (const row of parser.end()) take(row);
	}
	sample();
	const ms = Number(process.hrtime.bigint() - started) / 1e6;
	if (kept.length !== 0 && kept.length !== count) throw new Error('lost rows');
	return {
		mode,
		rows: count,
		ms: Math.round(ms),
		rowsPerSecond: Math.round(count / (ms / 1000)),
		peakHeapMiB: Math.round((peak / 1024 / 1024) * 10) / 10,
		inputMiB: Math.round((file.length / 1024 / 1024) * 10) / 10,
		checksum: Math.round(checksum),
	};
}

function main(): void {
	const [, , first, second] = process.argv;
	if (first === '--child') {
		const result = runMode(second as Mode, Number(process.argv[4]));
		process.stdout.write(JSON.stringify(result));
		return;
	}
	const rows = Number(first ?? 100_000);
	const results: Result[] = [];
	for (const mode of MODES) {
		const child = spawnSync(process.execPath, [...process.execArgv, __filename, '--child', mode, String(rows)], { encoding: 'utf8' });
		if (child.status !== 0) throw new Error(`${mode} failed: ${child.stderr}`);
		results.push(JSON.parse(child.stdout) as Result);
	}
	if (new Set(results.map((r) => r.checksum)).size !== 1 || new Set(results.map((r) => r.rows)).size !== 1) {
		throw new Error(`The modes disagree: ${JSON.stringify(results)}`);
	}
	console.log(`Report parse, ${rows} rows, ${results[0].inputMiB} MiB of TSV, node ${process.version}, ${new Date().toISOString()}`);
	console.log('| mode | rows | time (ms) | rows/s | peak heap above input (MiB) |');
	console.log('|---|---:|---:|---:|---:|');
	for (const r of results) console.log(`| ${r.mode} | ${r.rows} | ${r.ms} | ${r.rowsPerSecond} | ${r.peakHeapMiB} |`);
}

main();
