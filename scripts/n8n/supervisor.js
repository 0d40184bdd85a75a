'use strict';
/**
 * One process of the queue cluster (an n8n process, Redis, PostgreSQL, nginx) that is started again when it ends on
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

/** One supervised process: see supervised(). */
class Supervised {
	constructor({ name, command, url, port, start, restart = true, maxRestarts = 5, windowMs = 10 * 60 * 1000, log = () => {}, onEvent = () => {} }) {
		Object.assign(this, { name, command, url, port, restarts: 0, up: false });
		this.options = { start, restart, maxRestarts, windowMs, log, onEvent };
		this.current = undefined;
		this.earlier = '';
		this.stopped = false;
		this.paused = false;
		this.restartTimes = [];
		/** Resolves once the process is down for good: stopped, or left down after too many restarts. */
		this.ended = new Promise((resolve) => (this.endedForGood = resolve));
		this.track = (proc) => (this.current = proc);
	}

	get pid() {
		return this.current.pid;
	}

	logs() {
		return this.earlier + this.current.logs();
	}

	alive() {
		return this.current.alive();
	}

	/**
	 * Stops it as an operator would (`systemctl stop`): not started again until resume(). `signal` first, SIGKILL
	 * after `graceMs`.
	 */
	async pause(signal = 'SIGTERM', graceMs = 20000) {
		this.paused = true;
		this.up = false;
		await this.current?.stop(signal, graceMs);
		this.report({ type: 'paused', message: `${this.name} stopped; it stays down until started again` });
	}

	/** Starts it again after pause(); resolves once it is ready. */
	async resume() {
		if (!this.paused || this.stopped) return;
		await this.options.start(this.track);
		this.paused = false;
		this.restarts++;
		this.up = true;
		this.report({ type: 'restarted', message: `${this.name} is running again (pid ${this.current.pid})` });
		void this.watch(this.current);
	}

	/** Ends it for good (no restart): `signal`, SIGKILL after `graceMs`. */
	async stop(signal = 'SIGTERM', graceMs = 20000) {
		this.stopped = true;
		this.up = false;
		await this.current?.stop(signal, graceMs);
		this.endedForGood('stopped');
	}

	report(event) {
		this.options.log(event.message);
		this.options.onEvent({ name: this.name, ...event });
	}

	mayRestart() {
		const { restart, maxRestarts, windowMs } = this.options;
		return restart && mayRestart(this.restartTimes, Date.now(), { maxRestarts, windowMs });
	}

	async watch(proc) {
		const code = await proc.exited;
		if (this.stopped || this.paused || proc !== this.current) return;
		this.up = false;
		this.earlier += `${proc.logs()}\n[${new Date().toISOString()} ${this.name} exited (${code})]\n`;
		if (this.earlier.length > 2_000_000) this.earlier = this.earlier.slice(-1_000_000);
		if (!this.mayRestart()) {
			const { restart, maxRestarts, windowMs } = this.options;
			const why = restart ? `; it ended ${maxRestarts + 1} times within ${Math.round(windowMs / 60000)} min: left down` : '';
			this.report({ type: 'left down', code, message: `${this.name} exited (${code})${why}; the rest of the cluster keeps running` });
			this.endedForGood(`exited (${code})`);
			return;
		}
		this.report({ type: 'exited', code, message: `${this.name} exited (${code}); starting it again` });
		await this.relaunch();
	}

	/** Starts it again after a pause, trying again while allowed when it does not come up. */
	async relaunch() {
		for (;;) {
			await sleep(RESTART_DELAY_MS);
			if (this.stopped) return;
			this.restartTimes.push(Date.now());
			try {
				await this.options.start(this.track);
			} catch (e) {
				if (this.stopped) return;
				const why = e.message.split('\n')[0];
				this.earlier += `${this.current.logs()}\n[${this.name} did not start again: ${why}]\n`;
				if (this.mayRestart()) {
					this.report({ type: 'restart failed', message: `${this.name} did not start again; trying once more` });
					continue;
				}
				this.report({ type: 'left down', message: `${this.name} did not start again (${why}): left down; the rest of the cluster keeps running` });
				this.endedForGood('left down');
				return;
			}
			if (this.stopped) return;
			this.restarts++;
			this.up = true;
			this.report({ type: 'restarted', message: `${this.name} is running again (pid ${this.current.pid}, restart ${this.restarts})` });
			void this.watch(this.current);
			return;
		}
	}
}

/**
 * Starts a process with `start(onSpawn)` (resolves a spawnService-like { pid, exited, logs(), stop(signal, graceMs),
 * alive() } once it is ready, and calls `onSpawn(proc)` as soon as it runs, so that stop() reaches a process still
 * starting) and keeps it running. `restart: false` only reports its end. `onEvent(event)` hears
 * { type: 'exited' | 'restarted' | 'left down' | 'restart failed' | 'paused', name, code, message }. Resolves the handle:
 * { name, command, url, port, pid, up, restarts, ended, logs(), alive(), stop(signal, graceMs), pause(signal, graceMs), resume() }.
 */
async function supervised(options) {
	const handle = new Supervised(options);
	await options.start(handle.track);
	handle.up = true;
	void handle.watch(handle.current);
	return handle;
}

module.exports = { supervised, mayRestart };
