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

/** "after 12 s (3 checks)": how long a poll that timed out waited. */
export const waitedWords = (timedOut: { waitedMs: number; attempts: number }): string =>
	`after ${Math.round(timedOut.waitedMs / 1000)} s (${timedOut.attempts} checks)`;
