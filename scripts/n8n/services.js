'use strict';
/**
 * The services under the queue cluster (./queue.js), each started as this process's own child in a process group
 * of its own (./processes.js) and supervised (./supervisor.js: started again on the same port and data when it
 * ends): Redis with its append-only file, PostgreSQL (initialized once, a password, its durable defaults unless
 * `nonDurableDatabaseForTests`) and nginx with deploy/nginx/'s routes (./deploy.js). Their binaries come from
 * Debian's packages, installed with apt-get when missing. Plain CommonJS, no dependencies.
 */
const fs = require('fs');
const net = require('net');
const os = require('os');
const path = require('path');
const { spawnSync } = require('child_process');

const env = require('./env');
const deploy = require('./deploy');
const { aptInstall, aptUnavailable } = require('./apt');
const { keepOutput, spawnGroup, stopGroup } = require('./processes');
const { supervised } = require('./supervisor');

const READY_TIMEOUT_MS = 4 * 60 * 1000;

const defaultLog = (m) => process.stderr.write(`[queue] ${m}\n`);

function which(cmd) {
	const r = spawnSync('sh', ['-c', `command -v ${cmd}`], { encoding: 'utf8' });
	return r.status === 0 ? r.stdout.trim() : undefined;
}

/** Debian's PostgreSQL binaries: /usr/lib/postgresql/<newest>/bin (initdb and postgres are not on PATH). */
function postgresBinDir() {
	const root = '/usr/lib/postgresql';
	const versions = fs.existsSync(root) ? fs.readdirSync(root).filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a)) : [];
	for (const v of versions) {
		const dir = path.join(root, v, 'bin');
		if (fs.existsSync(path.join(dir, 'initdb')) && fs.existsSync(path.join(dir, 'postgres'))) return dir;
	}
	const initdb = which('initdb');
	return initdb ? path.dirname(fs.realpathSync(initdb)) : undefined;
}

function findServices() {
	return { redisServer: which('redis-server'), postgresBin: postgresBinDir(), nginx: which('nginx') || (fs.existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : undefined) };
}

/**
 * Redis, PostgreSQL and nginx binaries, installing Debian's `redis-server` / `postgresql` / `nginx` packages
 * when missing. Resolves { redisServer, postgresBin, nginx }; throws saying what is missing and why it could not be
 * installed.
 */
function ensureServices({ log = defaultLog } = {}) {
	let found = findServices();
	const missing = [!found.redisServer && 'redis-server', !found.postgresBin && 'postgresql', !found.nginx && 'nginx'].filter(Boolean);
	if (missing.length === 0) return found;
	const unavailable = aptUnavailable();
	if (unavailable) throw new Error(`queue mode needs ${missing.join(' and ')}, not installed, and ${unavailable}; install Debian's ${missing.join(' ')} package(s)`);
	log(`${missing.join(' and ')} missing: installing Debian's package(s) (apt-get)`);
	const problem = aptInstall(missing, log);
	found = findServices();
	if (!found.redisServer || !found.postgresBin || !found.nginx) throw new Error(problem || `installed ${missing.join(' ')} but found no binary`);
	return found;
}

/** A service in its own process group (./processes.js), its output kept and optionally logged. */
function spawnService(cmd, args, { env: childEnv, cwd, uid, gid, logFile } = {}) {
	const child = spawnGroup(cmd, args, { env: childEnv, cwd, uid, gid, stdio: ['ignore', 'pipe', 'pipe'] });
	const output = keepOutput(child, { logFile });
	const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve(code ?? signal)));
	child.on('error', (e) => output.add(`\n${e.message}\n`));
	/** Ends the group: `signal` first, SIGKILL after `graceMs`; resolves once nothing of it runs. */
	const stop = async (signal = 'SIGTERM', graceMs = 20000) => {
		await stopGroup(child, { signal, graceMs });
		await output.end();
	};
	return { child, pid: child.pid, logs: output.logs, exited, stop, alive: () => child.exitCode === null && child.signalCode === null };
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function waitFor(what, proc, check, timeoutMs = READY_TIMEOUT_MS) {
	const deadline = Date.now() + timeoutMs;
	while (Date.now() < deadline) {
		if (!proc.alive()) throw new Error(`${what} exited before it was ready\n${proc.logs().slice(-4000)}`);
		if (await check().catch(() => false)) return;
		await sleep(300);
	}
	throw new Error(`${what} not ready within ${timeoutMs} ms\n${proc.logs().slice(-4000)}`);
}

