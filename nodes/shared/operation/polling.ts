import { sleep } from 'n8n-workflow';

/** One check: done with its value, or still pending with what the platform said so far. */
export type PollOutcome<Done, Pending = Done> =
	| { done: true; value: Done }
	| {
			done: false;
			value: Pending;
			/** Seconds the platform asked to wait before asking again (Retry-After). */
			retryAfterSeconds?: number;
	  };

/** How polling ended: done with the value, or stopped at the timeout with the last pending answer. */
export type PollResult<Done, Pending = Done> =
	| { done: true; value: Done; attempts: number }
	| {
			done: false;
			last: Pending;
			attempts: number;
			waitedMs: number;
			/** The wait the platform asked for in its last answer (Retry-After), if any. */
			retryAfterSeconds?: number;
	  };

interface PollOptions {
	timeoutMs: number;
	/** Wait used when the platform gives none. */
	defaultDelayMs?: number;
	maxDelayMs?: number;
	/** Shortest wait between two checks, whatever the platform says (0: as soon as it says). */
	minDelayMs?: number;
	/** Injected in unit tests; n8n-workflow's sleep otherwise. */
	wait?: (ms: number) => Promise<void>;
	now?: () => number;
}

/**
 * Asks again while the answer is not final, waiting what the platform says (Retry-After), within a timeout: a
 * wait that would end past the timeout is not started. An error of a check (the platform's) goes on unchanged.
 */
export async function pollUntilDone<Done, Pending = Done>(
	check: () => Promise<PollOutcome<Done, Pending>>,
	options: PollOptions,
): Promise<PollResult<Done, Pending>> {
	const wait = options.wait ?? sleep;
	const now = options.now ?? Date.now;
	const started = now();
	for (let attempts = 1; ; attempts++) {
		const outcome = await check();
		if (outcome.done) return { done: true, value: outcome.value, attempts };
		const asked = outcome.retryAfterSeconds !== undefined ? outcome.retryAfterSeconds * 1000 : (options.defaultDelayMs ?? 2000);
		const delay = Math.max(Math.min(asked, options.maxDelayMs ?? 60_000), options.minDelayMs ?? 0);
		const waitedMs = now() - started;
		if (waitedMs + delay > options.timeoutMs) {
			return { done: false, last: outcome.value, attempts, waitedMs, retryAfterSeconds: outcome.retryAfterSeconds };
		}
		await wait(delay);
	}
}

/**
 * How a poll that timed out went, without contradicting the timeout: "Checked 3 times over 10 s; the platform
 * asked to wait 5 s before the next check, which would have passed the 12 s timeout."
 */
export function timedOutWords(timedOut: { waitedMs: number; attempts: number; retryAfterSeconds?: number }, timeoutSeconds: number): string {
	const checked = timedOut.attempts === 1 ? 'Checked once' : `Checked ${timedOut.attempts} times over ${Math.round(timedOut.waitedMs / 1000)} s`;
	const next =
		timedOut.retryAfterSeconds !== undefined
			? `the platform asked to wait ${Math.ceil(timedOut.retryAfterSeconds)} s before the next check, which would have passed the ${timeoutSeconds} s timeout`
			: `one more wait would have passed the ${timeoutSeconds} s timeout`;
	return `${checked}; ${next}.`;
}
