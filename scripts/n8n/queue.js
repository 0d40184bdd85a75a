'use strict';
/**
 * n8n's queue mode on one machine, for the queue e2e test and `npm start -- --queue`: Redis and PostgreSQL
 * from Debian's packages (installed with apt-get when missing, as the browser is), started as this process's
 * own children on random loopback ports with their data in a temporary folder, then n8n main + workers +
 * webhook processes sharing one user folder (which must already hold the packed package: env.packAndInstall),
 * and a router in this process standing for the load balancer (./router.js). An n8n process that ends on its
 * own is started again (./supervisor.js).
 *
 *   const cluster = await startCluster({ userFolder });   // { main, workers, webhooks, env, stop(), ... }
 *   ...
 *   await cluster.stop();                                  // everything it started, and its temp folder
 *
 * Every process runs in its own process group (./processes.js): stop() ends them in order, and this process's
 * reaper ends them and removes the cluster's folder if this process ends first (a crash, SIGKILL, `timeout`).
 * PostgreSQL runs in the foreground (`postgres`, not `pg_ctl start`) so that it stays in its group; as root it
 * runs as user postgres (initdb refuses root). Plain CommonJS, no dependencies.
 */
const fs = require('fs');
const net = require('net');
const os = require('os');
const path = require('path');
const { spawnSync } = require('child_process');

const env = require('./env');
const { aptInstall, aptUnavailable } = require('./apt');
const { keepOutput, removeFolder, removeWhenGone, spawnGroup, stopGroup } = require('./processes');
const { startRouter } = require('./router');
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
	return { redisServer: which('redis-server'), postgresBin: postgresBinDir() };
}

/**
 * Redis and PostgreSQL binaries, installing Debian's `redis-server` / `postgresql` packages when missing.
 * Resolves { redisServer, postgresBin }; throws saying what is missing and why it could not be installed.
 */
