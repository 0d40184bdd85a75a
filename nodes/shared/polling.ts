import { sleep } from 'n8n-workflow';

export interface PollOutcome<T> {
	done: boolean;
	value: T;
	/** Seconds the platform asked to wait before asking again (Retry-After). */
	retryAfterSeconds?: number;
}

export interface PollOptions {
	timeoutMs: number;
	/** Wait used when the platform gives none. */
	defaultDelayMs?: number;
	maxDelayMs?: number;
	/** Injected in unit tests; n8n-workflow's sleep otherwise. */
	wait?: (ms: number) => Promise<void>;
	now?: () => number;
}

export class PollTimeoutError<T> extends Error {
	constructor(
		readonly last: T,
		readonly attempts: number,
		readonly waitedMs: number,
	) {
		super(`Still not finished after ${Math.round(waitedMs / 1000)} s (${attempts} checks)`);
	}
}

/** Asks again while the answer is not final, waiting what the platform says (Retry-After), within a timeout. */
export async function pollUntilDone<T>(check: () => Promise<PollOutcome<T>>, options: PollOptions): Promise<{ value: T; attempts: number }> {
	const wait = options.wait ?? sleep;
	const now = options.now ?? Date.now;
	const started = now();
	for (let attempts = 1; ; attempts++) {
		const outcome = await check();
		if (outcome.done) return { value: outcome.value, attempts };
		const delay = Math.min(
			outcome.retryAfterSeconds !== undefined ? outcome.retryAfterSeconds * 1000 : (options.defaultDelayMs ?? 2000),
			options.maxDelayMs ?? 60_000,
		);
		const elapsed = now() - started;
		if (elapsed + delay > options.timeoutMs) throw new PollTimeoutError(outcome.value, attempts, elapsed);
		await wait(delay);
	}
}
