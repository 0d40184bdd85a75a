/** What /proc says about processes (./procfs.js): the stat line's fields, and a group that is running or gone. */
/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-require-imports -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import { spawn } from 'child_process';

const procfs = require('./procfs.js') as {
	HAS_PROC: boolean;
	parseStat: (text: string) => { pid: number; name: string; state: string; ppid: number; pgrp: number; session: number; startTime: number } | undefined;
	groupRunning: (pgid: number) => boolean;
	processRunning: (pid: number) => boolean;
	parentOf: (pid: number) => number | undefined;
};

describe('parseStat', () => {
	it('reads the fields after the command name, even one holding spaces and parentheses', () => {
		const line = '4242 (node (worker) 1) S 4200 4242 4100 0 -1 4194560 1 0 0 0 0 0 0 0 20 0 11 0 1234 0 0';
		expect(procfs.parseStat(line)).toEqual({ pid: 4242, name: 'node (worker) 1', state: 'S', ppid: 4200, pgrp: 4242, session: 4100, startTime: 1234 });
	});

	it('knows a zombie by its state, and refuses what is not a stat line', () => {
		expect(procfs.parseStat('77 (sleep) Z 1 70 70 0')?.state).toBe('Z');
		expect(procfs.parseStat('')).toBeUndefined();
		expect(procfs.parseStat('no parentheses here')).toBeUndefined();
	});
});

describe('a process group, running then gone', () => {
	it('is running while one of its processes runs, and gone once they ended', async () => {
		const child = spawn('sh', ['-c', 'sleep 30 & sleep 30'], { detached: true, stdio: 'ignore' });
		await new Promise((resolve) => setTimeout(resolve, 200));
		expect(procfs.groupRunning(child.pid!)).toBe(true);
		expect(procfs.processRunning(child.pid!)).toBe(true);
		expect(procfs.parentOf(child.pid!)).toBe(process.pid);
		process.kill(-child.pid!, 'SIGKILL');
		await new Promise((resolve) => child.on('exit', resolve));
		const deadline = Date.now() + 5000;
		while (procfs.groupRunning(child.pid!) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
		expect(procfs.groupRunning(child.pid!)).toBe(false);
		expect(procfs.processRunning(child.pid!)).toBe(false);
	});
});
