/**
 * `npm run bench`: every case in bench/cases/ in one run against the sandbox on loopback and (started once,
 * shared) a real n8n 2.40.7 with the packed package; writes bench/RESULTS.md and bench/results.json.
 *
 *   npm run bench                      build, then every case, full size
 *   npm run bench -- --quick           smoke run: few items, one round (written to test-results/bench-quick.*)
 *   npm run bench -- --only itemTime   one case (repeat --only for more)
 *   npm run bench -- --rounds 7 --no-build
 *   npm run bench -- --only itemTime --cpu-prof   n8n runs with --cpu-prof; its hottest functions are printed
 *
 * Nothing is asserted on time; the run fails only when a case fails or a variant produced no number.
 */
/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-require-imports, no-console -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import { spawnSync } from 'child_process';
import { mkdirSync, readdirSync, writeFileSync } from 'fs';
import { loadavg } from 'os';
import { join } from 'path';

import { startSandbox, type RunningSandbox } from '../sandbox';
import { REPO_DIR, startN8n, type StartedN8n } from './lib/n8n';
import { freshProfileDir, printProfiles, PROFILE_DIR } from './lib/profile';
import { byIssueOrder, formatNumber, machineNow, missingNumbers, toMarkdown, type RunReport } from './lib/report';
import type { BenchCase, BenchContext } from './lib/types';

interface Args {
	quick: boolean;
	build: boolean;
	only: string[];
	rounds?: number;
	cpuProf: boolean;
}

function parseArgs(argv: string[]): Args {
	const args: Args = { quick: false, build: true, only: [], cpuProf: false };
	for (let i = 0; i < argv.length; i++) {
		const arg = argv[i];
		if (arg === '--quick') args.quick = true;
		else if (arg === '--no-build') args.build = false;
		else if (arg === '--only') args.only.push(argv[++i]);
		else if (arg === '--rounds') args.rounds = Number(argv[++i]);
		else if (arg === '--cpu-prof') args.cpuProf = true;
		else throw new Error(`unknown argument ${arg}; use --quick, --no-build, --only <case>, --rounds <n>, --cpu-prof`);
	}
	if (args.rounds !== undefined && !(Number.isInteger(args.rounds) && args.rounds > 0)) throw new Error('--rounds takes a whole number above 0');
	return args;
}

function loadCases(only: string[]): BenchCase[] {
	const dir = join(__dirname, 'cases');
	const cases = readdirSync(dir)
		.filter((file) => /\.ts$/.test(file) && !file.endsWith('.d.ts'))
		.map((file) => (require(join(dir, file)) as { benchCase: BenchCase }).benchCase)
		.filter(Boolean);
	const unknown = only.filter((id) => !cases.some((entry) => entry.id === id));
	if (unknown.length) throw new Error(`no case ${unknown.join(', ')}; cases: ${cases.map((entry) => entry.id).join(', ')}`);
	return byIssueOrder(only.length ? cases.filter((entry) => only.includes(entry.id)) : cases);
}

