'use strict';
/**
 * n8n's queue mode on one machine, for the queue e2e tests and `npm start -- --queue`, run from the deployment
 * files an operator copies (deploy/: ./deploy.js): Redis, PostgreSQL and nginx from Debian's packages (installed
 * with apt-get when missing), then n8n main + workers + webhook processes sharing one user folder (which must
 * already hold the packed package: env.packAndInstall), each with the settings of deploy/env/ and this machine's
 * addresses, and nginx in front with deploy/nginx/'s routes. Every process of it (n8n's, Redis, PostgreSQL, nginx)
 * that ends on its own is started again, on the same port and data (./supervisor.js), as systemd's Restart=always
 * does: a Redis or PostgreSQL restart leaves the cluster waiting and resuming. pause()/resume() on a process stop
 * and start it as an operator would.
 *
 *   const cluster = await startCluster({ userFolder });   // { url, main, workers, webhooks, redis, postgres, ... }
 *   ...
 *   await cluster.stop();                                  // everything it started, and its folder
 *
 * PostgreSQL runs with its durable defaults and a password; `nonDurableDatabaseForTests` turns fsync and the rest
 * off for the tests' throwaway clusters only. Every process runs in its own process group (./processes.js):
 * stop() ends them in order, and this process's reaper ends them and removes the cluster's folder if this process
 * ends first (a crash, SIGKILL, `timeout`). PostgreSQL runs in the foreground (`postgres`, not `pg_ctl start`) so
 * that it stays in its group; as root it runs as user postgres (initdb refuses root). Plain CommonJS.
 */
const fs = require('fs');
const net = require('net');
const os = require('os');
const path = require('path');
const { spawnSync } = require('child_process');

const crypto = require('crypto');

const env = require('./env');
const deploy = require('./deploy');
const { aptInstall, aptUnavailable } = require('./apt');
const { keepOutput, removeFolder, removeWhenGone, spawnGroup, stopGroup } = require('./processes');
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

/**
 * The settings of one n8n process: deploy/env/n8n.env and deploy/env/<role>.env, with this machine's addresses,
 * ports and secret files in place of the example ones (the lines marked "per machine" there). `publicUrl` is
 * nginx's address, where the editor, test URLs and production webhooks are reached; `webhookUrlVariable` the
 * name this n8n version reads it from (./n8nVersions.js).
 */
function processEnv(role, { redisPort, postgresPort, publicUrl, passwordFile, keyFile, webhookUrlVariable = 'N8N_WEBHOOK_URL', ports = {} }) {
	const settings = { ...deploy.sharedSettings(), ...deploy.roleSettings(role) };
	delete settings.N8N_WEBHOOK_URL;
	Object.assign(settings, {
		QUEUE_BULL_REDIS_HOST: '127.0.0.1',
		QUEUE_BULL_REDIS_PORT: String(redisPort),
		DB_POSTGRESDB_HOST: '127.0.0.1',
		DB_POSTGRESDB_PORT: String(postgresPort),
		DB_POSTGRESDB_DATABASE: 'postgres',
		DB_POSTGRESDB_USER: 'n8n',
		DB_POSTGRESDB_PASSWORD_FILE: passwordFile,
		N8N_ENCRYPTION_KEY_FILE: keyFile,
		[webhookUrlVariable]: `${publicUrl}/`,
		N8N_EDITOR_BASE_URL: publicUrl,
	});
	for (const [name, port] of Object.entries(ports)) if (name in settings || name === 'N8N_PORT') settings[name] = String(port);
	return settings;
}

/** How long an n8n process gets to stop on SIGTERM before SIGKILL (npm start must end within seconds). */
const N8N_STOP_GRACE_MS = 4000;
/** How long nginx waits for the calls in flight when the cluster stops (SIGQUIT: it takes no new one meanwhile). */
const NGINX_DRAIN_MS = 3000;

/**
 * One n8n process (`start`, `worker` or `webhook`) on its own ports, started again when it ends on its own
 * (./supervisor.js) unless `restart` is false; resolves once its /healthz/readiness answers.
 */
async function startN8nProcess({ name, role, userFolder, settings, logDir, args = [], port, restart, log, onEvent }) {
	const p = env.n8nPaths();
	const command = deploy.ROLES[role];
	const healthPort = await env.freePort();
	const ports = { N8N_PORT: port, N8N_RUNNERS_BROKER_PORT: await env.freePort(), QUEUE_HEALTH_CHECK_PORT: healthPort };
	const processSettings = processEnv(role, { ...settings, ports });
	const childEnv = env.n8nEnv(userFolder, { ...processSettings, N8N_PORT: String(port), N8N_RUNNERS_BROKER_PORT: String(ports.N8N_RUNNERS_BROKER_PORT), ...settings.extra });
	// The key comes from its file, as in deploy/env: none in the environment.
	delete childEnv.N8N_ENCRYPTION_KEY;
	// A worker answers on its health-check port; main and webhook on their own port.
	const url = `http://127.0.0.1:${command === 'worker' ? healthPort : port}`;
	const start = async (onSpawn) => {
		const proc = spawnService(p.node, [p.n8nBin, command, ...args], { env: childEnv, cwd: userFolder, logFile: logDir && path.join(logDir, `${name}.log`) });
		onSpawn(proc);
		try {
			await waitFor(`n8n ${command} (${name})`, proc, async () => (await fetch(`${url}/healthz/readiness`, { signal: AbortSignal.timeout(2000) })).ok);
		} catch (e) {
			await proc.stop('SIGKILL', 0);
			throw e;
		}
		return proc;
	};
	const handle = await supervised({ name, command, url, port: command === 'worker' ? healthPort : port, start, restart, log, onEvent });
	return Object.assign(handle, { env: childEnv });
}

