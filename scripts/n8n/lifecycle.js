'use strict';
/**
 * Stops what `npm start` and `npm run demo` started, whichever process of theirs is told to stop: SIGINT (Ctrl-C),
 * SIGTERM or SIGHUP to this process, or the end of its parent (`kill -TERM` of the npm process ends npm and the
 * shell it runs us in, and nothing would tell us otherwise). n8n runs in a process group of its own, so a signal
 * to the terminal's group reaches it only through us.
 */
const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/** Calls `stop(reason)` once, on the first signal or when the parent process is gone. Returns a disposer. */
function onStopRequest(stop, { pollMs = 500 } = {}) {
	let stopping = false;
	const parent = process.ppid;
	const fire = (reason) => {
		if (stopping) return;
		stopping = true;
		dispose();
		Promise.resolve(stop(reason)).catch(() => {});
	};
	const handlers = SIGNALS.map((signal) => [signal, () => fire(signal)]);
	for (const [signal, handler] of handlers) process.on(signal, handler);
	// When the parent dies the kernel re-parents us (to init or a subreaper): ppid changes.
	const watchdog = setInterval(() => {
		if (process.ppid !== parent) fire('parent exited');
	}, pollMs);
	watchdog.unref();
	function dispose() {
		clearInterval(watchdog);
		for (const [signal, handler] of handlers) process.off(signal, handler);
	}
	return dispose;
}

module.exports = { onStopRequest };
