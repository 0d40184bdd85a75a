'use strict';
/**
 * A real n8n (installed by ./install.js) for a run: its user folder with the packed package, its environment,
 * its CLI (imports), `n8n start`, and the owner account. Plain CommonJS, no dependencies; usable from Node
 * scripts and from TS tests via require().
 *
 * Every process runs in a process group of its own, known to this process's reaper (./processes.js), with a
 * timeout; n8n always runs with the Node binary installed beside it (24 for n8n 2.x, 22 for 1.123).
 */
const fs = require('fs');
const os = require('os');
const net = require('net');
const path = require('path');
const crypto = require('crypto');
const install = require('./install');
const { keepOutput, killGroup, removeFolder, removeWhenGone, runProcess, spawnGroup, stopGroup } = require('./processes');
const { restClient } = require('./rest');

const { TEST_ENCRYPTION_KEY, useOwnEncryptionKey, encryptionKeyOf, hasOwnKey } = require('./encryptionKey');
const DEFAULT_TIMEOUT_MS = 3 * 60 * 1000;

/** Paths of the installed n8n (throws when ./install.js has not completed). */
function n8nPaths() {
	const p = install.pathsFor();
	if (!install.readMarker(p)) {
		throw new Error(`n8n is not installed in ${p.dir}; run: node scripts/n8n/install.js`);
	}
	return p;
}

/** Installs (or reuses) n8n and its Node; resolves to the paths. */
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

/**
 * Creates a fresh, empty n8n user folder (a temporary directory), removed by this process's reaper if we end
 * without removing it, unless `keep`.
 */
function createUserFolder(prefix = 'paysuite-n8n-', { keep = false } = {}) {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
	fs.mkdirSync(path.join(dir, '.n8n', 'nodes'), { recursive: true });
	if (!keep) removeWhenGone(dir);
	return dir;
}

/** Removes a user folder made by createUserFolder(), once no process of ours runs in it. */
function removeUserFolder(userFolder) {
	if (userFolder && userFolder.startsWith(os.tmpdir())) removeFolder(userFolder);
}

