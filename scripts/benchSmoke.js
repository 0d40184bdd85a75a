'use strict';
/**
 * The bench smoke run of `npm run check` (bench/run.ts --quick: each case once at its small size, nothing asserted on
 * time): it proves that a case still runs, so it runs a case only where that can have changed. A case that passed
 * on this machine with the very same files (its own bench/cases/<id>.ts; and what every case runs: bench/lib,
 * bench/run.ts, dist/, sandbox/, scripts/n8n/, package-lock.json, the n8n version) is not run again; the record
 * of those passes is kept beside the n8n install (bench-smoke.json), so a fresh machine runs every case.
 * PAYSUITE_BENCH_SMOKE=all runs every case regardless. Plain CommonJS.
 */
const crypto = require('crypto');
const fs = require('fs');
const os = require('os');
const path = require('path');

const { runChild } = require('./n8n/lifecycle');

const ROOT = path.join(__dirname, '..');
const CASES = path.join(ROOT, 'bench', 'cases');
const SHARED_INPUTS = ['bench/lib', 'bench/run.ts', 'dist', 'sandbox', 'scripts/n8n', 'package-lock.json'];

const cacheRoot = () => process.env.PAYSUITE_N8N_CACHE || path.join(os.homedir(), '.cache', 'n8n-nodes-paysuite');
const recordFile = () => path.join(cacheRoot(), 'bench-smoke.json');

/** A hash of files and folders (paths and contents), from the repository's root. */
function hashOf(entries) {
	const hash = crypto.createHash('sha256');
	const add = (relative) => {
		const full = path.join(ROOT, relative);
		if (!fs.existsSync(full)) return hash.update(`${relative}\0missing\0`);
		if (fs.statSync(full).isDirectory()) {
			for (const entry of fs.readdirSync(full).sort()) add(path.join(relative, entry));
			return undefined;
		}
		return hash.update(`${relative}\0`).update(fs.readFileSync(full)).update('\0');
	};
	for (const entry of entries) add(entry);
	return hash.digest('hex');
}

/** Each case's fingerprint: what it runs, and the n8n it runs in. */
function fingerprints() {
	const shared = hashOf(SHARED_INPUTS) + (process.env.PAYSUITE_N8N_VERSION || '');
	const ids = fs.readdirSync(CASES).filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts')).map((file) => file.replace(/\.ts$/, '')).sort();
	return Object.fromEntries(ids.map((id) => [id, crypto.createHash('sha256').update(shared).update(hashOf([path.join('bench', 'cases', `${id}.ts`)])).digest('hex')]));
}

function readRecord() {
	try {
		return JSON.parse(fs.readFileSync(recordFile(), 'utf8'));
	} catch {
		return {};
	}
}

/**
 * Runs the smoke run of the cases that need it, printing its output with `prefix` (and whole into
 * test-results/bench-quick.log). Resolves { ok, stopped, text } (`text`: the closing line's part).
 */
async function benchSmoke(prefix, results) {
	const prints = fingerprints();
	const record = readRecord();
	const all = Object.keys(prints);
	const due = process.env.PAYSUITE_BENCH_SMOKE === 'all' ? all : all.filter((id) => record[id] !== prints[id]);
	const unchanged = all.length - due.length;
	const same = unchanged ? `, ${unchanged} unchanged since they last ran here` : '';
	if (!due.length) return { ok: true, text: `; bench: ${all.length} cases unchanged since they last ran here (quick run skipped)` };
	const log = fs.createWriteStream(path.join(results, 'bench-quick.log'));
	const tsNode = require.resolve('ts-node/dist/bin.js');
	const only = due.length === all.length ? [] : due.flatMap((id) => ['--only', id]);
	const run = await runChild(process.execPath, [tsNode, '--transpile-only', path.join('bench', 'run.ts'), '--quick', '--no-build', ...only], {
		cwd: ROOT,
		output: (chunk) => {
			log.write(chunk);
			for (const line of chunk.split('\n').filter(Boolean)) process.stdout.write(`${prefix} ${line}\n`);
		},
	});
	log.end();
	let report;
	try {
		report = JSON.parse(fs.readFileSync(path.join(results, 'bench-quick.json'), 'utf8'));
	} catch {
		/* no report: the run failed before writing it */
	}
	for (const result of report?.results ?? []) if (prints[result.id]) record[result.id] = prints[result.id];
	fs.mkdirSync(cacheRoot(), { recursive: true });
	fs.writeFileSync(recordFile(), `${JSON.stringify(record, null, 2)}\n`);
	const ran = report?.results?.length ?? '?';
	return {
		ok: run.status === 0,
		stopped: Boolean(run.stopRequest || run.signal),
		text: run.status === 0 ? `; bench: ${ran} cases ran (quick)${same}` : `; bench: failed (exit ${run.status}), see test-results/bench-quick.log`,
	};
}

module.exports = { benchSmoke, fingerprints };
