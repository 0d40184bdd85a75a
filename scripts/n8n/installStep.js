'use strict';
/** One step of the n8n install (./install.js): an npm command run with a timeout, and what its failure says. Plain CommonJS. */
const fs = require('fs');

const { spawnGroup } = require('./processes');

const STEP_TIMEOUT_MS = 25 * 60 * 1000;

function log(msg) {
	process.stderr.write(`[n8n-install ${new Date().toISOString().slice(11, 19)}] ${msg}\n`);
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

/**
 * Runs one install step in its own process group (known to the reaper: it ends with this process) with a timeout;
 * its output goes to the log file. Rejects with an InstallError saying what failed and what to do.
 */
function runStep(cmd, args, { cwd, env, logFile, label, timeoutMs = STEP_TIMEOUT_MS }) {
	return new Promise((resolve, reject) => {
		const started = Date.now();
		const out = fs.openSync(logFile, 'a');
		const stepStart = fs.fstatSync(out).size;
		fs.writeSync(out, `\n$ (${cwd}) ${cmd} ${args.join(' ')}\n`);
		const child = spawnGroup(cmd, args, { cwd, env, stdio: ['ignore', out, out] });
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

module.exports = { log, runStep, failureCause, InstallError, HINTS };