/** The environment n8n runs with. `extra` overrides. */
function n8nEnv(userFolder, extra = {}) {
	const p = n8nPaths();
	const ownKey = hasOwnKey(userFolder);
	// n8n keeps some files in the temp dir (data table uploads): inside the user folder, they go with it.
	const tmpDir = path.join(userFolder, 'tmp');
	fs.mkdirSync(tmpDir, { recursive: true });
	const env = {
		...process.env,
		TMPDIR: tmpDir,
		PATH: `${p.nodeBinDir}${path.delimiter}${process.env.PATH || ''}`,
		N8N_USER_FOLDER: userFolder,
		N8N_ENCRYPTION_KEY: ownKey ? undefined : TEST_ENCRYPTION_KEY,
		N8N_LISTEN_ADDRESS: '127.0.0.1',
		N8N_HOST: '127.0.0.1',
		N8N_DIAGNOSTICS_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
		N8N_TEMPLATES_ENABLED: 'false',
		N8N_PERSONALIZATION_ENABLED: 'false',
		N8N_DISABLED_MODULES: p.disabledModules || undefined,
		N8N_SECURE_COOKIE: 'false',
		N8N_WORKFLOW_PUBLICATION_RECONCILE_INTERVAL_SECONDS: '2',
		N8N_LOG_LEVEL: 'info',
		N8N_LOG_OUTPUT: 'console',
		N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: ownKey ? 'true' : 'false',
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

/** Runs `n8n <args>` with the cached Node against a user folder. */
async function runN8n(userFolder, args, { timeoutMs = DEFAULT_TIMEOUT_MS, env = {} } = {}) {
	const p = n8nPaths();
	const brokerPort = env.N8N_RUNNERS_BROKER_PORT || String(await freePort());
	const res = await runProcess(p.node, [p.n8nBin, ...args], {
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
	removeWhenGone(packDir);
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
		removeFolder(packDir);
	}
}

function randomId(len = 16) {
	const abc = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
	const bytes = crypto.randomBytes(len);
	let s = '';
	for (let i = 0; i < len; i++) s += abc[bytes[i] % abc.length];
	return s;
}

/**
 * Where import files go for the moment of one import: a new folder only this user can read (0700), in memory
 * (/dev/shm) when the machine has it, else the temp folder; the reaper removes it should we die meanwhile.
 */
function privateImportFolder() {
	const shm = '/dev/shm';
	let base = os.tmpdir();
	try {
		fs.accessSync(shm, fs.constants.W_OK);
		base = shm;
	} catch {
		/* no tmpfs: the temp folder */
	}
	const dir = fs.mkdtempSync(path.join(base, 'paysuite-import-'));
	fs.chmodSync(dir, 0o700);
	removeWhenGone(dir);
	return dir;
}

/**
 * Runs `import(dir)` with `files` ({ name: data }) written as JSON into a private folder (files 0600), and removes
 * the folder right after, whatever the outcome: the credentials' secrets are on disk in clear only while n8n reads
 * them (n8n encrypts them into its database).
 */
async function withImportFiles(files, importFrom) {
	const dir = privateImportFolder();
	try {
		for (const [name, data] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), JSON.stringify(data), { mode: 0o600 });
		return await importFrom(dir);
	} finally {
		removeFolder(dir);
	}
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
	await withImportFiles({ 'credentials.json': list }, async (dir) =>
		assertOk(await runN8n(userFolder, ['import:credentials', `--input=${path.join(dir, 'credentials.json')}`], { env }), 'n8n import:credentials'),
	);
	return list;
}

/**
 * Imports a workflow. wf: { id?, name?, nodes, connections?, settings?, pinData? } → resolves to the full
 * workflow object (with its id, at most 21 characters). `active` is ignored by import.
 */
async function importWorkflow(userFolder, wf) {
	const full = normalizeWorkflow(wf);
	await withImportFiles({ 'workflow.json': full }, async (dir) =>
		assertOk(await runN8n(userFolder, ['import:workflow', `--input=${path.join(dir, 'workflow.json')}`]), 'n8n import:workflow'),
	);
	return full;
}

/** Imports several workflows with one n8n process (a folder of files). `env`: e.g. a queue cluster's database settings. */
async function importWorkflows(userFolder, wfs, { env } = {}) {
	const list = wfs.map(normalizeWorkflow);
	await withImportFiles(Object.fromEntries(list.map((wf, i) => [`${i}.json`, wf])), async (dir) =>
		assertOk(await runN8n(userFolder, ['import:workflow', '--separate', `--input=${dir}`], { env }), 'n8n import:workflow --separate'),
	);
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

/** Readiness and the /rest routes (public /rest/settings): 1.123 is "ready" about 3.5 s before they exist. */
async function answersRest(url) {
	const ready = await fetch(`${url}/healthz/readiness`, { signal: AbortSignal.timeout(2000) });
	if (!ready.ok) return false;
	const settings = await fetch(`${url}/rest/settings`, { signal: AbortSignal.timeout(5000) });
	return settings.ok;
}

async function waitForReady(url, child, { timeoutMs, getLogs }) {
	const deadline = Date.now() + timeoutMs;
	while (Date.now() < deadline) {
		if (child.exitCode !== null || child.signalCode !== null) {
			throw new Error(`n8n start exited early (${child.exitCode ?? child.signalCode})\n${tail(getLogs())}`);
		}
		try {
			if (await answersRest(url)) return;
		} catch {
			/* not yet */
		}
		await new Promise((r) => setTimeout(r, 500));
	}
	throw new Error(`n8n start not ready within ${timeoutMs} ms\n${tail(getLogs())}`);
}

/**
 * `n8n start` on 127.0.0.1:port; waits for /healthz/readiness and the /rest routes. Resolves
 * { url, port, pid, logs(), stop(), exited }. With `logFile`, n8n's output is appended there too; `nodeArgs` go to
 * Node before n8n's script (`--cpu-prof`...). stop() sends SIGTERM to the process group, SIGKILL after 15 s, and
 * resolves once nothing of it runs any more.
 */
async function startServer(userFolder, { port, env = {}, timeoutMs = 2 * 60 * 1000, maxLifetimeMs = 30 * 60 * 1000, logFile, nodeArgs = [] } = {}) {
	const p = n8nPaths();
	port = port || (await freePort());
	const brokerPort = env.N8N_RUNNERS_BROKER_PORT || String(await freePort());
	const url = `http://127.0.0.1:${port}`;
	const child = spawnGroup(p.node, [...nodeArgs, p.n8nBin, 'start'], {
		cwd: userFolder,
		env: n8nEnv(userFolder, { N8N_PORT: String(port), N8N_RUNNERS_BROKER_PORT: brokerPort, [p.webhookUrlVariable || 'WEBHOOK_URL']: `${url}/`, N8N_EDITOR_BASE_URL: url, ...env }),
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	const output = keepOutput(child, { logFile });
	// Hard upper bound on the server's life, in case a test forgets stop().
	const lifetime = setTimeout(() => killGroup(child.pid, 'SIGKILL'), Math.min(maxLifetimeMs, 2 ** 31 - 1));
	lifetime.unref();
	const exited = new Promise((r) => child.on('exit', r));
	const stop = async () => {
		clearTimeout(lifetime);
		await stopGroup(child, { graceMs: 15000 });
		await output.end();
	};
	try {
		await waitForReady(url, child, { timeoutMs, getLogs: output.logs });
	} catch (e) {
		await stop();
		throw e;
	}
	return { url, port, pid: child.pid, logs: output.logs, stop, exited };
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

module.exports = {
	TEST_ENCRYPTION_KEY, useOwnEncryptionKey, encryptionKeyOf,
	OWNER,
	n8nPaths,
	ensureN8n,
	freePort,
	createUserFolder,
	removeUserFolder,
	n8nEnv,
	runN8n,
	runNpm,
	packAndInstall,
	importCredentials,
	importWorkflow,
	importWorkflows,
	normalizeWorkflow,
	answersRest,
	startServer,
	setupOwnerAndLogin,
};
