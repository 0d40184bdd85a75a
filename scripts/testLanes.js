'use strict';
/**
 * Every test project and the bench smoke run, as `npm run check` runs them after building and linting: the fast
 * projects first (several workers), then lanes side by side, each one jest process running its files one after the
 * other (`--runInBand`): most of an end-to-end file's time is spent waiting (n8n polls once a minute, a worker is
 * started again, a Wait node), so two lanes keep the two cores busy where one would leave them idle.
 *   queue:   the queue-mode files (queue*.test.ts, interrupt.test.ts); those that can share one cluster do
 *            (PAYSUITE_E2E_SHARED_CLUSTER, test/e2e/sharedCluster.js), the others start their own;
 *   n8n:     the other end-to-end files (a real n8n each), then the bench smoke run (./benchSmoke.js);
 *   network: the tests that install from the npm registry (Node.js runtimes).
 * Plain CommonJS.
 */
const fs = require('fs');
const path = require('path');

const { benchSmoke } = require('./benchSmoke');
const { FAST_PROJECTS, ROOT, RESULTS, closingLines, fastWorkers, runJest, say, tally } = require('./testRuns');

const E2E_DIR = path.join(ROOT, 'test', 'e2e');
/** The files of the queue lane: the queue-mode ones and the interruption test (it starts a cluster too). */
const QUEUE_LANE = /^(queue.*|interrupt)\.test\.ts$/;

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** jest path patterns matching exactly these files of test/e2e/. */
const only = (files) => files.map((file) => `${escape(path.join(E2E_DIR, file))}$`);

function e2eFiles() {
	const files = fs.readdirSync(E2E_DIR).filter((file) => file.endsWith('.test.ts')).sort();
	return { queue: files.filter((file) => QUEUE_LANE.test(file)), n8n: files.filter((file) => !QUEUE_LANE.test(file)) };
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
	say(`lanes side by side: queue (${files.queue.length} files), n8n (${files.n8n.length} files, then the bench smoke run), network`);
	const lanes = await Promise.all([
		runJest('e2e-queue-lane', ['--runInBand', '--selectProjects', 'e2e', '--', ...only(files.queue)], { prefix: '[queue]', env: { PAYSUITE_E2E_SHARED_CLUSTER: '1' } }),
		(async () => {
			const run = await runJest('e2e-n8n-lane', ['--runInBand', '--selectProjects', 'e2e', '--', ...only(files.n8n)], { prefix: '[n8n]' });
			if (!(run.stopRequest || run.signal)) bench = await benchSmoke('[bench]', RESULTS);
			return run;
		})(),
		runJest('network', ['--runInBand', '--selectProjects', 'network'], { prefix: '[network]' }),
	]);
	runs.push(...lanes);
	if (runs.some((run) => run.stopRequest || run.signal) || bench.stopped) return 1;
	for (const run of lanes) say(`${run.name}: ${Math.round(run.ms / 1000)} s`);
	const t = tally(runs);
	for (const line of closingLines(t, bench.text)) console.log(line);
	return t.ok && bench.ok ? 0 : 1;
}

module.exports = { runLanes, e2eFiles, QUEUE_LANE };