function ensureServices({ log = defaultLog } = {}) {
	let found = findServices();
	const missing = [!found.redisServer && 'redis-server', !found.postgresBin && 'postgresql'].filter(Boolean);
	if (missing.length === 0) return found;
	const unavailable = aptUnavailable();
	if (unavailable) throw new Error(`queue mode needs ${missing.join(' and ')}, not installed, and ${unavailable}; install Debian's ${missing.join(' ')} package(s)`);
	log(`${missing.join(' and ')} missing: installing Debian's package(s) (apt-get)`);
	const problem = aptInstall(missing, log);
	found = findServices();
	if (!found.redisServer || !found.postgresBin) throw new Error(problem || `installed ${missing.join(' ')} but found no binary`);
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

async function startRedis(redisServer, dir, logFile) {
	const port = await env.freePort();
	fs.mkdirSync(dir, { recursive: true });
	// Persistence: the append-only file, written every second (a queued job survives a Redis restart; without
	// it, a restart loses every job still waiting). No RDB snapshots besides.
	const args = ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--appendonly', 'yes', '--appendfsync', 'everysec', '--save', ''];
	const proc = spawnService(redisServer, args, { cwd: dir, logFile });
	await waitFor('redis-server', proc, () => redisPing(port), 30000);
	return { ...proc, name: 'redis', port };
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

async function startPostgres(binDir, dir, logFile) {
	const user = postgresUser();
	fs.mkdirSync(dir, { recursive: true });
	if (user.uid !== undefined) fs.chownSync(dir, user.uid, user.gid);
	const data = path.join(dir, 'data');
	const pgEnv = { PATH: process.env.PATH, LANG: 'C.UTF-8', LC_ALL: 'C.UTF-8', HOME: dir };
	// Trust auth: only this machine's loopback can reach it, and only while the cluster runs.
	const init = spawnSync(path.join(binDir, 'initdb'), ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync'], {
		env: pgEnv,
		cwd: dir,
		...user,
		encoding: 'utf8',
		timeout: 120000,
	});
	if (init.status !== 0) throw new Error(`initdb failed: ${(init.stderr || init.stdout || '').trim().slice(-2000)}`);
	const port = await env.freePort();
	const proc = spawnService(
		path.join(binDir, 'postgres'),
		['-D', data, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'],
		{ env: pgEnv, cwd: dir, ...user, logFile },
	);
	await waitFor('postgres', proc, async () => /ready to accept connections/.test(proc.logs()), 60000);
	const version = (spawnSync(path.join(binDir, 'postgres'), ['--version'], { encoding: 'utf8' }).stdout.match(/\d+(\.\d+)?/) ?? ['?'])[0];
	return { ...proc, name: 'postgres', version, port, database: 'postgres', user: 'postgres' };
}

/**
 * The settings every n8n process of the cluster shares (docs/scaling.md lists them). `webhookUrl` is where the
 * platform sends production calls (the load balancer, here the router); `editorUrl` is the main's, where the
 * editor's test URLs point.
 */
function clusterEnv({ redisPort, postgresPort, webhookUrl, editorUrl }) {
	return {
		EXECUTIONS_MODE: 'queue',
		QUEUE_BULL_REDIS_HOST: '127.0.0.1',
		QUEUE_BULL_REDIS_PORT: String(redisPort),
		DB_TYPE: 'postgresdb',
		DB_POSTGRESDB_HOST: '127.0.0.1',
		DB_POSTGRESDB_PORT: String(postgresPort),
		DB_POSTGRESDB_DATABASE: 'postgres',
		DB_POSTGRESDB_USER: 'postgres',
		DB_POSTGRESDB_PASSWORD: '',
		// Manual runs (the editor's "Execute workflow", REST runs) go to the workers too.
		OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS: 'true',
		// Binary data every process reads: a report file written on one worker, read on another or by the main.
		// (n8n 2.40.7's default in queue mode; set so it stays so.)
		N8N_DEFAULT_BINARY_DATA_MODE: 'database',
		// n8n left ~2 % of parallel webhook calls unanswered when finished jobs were dropped at once.
		N8N_EXECUTIONS_QUEUE_KEEP_LAST_COMPLETED: '1000',
		N8N_EXECUTIONS_QUEUE_KEEP_LAST_FAILED: '1000',
		N8N_RUNNERS_BROKER_LISTEN_ADDRESS: '127.0.0.1',
		N8N_WORKER_SERVER_ADDRESS: '127.0.0.1',
		QUEUE_HEALTH_CHECK_ACTIVE: 'true',
		// WEBHOOK_URL, not N8N_WEBHOOK_URL: the latter also moves the editor's test URLs (/webhook-test/), which
		// only the main serves, to the webhook processes' address.
		WEBHOOK_URL: `${webhookUrl}/`,
		N8N_EDITOR_BASE_URL: editorUrl,
		// No stack trace in an error answer (n8n sends one unless NODE_ENV is production).
		NODE_ENV: 'production',
	};
}

/** What the main alone needs on top: production webhooks only on the webhook processes. */
const MAIN_ENV = { N8N_DISABLE_PRODUCTION_MAIN_PROCESS: 'true' };

/** How long an n8n process gets to stop on SIGTERM before SIGKILL (npm start must end within seconds). */
const N8N_STOP_GRACE_MS = 4000;
/** How long the router waits for the calls in flight when the cluster stops. */
const ROUTER_DRAIN_MS = 3000;

/**
 * One n8n process (`start`, `worker` or `webhook`), started again when it ends on its own (./supervisor.js)
 * unless `restart` is false; resolves once its /healthz/readiness answers.
 */
async function startN8nProcess({ name, command, userFolder, shared, logDir, args = [], port, restart, log, onEvent }) {
	const p = env.n8nPaths();
	port = port || (await env.freePort());
	const healthPort = await env.freePort();
	const processEnv = env.n8nEnv(userFolder, {
		...shared,
		...(command === 'start' ? MAIN_ENV : {}),
		N8N_PORT: String(port),
		N8N_RUNNERS_BROKER_PORT: String(await env.freePort()),
		QUEUE_HEALTH_CHECK_PORT: String(healthPort),
	});
	// A worker answers on its health-check port; main and webhook on their own port.
	const url = `http://127.0.0.1:${command === 'worker' ? healthPort : port}`;
	const start = async (onSpawn) => {
		const proc = spawnService(p.node, [p.n8nBin, command, ...args], { env: processEnv, cwd: userFolder, logFile: logDir && path.join(logDir, `${name}.log`) });
		onSpawn(proc);
		try {
			await waitFor(`n8n ${command} (${name})`, proc, async () => (await fetch(`${url}/healthz/readiness`, { signal: AbortSignal.timeout(2000) })).ok);
		} catch (e) {
			await proc.stop('SIGKILL', 0);
			throw e;
		}
		return proc;
	};
	return supervised({ name, command, url, port: command === 'worker' ? healthPort : port, start, restart, log, onEvent });
}

/**
 * Starts Redis, PostgreSQL, n8n main + `workers` workers + `webhooks` webhook processes, and the router in front
 * of them (./router.js), on loopback. `userFolder` is shared by all n8n processes and must hold the package
 * (.n8n/nodes). Resolves { dir, redis, postgres, main, workers, webhooks, router, webhookUrl, processes, env,
 * failed, describe(), stop() }:
 *  - `webhookUrl`: the router's URL, where production webhook calls go (n8n shows it as the Production URL); the
 *    editor's test URLs point at `main.url`;
 *  - `env`: what an n8n CLI command (import:workflow...) needs to use the cluster's database;
 *  - `failed`: resolves with a sentence when Redis or PostgreSQL ends on its own (nothing works without them).
 * An n8n process that ends on its own is started again (./supervisor.js; `restart: false` only reports it);
 * `onEvent` hears each such event. With `logDir`, each process's output is also written to <logDir>/<name>.log.
 * `mainPort` / `routerPort` fix the editor's and the router's ports; the others are random. `env` adds settings
 * to every n8n process (a test's shorter queue timings, say).
 */
async function startCluster(options = {}) {
	const { userFolder, workers = 2, webhooks = 1, log = defaultLog, logDir, keepData = false, workerConcurrency, routerPort = 0, restart = true, onEvent } = options;
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
		log(`starting redis and postgres, then n8n main, ${workers} worker(s), ${webhooks} webhook process(es)`);
		cluster.redis = await startRedis(services.redisServer, path.join(dir, 'redis'), logFile('redis'));
		started.push(cluster.redis);
		cluster.postgres = await startPostgres(services.postgresBin, path.join(dir, 'postgres'), logFile('postgres'));
		started.push(cluster.postgres);
		cluster.failed = Promise.race(
			[cluster.redis, cluster.postgres].map(async (service) => `${service.name} exited (${await service.exited})`),
		).then((why) => (stopping ? new Promise(() => {}) : why));
		log(`redis on 127.0.0.1:${cluster.redis.port}, postgres ${cluster.postgres.version} on 127.0.0.1:${cluster.postgres.port} (data in ${dir})`);
		if (parseInt(cluster.postgres.version, 10) < 17) log(`PostgreSQL ${cluster.postgres.version}: n8n supports 17 (16 on compatibility support) and warns at each start; fine for trying, not for production (docs/scaling.md)`);

		// The router's address is every process's production webhook URL: it is chosen first.
		cluster.router = await startRouter({
			port: routerPort,
			main: () => (cluster.main?.up ? cluster.main.url : undefined),
			webhooks: () => cluster.webhooks,
		});
		cluster.webhookUrl = cluster.router.url;
		const mainPort = options.mainPort || (await env.freePort());
		const shared = { ...clusterEnv({ redisPort: cluster.redis.port, postgresPort: cluster.postgres.port, webhookUrl: cluster.webhookUrl, editorUrl: `http://127.0.0.1:${mainPort}` }), ...options.env };
		cluster.env = shared;
		const base = { userFolder, logDir, shared, restart, log, onEvent };
		// The main runs the database migrations: the others start after it.
		cluster.main = await startN8nProcess({ ...base, name: 'main', command: 'start', port: mainPort });
		started.push(cluster.main);
		log(`main ready on ${cluster.main.url}`);
		const concurrency = workerConcurrency ? [`--concurrency=${workerConcurrency}`] : [];
		const rest = await Promise.allSettled([
			...Array.from({ length: workers }, (_, i) => startN8nProcess({ ...base, name: `worker-${i + 1}`, command: 'worker', args: concurrency })),
			...Array.from({ length: webhooks }, (_, i) => startN8nProcess({ ...base, name: `webhook-${i + 1}`, command: 'webhook' })),
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
 * Stops the cluster in the order that loses no answer: the router first (new calls refused, the calls in flight
 * answered), then every n8n process (SIGTERM, SIGKILL after N8N_STOP_GRACE_MS), then Redis and PostgreSQL, and
 * only then removes the cluster's folder. `cluster.stopTimes` says how long each step took (ms).
 */
async function stopCluster(cluster, { keepData }) {
	const t0 = Date.now();
	const times = (cluster.stopTimes = {});
	if (cluster.router) await cluster.router.close(ROUTER_DRAIN_MS);
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
		`redis       127.0.0.1:${cluster.redis.port} (pid ${cluster.redis.pid}; append-only file)`,
		`postgres    127.0.0.1:${cluster.postgres.port} (pid ${cluster.postgres.pid}, PostgreSQL ${cluster.postgres.version}, data in ${cluster.dir})`,
		`router      ${cluster.router.url}: /webhook/, /webhook-waiting/, /form/, /form-waiting/ to the webhook processes (sticky by path), the rest to the main`,
		`main        ${cluster.main.url} (pid ${cluster.main.pid}${down(cluster.main)}): editor, REST API, test webhooks (/webhook-test/), queues executions`,
	];
	for (const w of cluster.workers) lines.push(`${w.name.padEnd(11)} ${w.url}/healthz (pid ${w.pid}${down(w)}): runs executions`);
	for (const w of cluster.webhooks) lines.push(`${w.name.padEnd(11)} ${w.url} (pid ${w.pid}${down(w)}): production webhook calls, through the router`);
	return lines;
}

module.exports = { ensureServices, findServices, startCluster, clusterEnv, MAIN_ENV, describe, reachableByOthers };
