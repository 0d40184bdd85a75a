'use strict';
/**
 * Installs Debian packages with apt-get when a tool the tests need is missing (CI machines start fresh):
 * as root directly, otherwise through `sudo -n`; `apt-get update` only when the first install fails.
 * PAYSUITE_NO_APT=1 forbids it. Plain CommonJS.
 */
const { spawnSync } = require('child_process');

function have(cmd) {
	return spawnSync('sh', ['-c', `command -v ${cmd}`], { encoding: 'utf8' }).status === 0;
}

const asRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** Why apt-get cannot be used here, or undefined when it can. */
function aptUnavailable() {
	if (process.env.PAYSUITE_NO_APT) return 'PAYSUITE_NO_APT is set';
	if (!have('apt-get')) return 'apt-get is not available on this machine';
	if (!asRoot() && !have('sudo')) return 'apt-get needs root (no sudo)';
	return undefined;
}

/** `apt-get install -y --no-install-recommends <packages>`; resolves to undefined on success, else why it failed. */
function aptInstall(packages, log) {
	const unavailable = aptUnavailable();
	if (unavailable) return unavailable;
	const prefix = asRoot() ? [] : ['sudo', '-n'];
	const run = (args) => {
		const [cmd, ...rest] = [...prefix, 'apt-get', ...args];
		log(`$ ${[cmd, ...rest].join(' ')}`);
		return spawnSync(cmd, rest, { encoding: 'utf8', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }, timeout: 15 * 60 * 1000 });
	};
	let r = run(['install', '-y', '--no-install-recommends', ...packages]);
	if (r.status !== 0) {
		run(['update']);
		r = run(['install', '-y', '--no-install-recommends', ...packages]);
	}
	return r.status === 0 ? undefined : `apt-get install ${packages.join(' ')} failed: ${(r.stderr || '').trim().split('\n').slice(-3).join(' ')}`;
}

module.exports = { have, aptInstall, aptUnavailable };
