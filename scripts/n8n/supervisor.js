'use strict';
/**
 * One n8n process of the queue cluster (main, worker or webhook process) that is started again when it ends on
 * its own, as a service manager would do (systemd's Restart=on-failure, a container's restart policy), while the
 * rest of the cluster keeps running. A process that ends `maxRestarts` times within `windowMs` is left down and
 * reported. stop() ends it for good. Its output across restarts stays in one log.
 *
 *   const worker = await supervised({ name: 'worker-1', start: () => spawnAndWaitReady(), log, onEvent });
 *   worker.up; worker.pid; worker.restarts; worker.logs(); await worker.stop('SIGTERM', 6000);
 *
 * Plain CommonJS, no dependencies.
 */

const RESTART_DELAY_MS = 1000;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Whether one more restart is allowed: fewer than `maxRestarts` restarts within the last `windowMs`. Pure.
 * `restartTimes`: the times (ms) of the earlier restarts.
 */
function mayRestart(restartTimes, now, { maxRestarts, windowMs }) {
	return restartTimes.filter((t) => now - t < windowMs).length < maxRestarts;
}

/**
 * Starts a process with `start(onSpawn)` (resolves a spawnService-like { pid, exited, logs(), stop(signal, graceMs),
 * alive() } once it is ready, and calls `onSpawn(proc)` as soon as it runs, so that stop() reaches a process still
 * starting) and keeps it running. `restart: false` only reports its end. `onEvent(event)` hears
 * { type: 'exited' | 'restarted' | 'left down' | 'restart failed', name, code, message }.
 */
async function supervised({ name, command, url, port, start, restart = true, maxRestarts = 5, windowMs = 10 * 60 * 1000, log = () => {}, onEvent = () => {} }) {
	let current;
	const track = (proc) => (current = proc);
	await start(track);
	let earlier = '';
	let stopped = false;
	const restartTimes = [];
	let endedForGood;
	const handle = {
		name,
		command,
		url,
		port,
		restarts: 0,
		up: true,
		get pid() {
			return current.pid;
		},
		logs: () => earlier + current.logs(),
		alive: () => current.alive(),
		/** Resolves once the process is down for good: stopped, or left down after too many restarts. */
		ended: new Promise((resolve) => (endedForGood = resolve)),
		async stop(signal = 'SIGTERM', graceMs = 20000) {
			stopped = true;
			handle.up = false;
			await current.stop(signal, graceMs);
			endedForGood('stopped');
		},
	};

	const report = (event) => {
		log(event.message);
		onEvent({ name, ...event });
	};

	async function watch(proc) {
		const code = await proc.exited;
		if (stopped || proc !== current) return;
		handle.up = false;
		earlier += proc.logs() + `\n[${new Date().toISOString()} ${name} exited (${code})]\n`;
		if (earlier.length > 2_000_000) earlier = earlier.slice(-1_000_000);
		if (!restart || !mayRestart(restartTimes, Date.now(), { maxRestarts, windowMs })) {
			const why = restart ? `; it ended ${maxRestarts + 1} times within ${Math.round(windowMs / 60000)} min: left down` : '';
			report({ type: 'left down', code, message: `${name} exited (${code})${why}; the rest of the cluster keeps running` });
			endedForGood(`exited (${code})`);
			return;
		}
		report({ type: 'exited', code, message: `${name} exited (${code}); starting it again` });
		await relaunch();
	}

	async function relaunch() {
		for (;;) {
			await sleep(RESTART_DELAY_MS);
			if (stopped) return;
			restartTimes.push(Date.now());
			try {
				await start(track);
			} catch (e) {
				if (stopped) return;
				earlier += `${current.logs()}\n[${name} did not start again: ${e.message.split('\n')[0]}]\n`;
				if (!mayRestart(restartTimes, Date.now(), { maxRestarts, windowMs })) {
					report({ type: 'left down', message: `${name} did not start again (${e.message.split('\n')[0]}): left down; the rest of the cluster keeps running` });
					endedForGood('left down');
					return;
				}
				report({ type: 'restart failed', message: `${name} did not start again; trying once more` });
				continue;
			}
			if (stopped) return;
			handle.restarts++;
			handle.up = true;
			report({ type: 'restarted', message: `${name} is running again (pid ${current.pid}, restart ${handle.restarts})` });
			void watch(current);
			return;
		}
	}

	void watch(current);
	return handle;
}

module.exports = { supervised, mayRestart };
