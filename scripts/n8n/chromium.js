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
const { aptInstall, aptUnavailable } = require('./apt');

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

function findChromium({ log = (m) => process.stderr.write(`[chromium] ${m}\n`) } = {}) {
	let found = existing();
	if (found) return { path: found };
	const unavailable = aptUnavailable();
	if (unavailable) return { path: undefined, aptUnavailable: true, reason: `Chromium is not installed and ${unavailable}` };
	log('Chromium is missing: installing Debian\'s chromium package (apt-get)');
	const problem = aptInstall(['chromium'], log);
	found = existing();
	if (found) return { path: found };
	return { path: undefined, reason: problem || 'chromium was installed but no binary was found' };
}

module.exports = { findChromium, CHROMIUM_ARGS };
