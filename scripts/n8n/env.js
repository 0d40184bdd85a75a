'use strict';
/**
 * Helpers to drive a real n8n (installed by ./install.js) headlessly. Plain CommonJS, no dependencies;
 * usable from Node scripts and from TS tests via require().
 *
 * Every spawned process runs in its own process group with a timeout; the group is killed on timeout
 * and on stop(). n8n always runs with the cached Node 24 binary.
 */
const fs = require('fs');
const os = require('os');
const net = require('net');
const path = require('path');
const crypto = require('crypto');
const { spawn } = require('child_process');
const install = require('./install');

const ENCRYPTION_KEY = process.env.PAYSUITE_E2E_ENCRYPTION_KEY || 'paysuite-e2e-encryption-key-0123456789';
const DEFAULT_TIMEOUT_MS = 3 * 60 * 1000;

/** Live process groups we started, killed on process exit as a last resort. */
const liveGroups = new Set();
let exitHookInstalled = false;
function track(child) {
	liveGroups.add(child.pid);
	child.on('exit', () => liveGroups.delete(child.pid));
	if (!exitHookInstalled) {
		exitHookInstalled = true;
		process.on('exit', () => {
			for (const pid of liveGroups) killGroup(pid, 'SIGKILL');
		});
	}
}

function killGroup(pid, signal = 'SIGTERM') {
	try {
		process.kill(-pid, signal);
	} catch {
		/* already gone */
	}
}

/** Paths of the installed n8n (throws when ./install.js has not completed). */
function n8nPaths() {
	const p = install.pathsFor();
	if (!install.readMarker(p)) {
		throw new Error(`n8n is not installed in ${p.dir}; run: node scripts/n8n/install.js`);
	}
	return p;
}

/** Installs (or reuses) n8n + Node 24; resolves to the paths. */
function ensureN8n() {
	return install.ensureN8n();
}

/** A free TCP port on 127.0.0.1. */
function freePort() {
	return new Promise((resolve, reject) => {
		const srv = net.createServer();
		srv.unref();
		srv.on('error', reject);
		srv.listen(0, '127.0.0.1', () => {
			const { port } = srv.address();
			srv.close(() => resolve(port));
		});
	});
}

/** Creates a fresh, empty n8n user folder (a temporary directory). */
function createUserFolder(prefix = 'paysuite-n8n-') {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
	fs.mkdirSync(path.join(dir, '.n8n', 'nodes'), { recursive: true });
	return dir;
}

/** Removes a user folder made by createUserFolder(). */
function removeUserFolder(userFolder) {
	if (userFolder && userFolder.startsWith(os.tmpdir())) fs.rmSync(userFolder, { recursive: true, force: true });
}

/** The environment n8n runs with. `extra` overrides. */
function n8nEnv(userFolder, extra = {}) {
	const p = n8nPaths();
	// n8n keeps some files in the temp dir (data table uploads): inside the user folder, they go with it.
	const tmpDir = path.join(userFolder, 'tmp');
	fs.mkdirSync(tmpDir, { recursive: true });
	const env = {
		...process.env,
		TMPDIR: tmpDir,
		PATH: `${p.node24BinDir}${path.delimiter}${process.env.PATH || ''}`,
		N8N_USER_FOLDER: userFolder,
		N8N_ENCRYPTION_KEY: ENCRYPTION_KEY,
		N8N_LISTEN_ADDRESS: '127.0.0.1',
		N8N_HOST: '127.0.0.1',
		N8N_DIAGNOSTICS_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
		N8N_TEMPLATES_ENABLED: 'false',
		N8N_PERSONALIZATION_ENABLED: 'false',
		N8N_DISABLED_MODULES: 'mcp-registry',
		N8N_SECURE_COOKIE: 'false',
		N8N_WORKFLOW_PUBLICATION_RECONCILE_INTERVAL_SECONDS: '2',
		N8N_LOG_LEVEL: 'info',
		N8N_LOG_OUTPUT: 'console',
		N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'false',
		N8N_HIDE_USAGE_PAGE: 'true',
		N8N_COMMUNITY_PACKAGES_ENABLED: 'true',
		N8N_UNVERIFIED_PACKAGES_ENABLED: 'true',
		N8N_RUNNERS_ENABLED: 'true',
		DB_TYPE: 'sqlite',
		GENERIC_TIMEZONE: 'UTC',
		TZ: 'UTC',
		NODE_ENV: 'production',
		...extra,
	};
	// jest/ts-node variables must not leak into n8n.
	delete env.NODE_OPTIONS;
	delete env.TS_NODE_PROJECT;
	delete env.JEST_WORKER_ID;
	for (const [k, v] of Object.entries(env)) if (v === undefined) delete env[k];
	return env;
}

