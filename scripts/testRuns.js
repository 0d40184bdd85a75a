'use strict';
/**
 * What `npm test` and `npm run check` share: jest runs with a JSON report each (test-results/jest-<name>.json), run
 * one at a time or side by side, and the closing line that counts what passed, failed and was skipped, failing on a
 * skip that test/skips.js does not declare. A stop request (a signal, or npm's end) goes on to every run
 * (./n8n/lifecycle.js), whose processes then end theirs. Plain CommonJS.
 */
const fs = require('fs');
const os = require('os');
const path = require('path');

const { runChild } = require('./n8n/lifecycle');

const ROOT = path.join(__dirname, '..');
const RESULTS = path.join(ROOT, 'test-results');

/** The projects `npm test` runs: no network, no real n8n. */
const FAST_PROJECTS = ['unit', 'sandbox', 'engine', 'reliability'];

/**
 * Workers for the fast projects: one per core, at least two. The longest file (the reliability suite's faults, two
 * minutes) mostly waits on answers the sandbox gives late, so the other worker runs the rest meanwhile; more workers
 * than cores would slow the answers that must come within its 1 s timeout (test/RELIABILITY.md).
 */
const fastWorkers = () => Math.max(2, os.cpus().length);

const clock = () => new Date().toISOString().slice(11, 19);
const say = (message) => console.log(`[${clock()}] ${message}`);

/**
 * Runs jest with a JSON report. `prefix`: the run's output lines are printed with it (runs side by side) and kept in
 * test-results/<name>.log; without it jest writes to the terminal. `env` adds to the environment. Resolves { name,
 * report, status, stopRequest, ms }.
 */
async function runJest(name, args, { prefix, env } = {}) {
	fs.mkdirSync(RESULTS, { recursive: true });
	const reportFile = path.join(RESULTS, `jest-${name}.json`);
	fs.rmSync(reportFile, { force: true });
	const started = Date.now();
	const jestBin = require.resolve('jest/bin/jest');
	const output = prefix ? prefixedOutput(prefix, path.join(RESULTS, `${name}.log`)) : undefined;
	const run = await runChild(process.execPath, [jestBin, '--ci', '--json', `--outputFile=${reportFile}`, ...args], { cwd: ROOT, output: output?.write, env: { ...process.env, ...env } });
	output?.end();
	let report;
	try {
		report = JSON.parse(fs.readFileSync(reportFile, 'utf8'));
	} catch {
		/* jest wrote no report: it did not get to the end */
	}
	return { name, report, status: run.status, signal: run.signal, stopRequest: run.stopRequest, ms: Date.now() - started };
}

/** Writes a child's output line by line with a prefix, and whole to `logFile`. */
function prefixedOutput(prefix, logFile) {
	const log = fs.createWriteStream(logFile);
	let partial = '';
	return {
		write(chunk) {
			log.write(chunk);
			const lines = (partial + chunk).split('\n');
			partial = lines.pop();
			for (const line of lines) process.stdout.write(`${prefix} ${line}\n`);
		},
		end() {
			if (partial) process.stdout.write(`${prefix} ${partial}\n`);
			log.end();
		},
	};
}

/** The declared skips (test/skips.js) that allow this skipped test, by its file and test. */
function declaredSkip(file, test, skips) {
	const relative = path.relative(ROOT, file).split(path.sep).join('/');
	return skips.find((skip) => skip.file === relative && skip.allows(test));
}

/**
 * Totals over the runs' reports. `checkSkips`: each skipped test must be declared in test/skips.js (a run filtered
 * by name or path skips the rest on purpose, and does not check). A run that wrote no report counts as failed.
 */
function tally(runs, { checkSkips = true } = {}) {
	const skips = require(path.join(ROOT, 'test', 'skips.js'));
	const t = { passed: 0, failed: 0, skipped: 0, declared: [], undeclared: [], brokenFiles: [], noReport: [], failedRuns: [] };
	for (const run of runs) {
		if (!run.report) {
			t.noReport.push(run.name);
			continue;
		}
		if (run.status !== 0) t.failedRuns.push(run.name);
		t.passed += run.report.numPassedTests;
		t.failed += run.report.numFailedTests;
		for (const file of run.report.testResults) {
			if (file.status === 'failed' && file.assertionResults.every((test) => test.status !== 'failed')) t.brokenFiles.push(`${path.relative(ROOT, file.name)}: ${firstLine(file.message)}`);
			for (const test of file.assertionResults) {
				if (!['pending', 'skipped', 'todo', 'disabled'].includes(test.status)) continue;
				t.skipped++;
				const skip = checkSkips ? declaredSkip(file.name, test, skips) : undefined;
				if (!checkSkips) continue;
				const where = `${path.relative(ROOT, file.name)} › ${test.fullName}`;
				if (skip) t.declared.push(`${where} (${skip.reason})`);
				else t.undeclared.push(where);
			}
		}
	}
	t.ok = t.failed === 0 && t.brokenFiles.length === 0 && t.noReport.length === 0 && t.failedRuns.length === 0 && t.undeclared.length === 0;
	return t;
}

const firstLine = (text) => String(text ?? '').split('\n').find((line) => line.trim()) ?? '';

/** The closing lines: what went wrong, then one plain line that CI can read. */
function closingLines(t, extra = '') {
	const lines = [];
	for (const name of t.noReport) lines.push(`${name}: jest ended without a report (see its output above)`);
	for (const file of t.brokenFiles) lines.push(`could not run: ${file}`);
	for (const where of t.declared) lines.push(`skipped, declared in test/skips.js: ${where}`);
	for (const where of t.undeclared) lines.push(`SKIPPED and not declared in test/skips.js: ${where}`);
	lines.push(`tests: ${t.passed} passed, ${t.failed} failed, ${t.skipped} skipped${t.undeclared.length ? ` (${t.undeclared.length} not declared)` : ''}${extra}`);
	return lines;
}

module.exports = { FAST_PROJECTS, fastWorkers, runJest, tally, closingLines, say, ROOT, RESULTS };
