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
const crypto = require('crypto');
const fs = require('fs');
const path = require('path');

const env = require('./env');
const deploy = require('./deploy');
const { removeFolder, removeWhenGone } = require('./processes');
const { supervised } = require('./supervisor');
const { clusterBase, defaultLog, ensureServices, findServices, NON_DURABLE_FOR_TESTS, reachableByOthers, spawnService, startNginx, startPostgres, startRedis, waitFor } = require('./services');

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