/**
 * Runs a command in its own process group, collecting output, with a timeout.
 * Resolves { exitCode, signal, stdout, stderr, durationMs, timedOut }.
 */
function runProcess(cmd, args, { cwd, env, timeoutMs = DEFAULT_TIMEOUT_MS, input } = {}) {
	return new Promise((resolve, reject) => {
		const started = Date.now();
		const child = spawn(cmd, args, { cwd, env, stdio: [input ? 'pipe' : 'ignore', 'pipe', 'pipe'], detached: true });
		track(child);
		let stdout = '';
		let stderr = '';
		let timedOut = false;
		child.stdout.on('data', (d) => (stdout += d));
		child.stderr.on('data', (d) => (stderr += d));
		if (input) child.stdin.end(input);
		const timer = setTimeout(() => {
			timedOut = true;
			killGroup(child.pid, 'SIGKILL');
		}, timeoutMs);
		child.on('error', (e) => {
			clearTimeout(timer);
			reject(e);
		});
		child.on('close', (code, signal) => {
			clearTimeout(timer);
			// Child processes of the command (task runners) must not outlive it.
			killGroup(child.pid, 'SIGKILL');
			resolve({ exitCode: code, signal, stdout, stderr, durationMs: Date.now() - started, timedOut });
		});
	});
}

/** Runs `n8n <args>` with the cached Node 24 against a user folder. */
async function runN8n(userFolder, args, { timeoutMs = DEFAULT_TIMEOUT_MS, env = {} } = {}) {
	const p = n8nPaths();
	const brokerPort = env.N8N_RUNNERS_BROKER_PORT || String(await freePort());
	const res = await runProcess(p.node24, [p.n8nBin, ...args], {
		cwd: userFolder,
		env: n8nEnv(userFolder, { N8N_RUNNERS_BROKER_PORT: brokerPort, N8N_PORT: String(await freePort()), ...env }),
		timeoutMs,
	});
	if (res.timedOut) {
		const e = new Error(`n8n ${args.join(' ')} timed out after ${timeoutMs} ms\n${tail(res.stdout)}\n${tail(res.stderr)}`);
		e.result = res;
		throw e;
	}
	return res;
}

function tail(s, n = 4000) {
	return s.length > n ? `...${s.slice(-n)}` : s;
}

function assertOk(res, what) {
	if (res.exitCode !== 0) {
		const e = new Error(`${what} failed (exit ${res.exitCode})\nstdout: ${tail(res.stdout)}\nstderr: ${tail(res.stderr)}`);
		e.result = res;
		throw e;
	}
	return res;
}

/** Runs npm (the machine's npm, Node 20 is fine for pack/install of a plain JS package). */
function runNpm(args, { cwd, timeoutMs = 5 * 60 * 1000, env = {} } = {}) {
	const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
	return runProcess(npm, args, { cwd, env: { ...process.env, ...env }, timeoutMs });
}

/**
 * `npm pack` the repo (already built: its `dist/` must exist) into a temp dir, then installs the tarball
 * the way users do: `npm install --prefix <userFolder>/.n8n/nodes --legacy-peer-deps --ignore-scripts
 * --no-package-lock PKG.tgz`, and removes the tarball. Resolves { packageName, version, installedDir, durationMs }.
 */
