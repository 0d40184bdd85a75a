'use strict';
/**
 * Stops what `npm start` and `npm run demo` started, however the run is told to stop: SIGINT (Ctrl-C), SIGTERM or
 * SIGHUP to this process (npm forwards them: the npm scripts `exec` the node script, so no shell sits between to
 * swallow them), or the end of its parent (SIGKILL of npm: nothing would tell us otherwise). n8n runs in a
 * process group of its own, so a signal to the terminal's group reaches it only through us, and we stop it in
 * order. Should this process die first, its reaper (processes.js) ends what it started.
 */
const { spawn } = require('child_process');

const { ownerStopsOnParentExit } = require('./processes');

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/**
 * Calls `stop(reason)` once, on the first signal or when the parent process is gone. Later signals are ignored
 * while it stops (a Ctrl-C reaches us twice: from the terminal and forwarded by npm). Returns a disposer.
 */
function onStopRequest(stop, { pollMs = 250 } = {}) {
	let stopping = false;
	const parent = process.ppid;
	const fire = (reason) => {
		if (stopping) return;
		stopping = true;
		clearInterval(watchdog);
		Promise.resolve(stop(reason)).catch(() => {});
	};
	const handlers = SIGNALS.map((signal) => [signal, () => fire(signal)]);
	for (const [signal, handler] of handlers) process.on(signal, handler);
	// When the parent dies the kernel re-parents us (to init or a subreaper): ppid changes.
	const watchdog = setInterval(() => {
		if (process.ppid !== parent) fire('parent exited');
	}, pollMs);
	watchdog.unref();
	ownerStopsOnParentExit();
	return function dispose() {
		clearInterval(watchdog);
		for (const [signal, handler] of handlers) process.off(signal, handler);
	};
}

/**
 * Runs a command (jest, say) as a plain child that sees the terminal, passing on to it every stop request: the
 * signals, and SIGTERM when our parent is gone. With `output(chunk)`, its stdout and stderr go there instead (runs
 * side by side). Resolves { status, signal, stopRequest } once it has exited (`stopRequest`: the reason passed on,
 * if any).
 */
function runChild(cmd, args, { output, ...options } = {}) {
	return new Promise((resolve, reject) => {
		const child = spawn(cmd, args, { stdio: output ? ['ignore', 'pipe', 'pipe'] : 'inherit', ...options });
		if (output) for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk) => output(chunk.toString()));
		let stopRequest;
		const dispose = onStopRequest((reason) => {
			stopRequest = reason;
			try {
				child.kill(SIGNALS.includes(reason) ? reason : 'SIGTERM');
			} catch {
				/* already gone */
			}
		});
		child.on('error', (e) => {
			dispose();
			reject(e);
		});
		// Its output read to the end (a process it left holding the pipe does not hold us past a moment).
		const drained = output ? Promise.all([child.stdout, child.stderr].map((stream) => new Promise((done) => stream.on('close', done)))) : undefined;
		child.on('exit', async (status, signal) => {
			dispose();
			if (drained) await Promise.race([drained, new Promise((done) => setTimeout(done, 2000))]);
			resolve({ status, signal, stopRequest });
		});
	});
}

module.exports = { onStopRequest, runChild };
