#!/usr/bin/env node
'use strict';
/**
 * `npm run demo`: runs every runnable example workflow (examples/*.json and the offline twins in
 * examples/offline/) end to end in a real n8n against the sandbox and prints what each did; the examples with
 * third-party nodes (HubSpot, Pipedrive, Google Sheets, Slack) are listed: they need your own credential.
 *
 *  1. builds the package (skip with --no-build);
 *  2. installs n8n and its Node into the cache outside the clone when missing (first run: several minutes);
 *  3. packs the package and installs it into a fresh, temporary n8n user folder, as users install it;
 *  4. starts the sandbox (on a free port, with two days of past transactions);
 *  5. imports the sandbox credentials and the examples, starts n8n and runs each from its "Try it" start
 *     (scripts/n8n/examples.js: the Data Table node of the offline twins runs only in a running n8n).
 *
 * Options: --no-build, --keep (keep the temporary user folder), --verbose (print n8n's output).
 * Exit code 0 when every example succeeded.
 */
const fs = require('fs');
const path = require('path');
const { spawnSync } = require('child_process');

const { onStopRequest } = require('./n8n/lifecycle');
const { stopAllGroups } = require('./n8n/processes');

const REPO_DIR = path.resolve(__dirname, '..');
const args = new Set(process.argv.slice(2));
const say = (msg) => process.stdout.write(`${msg}\n`);
const step = (msg) => say(`\x1b[36m›\x1b[0m ${msg}`);

function build() {
	step('building the package (npm run build)');
	const r = spawnSync('npm', ['run', 'build', '--silent'], { cwd: REPO_DIR, stdio: 'inherit' });
	if (r.status !== 0) throw new Error('npm run build failed');
}

/** The sandbox is TypeScript: load it in this process through ts-node. */
function loadSandbox() {
	require('ts-node').register({ transpileOnly: true, project: path.join(REPO_DIR, 'tsconfig.json') });
	return require(path.join(REPO_DIR, 'sandbox', 'index.ts'));
}

async function main() {
	const started = Date.now();
	if (!args.has('--no-build')) build();
	if (!fs.existsSync(path.join(REPO_DIR, 'dist'))) throw new Error('dist/ is missing: run npm run build');
	const env = require('./n8n/env');
	const examples = require('./n8n/examples');

	step('n8n (cached outside the clone; the first run installs it, which takes several minutes)');
	const paths = await env.ensureN8n();
	say(`  n8n ${paths.version} at ${paths.dir}`);

	const userFolder = env.createUserFolder('paysuite-demo-', { keep: args.has('--keep') });
	let sandbox;
	const cleanUp = async () => {
		if (sandbox) await sandbox.stop();
		if (args.has('--keep')) say(`user folder kept: ${userFolder}`);
		else env.removeUserFolder(userFolder);
	};
	// A stop request ends n8n and its CLI first (processes.js), then the sandbox and the user folder.
	onStopRequest(async (reason) => {
		say(`\nstopping the demo (${reason})...`);
		await stopAllGroups().catch(() => {});
		await cleanUp().catch(() => {});
		process.exit(130);
	});
	step(`installing the packed package into ${userFolder}/.n8n/nodes`);
	await env.packAndInstall(REPO_DIR, userFolder);

	const { startSandbox } = loadSandbox();
	sandbox = await startSandbox({ port: 0, processPendingPolls: 1, retryAfterSeconds: 1, reportPendingPolls: 1, reportRows: 5, historyDays: 2 });
	step(`sandbox at ${sandbox.url}`);
	let failed = 0;
	try {
		const run = await examples.runExamples({
			userFolder,
			sandboxUrl: sandbox.url,
			credentials: sandbox.credentials,
			ledger: () => sandbox.ledger(),
			log: (m) => step(m),
		});
		if (args.has('--verbose')) say(run.logs);
		say('');
		for (const r of run.results) {
			const ok = r.status === 'success';
			const listed = r.kind === 'realNodes';
			if (!ok && !listed) failed++;
			const mark = listed ? '\x1b[33m○\x1b[0m' : ok ? '\x1b[32m✔\x1b[0m' : '\x1b[31m✘\x1b[0m';
			say(`${mark} ${r.name}  (examples/${r.file})`);
			say(`    ${ok || listed ? r.summary : `${r.status || 'did not run'}: ${r.error || 'see --verbose'}`}`);
		}
		const calls = sandbox.ledger().filter((e) => !e.path.startsWith('/__sandbox'));
		say(`\nThe sandbox answered ${calls.length} API calls. Total time ${Math.round((Date.now() - started) / 1000)} s.`);
		if (failed && !args.has('--verbose')) say(`\nn8n output (last lines):\n${run.logs.slice(-4000)}`);
	} finally {
		await cleanUp();
	}
	say(failed ? `\n${failed} example(s) failed.` : '\nAll runnable examples ran. Open them all in the editor with: npm start');
	process.exit(failed ? 1 : 0);
}

main().catch((e) => {
	// The message says what failed and what to do; the stack only helps a developer (PAYSUITE_DEBUG=1).
	console.error(`demo failed: ${process.env.PAYSUITE_DEBUG ? e.stack : e.message}`);
	process.exit(1);
});
