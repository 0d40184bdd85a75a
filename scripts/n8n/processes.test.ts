/**
 * The groups a process starts end with it (./processes.js and its reaper), with plain `sleep` processes standing for
 * n8n: stopGroup() ends a leader and what it left behind, removeFolder() stops what still works in a folder before
 * removing it, and the reaper ends the groups and removes the folders of an owner killed with SIGKILL.
 */
/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-require-imports -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import { spawn } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

const processes = require('./processes.js');
const { groupRunning } = require('./procfs.js') as { groupRunning: (pgid: number) => boolean };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => boolean, ms: number): Promise<boolean> {
	const deadline = Date.now() + ms;
	while (!check() && Date.now() < deadline) await sleep(50);
	return check();
}

let tmp: string;
beforeEach(() => {
	tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'paysuite-processes-test-'));
});
afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe('a group started by spawnGroup', () => {
	it('ends with stopGroup, the child its leader left behind included', async () => {
		const child = processes.spawnGroup('sh', ['-c', 'sleep 30 & sleep 30'], { stdio: 'ignore' });
		await sleep(100);
		expect(groupRunning(child.pid)).toBe(true);
		await processes.stopGroup(child, { graceMs: 2000 });
		expect(groupRunning(child.pid)).toBe(false);
	});

	it('is stopped by removeFolder before the folder it works in goes', () => {
		const folder = fs.mkdtempSync(path.join(tmp, 'user-'));
		const child = processes.spawnGroup('sleep', ['30'], { cwd: folder, stdio: 'ignore' });
		processes.removeFolder(folder);
		expect(fs.existsSync(folder)).toBe(false);
		expect(groupRunning(child.pid)).toBe(false);
	});
});

describe('the reaper', () => {
	it("ends an owner's groups and removes its folders when the owner is killed (SIGKILL)", async () => {
		const owner = [
			"const p = require('./processes.js'); const fs = require('fs');",
			`const folder = fs.mkdtempSync(${JSON.stringify(path.join(tmp, 'run-'))}); p.removeWhenGone(folder);`,
			"const c = p.spawnGroup('sh', ['-c', 'sleep 30 & sleep 30'], { cwd: folder, stdio: 'ignore' });",
			'console.log(JSON.stringify({ folder, pgid: c.pid })); setInterval(() => {}, 1000);',
		].join(' ');
		const child = spawn(process.execPath, ['-e', owner], { cwd: __dirname, stdio: ['ignore', 'pipe', 'inherit'] });
		const line = await new Promise<string>((resolve) => child.stdout.once('data', (d) => resolve(String(d))));
		const { folder, pgid } = JSON.parse(line);
		expect(groupRunning(pgid)).toBe(true);
		child.kill('SIGKILL');
		expect(await until(() => !groupRunning(pgid) && !fs.existsSync(folder), 10000)).toBe(true);
		// Beyond jest's 5 s: starting a Node.js owner on a busy machine, then the reaper's 10 s.
	}, 30_000);
});