/** Redis answers PING. */
function redisPing(port) {
	return new Promise((resolve) => {
		const socket = net.connect(port, '127.0.0.1');
		socket.setTimeout(1000, () => socket.destroy());
		socket.on('error', () => resolve(false));
		socket.on('close', () => resolve(false));
		socket.on('connect', () => socket.write('PING\r\n'));
		socket.on('data', (d) => {
			resolve(d.toString().startsWith('+PONG'));
			socket.destroy();
		});
	});
}

/** A supervised service (./supervisor.js): `spawn()` starts it, `ready(proc)` says when it answers. */
function supervisedService({ name, spawn, ready, readyMs = 60000, log, onEvent }) {
	const start = async (onSpawn) => {
		const proc = spawn();
		onSpawn(proc);
		try {
			await waitFor(name, proc, () => ready(proc), readyMs);
		} catch (e) {
			await proc.stop('SIGKILL', 0);
			throw e;
		}
		return proc;
	};
	return supervised({ name, start, log, onEvent });
}

/**
 * Redis on a random loopback port, its append-only file in `dir` (a queued job survives a restart; without it a
 * restart loses every job still waiting), started again on the same port and data when it ends.
 */
async function startRedis(redisServer, dir, { logFile, log, onEvent }) {
	const port = await env.freePort();
	fs.mkdirSync(dir, { recursive: true });
	const args = ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--appendonly', 'yes', '--appendfsync', 'everysec', '--save', ''];
	const handle = await supervisedService({ name: 'redis', spawn: () => spawnService(redisServer, args, { cwd: dir, logFile }), ready: () => redisPing(port), readyMs: 30000, log, onEvent });
	return Object.assign(handle, { port });
}

/** uid/gid of user postgres when running as root (initdb and postgres refuse root), else {}. */
function postgresUser() {
	if (typeof process.getuid !== 'function' || process.getuid() !== 0) return {};
	const id = (flag) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
	const uid = id('-u');
	const gid = id('-g');
	if (!Number.isInteger(uid) || !Number.isInteger(gid) || uid === 0) throw new Error('running as root, but there is no user postgres to run PostgreSQL as');
	return { uid, gid };
}

/** Whether every folder from / down to `dir` lets other users through (execute bit for others). */
function reachableByOthers(dir) {
	for (let d = path.resolve(dir); ; d = path.dirname(d)) {
		try {
			if ((fs.statSync(d).mode & 0o001) === 0) return false;
		} catch {
			return false;
		}
		if (d === path.dirname(d)) return true;
	}
}

/**
 * Where the cluster's folder goes: the temp folder, unless PostgreSQL runs as another user (as root: user
 * postgres) and cannot reach it, as with a private TMPDIR (mode 700): then /tmp or /var/tmp.
 */
function clusterBase() {
	const candidates = [os.tmpdir(), '/tmp', '/var/tmp'];
	if (postgresUser().uid === undefined) return candidates[0];
	const base = candidates.find(reachableByOthers);
	if (!base) throw new Error(`user postgres cannot reach ${candidates.join(', ')}: give one of them the execute bit for others`);
	return base;
}

/** PostgreSQL's settings of the tests' throwaway clusters: fast, and not durable (a crash of the machine loses data). */
const NON_DURABLE_FOR_TESTS = ['fsync=off', 'synchronous_commit=off', 'full_page_writes=off'];

/**
 * PostgreSQL on a random loopback port, its data in `dir`, user n8n with a random password (scram-sha-256, in
 * `passwordFile`, 0600): initialized once, started again on the same port and data when it ends. Its durable
 * defaults stay unless `nonDurableDatabaseForTests`.
 */