/** A secret in a file only this user reads (0600), without a line end (n8n warns about one). */
function writeSecret(file, value) {
	fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
	fs.writeFileSync(file, value, { mode: 0o600 });
	return file;
}

/**
 * Starts Redis, PostgreSQL, nginx, n8n main + `workers` workers + `webhooks` webhook processes on loopback, from
 * deploy/. `userFolder` is shared by all n8n processes and must hold the package (.n8n/nodes); its encryption key
 * (env.encryptionKeyOf) is given to every process in a file. Resolves { dir, url, webhookUrl, redis, postgres,
 * nginx, main, workers, webhooks, processes, env, failed, describe(), stop() }:
 *  - `url` (also `webhookUrl`): nginx's address: the editor, the REST API, test URLs and production webhooks
 *    (n8n shows it as both URLs); `main.url` and each webhook process's `url` reach a process directly;
 *  - `env`: what an n8n CLI command (import:workflow...) needs to use the cluster's database;
 *  - `failed`: resolves with a sentence when Redis, PostgreSQL or nginx is left down (it ended too often).
 * Every process is started again when it ends on its own (n8n's processes only with `restart`, the default);
 * `onEvent` hears each such event. With `logDir`, each process's output also goes to <logDir>/<name>.log.
 * `port` fixes nginx's port; the others are random. `env` adds settings to every n8n process (a test's shorter
 * queue timings, say). `nonDurableDatabaseForTests` runs PostgreSQL without fsync (tests only).
 */
async function startCluster(options = {}) {
	const { userFolder, workers = 2, webhooks = 1, log = defaultLog, logDir, keepData = false, workerConcurrency, port = 0, restart = true, onEvent } = options;
	const services = ensureServices({ log });
	const dir = fs.mkdtempSync(path.join(clusterBase(), 'paysuite-queue-'));
	fs.chmodSync(dir, 0o711); // user postgres must reach its data folder inside
	if (!keepData) removeWhenGone(dir);
	const started = [];
	const cluster = { dir, workers: [], webhooks: [], processes: started };
	let stopping;
	cluster.stop = () => (stopping ??= stopCluster(cluster, { keepData }));
	try {
		const logFile = (name) => (logDir ? path.join(logDir, `${name}.log`) : undefined);
		const serviceOptions = (name) => ({ logFile: logFile(name), log, onEvent });
		log(`starting redis, postgres and nginx, then n8n main, ${workers} worker(s), ${webhooks} webhook process(es)`);
		const secrets = path.join(dir, 'secrets');
		const passwordFile = writeSecret(path.join(secrets, 'db-password'), crypto.randomBytes(24).toString('base64url'));
		const keyFile = writeSecret(path.join(secrets, 'encryption-key'), env.encryptionKeyOf(userFolder));
		cluster.redis = await startRedis(services.redisServer, path.join(dir, 'redis'), serviceOptions('redis'));
		started.push(cluster.redis);
		cluster.postgres = await startPostgres(services.postgresBin, path.join(dir, 'postgres'), {
			passwordFile,
			nonDurableDatabaseForTests: Boolean(options.nonDurableDatabaseForTests),
			...serviceOptions('postgres'),
		});
		started.push(cluster.postgres);
		log(`redis on 127.0.0.1:${cluster.redis.port}, postgres ${cluster.postgres.version} on 127.0.0.1:${cluster.postgres.port} (data in ${dir})`);
		if (parseInt(cluster.postgres.version, 10) < 17) log(`PostgreSQL ${cluster.postgres.version}: n8n supports 17 (16 on compatibility support) and warns at each start; fine for trying, not for production (docs/scaling.md)`);

		// nginx's address is every process's public URL, and it must know every process's port: both come first.
		const mainPort = await env.freePort();
		const webhookPorts = [];
		for (let i = 0; i < webhooks; i++) webhookPorts.push(await env.freePort());
		cluster.nginx = await startNginx(services.nginx, path.join(dir, 'nginx'), { port: port || (await env.freePort()), mainPort, webhookPorts, ...serviceOptions('nginx') });
		started.push(cluster.nginx);
		cluster.router = cluster.nginx;
		cluster.url = cluster.webhookUrl = cluster.nginx.url;
		cluster.failed = Promise.race(
			[cluster.redis, cluster.postgres, cluster.nginx].map(async (service) => `${service.name} ${await service.ended}`),
		).then((why) => (stopping ? new Promise(() => {}) : why));

		const settings = {
			redisPort: cluster.redis.port,
			postgresPort: cluster.postgres.port,
			publicUrl: cluster.url,
			passwordFile,
			keyFile,
			webhookUrlVariable: env.n8nPaths().webhookUrlVariable,
			extra: options.env ?? {},
		};
		const base = { userFolder, logDir, settings, restart, log, onEvent };
		// The main runs the database migrations: the others start after it.
		cluster.main = await startN8nProcess({ ...base, name: 'main', role: 'main', port: mainPort });
		started.push(cluster.main);
		// What a CLI command needs to work on the cluster's database (its own ports are its own).
		cluster.env = { ...processEnv('main', settings), ...settings.extra };
		delete cluster.env.N8N_PORT;
		delete cluster.env.N8N_RUNNERS_BROKER_PORT;
		log(`main ready on ${cluster.main.url}`);
		const concurrency = workerConcurrency ? [`--concurrency=${workerConcurrency}`] : [];
		const rest = await Promise.allSettled([
			...Array.from({ length: workers }, async (_, i) => startN8nProcess({ ...base, name: `worker-${i + 1}`, role: 'worker', port: await env.freePort(), args: concurrency })),
			...webhookPorts.map((webhookPort, i) => startN8nProcess({ ...base, name: `webhook-${i + 1}`, role: 'webhook', port: webhookPort })),
		]);
		for (const r of rest) if (r.status === 'fulfilled') started.push(r.value);
		const failure = rest.find((r) => r.status === 'rejected');
		if (failure) throw failure.reason;
		cluster.workers = started.filter((p) => p.command === 'worker');
		cluster.webhooks = started.filter((p) => p.command === 'webhook');
		cluster.describe = () => describe(cluster);
		return cluster;
	} catch (e) {
		await cluster.stop();
		throw e;
	}
}

