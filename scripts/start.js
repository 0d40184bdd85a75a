#!/usr/bin/env node
'use strict';
/**
 * `npm start`, the main job: the package in a real n8n editor, against the local sandbox.
 *
 *  1. builds the package when a source is newer than dist/ (force with --build, skip with --no-build);
 *  2. installs n8n and its Node from the npm registry into a cache outside the clone when missing
 *     (~/.cache/n8n-nodes-paysuite/n8n-<version>; first run several minutes, later runs reuse it);
 *  3. packs the package and installs it into the n8n user folder as a community package (as users do);
 *     the user folder is kept between runs: ~/.cache/n8n-nodes-paysuite/start-user (PAYSUITE_START_DIR);
 *  4. starts the sandbox on http://127.0.0.1:8765 with the fixed demo credentials (its data kept in the
 *     user folder between runs);
 *  5. imports the two sandbox credentials and the example workflows (an example is imported again only
 *     when its file changed), starts `n8n start` on http://127.0.0.1:5678, creates the owner account on the
 *     first run, checks that every PaySuite node is loaded, and prints what to open;
 *  6. stays up until Ctrl-C, SIGTERM or SIGHUP (to npm or to this process) or the end of npm, then stops n8n and
 *     the sandbox and exits 0; exits 1 when n8n ends on its own or something failed.
 *
 * Options: --build / --no-build, --port N (n8n, default 5678), --sandbox-port N (default 8765),
 * --reset (start from an empty user folder), --empty (the sandbox without its 62 days of past transactions),
 * --queue (n8n's queue mode from deploy/: Redis, PostgreSQL, nginx on --port (the one address: editor and
 * webhooks), the main, 2 workers, a webhook process; scripts/n8n/queue.js and docs/scaling.md. The cluster's
 * database lives in a temporary folder: credentials and examples are imported afresh on every start; any process
 * that ends, Redis and PostgreSQL included, is started again on its data).
 * The n8n user folder has an encryption key of its own (.n8n/config, 0600), made on the first start.
 */
const crypto = require('crypto');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawnSync } = require('child_process');

const { onStopRequest } = require('./n8n/lifecycle');
const { stopAllGroups } = require('./n8n/processes');

const REPO_DIR = path.resolve(__dirname, '..');
const argv = process.argv.slice(2);
const flag = (name) => argv.includes(`--${name}`);
const option = (name, fallback) => {
	const i = argv.indexOf(`--${name}`);
	return i >= 0 && argv[i + 1] ? argv[i + 1] : fallback;
};

const USAGE = `Usage: npm start [-- options]

n8n with the PaySuite nodes in its editor, against the local sandbox, the example workflows imported.

Options:
  --port N            the n8n editor's port (default 5678; or N8N_PORT)
  --sandbox-port N    the sandbox's port (default 8765; or SANDBOX_PORT)
  --queue             n8n's queue mode: Redis, PostgreSQL, the main on --port, 2 workers and a webhook process
                      (docs/scaling.md)
  --webhook-port N    with --queue, the port of the production webhook URL (default 5679)
  --reset             start from an empty n8n user folder (your workflows and executions are deleted)
  --empty             the sandbox without its 62 days of past transactions
  --build             build the package even when dist/ looks current
  --no-build          never build it
  --help, -h          this text, and nothing else

Environment: PAYSUITE_START_DIR (the n8n user folder; default ~/.cache/n8n-nodes-paysuite/start-user),
PAYSUITE_DEBUG=1 (more detail on failure). The first run downloads n8n and Node.js 24 (about 3 GB).
Ctrl-C stops everything.`;

// --help says what the options are and does nothing else: no install, no build, no port taken.
if (flag('help') || argv.includes('-h')) {
	process.stdout.write(`${USAGE}\n`);
	process.exit(0);
}

// The dev dependencies when missing (after --help, so that it installs nothing); its own process, as it exits.
{
	const deps = spawnSync(process.execPath, [path.join(__dirname, 'ensure-deps.js')], { stdio: 'inherit' });
	if (deps.status !== 0) process.exit(deps.status ?? 1);
}

