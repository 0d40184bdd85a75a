'use strict';
/**
 * What Linux's /proc says about processes: which are still running in a process group, and a process's parent.
 * A zombie does not count as running: it runs nothing and holds no file, and on machines whose init does not reap
 * orphans (as in some containers) it stays listed forever. Elsewhere (no /proc) a signal 0 and `ps` answer instead.
 * Plain CommonJS, no dependencies; reaper.js uses it too.
 */
const fs = require('fs');
const { spawnSync } = require('child_process');

const HAS_PROC = fs.existsSync('/proc/self/stat');

/**
 * The fields of a /proc/<pid>/stat line this code reads, or undefined when it is not one. The command name sits
 * in parentheses and may hold spaces and parentheses itself, so the fields are counted from the last ')'.
 */
function parseStat(text) {
	const close = text.lastIndexOf(')');
	const open = text.indexOf('(');
	if (open < 0 || close < open) return undefined;
	const fields = text.slice(close + 2).split(' ');
	const [state, ppid, pgrp, session] = fields;
	const pid = Number(text.slice(0, open).trim());
	if (!Number.isInteger(pid) || !state) return undefined;
	// startTime (field 22, clock ticks since boot) tells a process from a later one given the same pid.
	return { pid, name: text.slice(open + 1, close), state, ppid: Number(ppid), pgrp: Number(pgrp), session: Number(session), startTime: Number(fields[19]) };
}

/** The stat fields of one process, or undefined when it is gone. */
function processStat(pid) {
	try {
		return parseStat(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
	} catch {
		return undefined;
	}
}

const running = (stat) => stat !== undefined && stat.state !== 'Z' && stat.state !== 'X';

/** The stat fields of every running process (zombies left out). */
function runningProcesses() {
	const out = [];
	for (const name of fs.readdirSync('/proc')) {
		if (!/^\d+$/.test(name)) continue;
		const stat = processStat(name);
		if (running(stat)) out.push(stat);
	}
	return out;
}

function signalReaches(target) {
	try {
		process.kill(target, 0);
		return true;
	} catch (e) {
		return e.code === 'EPERM';
	}
}

/** Whether a process is running (a zombie is not). */
function processRunning(pid) {
	return HAS_PROC ? running(processStat(pid)) : signalReaches(pid);
}

/** Whether any process of the group `pgid` is running. */
function groupRunning(pgid) {
	if (!HAS_PROC) return signalReaches(-pgid);
	return runningProcesses().some((p) => p.pgrp === pgid);
}

/** A process's parent pid, or undefined when it is gone. */
function parentOf(pid) {
	if (!HAS_PROC) {
		const r = spawnSync('ps', ['-o', 'ppid=', '-p', String(pid)], { encoding: 'utf8' });
		return r.status === 0 && Number(r.stdout.trim()) ? Number(r.stdout.trim()) : undefined;
	}
	const stat = processStat(pid);
	return running(stat) ? stat.ppid : undefined;
}

module.exports = { HAS_PROC, parseStat, processStat, runningProcesses, processRunning, groupRunning, parentOf };