/**
 * Stops the cluster in the order that loses no answer: nginx first (SIGQUIT: it takes no new call and answers
 * the calls in flight, SIGKILL after NGINX_DRAIN_MS), then every n8n process (SIGTERM, SIGKILL after
 * N8N_STOP_GRACE_MS), then Redis and PostgreSQL, and only then removes the cluster's folder. `cluster.stopTimes`
 * says how long each step took (ms).
 */
async function stopCluster(cluster, { keepData }) {
	const t0 = Date.now();
	const times = (cluster.stopTimes = {});
	await cluster.nginx?.stop('SIGQUIT', NGINX_DRAIN_MS);
	times.router = Date.now() - t0;
	await Promise.all(cluster.processes.filter((p) => p.command).map((p) => p.stop('SIGTERM', N8N_STOP_GRACE_MS)));
	times.n8n = Date.now() - t0 - times.router;
	await Promise.all([cluster.redis?.stop('SIGTERM', 3000), cluster.postgres?.stop('SIGINT', 5000)]); // SIGINT: PostgreSQL's fast shutdown
	times.services = Date.now() - t0 - times.router - times.n8n;
	if (!keepData) removeFolder(cluster.dir);
	times.folder = Date.now() - t0 - times.router - times.n8n - times.services;
}

/** One line per process: what runs where. */
function describe(cluster) {
	const down = (p) => (p.up ? '' : ' DOWN');
	const lines = [
		`nginx       ${cluster.nginx.url} (pid ${cluster.nginx.pid}${down(cluster.nginx)}): deploy/nginx/, production webhooks to the webhook processes (sticky by path), the rest to the main`,
		`redis       127.0.0.1:${cluster.redis.port} (pid ${cluster.redis.pid}${down(cluster.redis)}; append-only file)`,
		`postgres    127.0.0.1:${cluster.postgres.port} (pid ${cluster.postgres.pid}${down(cluster.postgres)}, PostgreSQL ${cluster.postgres.version}${cluster.postgres.durable ? '' : ', not durable: tests only'}, data in ${cluster.dir})`,
		`main        ${cluster.main.url} (pid ${cluster.main.pid}${down(cluster.main)}): editor, REST API, test webhooks (/webhook-test/), queues executions`,
	];
	for (const w of cluster.workers) lines.push(`${w.name.padEnd(11)} ${w.url}/healthz (pid ${w.pid}${down(w)}): runs executions`);
	for (const w of cluster.webhooks) lines.push(`${w.name.padEnd(11)} ${w.url} (pid ${w.pid}${down(w)}): production webhook calls, through nginx`);
	return lines;
}

module.exports = { ensureServices, findServices, startCluster, processEnv, describe, reachableByOthers, NON_DURABLE_FOR_TESTS };