async function packAndInstall(repoDir, userFolder) {
	const started = Date.now();
	const pkg = JSON.parse(fs.readFileSync(path.join(repoDir, 'package.json'), 'utf8'));
	const packDir = fs.mkdtempSync(path.join(os.tmpdir(), 'paysuite-pack-'));
	try {
		// --ignore-scripts: the caller has built dist/ already (prepack would build it again).
		const packed = assertOk(
			await runNpm(['pack', '--ignore-scripts', '--json', '--pack-destination', packDir], { cwd: repoDir }),
			'npm pack',
		);
		let filename;
		try {
			filename = JSON.parse(packed.stdout.slice(packed.stdout.indexOf('[')))[0].filename;
		} catch {
			filename = fs.readdirSync(packDir).find((f) => f.endsWith('.tgz'));
		}
		const tarball = path.join(packDir, path.basename(filename));
		const nodesDir = path.join(userFolder, '.n8n', 'nodes');
		fs.mkdirSync(nodesDir, { recursive: true });
		assertOk(
			await runNpm(
				['install', '--prefix', nodesDir, '--legacy-peer-deps', '--ignore-scripts', '--no-package-lock', '--no-audit', '--no-fund', tarball],
				{ cwd: nodesDir },
			),
			'npm install of the packed package',
		);
		const installedDir = path.join(nodesDir, 'node_modules', pkg.name);
		if (!fs.existsSync(path.join(installedDir, 'package.json'))) throw new Error(`package not installed at ${installedDir}`);
		return { packageName: pkg.name, version: pkg.version, installedDir, durationMs: Date.now() - started };
	} finally {
		fs.rmSync(packDir, { recursive: true, force: true });
	}
}

function randomId(len = 16) {
	const abc = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
	const bytes = crypto.randomBytes(len);
	let s = '';
	for (let i = 0; i < len; i++) s += abc[bytes[i] % abc.length];
	return s;
}

function writeTemp(userFolder, name, data) {
	const dir = path.join(userFolder, 'e2e-io');
	fs.mkdirSync(dir, { recursive: true });
	const file = path.join(dir, `${name}-${randomId(6)}.json`);
	fs.writeFileSync(file, JSON.stringify(data, null, 2));
	return file;
}

/**
 * Imports credentials (plaintext `data`, n8n encrypts them on import).
 * creds: [{ id?, name?, type, data }] → resolves to the list with ids filled in. `env`: e.g. a queue cluster's database settings.
 */
async function importCredentials(userFolder, creds, { env } = {}) {
	const now = new Date().toISOString();
	const list = creds.map((c) => ({
		id: c.id || randomId(16),
		name: c.name || `${c.type} (e2e)`,
		type: c.type,
		data: c.data || {},
		isManaged: false,
		createdAt: now,
		updatedAt: now,
	}));
	const file = writeTemp(userFolder, 'credentials', list);
	assertOk(await runN8n(userFolder, ['import:credentials', `--input=${file}`], { env }), 'n8n import:credentials');
	return list;
}

/**
 * Imports a workflow. wf: { id?, name?, nodes, connections?, settings?, pinData? } → resolves to the full
 * workflow object (with its id, at most 21 characters). `active` is ignored by import.
 */
async function importWorkflow(userFolder, wf) {
	const full = normalizeWorkflow(wf);
	const file = writeTemp(userFolder, 'workflow', full);
	assertOk(await runN8n(userFolder, ['import:workflow', `--input=${file}`]), 'n8n import:workflow');
	return full;
}

/** Imports several workflows with one n8n process (an array file). `env`: e.g. a queue cluster's database settings. */
async function importWorkflows(userFolder, wfs, { env } = {}) {
	const list = wfs.map(normalizeWorkflow);
	const dir = fs.mkdtempSync(path.join(userFolder, 'wfs-'));
	list.forEach((wf, i) => fs.writeFileSync(path.join(dir, `${i}.json`), JSON.stringify(wf)));
	assertOk(await runN8n(userFolder, ['import:workflow', '--separate', `--input=${dir}`], { env }), 'n8n import:workflow --separate');
	return list;
}

