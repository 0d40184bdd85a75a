/**
 * Interrupting a run ends everything it started. A real run starts as a child in a process group of
 * its own: `npm start` (the main job), the e2e harness's n8n under a parent standing for jest, and the queue
 * harness's cluster under `timeout`. Once n8n answers, the run is interrupted one way: SIGINT or SIGTERM to the
 * npm process alone (a service manager's stop), SIGKILL of npm, SIGKILL of the harness's parent, `timeout`
 * ending its command and group. Then, within a bounded time, no process of the run may be left (zombies aside): neither one that
 * was in its process tree just before (the tree from the npm process down, PostgreSQL's backends included) nor
 * one carrying the run's marker (an environment variable). `npm start` exits 0 on SIGINT and SIGTERM, and the
 * temporary folders (user folder, cluster folder) are removed once nothing runs in them.
 *
 * PAYSUITE_E2E_FIGURES=1 prints the time from the signal to the last process gone, per case.
 */
/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-require-imports, no-console -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import { spawn, type ChildProcess } from 'child_process';
import * as crypto from 'crypto';
import * as fs from 'fs';
import * as path from 'path';

import { describeNeeding, distExists, REPO_DIR } from './harness';
import { describeOnCluster } from './queueHarness';

const env = require('../../scripts/n8n/env.js');
const procfs = require('../../scripts/n8n/procfs.js');

type Stat = { pid: number; ppid: number; startTime: number; name: string };

/** Time a run gets to end everything after the signal (n8n's own stop takes a few seconds; the reaper's grace is 2 s). */
const END_WITHIN_MS = 30000;

const figures: string[] = [];
afterAll(() => {
	if (process.env.PAYSUITE_E2E_FIGURES && figures.length) console.log(`interruption, signal to nothing left:\n  ${figures.join('\n  ')}`);
});

/** A run started for one case: its root process (npm, timeout, or the harness's parent) and what tells its processes. */
interface Run {
	root: ChildProcess;
	marker: string;
	output(): string;
	exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function startRun(cmd: string, args: string[], extraEnv: Record<string, string>, folder: string): Run {
	const marker = `paysuite-interrupt-${crypto.randomBytes(6).toString('hex')}`;
	const root = spawn(cmd, args, {
		cwd: REPO_DIR,
		detached: true,
		stdio: ['ignore', 'pipe', 'pipe'],
		env: { ...process.env, PAYSUITE_RUN_MARKER: marker, PAYSUITE_DEPS_READY: '1', PAYSUITE_REAPER_LOG: path.join(folder, 'reaper.log'), ...extraEnv },
	});
	let output = '';
	root.stdout!.on('data', (d) => (output += d));
	root.stderr!.on('data', (d) => (output += d));
	const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => root.on('exit', (code, signal) => resolve({ code, signal })));
	return { root, marker, output: () => output, exited };
}

/** The running processes below `pid` (children, their children...). */
function processTree(pid: number): Stat[] {
	const all: Stat[] = procfs.runningProcesses();
	const tree: Stat[] = [];
	for (let parents = new Set([pid]); parents.size; ) {
		const children = all.filter((p) => parents.has(p.ppid));
		tree.push(...children);
		parents = new Set(children.map((p) => p.pid));
	}
	return tree;
}

/** Running processes whose environment carries the run's marker. */
function markedProcesses(marker: string): Stat[] {
	return procfs.runningProcesses().filter((p: Stat) => {
		try {
			return p.pid !== process.pid && fs.readFileSync(`/proc/${p.pid}/environ`, 'utf8').includes(`PAYSUITE_RUN_MARKER=${marker}`);
		} catch {
			return false;
		}
	});
}

/** What of the run still runs: a process of the tree taken before the signal (same start time), or a marked one. */
function leftOver(run: Run, before: Stat[]): Stat[] {
	const stillThere = before.filter((p) => procfs.processStat(p.pid)?.startTime === p.startTime && procfs.processRunning(p.pid));
	const marked = markedProcesses(run.marker).filter((p) => !stillThere.some((q) => q.pid === p.pid));
	return [...stillThere, ...marked];
}