const N8N_PORT = Number(option('port', process.env.N8N_PORT || 5678));
const SANDBOX_PORT = Number(option('sandbox-port', process.env.SANDBOX_PORT || 8765));
const QUEUE = flag('queue');
// Queue mode keeps its own user folder: the regular one's SQLite database and state file do not apply to it.
const START_DIR =
	process.env.PAYSUITE_START_DIR || path.join(os.homedir(), '.cache', 'n8n-nodes-paysuite', QUEUE ? 'start-user-queue' : 'start-user');

/** Fixed demo credentials (as `npm run sandbox`), so the n8n credentials keep working between runs. */
const DEMO = {
	login: 'demo-site-login',
	secretKey: 'demo-secret-key-0123456789',
	accessToken: 'sbx_demo_access_token_0123456789',
	notificationSecret: 'whsec_demo_notification_secret_0123456789',
};
const OWNER = { email: 'demo@paysuite.example.com', password: 'PaySuite-demo-2026', firstName: 'Demo', lastName: 'Owner' };

const say = (msg = '') => process.stdout.write(`${msg}\n`);
const step = (msg) => say(`\x1b[36m›\x1b[0m ${msg}`);
const bold = (s) => `\x1b[1m${s}\x1b[0m`;

function newestMtime(dir, filter = () => true) {
	let newest = 0;
	if (!fs.existsSync(dir)) return 0;
	for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
		const p = path.join(dir, entry.name);
		if (entry.isDirectory()) newest = Math.max(newest, newestMtime(p, filter));
		else if (filter(p)) newest = Math.max(newest, fs.statSync(p).mtimeMs);
	}
	return newest;
}

function buildIfNeeded() {
	if (flag('no-build')) return;
	const dist = path.join(REPO_DIR, 'dist');
	const sources = Math.max(
		newestMtime(path.join(REPO_DIR, 'nodes'), (p) => !p.endsWith('.test.ts')),
		newestMtime(path.join(REPO_DIR, 'credentials'), (p) => !p.endsWith('.test.ts')),
		newestMtime(path.join(REPO_DIR, 'icons')),
		fs.statSync(path.join(REPO_DIR, 'package.json')).mtimeMs,
	);
	if (!flag('build') && fs.existsSync(dist) && newestMtime(dist) >= sources) {
		step('the build is up to date (dist/ is newer than the sources)');
		return;
	}
	step('building the package (npm run build)');
	const r = spawnSync('npm', ['run', 'build', '--silent'], { cwd: REPO_DIR, stdio: 'inherit' });
	if (r.status !== 0) throw new Error('npm run build failed');
}

const sha = (text) => crypto.createHash('sha256').update(text).digest('hex');

function readJson(file, fallback) {
	try {
		return JSON.parse(fs.readFileSync(file, 'utf8'));
	} catch {
		return fallback;
	}
}

/** How many PaySuite nodes the editor lists (warns when some did not load). */
async function loadedNodeCount(client, logFile = path.join(START_DIR, 'logs')) {
	const types = await client.call('GET', '/types/nodes.json');
	const pkg = JSON.parse(fs.readFileSync(path.join(REPO_DIR, 'package.json'), 'utf8'));
	const loaded = (types.json || []).map((t) => t.name).filter((name) => name.startsWith(`${pkg.name}.`) && !name.endsWith('Tool'));
	const count = new Set(loaded).size;
	if (count < pkg.n8n.nodes.length) say(`\x1b[31mOnly ${count} of the ${pkg.n8n.nodes.length} PaySuite nodes are loaded; see ${logFile}\x1b[0m`);
	return count;
}

/** What runs: stopped in this order by stopAll(). */
const running = { server: undefined, cluster: undefined, sandbox: undefined };
let stopped;

/** Stops n8n (or the cluster), the sandbox and any command still running, then exits with `code`: once. */
function stopAll(code) {
	stopped ??= (async () => {
		if (running.server) await running.server.stop().catch(() => {});
		if (running.cluster) {
			await running.cluster.stop().catch(() => {});
			const t = running.cluster.stopTimes ?? {};
			say(`cluster stopped: nginx ${t.router} ms, n8n processes ${t.n8n} ms, Redis and PostgreSQL ${t.services} ms, its folder removed ${t.folder} ms`);
		}
		if (running.sandbox) await running.sandbox.stop().catch(() => {});
		await stopAllGroups().catch(() => {});
		process.exit(code);
	})();
	return stopped;
}