function normalizeWorkflow(wf) {
	wf = Object.fromEntries(Object.entries(wf).filter(([, v]) => v !== undefined));
	const id = wf.id || randomId(16);
	if (id.length > 21) throw new Error(`workflow id "${id}" is longer than 21 characters`);
	const now = new Date().toISOString();
	return {
		name: wf.name || `e2e ${id}`,
		active: false,
		isArchived: false,
		settings: { executionOrder: 'v1' },
		connections: {},
		pinData: {},
		versionId: crypto.randomUUID(),
		createdAt: now,
		updatedAt: now,
		...wf,
		id,
		nodes: (wf.nodes || []).map((n, i) => ({
			id: n.id || crypto.randomUUID(),
			typeVersion: 1,
			position: [i * 220, 0],
			parameters: {},
			...n,
		})),
	};
}

/**
 * Extracts the JSON document that `n8n execute --rawOutput` prints after its log lines. Returns undefined
 * when there is none.
 */
function parseRawOutput(stdout) {
	const lines = stdout.split('\n');
	for (let i = 0; i < lines.length; i++) {
		const t = lines[i].trimStart();
		if (!(t.startsWith('{') || t.startsWith('['))) continue;
		const rest = lines.slice(i).join('\n').trim();
		try {
			return JSON.parse(rest);
		} catch {
			// Maybe trailing log lines after the JSON: try shrinking from the end.
			for (let j = lines.length; j > i; j--) {
				try {
					return JSON.parse(lines.slice(i, j).join('\n'));
				} catch {
					/* keep trying */
				}
			}
		}
	}
	return undefined;
}

/**
 * `n8n execute --id=ID --rawOutput`. Resolves { exitCode, signal, crashedOnExit, output, stdout, stderr, durationMs };
 * `output` is the parsed JSON (the run data), undefined if n8n printed none. Exit 1 on node errors.
 */
async function executeWorkflow(userFolder, id, { timeoutMs = DEFAULT_TIMEOUT_MS, env } = {}) {
	const res = await runN8n(userFolder, ['execute', `--id=${id}`, '--rawOutput'], { timeoutMs, env });
	const output = parseRawOutput(res.stdout);
	let exitCode = res.exitCode;
	// n8n 2.40.7 on Node 24 here sometimes dies with SIGSEGV while shutting down, AFTER printing the
	// complete result. Then derive the exit code from the printed run's status (0 success, 1 otherwise).
	const crashedOnExit = exitCode === null && res.signal === 'SIGSEGV' && !!output && typeof output.status === 'string';
	if (crashedOnExit) exitCode = output.status === 'success' ? 0 : 1;
	return { exitCode, signal: res.signal, crashedOnExit, output, stdout: res.stdout, stderr: res.stderr, durationMs: res.durationMs };
}

/**
 * `n8n execute-batch --ids=a,b,c --output=FILE --snapshot=DIR --retries=0`: one n8n process for many
 * workflows (much faster than one `execute` each). Resolves { exitCode, summary, results, stdout, stderr,
 * durationMs } where summary is n8n's JSON summary and results[i] (same order as ids) is
 * { id, status: 'success' | 'warning' | 'error' | undefined, error?: string, output?: IRun }.
 * n8n writes the full run (`output`) only for SUCCESSFUL executions; for failures only the error message.
 */