async function main(): Promise<number> {
	const args = parseArgs(process.argv.slice(2));
	const command = `npm run bench${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(' ')}` : ''}`;
	const log = (message: string) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`);
	if (args.build) {
		log('npm run build');
		const built = spawnSync('npm', ['run', 'build'], { cwd: REPO_DIR, stdio: 'inherit' });
		if (built.status !== 0) throw new Error('npm run build failed');
	}
	const cases = loadCases(args.only);
	const rounds = args.rounds ?? (args.quick ? 1 : 5);
	const machine = machineNow();
	const startedAt = Date.now();
	log(`${cases.length} case(s): ${cases.map((entry) => entry.id).join(', ')}; ${rounds} round(s)${args.quick ? ', quick' : ''}; load ${machine.loadBefore.join(' / ')}`);

	// historyDays 0: an empty world, only what the cases create. The ledger stays small: cases read its last run.
	const sandbox: RunningSandbox = await startSandbox({ port: 0, historyDays: 0, ledgerEntries: 5_000 });
	let n8n: Promise<StartedN8n> | undefined;
	const report: RunReport = { date: new Date().toISOString(), command, quick: args.quick, rounds, durationSeconds: 0, machine, results: [], failures: [] };
	try {
		const context: BenchContext = {
			quick: args.quick,
			rounds,
			sandbox,
			n8n: () => (n8n ??= startN8n(sandbox, log, { cpuProfileDir: args.cpuProf ? freshProfileDir() : undefined })),
			log,
		};
		for (const entry of cases) {
			log(`case ${entry.id}: ${entry.title}`);
			try {
				const result = await entry.run({ ...context, log: (message) => log(`  ${entry.id}: ${message}`) });
				const missing = missingNumbers(result);
				if (missing) throw new Error(missing);
				report.results.push(result);
				for (const variant of result.variants) log(`  ${variant.name}: ${formatNumber(variant.median)} ${variant.unit}`);
				for (const ratio of result.ratios) log(`  ${ratio.name}: ${formatNumber(ratio.value)}×${ratio.goal ? ` (goal ${ratio.goal}: ${ratio.met ? 'met' : 'NOT met'})` : ''}`);
			} catch (error) {
				const message = describeError(error);
				log(`  FAILED: ${message}`);
				report.failures.push({ id: entry.id, title: entry.title, error: message });
			}
		}
		if (n8n) {
			const started = await n8n.catch(() => undefined);
			if (started) {
				machine.n8n = started.version;
				machine.n8nNode = n8nNodeVersion();
			}
		}
	} finally {
		machine.loadAfter = loadavg().map((value) => Math.round(value * 100) / 100);
		report.durationSeconds = (Date.now() - startedAt) / 1000;
		if (n8n) await (await n8n.catch(() => undefined))?.stop();
		await sandbox.stop();
		if (args.cpuProf) printProfiles(PROFILE_DIR, log);
	}

	const markdown = toMarkdown(report);
	// A quick run is a smoke test: it does not replace the committed figures.
	const outDir = args.quick || args.only.length ? join(REPO_DIR, 'test-results') : __dirname;
	const base = args.quick ? 'bench-quick' : args.only.length ? 'bench-only' : undefined;
	mkdirSync(outDir, { recursive: true });
	writeFileSync(join(outDir, base ? `${base}.md` : 'RESULTS.md'), markdown);
	writeFileSync(join(outDir, base ? `${base}.json` : 'results.json'), `${JSON.stringify(report, null, 2)}\n`);
	console.log(`\n${markdown}`);
	log(`written to ${join(outDir, base ? `${base}.{md,json}` : 'RESULTS.md and results.json')}`);
	if (report.failures.length) {
		log(`${report.failures.length} case(s) failed: ${report.failures.map((failure) => failure.id).join(', ')}`);
		return 1;
	}
	return 0;
}

/** An error's message with its causes ("fetch failed: other side closed"), and where it was thrown. */
function describeError(error: unknown): string {
	const words: string[] = [];
	for (let current = error as { message?: string; code?: string; cause?: unknown } | undefined; current; current = current.cause as typeof current) {
		words.push(current.message ?? String(current));
		if (words.length > 4) break;
	}
	const stack = (error as Error)?.stack?.split('\n').slice(1, 4).map((line) => line.trim()).join(' < ');
	return `${words.join(': ')}${stack ? ` (${stack})` : ''}`;
}

/** The Node version n8n runs on (the cached one installed beside it). */
function n8nNodeVersion(): string | undefined {
	const env = require('../scripts/n8n/env.js');
	const run = spawnSync(env.n8nPaths().node, ['--version'], { encoding: 'utf8' });
	return run.status === 0 ? run.stdout.trim() : undefined;
}

main().then(
	(code) => process.exit(code),
	(error: unknown) => {
		console.error(error);
		process.exit(1);
	},
);
