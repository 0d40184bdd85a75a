/**
 * A supervised process (./supervisor.js), with `sleep` standing for n8n: killed, it is started again and reported;
 * ended too often, it is left down and reported; stop() ends it for good.
 */
/* eslint-disable @n8n/community-nodes/no-restricted-globals, @typescript-eslint/no-require-imports -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
const processes = require('./processes.js');
const { supervised, mayRestart } = require('./supervisor.js');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => boolean, ms: number): Promise<boolean> {
	const deadline = Date.now() + ms;
	while (!check() && Date.now() < deadline) await sleep(50);
	return check();
}

/** A `sleep 30` in a group of its own, shaped as queue.js's services are. */
function startSleep(onSpawn: (proc: unknown) => void) {
	const child = processes.spawnGroup('sleep', ['30'], { stdio: 'ignore' });
	const proc = {
		pid: child.pid,
		exited: new Promise((resolve) => child.on('exit', (code: number | null, signal: string | null) => resolve(code ?? signal))),
		logs: () => `sleep ${child.pid}\n`,
		alive: () => child.exitCode === null && child.signalCode === null,
		stop: (signal = 'SIGTERM', graceMs = 2000) => processes.stopGroup(child, { signal, graceMs }),
	};
	onSpawn(proc);
	return Promise.resolve(proc);
}

describe('mayRestart', () => {
	it('allows maxRestarts restarts within the window, then again once the earlier ones are old', () => {
		const rule = { maxRestarts: 2, windowMs: 1000 };
		expect(mayRestart([], 5000, rule)).toBe(true);
		expect(mayRestart([4500], 5000, rule)).toBe(true);
		expect(mayRestart([4200, 4500], 5000, rule)).toBe(false);
		expect(mayRestart([3000, 4500], 5000, rule)).toBe(true);
	});
});

describe('supervised', () => {
	it('starts a killed process again, reports it, keeps one log, and stop() ends it for good', async () => {
		const events: Array<{ type: string; name: string }> = [];
		const p = await supervised({ name: 'worker-1', command: 'worker', start: startSleep, onEvent: (e: { type: string; name: string }) => events.push(e) });
		const first = p.pid;
		process.kill(-first, 'SIGKILL');
		expect(await until(() => p.restarts === 1 && p.up, 10000)).toBe(true);
		expect(p.pid).not.toBe(first);
		expect(events.map((e) => `${e.name} ${e.type}`)).toEqual(['worker-1 exited', 'worker-1 restarted']);
		expect(p.logs()).toContain(`sleep ${first}\n`);
		expect(p.logs()).toContain(`worker-1 exited (SIGKILL)`);
		const second = p.pid;
		await p.stop('SIGTERM', 2000);
		expect(await p.ended).toBe('stopped');
		await sleep(1500);
		expect(p.pid).toBe(second);
		expect(p.up).toBe(false);
	});

	it('leaves a process down once it ended too often, and reports it', async () => {
		const events: string[] = [];
		const p = await supervised({ name: 'webhook-1', command: 'webhook', start: startSleep, maxRestarts: 1, onEvent: (e: { type: string }) => events.push(e.type) });
		process.kill(-p.pid, 'SIGKILL');
		expect(await until(() => p.restarts === 1 && p.up, 10000)).toBe(true);
		process.kill(-p.pid, 'SIGKILL');
		expect(await p.ended).toBe('exited (SIGKILL)');
		expect(events).toEqual(['exited', 'restarted', 'left down']);
		expect(p.up).toBe(false);
	});

	it('with restart: false only reports the end', async () => {
		const events: string[] = [];
		const p = await supervised({ name: 'main', command: 'start', start: startSleep, restart: false, onEvent: (e: { type: string }) => events.push(e.type) });
		process.kill(-p.pid, 'SIGKILL');
		expect(await p.ended).toBe('exited (SIGKILL)');
		expect(events).toEqual(['left down']);
	});
});
