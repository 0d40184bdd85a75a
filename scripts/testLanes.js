'use strict';
/**
 * Every test project and the bench smoke run, as `npm run check` runs them after building and linting: the fast
 * projects first (one worker per core), then three lanes side by side. Most of an end-to-end file's time is spent
 * waiting (n8n polls once a minute, a worker is started again, a Wait node, a browser page), so running files side
 * by side keeps the two cores busy where one file at a time would leave them idle:
 *   shared:  the queue-mode files that can share one cluster (test/e2e/sharedCluster.js SHARED_FILES), one after
 *            the other on it (PAYSUITE_E2E_SHARED_CLUSTER, `--runInBand`), then the bench smoke run (./benchSmoke.js);
 *   e2e:     every other end-to-end file, each with its own n8n or cluster, two at a time (jest workers, the longest
 *            first: test/sequencer.js);
 *   network: the tests that install from the npm registry (Node.js runtimes).
 * Plain CommonJS.
 */
const fs = require('fs');
const path = require('path');

const { SHARED_FILES } = require('../test/e2e/sharedCluster');
const { benchSmoke } = require('./benchSmoke');
const { FAST_PROJECTS, ROOT, RESULTS, closingLines, fastWorkers, runJest, say, tally } = require('./testRuns');

const E2E_DIR = path.join(ROOT, 'test', 'e2e');
/** End-to-end files at once in the e2e lane (each starts an n8n or a cluster: two beside the shared lane on 2 cores). */
const E2E_WORKERS = 2;

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** jest path patterns matching exactly these files of test/e2e/. */
const only = (files) => files.map((file) => `${escape(path.join(E2E_DIR, file))}$`);

function e2eFiles() {
	const files = fs.readdirSync(E2E_DIR).filter((file) => file.endsWith('.test.ts')).sort();
	return { shared: files.filter((file) => SHARED_FILES.includes(file)), own: files.filter((file) => !SHARED_FILES.includes(file)) };
}

/**
 * Runs every project (the fast ones first when `withFast`) and the bench smoke run; prints the closing lines.
 * Resolves the exit code: 0 when every test passed, no skip was undeclared and every bench case ran.
 */
async function runLanes({ withFast = true, fastRun } = {}) {
	fs.mkdirSync(RESULTS, { recursive: true });
	const runs = [];
	if (fastRun) runs.push(fastRun);
	else if (withFast) {
		say(`fast projects: ${FAST_PROJECTS.join(', ')}`);
		runs.push(await runJest('fast', ['--selectProjects', ...FAST_PROJECTS, `--maxWorkers=${fastWorkers()}`]));
	}
	if (runs.some((run) => run.stopRequest || run.signal)) return 1;
	const files = e2eFiles();
	let bench = { ok: true, text: '' };
	say(`lanes side by side: shared (${files.shared.length} files on one queue-mode cluster, then the bench smoke run), e2e (${files.own.length} files, ${E2E_WORKERS} at a time), network`);
	const lanes = await Promise.all([
		(async () => {
			const run = await runJest('e2e-shared', ['--runInBand', '--selectProjects', 'e2e', '--', ...only(files.shared)], { prefix: '[shared]', env: { PAYSUITE_E2E_SHARED_CLUSTER: '1' } });
			if (!(run.stopRequest || run.signal)) bench = await benchSmoke('[bench]', RESULTS);
			return run;
		})(),
		runJest('e2e', [`--maxWorkers=${E2E_WORKERS}`, '--selectProjects', 'e2e', '--', ...only(files.own)], { prefix: '[e2e]' }),
		runJest('network', ['--runInBand', '--selectProjects', 'network'], { prefix: '[network]' }),
	]);
	runs.push(...lanes);
	if (runs.some((run) => run.stopRequest || run.signal) || bench.stopped) return 1;
	for (const run of lanes) say(`${run.name}: ${Math.round(run.ms / 1000)} s`);
	const t = tally(runs);
	for (const line of closingLines(t, bench.text)) console.log(line);
	return t.ok && bench.ok ? 0 : 1;
}

module.exports = { runLanes, e2eFiles };
