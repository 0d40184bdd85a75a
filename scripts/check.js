#!/usr/bin/env node
// `npm run check` (after scripts/ensure-deps.js), what CI runs: everything, from a fresh clone.
//  1. What the tests need from the machine, at once: Redis and PostgreSQL, Chromium (Debian's packages, installed
//     with apt-get when missing), /proc. Whatever is missing and cannot be had fails the check here, named, before
//     anything long runs.
//  2. n8n and its Node (scripts/n8n/install.js, several minutes the first time) install in the background while
//     the build, typecheck, lint, the scan of the packed tarball and the fast test projects run.
//  3. The end-to-end, network and bench lanes side by side (scripts/testLanes.js), then the closing line.
// A stop request (a signal, or npm's end) goes on to every step (scripts/n8n/lifecycle.js).
const fs = require('fs');
const path = require('path');

const { runChild } = require('./n8n/lifecycle');
const { FAST_PROJECTS, RESULTS, ROOT, fastWorkers, runJest, say } = require('./testRuns');
const { runLanes } = require('./testLanes');

const started = Date.now();
const times = [];
const seconds = (ms) => `${Math.round(ms / 1000)} s`;

/** What the test suites need that the machine may lack; each missing one named with why it could not be had. */
function missingOnThisMachine() {
	const missing = [];
	const log = (message) => say(`  ${message}`);
	const queue = require('./n8n/queue');
	const found = queue.findServices();
	try {
		queue.ensureServices({ log });
	} catch (e) {
		const lacking = [!found.redisServer && 'Redis (redis-server)', !found.postgresBin && 'PostgreSQL'].filter(Boolean).join(' and ');
		missing.push(`${lacking || 'Redis and PostgreSQL'} (the queue-mode tests): ${e.message}`);
	}
	const chromium = require('./n8n/chromium').findChromium({ log });
	if (!chromium.path) missing.push(`Chromium (the editor tests): ${chromium.reason}`);
	if (!require('./n8n/procfs').HAS_PROC) missing.push('/proc (the interruption tests find the processes of a run there; Linux only)');
	return missing;
}

/** Runs one step with the terminal's output; resolves whether it succeeded (a stop request ends the check). */
async function step(name, cmd, args) {
	const t0 = Date.now();
	say(name);
	const run = await runChild(cmd, args, { cwd: ROOT });
	times.push([name, Date.now() - t0]);
	if (run.stopRequest || run.signal) process.exit(1);
	if (run.status !== 0) say(`${name} FAILED (exit ${run.status})`);
	return run.status === 0;
}

/**
 * Installs n8n in the background: { done, cancel() }; `done` resolves { ok, stopped, ms, logFile } (its output goes to
 * test-results/n8n-install.log), cancel() ends it (SIGTERM; its npm steps end with it, scripts/n8n/processes.js).
 */
function installN8nInBackground() {
	const t0 = Date.now();
	const logFile = path.join(RESULTS, 'n8n-install.log');
	const log = fs.createWriteStream(logFile);
	const abort = new AbortController();
	say(`n8n: installing or reusing it in the background (output in ${path.relative(ROOT, logFile)})`);
	const done = runChild(process.execPath, [path.join(__dirname, 'n8n', 'install.js')], { cwd: ROOT, signal: abort.signal, output: (chunk) => log.write(chunk) }).then(
		(run) => ({ ok: run.status === 0, stopped: Boolean(run.stopRequest || run.signal), ms: Date.now() - t0, logFile }),
		() => ({ ok: false, stopped: true, ms: Date.now() - t0, logFile }),
	);
	done.finally(() => log.end());
	let finished = false;
	done.then(() => (finished = true));
	return { done, cancel: async () => (finished ? undefined : (abort.abort(), await done)) };
}

async function main() {
	fs.mkdirSync(RESULTS, { recursive: true });
	say('what the tests need from this machine: Redis, PostgreSQL, Chromium, /proc');
	const missing = missingOnThisMachine();
	if (missing.length) {
		for (const what of missing) console.log(`MISSING ${what}`);
		console.log(`npm run check cannot run here: ${missing.length} thing(s) the tests need are missing (above); nothing was tested.`);
		return 1;
	}
	const install = installN8nInBackground();
	try {
		return await afterPreflight(install);
	} finally {
		await install.cancel();
	}
}

/** From the build to the closing line, with n8n installing in the background. */
async function afterPreflight(install) {
	const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
	for (const [name, args] of [
		['build', ['run', 'build']],
		['typecheck', ['run', 'typecheck']],
		['lint', ['run', 'lint']],
	]) {
		if (!(await step(name, npm, args))) return 1;
	}
	if (!(await step('the packed tarball, scanned as n8n scans it', process.execPath, [path.join(__dirname, 'lint-package.mjs'), '--pack']))) return 1;

	say(`fast projects: ${FAST_PROJECTS.join(', ')}`);
	const fastRun = await runJest('fast', ['--selectProjects', ...FAST_PROJECTS, `--maxWorkers=${fastWorkers()}`]);
	times.push(['fast projects', fastRun.ms]);
	if (fastRun.stopRequest || fastRun.signal) return 1;

	const installed = await install.done;
	if (installed.stopped) return 1;
	times.push(['n8n install or reuse (in the background, beside the steps above)', installed.ms]);
	if (!installed.ok) {
		console.log(fs.readFileSync(installed.logFile, 'utf8').split('\n').slice(-30).join('\n'));
		console.log('n8n could not be installed (above; the whole output is in test-results/n8n-install.log): the end-to-end tests cannot run.');
		return 1;
	}
	const t0 = Date.now();
	const code = await runLanes({ fastRun });
	times.push(['lanes (end-to-end, network, bench)', Date.now() - t0]);
	for (const [name, ms] of times) say(`  ${seconds(ms).padStart(6)}  ${name}`);
	say(`npm run check: ${seconds(Date.now() - started)}${code === 0 ? '' : ', FAILED'}`);
	return code;
}

main().then(
	(code) => process.exit(code),
	(e) => {
		console.error(e);
		process.exit(1);
	},
);