/** The sandbox on SANDBOX_PORT with the demo credentials, its data kept in the user folder. */
async function startDemoSandbox() {
	require('ts-node').register({ transpileOnly: true, project: path.join(REPO_DIR, 'tsconfig.json') });
	const { startSandbox } = require(path.join(REPO_DIR, 'sandbox', 'index.ts'));
	let sandbox;
	try {
		sandbox = await startSandbox({
			port: SANDBOX_PORT,
			host: '127.0.0.1',
			stateFile: path.join(START_DIR, 'sandbox-state.json'),
			login: DEMO.login,
			secretKey: DEMO.secretKey,
			accessToken: DEMO.accessToken,
			processPendingPolls: 2,
			retryAfterSeconds: 1,
			// Past transactions, so that reports of "yesterday" and "last month" have rows; --empty for none.
			historyDays: flag('empty') ? 0 : 62,
		});
	} catch (e) {
		throw new Error(`the sandbox could not listen on 127.0.0.1:${SANDBOX_PORT} (${e.message}). Is \`npm run sandbox\` or another \`npm start\` running? Use --sandbox-port N.`);
	}
	// The sandbox draws a random notification secret; keep a fixed one so the imported credential stays valid.
	sandbox.credentials.notificationSecret = DEMO.notificationSecret;
	return sandbox;
}

/** Keeps one earlier copy of a log (`<name>.previous.log`): each start writes a fresh one. */
function rotateLog(file) {
	if (fs.existsSync(file)) fs.renameSync(file, file.replace(/\.log$/, '.previous.log'));
}

/** What earlier versions of this script left in the user folder: import files (secrets in clear), import folders. */
function removeLeftovers() {
	for (const entry of fs.existsSync(START_DIR) ? fs.readdirSync(START_DIR) : []) {
		if (/^(wfs-|e2e-io$)/.test(entry)) fs.rmSync(path.join(START_DIR, entry), { recursive: true, force: true });
	}
}

/**
 * Keeps the queue user folder from growing with each start: the cluster's database is new every time, so n8n's
 * event logs and temporary files go; each process's log of the previous start is kept once.
 */
function pruneQueueFolder(logDir) {
	fs.rmSync(path.join(START_DIR, 'tmp'), { recursive: true, force: true });
	const n8nFolder = path.join(START_DIR, '.n8n');
	for (const entry of fs.existsSync(n8nFolder) ? fs.readdirSync(n8nFolder) : []) {
		if (/^n8nEventLog.*\.log$|^crash\.journal$/.test(entry)) fs.rmSync(path.join(n8nFolder, entry), { force: true });
	}
	fs.mkdirSync(logDir, { recursive: true });
	const logs = fs.readdirSync(logDir).filter((f) => f.endsWith('.log') && !f.endsWith('.previous.log'));
	for (const f of fs.readdirSync(logDir).filter((f) => f.endsWith('.previous.log'))) fs.rmSync(path.join(logDir, f), { force: true });
	for (const f of logs) rotateLog(path.join(logDir, f));
}

