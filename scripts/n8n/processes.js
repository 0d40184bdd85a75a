'use strict';
/**
 * The processes a run starts (n8n and its CLI, npm steps, Redis, PostgreSQL) and how they end.
 *
 * Each runs in a process group of its own, so one signal reaches its children too (n8n's task runners,
 * PostgreSQL's backends), and a terminal's Ctrl-C reaches only us: we stop them in order. A group ends with its
 * leader: when the leader exits, what is left of the group is killed.
 *
 * While this process has a group running or a temporary folder, a reaper (reaper.js, detached) knows them and
 * ends them once we are gone without doing it ourselves: SIGKILL, a crash, `timeout` ending our group, or our
 * parent's end (a killed jest or npm; then the reaper ends us too, unless ownerStopsOnParentExit() said that we
 * stop ourselves, as lifecycle.js does). A folder is removed only once nothing runs in it: stop, wait, then delete.
 * Plain CommonJS, no dependencies.
 */
const fs = require('fs');
const path = require('path');
const { spawn } = require('child_process');

const { groupRunning } = require('./procfs');

/** Running groups by leader pid: { child, folder }. */
const groups = new Map();
/** Temporary folders removed by the reaper when we are gone. */
const folders = new Set();
let reaper;
let watchParent = true;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function killGroup(pgid, signal = 'SIGTERM') {
	try {
		process.kill(-pgid, signal);
	} catch {
		/* already gone */
	}
}

/** Starts the reaper and tells it the owner's parent and everything it must end. */
function startReaper() {
	const child = spawn(process.execPath, [path.join(__dirname, 'reaper.js'), String(process.pid)], {
		detached: true,
		cwd: '/',
		stdio: ['pipe', 'ignore', 'ignore'],
	});
	child.on('error', () => {});
	child.stdin.on('error', () => {});
	child.on('exit', () => {
		if (reaper === child) reaper = undefined;
	});
	// Neither keeps this process alive: the reaper is there for when we are gone.
	child.unref();
	child.stdin.unref();
	const lines = [{ parent: process.ppid, watchParent }, ...[...groups.keys()].map((group) => ({ group })), ...[...folders].map((folder) => ({ folder }))];
	child.stdin.write(lines.map((line) => `${JSON.stringify(line)}\n`).join(''));
	return child;
}

/** Tells the reaper what to end (starting it when none runs, with all there is); closes its pipe once nothing is left. */
function tellReaper(message) {
	if (!reaper) {
		if (message.group || message.folder) reaper = startReaper();
		return;
	}
	reaper.stdin.write(`${JSON.stringify(message)}\n`);
	if (groups.size === 0 && folders.size === 0) {
		reaper.stdin.end();
		reaper = undefined;
	}
}

/**
 * Says that this process stops what it started by itself when its parent is gone (lifecycle.js): the reaper then
 * leaves us alone and acts only when we are gone.
 */
function ownerStopsOnParentExit() {
	watchParent = false;
	if (reaper) reaper.stdin.write(`${JSON.stringify({ parent: process.ppid, watchParent })}\n`);
}

/** Waits until nothing of the group runs any more (zombies aside); false after `timeoutMs`. */
async function groupEnded(pgid, timeoutMs = 20000) {
	const deadline = Date.now() + timeoutMs;
	while (groupRunning(pgid)) {
		if (Date.now() > deadline) return false;
		await sleep(50);
	}
	return true;
}

/**
 * Spawns a command as the leader of a new process group, known to the reaper until the group has ended.
 * `folder`: where it works (its cwd by default), so that removeFolder() stops it first. The child gets
 * `groupEnded`, a promise resolved once nothing of its group runs any more (after its leader's exit, the rest of
 * the group is killed).
 */
function spawnGroup(cmd, args, { folder, ...options } = {}) {
	const child = spawn(cmd, args, { ...options, detached: true });
	if (!child.pid) {
		child.groupEnded = new Promise((resolve) => child.on('error', resolve));
		return child;
	}
	groups.set(child.pid, { child, folder: folder || options.cwd });
	tellReaper({ group: child.pid });
	child.groupEnded = new Promise((resolve) => {
		child.on('exit', async () => {
			killGroup(child.pid, 'SIGKILL'); // what the leader left behind (n8n's task runners)
			await groupEnded(child.pid);
			groups.delete(child.pid);
			tellReaper({ groupEnded: child.pid });
			resolve();
		});
	});
	return child;
}

