/**
 * `npm start -- --queue` as an operator runs it, once: Redis, PostgreSQL, nginx, main, 2 workers and a webhook
 * process, from deploy/, the sandbox, credentials and examples imported.
 *  - While it runs, no file holds a credential's secret in clear: the import files are gone right after the import
 *    (the sandbox's own state file, the fake platform's data, aside), and what earlier versions left in the user
 *    folder (import files, one import folder per start, n8n's event logs) is gone; each process's log of the
 *    previous start is kept once (`<name>.previous.log`), older ones go.
 *  - A worker killed (SIGKILL) is started again and the output says so; the editor keeps answering.
 *  - Redis, then PostgreSQL, stopped as an operator's restart does (SIGTERM; PostgreSQL's fast shutdown, SIGINT):
 *    each is started again on its data and the cluster carries on with its credentials and workflows.
 *  - The n8n user folder has its own encryption key (.n8n/config, 0600), not the tests' public one.
 *  - SIGTERM to the npm process alone (a service manager's stop): everything it started has ended within 10 s,
 *    npm exits 0, the cluster's folder is gone, and no secret is left in clear.
 * PAYSUITE_E2E_FIGURES=1 prints the time from SIGTERM to the last process gone. Needs `npm run build` first.
 */
/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-hardcoded-secrets, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-require-imports, no-console -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import { spawn } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';

import { REPO_DIR } from './harness';

const { restClient } = require('../../scripts/n8n/rest.js');
import { describeOnCluster } from './queueHarness';

const env = require('../../scripts/n8n/env.js');
const procfs = require('../../scripts/n8n/procfs.js');

/** The demo credentials' secrets `npm start` imports (scripts/start.js, DEMO). */
const SECRETS = ['demo-secret-key-0123456789', 'sbx_demo_access_token_0123456789', 'whsec_demo_notification_secret_0123456789'];
const STOP_WITHIN_MS = 10_000;

/** Files under `dir` (recursively) whose bytes contain one of the secrets, but for the sandbox's state file. */
function filesWithSecrets(dir: string): string[] {
	const found: string[] = [];
	const walk = (d: string) => {
		for (const entry of fs.existsSync(d) ? fs.readdirSync(d, { withFileTypes: true }) : []) {
			const p = path.join(d, entry.name);
			if (entry.isDirectory()) walk(p);
			else if (entry.isFile() && entry.name !== 'sandbox-state.json' && !p.includes(`${path.sep}node_modules${path.sep}`)) {
				const text = fs.readFileSync(p, 'latin1');
				if (SECRETS.some((s) => text.includes(s))) found.push(p);
			}
		}
	};
	walk(dir);
	return found;
}

/** The running processes below `pid`. */
function processTree(pid: number): Array<{ pid: number; startTime: number }> {
	const all: Array<{ pid: number; ppid: number; startTime: number }> = procfs.runningProcesses();
	const tree: Array<{ pid: number; startTime: number }> = [];
	for (let parents = new Set([pid]); parents.size; ) {
		const children = all.filter((p) => parents.has(p.ppid));
		tree.push(...children);
		parents = new Set(children.map((p) => p.pid));
	}
	return tree;
}