/** --queue: the cluster on its own database, credentials and examples imported afresh; resolves when Redis or PostgreSQL ends. */
async function runQueue(t0) {
	const env = require('./n8n/env');
	const examples = require('./n8n/examples');
	const tryIt = require('./n8n/tryIt');
	const queue = require('./n8n/queue');
	const { sandbox } = running;
	const logDir = path.join(START_DIR, 'logs');
	step('starting n8n in queue mode from deploy/: Redis, PostgreSQL and nginx (Debian packages, installed with apt-get when missing), main, 2 workers, a webhook process');
	pruneQueueFolder(logDir);
	const cluster = await queue.startCluster({
		userFolder: START_DIR,
		port: N8N_PORT,
		logDir,
		log: (m) => say(`  ${m}`),
		onEvent: (event) => event.type === 'restarted' && say(`  (${event.name}'s log: ${path.join(logDir, `${event.name}.log`)})`),
	});
	running.cluster = cluster;
	const client = await env.setupOwnerAndLogin(cluster.url, OWNER);
	step("importing the sandbox credentials and the example workflows into the cluster's database");
	await env.importCredentials(START_DIR, examples.sandboxCredentials(sandbox.url, { ...sandbox.credentials, ...DEMO }), { env: cluster.env });
	const shown = examples.examplesFor(env.n8nPaths().version, { log: (m) => say(`  ${m}`) });
	await env.importWorkflows(START_DIR, shown.map((e) => e.workflow), { env: cluster.env });
	const nodeCount = await loadedNodeCount(client);
	say('');
	say(bold(`n8n in queue mode with the PaySuite nodes is ready (${Math.round((Date.now() - t0) / 1000)} s):`));
	say(`  Editor        ${bold(cluster.url)} (nginx: test URLs, /webhook-test/..., go to the main)`);
	say(`  Webhooks      ${bold(cluster.url)} (production URLs, /webhook/...: nginx sends them to the webhook process)`);
	say(`  Sign in       ${OWNER.email} / ${OWNER.password}`);
	say(`  Nodes         ${nodeCount} PaySuite nodes loaded`);
	say(`  Sandbox       ${sandbox.url}`);
	say(`  Processes     (logs in ${logDir})`);
	for (const line of cluster.describe()) say(`    ${line}`);
	say('  Runs          the editor\'s "Execute workflow" and every trigger run on a worker');
	say('  If one dies   any process that ends on its own (Redis and PostgreSQL too) is started again on its data (left down after 5 ends in 10 min); the rest waits and resumes');
	say('');
	for (const line of tryIt.tryItLines({ sandboxUrl: sandbox.url, n8nUrl: cluster.webhookUrl, examples: shown })) say(`  ${line}`);
	say('');
	say('Press Ctrl-C to stop the cluster and the sandbox (the database goes with it).');
	// Only Redis, PostgreSQL or nginx left down ends the cluster (a stop request ends it too: stopAll exits then).
	const why = await cluster.failed;
	if (!stopped) say(`${why}: nothing works without it, stopping the cluster; see ${logDir}`);
}

/**
 * The credentials (again only when their data changed: same ids, so workflows keep them) and the examples (when new
 * or when the file changed since the last import: your edits stay otherwise) into the kept user folder.
 */
async function importChanged(env, examples) {
	const { sandbox } = running;
	const statePath = path.join(START_DIR, 'paysuite-start.json');
	const state = readJson(statePath, { credentials: '', examples: {} });
	const credentials = examples.sandboxCredentials(sandbox.url, { ...sandbox.credentials, ...DEMO });
	const credHash = sha(JSON.stringify(credentials));
	if (state.credentials !== credHash) {
		step('importing the sandbox credentials (PaySuite sandbox, PaySuite onboarding sandbox)');
		await env.importCredentials(START_DIR, credentials);
		state.credentials = credHash;
	}
	const shown = examples.examplesFor(env.n8nPaths().version, { log: (m) => say(`  ${m}`) });
	const changed = shown.filter(({ file, workflow }) => state.examples[file] !== sha(JSON.stringify(workflow)));
	if (changed.length) {
		step(`importing ${changed.length} example workflow(s) from examples/`);
		await env.importWorkflows(START_DIR, changed.map((e) => e.workflow));
		for (const e of changed) state.examples[e.file] = sha(JSON.stringify(e.workflow));
	}
	fs.writeFileSync(statePath, JSON.stringify(state, null, 2));
	return shown;
}

/** `n8n start` on the kept user folder; resolves when n8n ends on its own. */
async function runRegular(t0) {
	const env = require('./n8n/env');
	const examples = require('./n8n/examples');
	const { restClient } = require('./n8n/rest');
	const shown = await importChanged(env, examples);
	const logFile = path.join(START_DIR, 'n8n.log');
	rotateLog(logFile);
	step(`starting n8n on http://127.0.0.1:${N8N_PORT} (log: ${logFile})`);
	try {
		running.server = await env.startServer(START_DIR, {
			port: N8N_PORT,
			logFile,
			maxLifetimeMs: Infinity,
			timeoutMs: 3 * 60 * 1000,
			env: { N8N_LOG_OUTPUT: 'console', EXECUTIONS_DATA_PRUNE: 'true' },
		});
	} catch (e) {
		throw new Error(`n8n did not start on port ${N8N_PORT}: ${e.message.split('\n')[0]} (is the port taken? use --port N; full log in ${logFile})`);
	}
	const client = restClient(running.server.url);
	const setup = await client.call('POST', '/rest/owner/setup', OWNER);
	const login = await client.call('POST', '/rest/login', { emailOrLdapLoginId: OWNER.email, email: OWNER.email, password: OWNER.password });
	const ownerReady = login.status === 200;
	const nodeCount = ownerReady ? await loadedNodeCount(client, logFile) : 0;
	printReady({ t0, ownerReady, ownerCreated: setup.status === 200, loginStatus: login.status, nodeCount, shown });
	const code = await running.server.exited;
	running.server = undefined;
	if (!stopped) say(`n8n exited (${code}); see ${logFile}`);
}

