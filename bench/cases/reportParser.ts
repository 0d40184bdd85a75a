/**
 * "Report parser, 1M rows (items)": the package's report parser (nodes/shared/reports/reportTsv.ts) against a bare
 * split and readline over the same TSV (29 columns, as the sandbox writes them with the type column), and the
 * binary output's memory (nodes/PaySuiteGateway/actions/report/windowedReport.ts) at 100k and 1M rows.
 *
 * Every variant runs in its own child process (fresh heap, --expose-gc) so heaps do not mix. The TSV is made
 * once per child before the clock starts and handed over in 64 KiB chunks, as a download arrives:
 * - bare split: lines split on \n, cells on \t, nothing converted or kept (the machine's limit);
 * - readline: node's readline over the chunks, cells split, nothing kept;
 * - parser: TsvReportParser, each row made (numbers, booleans, keys) and dropped;
 * - parser, items kept: the same, every row kept as an n8n item ({ json }), which is what Output "One Item per
 *   Row" holds;
 * - binary output: Request and Wait's file path with Output "Binary File" (WindowedReport), the TSV made as it
 *   streams and written by n8n's filesystem mode's own call (fs.promises.writeFile of the stream) to a temporary
 *   file; its peak RSS at 100k and at 1M rows (quick: 2k and 20k).
 * Memory: peak RSS (process.resourceUsage().maxRSS) above the RSS measured after the input was made.
 */
/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import { spawn } from 'child_process';
import { promises as fs } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { createInterface } from 'readline';
import { Readable } from 'stream';

import { median, type BenchCase, type BenchContext, type BenchResult, type BenchVariant } from '../lib/types';

type Mode = 'bare split' | 'readline' | 'parser' | 'parser, items kept' | 'binary output';

interface ChildResult {
	mode: Mode;
	rows: number;
	ms: number;
	rssGrowthMB: number;
}

const COLUMNS = [
	'id', 'date', 'transaction_date', 'reference', 'currency_code', 'amount', 'tax', 'payment_method', 'internal_reference', 'status', 'reason',
	'merchant', 'terminal', 'authorization', 'refunded', 'installments', 'last_digits', 'bank_currency', 'bank_factor', 'bank_amount', 'issuer_name',
	'payer_document', 'payer_first_name', 'payer_last_name', 'payer_email', 'ip_address', 'batch_number', 'line_number', 'type',
];

function line(i: number): string {
	const amount = (10 + ((i * 37) % 9990) + (i % 100) / 100).toFixed(2);
	return [
		i + 1, '2025-01-31T10:00:00+00:00', '2025-01-31T10:00:05+00:00', `ORDER-${String(i + 1).padStart(7, '0')}`, 'USD', amount,
		(Number(amount) * 0.19).toFixed(2), 'CRA', 900000000 + i, i % 5 === 3 ? 'REJECTED' : 'APPROVED', i % 5 === 3 ? '05' : '00', 'Demo merchant',
		'00990001', String(100000 + (i % 900000)).padStart(6, '0'), 'false', 1 + (i % 12), String(1000 + (i % 9000)), 'USD', 1, amount, 'Sandbox Bank',
		String(10000000 + i), 'José', 'Gómez', `payer.${i}@example.com`, `10.0.${(i >> 8) & 255}.${i & 255}`, 1 + Math.floor(i / 1000), 1 + (i % 1000), 'AUTH_ONLY',
	].join('\t');
}

/** The TSV in chunks of about 64 KiB, made as they are asked for (the binary output holds none of it). */
function* tsvChunks(rows: number): Generator<Buffer> {
	let text = `${COLUMNS.join('\t')}\n`;
	for (let i = 0; i < rows; i++) {
		text += `${line(i)}\n`;
		if (text.length >= 64 * 1024) {
			yield Buffer.from(text, 'utf8');
			text = '';
		}
	}
	if (text) yield Buffer.from(text, 'utf8');
}

const rssMB = () => process.resourceUsage().maxRSS / 1024;

async function child(mode: Mode, rows: number): Promise<ChildResult> {
	const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);
	// The binary output reads a download made as it goes; the others a file made before the clock starts.
	const chunks = mode === 'binary output' ? undefined : [...tsvChunks(rows)];
	// Loaded (and compiled) before the clock starts.
	const { TsvReportParser } = await import('../../nodes/shared/reports/reportTsv');
	const { WindowedReport } = await import('../../nodes/PaySuiteGateway/actions/report/windowedReport');
	gc();
	const baseline = process.memoryUsage().rss / 1024 / 1024;
	let count = 0;
	const started = process.hrtime.bigint();
	if (mode === 'bare split') {
		const decoder = new TextDecoder();
		let carry = '';
		for (const chunk of chunks!) {
			const lines = (carry + decoder.decode(chunk, { stream: true })).split('\n');
			carry = lines.pop()!;
			for (const text of lines) if (text.split('\t').length > 1) count++;
		}
		count--; // the header
	} else if (mode === 'readline') {
		const lines = createInterface({ input: Readable.from(chunks!), crlfDelay: Infinity });
		for await (const text of lines) if (text.split('\t').length > 1) count++;
		count--;
	} else if (mode === 'parser' || mode === 'parser, items kept') {
		const parser = new TsvReportParser();
		const kept: Array<{ json: unknown }> = [];
		const keep = mode === 'parser, items kept';
		for (const chunk of chunks!) {
			for (const row of parser.push(chunk)) {
				count++;
				if (keep) kept.push({ json: row });
			}
		}
		count += parser.end().length;
		if (keep && kept.length !== count) throw new Error('rows lost');
	} else {
		const path = join(tmpdir(), `paysuite-bench-report-${process.pid}.tsv`);
		const ctx = {
			param: (name: string, fallback: unknown) => (name === 'output' ? 'binary' : fallback),
			fail: (message: string) => {
				throw new Error(message);
			},
			fn: {
				helpers: {
					// What n8n's filesystem binary mode does with a stream (@n8n/blob-storage FsByteStore.write).
					prepareBinaryData: async (stream: Readable, fileName: string, mimeType: string) => {
						await fs.writeFile(path, stream);
						return { data: 'filesystem-v2', fileName, mimeType, bytes: (await fs.stat(path)).size };
					},
				},
			},
		};
		const report = new WindowedReport(ctx as never);
		await report.add('7001', { startDate: '2025-01-01', endDate: '2025-01-10' }, Readable.from(tsvChunks(rows)));
		const [item] = await report.result({ startDate: '2025-01-01', endDate: '2025-01-10' });
		count = Number(item.json.rows);
		await fs.rm(path, { force: true });
	}
	const ms = Number(process.hrtime.bigint() - started) / 1e6;
	return { mode, rows: count, ms, rssGrowthMB: Math.max(0, rssMB() - baseline) };
}

