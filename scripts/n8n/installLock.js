'use strict';
/**
 * The lock folder (`n8n-<version>.lock`) that keeps two installs of the same n8n from colliding: the second one
 * waits, then reuses the first one's result. A lock whose owner process is gone is taken over. Plain CommonJS.
 */
const fs = require('fs');
const os = require('os');
const path = require('path');

const { log } = require('./installStep');

const LOCK_WAIT_MS = 40 * 60 * 1000;

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

module.exports = { acquireLock };