async function executeBatch(userFolder, ids, { timeoutMs = 10 * 60 * 1000, concurrency = 1, env } = {}) {
	// n8n 2.40.7 silently drops --ids entries without a digit (it filters them with /\d+/).
	const noDigit = ids.filter((id) => !/\d/.test(id));
	if (noDigit.length) throw new Error(`execute-batch ignores workflow ids without a digit: ${noDigit.join(', ')}`);
	const io = fs.mkdtempSync(path.join(userFolder, 'batch-'));
	const out = path.join(io, 'summary.json');
	const snapDir = path.join(io, 'snapshots');
	fs.mkdirSync(snapDir);
	const res = await runN8n(
		userFolder,
		['execute-batch', `--ids=${ids.join(',')}`, `--output=${out}`, `--snapshot=${snapDir}`, `--concurrency=${concurrency}`, '--retries=0'],
		{ timeoutMs, env },
	);
	let summary;
	try {
		summary = JSON.parse(fs.readFileSync(out, 'utf8'));
	} catch {
		summary = undefined;
	}
	const byId = new Map(((summary && summary.executions) || []).map((e) => [e.workflowId, e]));
	const results = ids.map((id) => {
		const e = byId.get(id);
		let output;
		try {
			output = JSON.parse(fs.readFileSync(path.join(snapDir, `${id}-snapshot.json`), 'utf8'));
		} catch {
			output = undefined;
		}
		return { id, status: e ? e.executionStatus : undefined, error: e ? e.error : undefined, output };
	});
	return { exitCode: res.exitCode, summary, results, stdout: res.stdout, stderr: res.stderr, durationMs: res.durationMs };
}

async function waitForReady(url, child, { timeoutMs, getLogs }) {
	const deadline = Date.now() + timeoutMs;
	while (Date.now() < deadline) {
		if (child.exitCode !== null || child.signalCode !== null) {
			throw new Error(`n8n start exited early (${child.exitCode ?? child.signalCode})\n${tail(getLogs())}`);
		}
		try {
			const r = await fetch(`${url}/healthz/readiness`, { signal: AbortSignal.timeout(2000) });
			if (r.ok) return;
		} catch {
			/* not yet */
		}
		await new Promise((r) => setTimeout(r, 500));
	}
	throw new Error(`n8n start not ready within ${timeoutMs} ms\n${tail(getLogs())}`);
}

/**
 * `n8n start` on 127.0.0.1:port; waits for /healthz/readiness. Resolves
 * { url, port, pid, logs(), stop(), exited }. With `logFile`, n8n's output is appended there too; `nodeArgs` go to
 * Node before n8n's script (`--cpu-prof`...). stop() sends SIGTERM to the process group, SIGKILL after 15 s.
 */
async function startServer(userFolder, { port, env = {}, timeoutMs = 2 * 60 * 1000, maxLifetimeMs = 30 * 60 * 1000, logFile, nodeArgs = [] } = {}) {
	const p = n8nPaths();
	port = port || (await freePort());
	const brokerPort = env.N8N_RUNNERS_BROKER_PORT || String(await freePort());
	const url = `http://127.0.0.1:${port}`;
	const child = spawn(p.node24, [...nodeArgs, p.n8nBin, 'start'], {
		cwd: userFolder,
		env: n8nEnv(userFolder, {
			N8N_PORT: String(port),
			N8N_RUNNERS_BROKER_PORT: brokerPort,
			WEBHOOK_URL: `${url}/`,
			N8N_EDITOR_BASE_URL: url,
			...env,
		}),
		stdio: ['ignore', 'pipe', 'pipe'],
		detached: true,
	});
	track(child);
	let logs = '';
	const logStream = logFile ? fs.createWriteStream(logFile, { flags: 'a' }) : undefined;
	const add = (d) => {
		if (logStream) logStream.write(d);
		logs += d;
		if (logs.length > 2_000_000) logs = logs.slice(-1_000_000);
	};
	child.stdout.on('data', add);
	child.stderr.on('data', add);
	// Hard upper bound on the server's life, in case a test forgets stop().
	const lifetime = setTimeout(() => killGroup(child.pid, 'SIGKILL'), Math.min(maxLifetimeMs, 2 ** 31 - 1));
	lifetime.unref();
	const exited = new Promise((r) => child.on('exit', r));
	const stop = async () => {
		clearTimeout(lifetime);
		if (child.exitCode === null && child.signalCode === null) {
			killGroup(child.pid, 'SIGTERM');
			const t = setTimeout(() => killGroup(child.pid, 'SIGKILL'), 15000);
			await exited;
			clearTimeout(t);
		}
		killGroup(child.pid, 'SIGKILL'); // stray task runners
		if (logStream) logStream.end();
	};
	try {
		await waitForReady(url, child, { timeoutMs, getLogs: () => logs });
	} catch (e) {
		await stop();
		throw e;
	}
	return { url, port, pid: child.pid, logs: () => logs, stop, exited };
}