async function startPostgres(binDir, dir, { passwordFile, nonDurableDatabaseForTests = false, logFile, log, onEvent }) {
	const user = postgresUser();
	fs.mkdirSync(dir, { recursive: true });
	if (user.uid !== undefined) fs.chownSync(dir, user.uid, user.gid);
	const data = path.join(dir, 'data');
	const pgEnv = { PATH: process.env.PATH, LANG: 'C.UTF-8', LC_ALL: 'C.UTF-8', HOME: dir };
	// initdb reads the password as the user it runs as: a copy it owns, removed right after.
	const pwfile = path.join(dir, 'initdb-password');
	fs.writeFileSync(pwfile, fs.readFileSync(passwordFile), { mode: 0o600 });
	if (user.uid !== undefined) fs.chownSync(pwfile, user.uid, user.gid);
	const initArgs = ['-D', data, '-U', 'n8n', `--pwfile=${pwfile}`, '--auth=scram-sha-256', '-E', 'UTF8', ...(nonDurableDatabaseForTests ? ['--no-sync'] : [])];
	const init = spawnSync(path.join(binDir, 'initdb'), initArgs, { env: pgEnv, cwd: dir, ...user, encoding: 'utf8', timeout: 120000 });
	fs.rmSync(pwfile, { force: true });
	if (init.status !== 0) throw new Error(`initdb failed: ${(init.stderr || init.stdout || '').trim().slice(-2000)}`);
	const port = await env.freePort();
	const settings = ['listen_addresses=127.0.0.1', 'unix_socket_directories=', ...(nonDurableDatabaseForTests ? NON_DURABLE_FOR_TESTS : [])];
	const args = ['-D', data, '-p', String(port), ...settings.flatMap((s) => ['-c', s])];
	const handle = await supervisedService({
		name: 'postgres',
		spawn: () => spawnService(path.join(binDir, 'postgres'), args, { env: pgEnv, cwd: dir, ...user, logFile }),
		ready: async (proc) => /ready to accept connections/.test(proc.logs()),
		log,
		onEvent,
	});
	const version = (spawnSync(path.join(binDir, 'postgres'), ['--version'], { encoding: 'utf8' }).stdout.match(/\d+(\.\d+)?/) ?? ['?'])[0];
	return Object.assign(handle, { version, port, database: 'postgres', user: 'n8n', durable: !nonDurableDatabaseForTests });
}

/** Whether something answers HTTP on `url` (any status). */
async function answersHttp(url) {
	await fetch(url, { signal: AbortSignal.timeout(2000) });
	return true;
}

/**
 * nginx in front, from deploy/nginx/ (./deploy.js renders it with these addresses): production webhook paths to
 * the webhook processes sticky by path, the rest to the main. Started again when it ends.
 */
async function startNginx(nginxBin, dir, { port, mainPort, webhookPorts, logFile, log, onEvent }) {
	fs.mkdirSync(dir, { recursive: true });
	deploy.makeNginxFolders(dir);
	const site = deploy.renderNginxSite(fs.readFileSync(deploy.FILES.nginxSite, 'utf8'), {
		listen: `127.0.0.1:${port}`,
		upstreams: { n8n_main: [`127.0.0.1:${mainPort}`], n8n_webhooks: webhookPorts.map((p) => `127.0.0.1:${p}`) },
		routesFile: deploy.FILES.nginxRoutes,
	});
	// As root nginx's workers would run as nobody, who cannot reach the temporary folders: they stay root here.
	const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
	const conf = path.join(dir, 'nginx.conf');
	fs.writeFileSync(conf, deploy.nginxMainConfig({ prefix: dir, site, user: asRoot ? 'root' : undefined }));
	const url = `http://127.0.0.1:${port}`;
	const handle = await supervisedService({
		name: 'nginx',
		spawn: () => spawnService(nginxBin, ['-p', dir, '-c', conf, '-e', 'stderr'], { cwd: dir, logFile }),
		ready: () => answersHttp(`${url}/healthz`),
		readyMs: 30000,
		log,
		onEvent,
	});
	return Object.assign(handle, { url, port });
}

module.exports = { defaultLog, ensureServices, findServices, spawnService, waitFor, startRedis, startPostgres, startNginx, clusterBase, postgresUser, reachableByOthers, NON_DURABLE_FOR_TESTS };
