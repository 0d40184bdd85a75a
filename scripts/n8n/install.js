#!/usr/bin/env node
'use strict';
/**
 * Idempotently installs an n8n and the Node it runs on (both from the npm registry) into a cache OUTSIDE the
 * clone, one folder per n8n version (./n8nVersions.js says which Node and overrides each line needs):
 *
 *   ${PAYSUITE_N8N_CACHE:-$HOME/.cache/n8n-nodes-paysuite}/n8n-<version>/
 *     node<major>/node_modules/...  Node (the `node@24` npm package for n8n 2.x, `node@22` for 1.123)
 *     node_modules/n8n/bin/n8n      n8n itself (`npm install --ignore-scripts`, then `npm rebuild sqlite3`)
 *     .installed.json             marker written on success (reused when present)
 *     install.log                 full npm output
 *
 * A lock directory (`n8n-<version>.lock`, ./installLock.js) keeps two concurrent callers from colliding. Each npm
 * step (./installStep.js) runs with a configuration of its own (./npmConfig.js).
 *
 * Plain CommonJS, no dependencies, runs on Node 20.
 *
 *   node scripts/n8n/install.js            # install (or reuse) and print the paths as JSON
 *   node scripts/n8n/install.js --paths    # print the paths only if installed, exit 1 otherwise
 *
 * Environment: PAYSUITE_N8N_CACHE, PAYSUITE_N8N_VERSION (default 2.40.7: 1.123.x, 2.40.x and 2.41.x are tested),
 * PAYSUITE_NODE_SPEC (default: the version line's Node major, 24 or 22).
 */
const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawnSync } = require('child_process');

const { acquireLock } = require('./installLock');
const { InstallError, failureCause, log, runStep } = require('./installStep');
const { cleanNpmEnv, inheritedNpmSettings, nodeHeadersDir, npmCliPath, writeNpmConfig } = require('./npmConfig');
const { DEFAULT_N8N_VERSION, runtimeFor } = require('./n8nVersions');

const N8N_VERSION = process.env.PAYSUITE_N8N_VERSION || DEFAULT_N8N_VERSION;
const RUNTIME = runtimeFor(N8N_VERSION);
const NODE_SPEC = process.env.PAYSUITE_NODE_SPEC || String(RUNTIME.nodeMajor);
const MARKER_NAME = '.installed.json';

function cacheRoot() {
	return process.env.PAYSUITE_N8N_CACHE || path.join(os.homedir(), '.cache', 'n8n-nodes-paysuite');
}

function installDir(version = N8N_VERSION) {
	return path.join(cacheRoot(), `n8n-${version}`);
}

/** Paths inside an install dir (whether or not it is installed). */
function pathsFor(dir = installDir()) {
	const nodePrefix = path.join(dir, `node${RUNTIME.nodeMajor}`);
	return {
		dir,
		version: N8N_VERSION,
		nodeMajor: RUNTIME.nodeMajor,
		disabledModules: RUNTIME.disabledModules,
		webhookUrlVariable: RUNTIME.webhookUrlVariable,
		nodePrefix,
		node: path.join(nodePrefix, 'node_modules', 'node', 'bin', 'node'),
		nodeBinDir: path.join(nodePrefix, 'node_modules', 'node', 'bin'),
		n8nBin: path.join(dir, 'node_modules', 'n8n', 'bin', 'n8n'),
		n8nPackageDir: path.join(dir, 'node_modules', 'n8n'),
		marker: path.join(dir, MARKER_NAME),
		logFile: path.join(dir, 'install.log'),
	};
}

function readMarker(p = pathsFor()) {
	try {
		const m = JSON.parse(fs.readFileSync(p.marker, 'utf8'));
		if (m && m.n8nVersion === N8N_VERSION && fs.existsSync(p.n8nBin) && fs.existsSync(p.node)) return m;
	} catch {
		/* not installed */
	}
	return undefined;
}

/** Step 1: the Node this n8n runs on, from the `node` package (its postinstall fetches the platform package, from the registry too). */
async function installNode(p, npm) {
	const major = p.nodeMajor;
	if (fs.existsSync(p.node) && checkNode(p.node, major)) {
		log(`step 1/3: node ${major} already present`);
	} else {
		fs.mkdirSync(p.nodePrefix, { recursive: true });
		fs.writeFileSync(path.join(p.nodePrefix, 'package.json'), JSON.stringify({ name: `paysuite-node${major}`, private: true, version: '0.0.0' }, null, 2));
		log(`step 1/3: npm install node@${NODE_SPEC}`);
		await runStep(process.execPath, [npm.cli, 'install', '--ignore-scripts=false', '--no-audit', '--no-fund', '--no-package-lock', `node@${NODE_SPEC}`], {
			cwd: p.nodePrefix,
			env: cleanNpmEnv(process.env, { configDir: npm.configDir }),
			logFile: p.logFile,
			label: 'node',
			timeoutMs: 10 * 60 * 1000,
		});
	}
	const nodeVersion = checkNode(p.node, major);
	if (!nodeVersion) throw new Error(`Node ${major} binary not usable at ${p.node}`);
	log(`node ${major} is ${nodeVersion}`);
	return nodeVersion;
}

