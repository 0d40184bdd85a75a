#!/usr/bin/env node
'use strict';
/**
 * `npm run demo`: runs every example workflow (examples/*.json) headlessly in a real n8n against the sandbox
 * and prints a short summary of each.
 *
 *  1. builds the package (skip with --no-build);
 *  2. installs n8n and Node 24 into the cache outside the clone when missing (first run: several minutes);
 *  3. packs the package and installs it into a fresh, temporary n8n user folder, as users install it;
 *  4. starts the sandbox (on a free port) and a tiny local "CRM" that the paid-session example posts to;
 *  5. imports the sandbox credentials and the examples, runs them all with one `n8n execute-batch`.
 *
 * Options: --no-build, --keep (keep the temporary user folder), --verbose (print n8n's output).
 * Exit code 0 when every example succeeded.
 */
const fs = require('fs');
const http = require('http');
const path = require('path');
const { spawnSync } = require('child_process');

const { onStopRequest } = require('./n8n/lifecycle');

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

function crmServer() {
	const calls = [];
	const server = http.createServer((req, res) => {
		let body = '';
		req.on('data', (d) => (body += d));
		req.on('end', () => {
			calls.push(body);
			res.writeHead(201, { 'content-type': 'application/json' });
			res.end(JSON.stringify({ crm: 'demo', updated: true }));
		});
	});
	return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, calls, url: `http://127.0.0.1:${server.address().port}/api/v1/payments` })));
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

	const userFolder = env.createUserFolder('paysuite-demo-');
	let sandbox;
	let crm;
	const cleanUp = async () => {
		if (crm) crm.server.close();
		if (sandbox) await sandbox.stop();
		if (args.has('--keep')) say(`user folder kept: ${userFolder}`);
		else env.removeUserFolder(userFolder);
	};
	// n8n's processes are killed by env.js when this process exits.
	onStopRequest(async (reason) => {
		say(`\nstopping the demo (${reason})...`);
		await cleanUp().catch(() => {});
		process.exit(130);
	});
	step(`installing the packed package into ${userFolder}/.n8n/nodes`);
	await env.packAndInstall(REPO_DIR, userFolder);

	const { startSandbox } = loadSandbox();
	sandbox = await startSandbox({ port: 0, processPendingPolls: 1, retryAfterSeconds: 1, reportPendingPolls: 1, reportRows: 5 });
	crm = await crmServer();
	step(`sandbox at ${sandbox.url}; demo CRM at ${crm.url}`);
	let failed = 0;
	try {
		const run = await examples.runExamples({
			userFolder,
			sandboxUrl: sandbox.url,
			credentials: sandbox.credentials,
			crmUrl: crm.url,
			log: (m) => step(m),
		});
		if (args.has('--verbose')) say(run.stdout);
		say('');
		for (const r of run.results) {
			const ok = r.status === 'success';
			if (!ok) failed++;
			say(`${ok ? '\x1b[32m✔\x1b[0m' : '\x1b[31m✘\x1b[0m'} ${r.name}  (examples/${r.file})`);
			say(`    ${ok ? r.summary : `${r.status || 'did not run'}: ${r.error || 'see --verbose'}`}`);
		}
		if (crm.calls.length) say(`\nThe demo CRM received ${crm.calls.length} call(s): ${crm.calls.join(' ')}`);
		const calls = sandbox.ledger().filter((e) => !e.path.startsWith('/__sandbox'));
		say(`The sandbox answered ${calls.length} API calls. Total time ${Math.round((Date.now() - started) / 1000)} s.`);
		if (failed && !args.has('--verbose')) say(`\nn8n output (last lines):\n${run.stdout.slice(-3000)}\n${run.stderr.slice(-2000)}`);
	} finally {
		await cleanUp();
	}
	say(failed ? `\n${failed} example(s) failed.` : '\nAll examples ran. Open them in the editor with: npm start');
	process.exit(failed ? 1 : 0);
}

main().catch((e) => {
	// The message says what failed and what to do; the stack only helps a developer (PAYSUITE_DEBUG=1).
	console.error(`demo failed: ${process.env.PAYSUITE_DEBUG ? e.stack : e.message}`);
	process.exit(1);
});
