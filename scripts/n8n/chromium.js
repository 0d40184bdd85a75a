'use strict';
/**
 * Finds a Chromium for the editor screenshots, installing Debian's `chromium` package with apt-get when it
 * is missing (CI machines start fresh). Plain CommonJS.
 *
 *   findChromium() → { path } or { path: undefined, reason, aptUnavailable? }
 * (aptUnavailable: there was no way to install it here; otherwise the install was tried and failed)
 *
 * PAYSUITE_CHROMIUM=/path/to/chromium overrides; PAYSUITE_NO_APT=1 forbids the apt-get install.
 */
const fs = require('fs');
const { spawnSync } = require('child_process');

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/snap/bin/chromium'];

/** The flags that work for headless Chromium on these machines. */
const CHROMIUM_ARGS = [
	'--no-sandbox',
	'--disable-gpu',
	'--no-first-run',
	'--disable-background-networking',
	'--disable-component-update',
	'--disable-sync',
	'--disable-dev-shm-usage',
];

function existing() {
	if (process.env.PAYSUITE_CHROMIUM) return fs.existsSync(process.env.PAYSUITE_CHROMIUM) ? process.env.PAYSUITE_CHROMIUM : undefined;
	return CANDIDATES.find((p) => fs.existsSync(p));
}

function have(cmd) {
	return spawnSync('sh', ['-c', `command -v ${cmd}`], { encoding: 'utf8' }).status === 0;
}

function aptInstall(log) {
	const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
	const prefix = asRoot ? [] : have('sudo') ? ['sudo', '-n'] : undefined;
	if (!prefix) return 'apt-get needs root (and sudo is not available)';
	const run = (args) => {
		const [cmd, ...rest] = [...prefix, 'apt-get', ...args];
		log(`$ ${[cmd, ...rest].join(' ')}`);
		return spawnSync(cmd, rest, { encoding: 'utf8', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }, timeout: 15 * 60 * 1000 });
	};
	let r = run(['install', '-y', '--no-install-recommends', 'chromium']);
	if (r.status !== 0) {
		run(['update']);
		r = run(['install', '-y', '--no-install-recommends', 'chromium']);
	}
	return r.status === 0 ? undefined : `apt-get install chromium failed: ${(r.stderr || '').trim().split('\n').slice(-3).join(' ')}`;
}

function findChromium({ log = (m) => process.stderr.write(`[chromium] ${m}\n`) } = {}) {
	let found = existing();
	if (found) return { path: found };
	if (process.env.PAYSUITE_NO_APT) return { path: undefined, aptUnavailable: true, reason: 'Chromium is not installed and PAYSUITE_NO_APT is set' };
	if (!have('apt-get')) return { path: undefined, aptUnavailable: true, reason: 'Chromium is not installed and apt-get is not available on this machine' };
	const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
	if (!asRoot && !have('sudo')) return { path: undefined, aptUnavailable: true, reason: 'Chromium is not installed and apt-get needs root (no sudo)' };
	log('Chromium is missing: installing Debian\'s chromium package (apt-get)');
	const problem = aptInstall(log);
	found = existing();
	if (found) return { path: found };
	return { path: undefined, reason: problem || 'chromium was installed but no binary was found' };
}

module.exports = { findChromium, CHROMIUM_ARGS };