/** A tiny cookie-keeping REST client for n8n's internal /rest API. */
/** The JSON of an answer, or undefined when it is not JSON (an HTML error page, an empty body). */
function parseJsonOrUndefined(text) {
	try {
		return JSON.parse(text);
	} catch {
		return undefined;
	}
}

function restClient(url) {
	let cookie = '';
	const browserId = randomId(20);
	async function call(method, p, body) {
		const r = await fetch(`${url}${p}`, {
			method,
			headers: {
				'content-type': 'application/json',
				'browser-id': browserId,
				...(cookie ? { cookie } : {}),
			},
			body: body === undefined ? undefined : JSON.stringify(body),
			signal: AbortSignal.timeout(60000),
		});
		const setCookie = typeof r.headers.getSetCookie === 'function' ? r.headers.getSetCookie() : [];
		for (const c of setCookie) {
			const kv = c.split(';')[0];
			if (kv.startsWith('n8n-auth=')) cookie = kv;
		}
		const text = await r.text();
		return { status: r.status, json: parseJsonOrUndefined(text), text };
	}
	return { call, get cookie() { return cookie; }, browserId };
}

const OWNER = {
	email: 'owner@e2e.paysuite.test',
	password: 'E2e-Password-123',
	firstName: 'E2E',
	lastName: 'Owner',
};

/**
 * Sets up the instance owner (POST /rest/owner/setup; only works once per user folder) and logs in
 * (POST /rest/login). Resolves a REST client carrying the auth cookie: { call(method, path, body), cookie }.
 */
async function setupOwnerAndLogin(url, owner = OWNER) {
	const client = restClient(url);
	const setup = await client.call('POST', '/rest/owner/setup', owner);
	if (setup.status >= 400 && !/already/i.test(setup.text)) {
		throw new Error(`owner setup failed: ${setup.status} ${setup.text}`);
	}
	const login = await client.call('POST', '/rest/login', {
		emailOrLdapLoginId: owner.email,
		email: owner.email,
		password: owner.password,
	});
	if (login.status !== 200) throw new Error(`login failed: ${login.status} ${login.text}`);
	return client;
}

/**
 * Runs a credential's `test` through the real server: POST /rest/credentials/test.
 * Resolves n8n's answer, e.g. { status: 'OK', message: 'Connection successful!' } or { status: 'Error', message }.
 */
async function testCredential(client, type, data, { name } = {}) {
	const r = await client.call('POST', '/rest/credentials/test', {
		credentials: { id: '', name: name || `${type} (e2e test)`, type, data },
	});
	if (r.status !== 200) throw new Error(`credential test request failed: ${r.status} ${r.text}`);
	return r.json && r.json.data !== undefined ? r.json.data : r.json;
}

module.exports = {
	parseJsonOrUndefined,
	ENCRYPTION_KEY,
	OWNER,
	n8nPaths,
	ensureN8n,
	freePort,
	createUserFolder,
	removeUserFolder,
	n8nEnv,
	runProcess,
	runN8n,
	runNpm,
	packAndInstall,
	importCredentials,
	importWorkflow,
	importWorkflows,
	normalizeWorkflow,
	parseRawOutput,
	executeWorkflow,
	executeBatch,
	startServer,
	restClient,
	setupOwnerAndLogin,
	testCredential,
	killGroup,
	track,
};