function runChild(mode: Mode, rows: number): Promise<ChildResult> {
	return new Promise((resolve, reject) => {
		const proc = spawn(process.execPath, ['--expose-gc', '-r', 'ts-node/register/transpile-only', __filename, '--child', mode, String(rows)], {
			stdio: ['ignore', 'pipe', 'pipe'],
			cwd: join(__dirname, '..', '..'),
		});
		let out = '';
		let err = '';
		proc.stdout.on('data', (data) => (out += data));
		proc.stderr.on('data', (data) => (err += data));
		proc.on('close', (code) => (code === 0 ? resolve(JSON.parse(out) as ChildResult) : reject(new Error(`${mode} failed: ${err.slice(0, 500)}`))));
	});
}

const SPEED_MODES: Mode[] = ['bare split', 'readline', 'parser', 'parser, items kept'];

export const benchCase: BenchCase = {
	id: 'reportParser',
	title: 'Report parser, 1M rows (items)',
	async run(ctx: BenchContext): Promise<BenchResult> {
		const rows = ctx.quick ? 20_000 : 1_000_000;
		const small = ctx.quick ? 2_000 : 100_000;
		const rounds = ctx.quick ? 1 : Math.max(1, Math.min(ctx.rounds, 3));
		const speed = new Map<Mode, ChildResult[]>(SPEED_MODES.map((mode) => [mode, []]));
		const binary = { small: [] as ChildResult[], large: [] as ChildResult[] };
		for (let round = 0; round < rounds; round++) {
			// Interleaved: one of each per round.
			for (const mode of SPEED_MODES) speed.get(mode)!.push(await runChild(mode, rows));
			binary.small.push(await runChild('binary output', small));
			binary.large.push(await runChild('binary output', rows));
			ctx.log(`reportParser: round ${round + 1}/${rounds} done`);
		}
		for (const results of [...speed.values(), binary.large]) {
			if (results.some((result) => result.rows !== rows)) throw new Error(`a variant counted ${results.map((r) => r.rows).join(', ')} rows, not ${rows}`);
		}
		const rowsPerSecond = (results: ChildResult[]) => results.map((result) => Math.round(result.rows / (result.ms / 1000)));
		const who: Record<Mode, string> = {
			'bare split': 'limit (bare split, nothing kept)',
			readline: 'limit (readline, nothing kept)',
			parser: 'package parser (rows made, dropped)',
			'parser, items kept': 'package parser, items kept (Output: One Item per Row)',
			'binary output': 'package binary output',
		};
		const variants: BenchVariant[] = [];
		for (const mode of SPEED_MODES) {
			const samples = rowsPerSecond(speed.get(mode)!);
			const memory = median(speed.get(mode)!.map((result) => result.rssGrowthMB));
			variants.push({ name: who[mode], median: median(samples), unit: 'rows/s', samples, note: `peak RSS +${Math.round(memory)} MB` });
		}
		for (const [label, results] of [[small, binary.small], [rows, binary.large]] as const) {
			const samples = results.map((result) => Math.round(result.rssGrowthMB));
			variants.push({ name: `${who['binary output']}, ${label.toLocaleString('en-US')} rows`, median: median(samples), unit: 'MB', samples, note: 'peak RSS growth' });
		}
		const split = variants[0].median;
		const parser = variants[2].median;
		const kept = variants[3].median;
		const growth = variants[5].median - variants[4].median;
		return {
			id: 'reportParser',
			title: 'Report parser, 1M rows (items)',
			variants,
			ratios: [
				{ name: 'parser / bare split (rows/s)', value: parser / split, goal: '≥ 0.5×', met: parser / split >= 0.5 },
				{ name: 'parser, items kept / bare split (rows/s)', value: kept / split },
				{
					name: `binary output peak RSS, ${rows.toLocaleString('en-US')} rows − ${small.toLocaleString('en-US')} rows (MB)`,
					value: growth,
					goal: 'flat (≤ 20 MB)',
					met: growth <= 20,
				},
			],
			notes: [
				`${rows.toLocaleString('en-US')} rows of 29 columns in 64 KiB chunks, each variant in its own process, ${rounds} round(s) interleaved.`,
				'Items kept: the rows themselves are the memory (n8n needs one object per item); the binary output keeps no row.',
			],
		};
	},
};

if (require.main === module && process.argv[2] === '--child') {
	child(process.argv[3] as Mode, Number(process.argv[4])).then(
		(result) => process.stdout.write(JSON.stringify(result)),
		(error: Error) => {
			process.stderr.write(String(error.stack ?? error));
			process.exit(1);
		},
	);
}
