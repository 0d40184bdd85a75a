#!/usr/bin/env node
'use strict';
/**
 * `node reaper.js <owner pid>`: ends what its owner started once the owner is gone, however it ended: the
 * process groups it names, then the folders it names (only once nothing runs in them). processes.js starts one
 * per owner, detached in a session of its own so that what ends the owner's run (Ctrl-C in a terminal, `timeout`
 * signalling its group) does not end the reaper first. The owner's end closes the pipe on our stdin, SIGKILL
 * included. With `watchParent`, the end of the owner's parent (a killed jest or npm) ends the owner too: SIGTERM.
 *
 * The owner writes one JSON object per line:
 *   { "group": pgid }  { "groupEnded": pgid }           a process group to end / one that has ended
 *   { "folder": path } { "folderRemoved": path }        a folder to remove at the end / one already removed
 *   { "parent": pid, "watchParent": true | false }      the owner's parent
 * With PAYSUITE_REAPER_LOG=<file> it appends what it does there. Plain CommonJS, no dependencies.
 */
const fs = require('fs');

const { groupRunning, parentOf, processRunning } = require('./procfs');

// SIGTERM, then SIGKILL for what still runs. Short: with the owner gone, nobody reads their output, and n8n spins
// on the broken pipe instead of stopping (seen: workers at 30-40 % CPU for good).
const GRACE_MS = 2000;
const GIVE_UP_MS = 20000;
const POLL_MS = 200;

const owner = Number(process.argv[2]);
const groups = new Set();
const folders = new Set();
let parent;
let watchParent = false;
let ending = false;

function log(message) {
	if (!process.env.PAYSUITE_REAPER_LOG) return;
	const line = `${new Date().toISOString()} reaper ${process.pid} of ${owner}: ${message}\n`;
	try {
		fs.appendFileSync(process.env.PAYSUITE_REAPER_LOG, line);
	} catch {
		/* logging is optional */
	}
}

function signal(target, name) {
	try {
		process.kill(target, name);
	} catch {
		/* already gone */
	}
}

function handle(message) {
	if (message.group) groups.add(message.group);
	if (message.groupEnded) groups.delete(message.groupEnded);
	if (message.folder) folders.add(message.folder);
	if (message.folderRemoved) folders.delete(message.folderRemoved);
	if (message.parent) {
		parent = message.parent;
		watchParent = Boolean(message.watchParent);
	}
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `done()` or `ms` passed; says whether it is done. */
async function waitUntil(done, ms) {
	const deadline = Date.now() + ms;
	while (!done()) {
		if (Date.now() > deadline) return false;
		await sleep(POLL_MS);
	}
	return true;
}

const ownerGone = () => !processRunning(owner);
const groupsGone = () => [...groups].every((pgid) => !groupRunning(pgid));

/**
 * SIGTERM to every group (and to the owner when `endOwner`: its parent is gone), SIGKILL after the grace, then the
 * folders. An owner that closes the pipe with nothing left to end is just left.
 */
async function end(reason, { endOwner = false } = {}) {
	if (ending) return;
	ending = true;
	if (groups.size === 0 && folders.size === 0 && !endOwner) process.exit(0);
	const since = Date.now();
	log(`${reason}: ending groups ${[...groups].join(', ') || 'none'}`);
	if (endOwner) signal(owner, 'SIGTERM');
	for (const pgid of groups) signal(-pgid, 'SIGTERM');
	if (!(await waitUntil(() => groupsGone() && ownerGone(), GRACE_MS))) {
		log('still running after the grace: SIGKILL');
		for (const pgid of groups) signal(-pgid, 'SIGKILL');
		if (!ownerGone()) signal(owner, 'SIGKILL');
	}
	const gone = await waitUntil(() => groupsGone() && ownerGone(), GIVE_UP_MS);
	// A folder is removed only once nothing runs in it.
	if (gone) for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
	log(gone ? `done in ${Date.now() - since} ms; removed ${[...folders].join(', ') || 'no folder'}` : 'gave up: something still runs');
	process.exit(gone ? 0 : 1);
}

let buffered = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => {
	buffered += chunk;
	for (let newline = buffered.indexOf('\n'); newline >= 0; newline = buffered.indexOf('\n')) {
		const line = buffered.slice(0, newline);
		buffered = buffered.slice(newline + 1);
		try {
			handle(JSON.parse(line));
		} catch {
			log(`unreadable line: ${line}`);
		}
	}
});
// The pipe closes when the owner exits, whatever the way (or when it has nothing left for us to end).
process.stdin.on('end', () => end('owner closed the pipe'));
process.stdin.on('error', () => end('pipe error'));
setInterval(() => {
	if (ownerGone()) end('owner gone');
	else if (watchParent && parent && parentOf(owner) !== parent) end(`owner's parent ${parent} gone`, { endOwner: true });
}, POLL_MS);
log('watching');