const describeProcess = (p: Stat) => {
	const cmdline = (() => {
		try {
			return fs.readFileSync(`/proc/${p.pid}/cmdline`, 'utf8').split('\0').join(' ').slice(0, 160);
		} catch {
			return p.name;
		}
	})();
	return `${p.pid} ${cmdline}`;
};

async function waitFor(what: string, check: () => boolean | Promise<boolean>, timeoutMs: number, run: Run): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	while (!(await check())) {
		if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}\n${run.output().slice(-3000)}`);
		await new Promise((resolve) => setTimeout(resolve, 200));
	}
}

/**
 * Interrupts the run with `interrupt()` once `ready` holds, then waits until nothing of it runs. Resolves the
 * milliseconds from the signal to the last process gone; fails naming what was left.
 */
async function interruptAndWait(name: string, run: Run, ready: () => boolean | Promise<boolean>, interrupt: () => void): Promise<number> {
	await waitFor(`${name}: the run to be ready`, ready, 5 * 60 * 1000, run);
	const before = processTree(run.root.pid!);
	expect(before.length).toBeGreaterThan(0);
	const signalled = Date.now();
	interrupt();
	const deadline = signalled + END_WITHIN_MS;
	let left = leftOver(run, before);
	while (left.length && Date.now() < deadline) {
		await new Promise((resolve) => setTimeout(resolve, 100));
		left = leftOver(run, before);
	}
	const elapsed = Date.now() - signalled;
	if (left.length) {
		for (const p of left) process.kill(p.pid, 'SIGKILL');
		throw new Error(`${name}: ${left.length} process(es) left ${END_WITHIN_MS} ms after the signal:\n${left.map(describeProcess).join('\n')}\n${run.output().slice(-3000)}`);
	}
	figures.push(`${name}: ${elapsed} ms (${before.length} processes)`);
	return elapsed;
}

const answers = async (url: string) => {
	try {
		return (await fetch(`${url}/healthz/readiness`, { signal: AbortSignal.timeout(2000) })).ok;
	} catch {
		return false;
	}
};

/** A folder for one case, that user postgres can reach (the queue cluster's folder goes inside, through TMPDIR). */
function caseFolder(): string {
	const dir = fs.mkdtempSync(path.join('/tmp', 'paysuite-interrupt-'));
	fs.chmodSync(dir, 0o711);
	return dir;
}

const describeWithDist = describeNeeding(
	'interrupt.test.ts',
	!distExists() ? 'dist/ does not exist; run `npm run build` first' : procfs.HAS_PROC ? undefined : 'it finds the processes of a run in /proc (Linux)',
);

describeWithDist('interrupting `npm start` ends n8n, its task runner and the sandbox', () => {
	// One kept user folder for the three runs (as `npm start` keeps it): the later ones skip the imports.
	const folder = caseFolder();
	afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

	async function npmStart(name: string, interrupt: (run: Run) => void): Promise<Run> {
		await env.ensureN8n();
		const [port, sandboxPort] = [await env.freePort(), await env.freePort()];
		const args = ['start', '--', '--no-build', '--empty', '--port', String(port), '--sandbox-port', String(sandboxPort)];
		const run = startRun('npm', args, { PAYSUITE_START_DIR: path.join(folder, 'start-user') }, folder);
		await interruptAndWait(name, run, () => run.output().includes('Press Ctrl-C') && answers(`http://127.0.0.1:${port}`), () => interrupt(run));
		return run;
	}

	it('SIGINT to the npm process alone: everything ends and npm exits 0', async () => {
		const run = await npmStart('npm start, SIGINT to npm', (r) => process.kill(r.root.pid!, 'SIGINT'));
		expect(await run.exited).toEqual({ code: 0, signal: null });
	});

	it('SIGTERM to the npm process alone (a service manager stopping it): everything ends and npm exits 0', async () => {
		const run = await npmStart('npm start, SIGTERM to npm', (r) => process.kill(r.root.pid!, 'SIGTERM'));
		expect(await run.exited).toEqual({ code: 0, signal: null });
	});

	it('SIGKILL of npm: everything ends all the same', async () => {
		const run = await npmStart('npm start, SIGKILL of npm', (r) => process.kill(r.root.pid!, 'SIGKILL'));
		expect((await run.exited).signal).toBe('SIGKILL');
	});
});

