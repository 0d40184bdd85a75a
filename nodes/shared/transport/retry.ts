/** When a request is sent again: back-off, Retry-After, and the pause every request of a run keeps. */
import { sleep } from 'n8n-workflow';

import { keptWith } from '../context/runMemory';
import type { PaySuiteContext } from './types';

export const RETRY_POLICY = { maxAttempts: 4, maxDelayMs: 30_000 };

/** The first retry wait is doubled each time the platform asks for none. Mutable only so tests can shorten them. */
export const requestDefaults = { timeoutMs: 60_000, retryDelayMs: 250 };

/** Delta seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterSeconds(value: string | undefined, now = Date.now()): number | undefined {
	if (value === undefined || value === null || String(value).trim() === '') return undefined;
	const seconds = Number(value);
	if (Number.isFinite(seconds)) return Math.max(0, seconds);
	const date = Date.parse(value);
	return Number.isNaN(date) ? undefined : Math.max(0, (date - now) / 1000);
}

export function backoffDelayMs(attempt: number, retryAfter?: number): number {
	if (retryAfter !== undefined) return Math.min(retryAfter * 1000, RETRY_POLICY.maxDelayMs);
	return Math.min(requestDefaults.retryDelayMs * 2 ** (attempt - 1), 5_000);
}

/**
 * On 429 (or a busy answer with Retry-After) every request of the node run waits, not only the one answered so:
 * items in flight would otherwise keep the platform busy. Kept with n8n's context object of the run.
 */
const pauseOf = (ctx: PaySuiteContext): { until: number } => keptWith(ctx, 'pause', () => ({ until: 0 }));

export function pauseAll(ctx: PaySuiteContext, delayMs: number): void {
	const pause = pauseOf(ctx);
	pause.until = Math.max(pause.until, Date.now() + delayMs);
}

export async function waitForPause(ctx: PaySuiteContext): Promise<void> {
	for (const pause = pauseOf(ctx); pause.until > Date.now(); ) await sleep(pause.until - Date.now());
}