/** What to open, once n8n answers. */
function printReady({ t0, ownerReady, ownerCreated, loginStatus, nodeCount, shown }) {
	const { sandbox, server } = running;
	const tryIt = require('./n8n/tryIt');
	const c = sandbox.credentials;
	say('');
	say(bold(`n8n with the PaySuite nodes is ready (${Math.round((Date.now() - t0) / 1000)} s):`));
	say(`  Editor        ${bold(server.url)}`);
	if (ownerReady) {
		say(`  Sign in       ${OWNER.email} / ${OWNER.password}${ownerCreated ? '  (owner account created now)' : ''}`);
		say(`  Nodes         ${nodeCount} PaySuite nodes loaded: open the node panel (+) and search "PaySuite"`);
	} else {
		say(`  Sign in       the owner account of ${START_DIR} (not the demo one: ${loginStatus}); --reset starts over`);
	}
	say(`  Workflows     ${shown.length} examples ("PaySuite: ...", offline twins "PaySuite (offline): ..."), each with a "Try it" manual start`);
	say(`  Credentials   "PaySuite sandbox" (login ${c.login}) and "PaySuite onboarding sandbox" (token ${DEMO.accessToken})`);
	say(`  Sandbox       ${sandbox.url}  (control API: ${sandbox.url}/__sandbox/ledger, /__sandbox/routes; docs/sandbox/)`);
	say(`  Past          ${flag('empty') ? 'none (--empty)' : '62 days of transactions for reports'} (${sandbox.url}/__sandbox/gateway/transactions)`);
	say('');
	for (const line of tryIt.tryItLines({ sandboxUrl: sandbox.url, n8nUrl: server.url, examples: shown })) say(`  ${line}`);
	say('');
	say('Press Ctrl-C to stop n8n and the sandbox.');
}

async function main() {
	const t0 = Date.now();
	// From the start: a stop request while installing or packing ends those commands too.
	onStopRequest((reason) => {
		say(`\nstopping n8n and the sandbox (${reason})...`);
		return stopAll(0);
	});
	buildIfNeeded();
	const env = require('./n8n/env');
	step('n8n and its Node (cached outside the clone; the first run downloads them from the npm registry, several minutes)');
	const paths = await env.ensureN8n();
	say(`  n8n ${paths.version} in ${paths.dir}`);

	if (flag('reset')) fs.rmSync(START_DIR, { recursive: true, force: true });
	fs.mkdirSync(path.join(START_DIR, '.n8n', 'nodes'), { recursive: true });
	removeLeftovers();
	// Its own encryption key, not the tests' public one (a folder made with that one starts afresh).
	const key = env.useOwnEncryptionKey(START_DIR, { alsoRemove: [path.join(START_DIR, 'paysuite-start.json')] });
	say(`  encryption key in ${key.file} (0600)${key.replaced ? ': new; the database made with the public test key of earlier versions was removed' : ''}`);
	step(`installing the packed package into the n8n user folder ${START_DIR}`);
	await env.packAndInstall(REPO_DIR, START_DIR);
	running.sandbox = await startDemoSandbox();
	step(`sandbox listening on ${running.sandbox.url}`);
	try {
		await (QUEUE ? runQueue(t0) : runRegular(t0));
	} catch (e) {
		if (!stopped) say(`\x1b[31m${QUEUE ? `${e.message.split('\n')[0]}\x1b[0m (logs in ${path.join(START_DIR, 'logs')})` : `${e.message}\x1b[0m`}`);
	}
	// Here n8n ended on its own, or something failed (after a stop request, stopAll exits first).
	await stopAll(1);
}

main().catch(async (e) => {
	// The message says what failed and what to do; the stack only helps a developer (PAYSUITE_DEBUG=1).
	console.error(`npm start failed: ${process.env.PAYSUITE_DEBUG ? e.stack : e.message}`);
	await stopAll(1);
});