async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs: number, output: () => string): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	while (!(await check())) {
		if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}\n${output().slice(-4000)}`);
		await new Promise((resolve) => setTimeout(resolve, 200));
	}
}

describeOnCluster('queueStart.test.ts')('`npm start -- --queue`: a cluster an operator can run and stop', () => {
	const folder = fs.mkdtempSync(path.join('/tmp', 'paysuite-queue-start-'));
	fs.chmodSync(folder, 0o711); // user postgres reaches the cluster's folder inside (through TMPDIR)
	const startDir = path.join(folder, 'start-user-queue');
	afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

	it('keeps no secret on disk, restarts a killed worker, and stops on SIGTERM within 10 s with exit 0', async () => {
		await env.ensureN8n();
		// What an earlier version left: an import file with secrets, an import folder, logs of two starts, event logs.
		fs.mkdirSync(path.join(startDir, 'e2e-io'), { recursive: true });
		fs.writeFileSync(path.join(startDir, 'e2e-io', 'credentials-old.json'), JSON.stringify({ secretKey: SECRETS[0] }));
		fs.mkdirSync(path.join(startDir, 'wfs-old'));
		fs.mkdirSync(path.join(startDir, 'logs'));
		fs.writeFileSync(path.join(startDir, 'logs', 'main.log'), 'the last start\n');
		fs.writeFileSync(path.join(startDir, 'logs', 'main.previous.log'), 'the start before\n');
		fs.mkdirSync(path.join(startDir, '.n8n'));
		fs.writeFileSync(path.join(startDir, '.n8n', 'n8nEventLog.log'), 'x'.repeat(100_000));

		const [port, sandboxPort] = [await env.freePort(), await env.freePort()];
		const args = ['start', '--', '--queue', '--no-build', '--empty', '--port', String(port), '--sandbox-port', String(sandboxPort)];
		const npm = spawn('npm', args, {
			cwd: REPO_DIR,
			detached: true,
			stdio: ['ignore', 'pipe', 'pipe'],
			env: { ...process.env, PAYSUITE_START_DIR: startDir, PAYSUITE_DEPS_READY: '1', TMPDIR: folder },
		});
		let output = '';
		npm.stdout!.on('data', (d) => (output += d));
		npm.stderr!.on('data', (d) => (output += d));
		const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) => npm.on('exit', (code, signal) => resolve({ code, signal })));
		const out = () => output;
		try {
			await until('the cluster to be ready', () => output.includes('Press Ctrl-C'), 10 * 60_000, out);
			expect(output).toContain(`Editor        \x1b[1mhttp://127.0.0.1:${port}\x1b[0m`);
			expect(output).toContain(`Webhooks      \x1b[1mhttp://127.0.0.1:${port}\x1b[0m`);

			// Running: no secret in clear, earlier leftovers gone, the last start's log kept once.
			expect(filesWithSecrets(startDir)).toEqual([]);
			expect(filesWithSecrets(folder)).toEqual([]);
			expect(fs.existsSync(path.join(startDir, 'e2e-io'))).toBe(false);
			expect(fs.readdirSync(startDir).filter((f) => f.startsWith('wfs-'))).toEqual([]);
			expect(fs.existsSync(path.join(startDir, '.n8n', 'n8nEventLog.log')) && fs.statSync(path.join(startDir, '.n8n', 'n8nEventLog.log')).size >= 100_000).toBe(false);
			expect(fs.readFileSync(path.join(startDir, 'logs', 'main.previous.log'), 'utf8')).toBe('the last start\n');

			// A worker killed: started again, said so, and the editor answers all along.
			const workerPid = Number(/worker-1 +\S+ \(pid (\d+)/.exec(output)![1]);
			process.kill(-workerPid, 'SIGKILL');
			await until('worker-1 running again', () => /worker-1 is running again/.test(output), 5 * 60_000, out);
			expect(output).toMatch(/worker-1 exited \(SIGKILL\); starting it again/);
			expect((await fetch(`http://127.0.0.1:${port}/healthz/readiness`)).status).toBe(200);

			// Its own encryption key, kept 0600.
			const settingsFile = path.join(startDir, '.n8n', 'config');
			expect((fs.statSync(settingsFile).mode & 0o777).toString(8)).toBe('600');
			expect(JSON.parse(fs.readFileSync(settingsFile, 'utf8')).encryptionKey).not.toBe(env.TEST_ENCRYPTION_KEY);

			// Redis, then PostgreSQL, restarted under the cluster: each comes back on its data, the cluster carries on.
			const counts = async () => {
				const client = restClient(`http://127.0.0.1:${port}`);
				const login = await client.call('POST', '/rest/login', { emailOrLdapLoginId: 'demo@paysuite.example.com', password: 'PaySuite-demo-2026' });
				if (login.status !== 200) return undefined;
				const [credentials, workflows] = await Promise.all([client.call('GET', '/rest/credentials'), client.call('GET', '/rest/workflows')]);
				return credentials.status === 200 && workflows.status === 200 ? { credentials: credentials.json.data.length, workflows: workflows.json.data.length } : undefined;
			};
			const stored = await counts();
			expect(stored?.credentials).toBeGreaterThanOrEqual(2);
			for (const [service, signal] of [['redis', 'SIGTERM'], ['postgres', 'SIGINT']] as const) {
				const pid = Number(new RegExp(`${service} +\\S+ \\(pid (\\d+)`).exec(output)![1]);
				process.kill(pid, signal);
				await until(`${service} running again`, () => new RegExp(`${service} is running again`).test(output), 2 * 60_000, out);
				expect(output).toMatch(new RegExp(`${service} exited \\((0|${signal})\\); starting it again`));
			}
			let after: Awaited<ReturnType<typeof counts>>;
			await until('the cluster answering with its data', async () => (after = await counts().catch(() => undefined)) !== undefined, 2 * 60_000, out);
			expect(after).toEqual(stored);
			expect(output).not.toMatch(/stopping the cluster/);

			// SIGTERM to npm alone: everything ends within 10 s, exit 0.
			const before = processTree(npm.pid!);
			const signalled = Date.now();
			process.kill(npm.pid!, 'SIGTERM');
			const left = () => before.filter((p) => procfs.processStat(p.pid)?.startTime === p.startTime && procfs.processRunning(p.pid));
			await until('every process to end', () => left().length === 0, 60_000, out);
			const elapsed = Date.now() - signalled;
			if (process.env.PAYSUITE_E2E_FIGURES) console.log(`npm start -- --queue, SIGTERM to npm: ${elapsed} ms to the last of ${before.length} processes; ${/cluster stopped: .*/.exec(output)?.[0]}`);
			expect(elapsed).toBeLessThan(STOP_WITHIN_MS);
			expect(await exited).toEqual({ code: 0, signal: null });
			expect(fs.readdirSync(folder).filter((f) => f.startsWith('paysuite-queue-'))).toEqual([]);
			expect(filesWithSecrets(folder)).toEqual([]);
		} finally {
			if (npm.exitCode === null) process.kill(-npm.pid!, 'SIGKILL');
		}
	});
});