/**
 * A node process standing for a jest worker: it runs `start` (an expression of `h`, the harness module at
 * `harnessPath`), prints the `ready` object it resolves to as JSON, and stays.
 */
function harnessWorker(harnessPath: string, start: string): string {
	return [
		"require('ts-node').register({ transpileOnly: true });",
		`const h = require(${JSON.stringify(harnessPath)});`,
		`(${start}).then((ready) => { console.log(JSON.stringify({ ready })); setInterval(() => {}, 1000); });`,
	].join(' ');
}

/** The `ready` object the worker printed, once it has. */
function readyOf(run: Run): { url: string; folders: string[] } | undefined {
	const line = run.output().split('\n').find((l) => l.startsWith('{"ready"'));
	return line ? JSON.parse(line).ready : undefined;
}

describeWithDist("SIGKILL of the e2e harness's parent (jest killed while its worker runs n8n)", () => {
	it("ends the worker, n8n and its task runner, and removes the worker's user folder", async () => {
		await env.ensureN8n();
		const folder = caseFolder();
		const start = 'h.setupN8n().then(async (n8n) => ({ url: (await h.startServer(n8n)).url, folders: [n8n.userFolder] }))';
		const worker = harnessWorker('./test/e2e/harness.ts', start);
		// The parent stands for jest, its child for the worker running setupN8n() and startServer() of harness.ts.
		const parent = `require('child_process').spawn(process.execPath, ['-e', ${JSON.stringify(worker)}], { stdio: 'inherit' }); setInterval(() => {}, 1000);`;
		const run = startRun(process.execPath, ['-e', parent], { TMPDIR: folder }, folder);
		try {
			await interruptAndWait("harness's parent, SIGKILL", run, async () => Boolean(readyOf(run)) && answers(readyOf(run)!.url), () => process.kill(run.root.pid!, 'SIGKILL'));
			expect(readyOf(run)!.folders.filter((f) => fs.existsSync(f))).toEqual([]);
		} finally {
			fs.rmSync(folder, { recursive: true, force: true });
		}
	});
});

describeOnCluster('interrupt.test.ts (queue mode)')('`timeout` ending a queue-mode e2e run (`npm run check` under `timeout`)', () => {
	it('ends main, workers, webhook process, Redis and PostgreSQL, then removes the user folder and the cluster folder', async () => {
		await env.ensureN8n();
		const folder = caseFolder();
		const start = 'h.setupQueue().then((q) => ({ url: q.cluster.main.url, folders: [q.userFolder, q.cluster.dir] }))';
		// The worker running setupQueue() of queueHarness.ts dies of the SIGTERM (jest's workers do): its reaper ends the rest.
		const run = startRun('timeout', ['900', process.execPath, '-e', harnessWorker('./test/e2e/queueHarness.ts', start)], { TMPDIR: folder }, folder);
		try {
			// SIGALRM is how `timeout` learns that the time is up: it then sends SIGTERM to its command and its whole group.
			await interruptAndWait('queue harness, timeout', run, async () => Boolean(readyOf(run)) && answers(readyOf(run)!.url), () => process.kill(run.root.pid!, 'SIGALRM'));
			expect(readyOf(run)!.folders.filter((f) => fs.existsSync(f))).toEqual([]);
			expect((await run.exited).code).toBe(124);
		} finally {
			fs.rmSync(folder, { recursive: true, force: true });
		}
	});
});