const running = (child) => child.exitCode === null && child.signalCode === null;

/** Ends a group started by spawnGroup(): `signal` to the group, SIGKILL after `graceMs`; resolves once it has ended. */
async function stopGroup(child, { signal = 'SIGTERM', graceMs = 15000 } = {}) {
	if (!child.pid) return;
	if (running(child)) {
		killGroup(child.pid, signal);
		const timer = setTimeout(() => killGroup(child.pid, 'SIGKILL'), graceMs);
		await child.groupEnded;
		clearTimeout(timer);
	}
	await child.groupEnded;
}

/** Ends every group still running (a stop request while a run was starting). */
function stopAllGroups(options) {
	return Promise.all([...groups.values()].map(({ child }) => stopGroup(child, options)));
}

/**
 * Runs a command in its own group, collecting its output, with a timeout (SIGKILL of the group). Resolves once
 * the group has ended: { exitCode, signal, stdout, stderr, durationMs, timedOut }.
 */
function runProcess(cmd, args, { cwd, env, timeoutMs = 3 * 60 * 1000, input } = {}) {
	return new Promise((resolve, reject) => {
		const started = Date.now();
		const child = spawnGroup(cmd, args, { cwd, env, stdio: [input ? 'pipe' : 'ignore', 'pipe', 'pipe'] });
		let stdout = '';
		let stderr = '';
		let timedOut = false;
		child.stdout.on('data', (d) => (stdout += d));
		child.stderr.on('data', (d) => (stderr += d));
		if (input) child.stdin.end(input);
		const timer = setTimeout(() => {
			timedOut = true;
			killGroup(child.pid, 'SIGKILL');
		}, timeoutMs);
		child.on('error', (e) => {
			clearTimeout(timer);
			reject(e);
		});
		child.on('close', async (code, signal) => {
			clearTimeout(timer);
			await child.groupEnded;
			resolve({ exitCode: code, signal, stdout, stderr, durationMs: Date.now() - started, timedOut });
		});
	});
}

/**
 * Keeps a child's output (the last megabytes, for error messages), also appended to `logFile` when given.
 * Resolves { logs(), end() }; end() resolves once the log file is written.
 */
function keepOutput(child, { logFile } = {}) {
	let logs = '';
	const stream = logFile ? fs.createWriteStream(logFile, { flags: 'a' }) : undefined;
	const add = (d) => {
		// A child still writing after end() (stopped while busy) is kept in memory only: no write after end.
		if (stream && !stream.writableEnded) stream.write(d);
		logs += d;
		if (logs.length > 2_000_000) logs = logs.slice(-1_000_000);
	};
	child.stdout.on('data', add);
	child.stderr.on('data', add);
	return { logs: () => logs, add, end: () => new Promise((resolve) => (stream ? stream.end(resolve) : resolve())) };
}

/** A temporary folder the reaper removes when this process is gone without removing it. */
function removeWhenGone(folder) {
	folders.add(folder);
	tellReaper({ folder });
}

const inside = (folder, dir) => dir !== undefined && (dir === folder || dir.startsWith(`${folder}${path.sep}`));

/** Sleeps synchronously (removeFolder is synchronous for its callers). */
const sleepSync = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * Removes a folder once nothing runs in it: a group still working there is killed first (SIGKILL; its owner
 * should have stopped it) and waited for.
 */
function removeFolder(folder) {
	const deadline = Date.now() + 10000;
	const workingThere = () => [...groups.keys()].filter((pgid) => inside(folder, groups.get(pgid).folder) && groupRunning(pgid));
	for (let left = workingThere(); left.length && Date.now() < deadline; left = workingThere()) {
		for (const pgid of left) killGroup(pgid, 'SIGKILL');
		sleepSync(50);
	}
	fs.rmSync(folder, { recursive: true, force: true });
	if (folders.delete(folder)) tellReaper({ folderRemoved: folder });
}

module.exports = { keepOutput, spawnGroup, stopGroup, stopAllGroups, groupEnded, killGroup, runProcess, removeWhenGone, removeFolder, ownerStopsOnParentExit };