/** The environment of the npm steps run by the installed Node: node-gyp compiles against its headers (else it downloads them). */
function nodeNpmEnv(p, npm) {
	const nodePackageDir = path.join(p.nodePrefix, 'node_modules', 'node');
	const nodedir = nodeHeadersDir(nodePackageDir);
	if (!nodedir) {
		throw new InstallError(
			`Node ${p.nodeMajor}'s headers (include/node/common.gypi) are not in ${nodePackageDir}.\n` +
				`What to do: remove ${p.nodePrefix} and run again; the node@${p.nodeMajor} package from the registry ships them.`,
		);
	}
	const pathValue = `${p.nodeBinDir}${path.delimiter}${process.env.PATH || ''}`;
	return cleanNpmEnv(process.env, { configDir: npm.configDir, nodedir, pathValue });
}

/**
 * Steps 2 and 3: n8n without install scripts (one optional native package tries to download a prebuilt binary),
 * then the sqlite3 binding compiled from source (the prebuilt download is unreachable).
 */
async function installN8nPackage(p, npm) {
	const envNode = nodeNpmEnv(p, npm);
	const runtime = { name: 'paysuite-n8n-runtime', private: true, version: '0.0.0', dependencies: { n8n: N8N_VERSION }, overrides: RUNTIME.overrides };
	fs.writeFileSync(path.join(p.dir, 'package.json'), JSON.stringify(runtime, null, 2));
	log(`step 2/3: npm install --ignore-scripts n8n@${N8N_VERSION} (about 3-5 min, 2.7 GB)`);
	await runStep(p.node, [npm.cli, 'install', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=warn'], {
		cwd: p.dir,
		env: envNode,
		logFile: p.logFile,
		label: 'npm install n8n',
	});
	log('step 3/3: npm rebuild sqlite3 (compiles from source, about 1.5-2 min)');
	await runStep(p.node, [npm.cli, 'rebuild', 'sqlite3', '--ignore-scripts=false', '--foreground-scripts'], {
		cwd: p.dir,
		env: envNode,
		logFile: p.logFile,
		label: 'npm rebuild sqlite3',
	});
	const check = spawnSync(p.node, ['-e', "require('sqlite3'); console.log('ok')"], { cwd: p.dir, encoding: 'utf8', timeout: 60000 });
	if (check.status !== 0) throw new InstallError(`the sqlite3 binding does not load under Node ${p.nodeMajor}:\n${failureCause(check.stderr || '')}\nFull log: ${p.logFile}`);
	if (!fs.existsSync(p.n8nBin)) throw new Error(`n8n bin missing at ${p.n8nBin}`);
}

/**
 * Ensures n8n and its Node are installed in the cache. Returns the paths
 * ({ dir, node, nodeBinDir, nodeMajor, disabledModules, n8nBin, n8nPackageDir, version, ... }).
 */
async function ensureN8n() {
	const p = pathsFor();
	if (readMarker(p)) return p;
	fs.mkdirSync(cacheRoot(), { recursive: true });
	const release = await acquireLock(`${p.dir}.lock`);
	try {
		if (readMarker(p)) return p; // someone else finished while we waited
		const t0 = Date.now();
		if (!RUNTIME.tested) log(`n8n ${N8N_VERSION} is not a tested version (${RUNTIME.testedLines}): trying it with Node ${p.nodeMajor}`);
		log(`installing n8n ${N8N_VERSION} and node@${NODE_SPEC} into ${p.dir} (first time: several minutes)`);
		fs.mkdirSync(p.dir, { recursive: true });
		fs.rmSync(p.marker, { force: true });
		const npm = { cli: npmCliPath(), configDir: path.join(p.dir, '.npm-config') };
		writeNpmConfig(npm.configDir, inheritedNpmSettings(npm.cli));
		const nodeVersion = await installNode(p, npm);
		await installN8nPackage(p, npm);
		const seconds = Math.round((Date.now() - t0) / 1000);
		fs.writeFileSync(p.marker, JSON.stringify({ n8nVersion: N8N_VERSION, nodeVersion, installedAt: new Date().toISOString(), seconds }, null, 2));
		log(`installed in ${seconds} s`);
		return p;
	} finally {
		release();
	}
}

function checkNode(bin, major) {
	const r = spawnSync(bin, ['--version'], { encoding: 'utf8', timeout: 30000 });
	const v = r.status === 0 ? r.stdout.trim() : '';
	return v.startsWith(`v${major}.`) ? v : undefined;
}

module.exports = {
	ensureN8n,
	checkNode,
	pathsFor,
	installDir,
	cacheRoot,
	readMarker,
	N8N_VERSION,
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
				log(`ready (${Math.round((Date.now() - t0) / 1000)} s): n8n ${p.n8nBin}, node ${p.node}`);
				process.stdout.write(`${JSON.stringify(p, null, 2)}\n`);
			},
			(e) => {
				log(`FAILED: ${e instanceof InstallError ? e.message : e.stack}`);
				process.exit(1);
			},
		);
	}
}
