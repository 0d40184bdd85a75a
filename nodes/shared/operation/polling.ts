import { sleep } from 'n8n-workflow';

/** Done, or still pending with what the platform said so far. */
export type PollOutcome<Done, Pending = Done> =
	| { done: true; value: Done }
	| {
			done: false;
			value: Pending;
			/** Retry-After. */
			retryAfterSeconds?: number;
	  };

export type PollResult<Done, Pending = Done> =
	| { done: true; value: Done; attempts: number }
	| {
			done: false;
			last: Pending;
			attempts: number;
			waitedMs: number;
			/** Retry-After of the last answer. */
			retryAfterSeconds?: number;
	  };

interface PollOptions {
	timeoutMs: number;
	/** Wait used when the platform gives none. */
	defaultDelayMs?: number;
	maxDelayMs?: number;
	/** 0: as soon as the platform says. */
	minDelayMs?: number;
	wait?: (ms: number) => Promise<void>;
	now?: () => number;
}

/** A wait that would end past the timeout is not started; a check's error goes on unchanged. */
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

/** Without contradicting the timeout: "Checked 3 times over 10 s; the platform asked to wait 5 s ...". */
export function timedOutWords(timedOut: { waitedMs: number; attempts: number; retryAfterSeconds?: number }, timeoutSeconds: number): string {
	const checked = timedOut.attempts === 1 ? 'Checked once' : `Checked ${timedOut.attempts} times over ${Math.round(timedOut.waitedMs / 1000)} s`;
	const next =
		timedOut.retryAfterSeconds !== undefined
			? `the platform asked to wait ${Math.ceil(timedOut.retryAfterSeconds)} s before the next check, which would have passed the ${timeoutSeconds} s timeout`
			: `one more wait would have passed the ${timeoutSeconds} s timeout`;
	return `${checked}; ${next}.`;
}
