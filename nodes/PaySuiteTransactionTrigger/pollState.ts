/**
 * What the trigger remembers between polls (kept in the workflow's static data, where n8n saves a poller's state)
 * and the period each poll asks the platform for. Pure: the clock is an argument, so the unit test fixes it.
 *
 * The memory stays small: a transaction is remembered while it can still show up again, that is while it is within
 * the overlap that the next period reads again, or while it is pending and followed for its final status.
 */

import { REPORT_MAX_MS } from '../shared/reports/reportRequests';

export { REPORT_MAX_MS };

/** A report not ready after this long is asked for again (the platform may have dropped it). */
const REPORT_GIVE_UP_MS = 30 * 60_000;

/** A report asked for and not read yet: its ID and period (milliseconds). */
interface PendingReport {
	id: string;
	start: number;
	end: number;
	askedAt: number;
}

/** A transaction seen: its status, and when it happened (milliseconds). */
type Seen = [status: string, at: number];

export interface PollState {
	version: 1;
	/** Transactions that happened before this instant are not new (the first activation, or the Start From option). */
	since: number;
	/** The end of the last period read: the next one starts there, less the overlap. */
	cursor: number;
	report?: PendingReport;
	/** By internal reference. */
	seen: Record<string, Seen>;
}

export interface PollTiming {
	overlapMs: number;
	/** How long a pending transaction is followed for its final status. */
	followPendingMs: number;
}

/** The static data key the state is kept under. */
export const STATE_KEY = 'transactionPoll';

const isSeen = (value: unknown): value is Seen => Array.isArray(value) && typeof value[0] === 'string' && typeof value[1] === 'number';

/** The state kept in static data, or a fresh one starting at `start` when there is none (or it is not one of ours). */
export function readState(stored: unknown, start: number): PollState {
	const value = stored as Partial<PollState> | undefined;
	if (!value || value.version !== 1 || typeof value.since !== 'number' || typeof value.cursor !== 'number') {
		// Whole seconds, as the report's dates: a transaction of the very second the trigger starts is new.
		const second = Math.floor(start / 1000) * 1000;
		return { version: 1, since: second, cursor: second, seen: {} };
	}
	const seen: Record<string, Seen> = {};
	for (const [key, entry] of Object.entries(value.seen ?? {})) if (isSeen(entry)) seen[key] = [entry[0], entry[1]];
	const report = value.report && typeof value.report.id === 'string' ? { ...value.report } : undefined;
	return { version: 1, since: value.since, cursor: value.cursor, report, seen };
}

/** The oldest pending transaction still followed, or undefined. */
function oldestFollowedPending(state: PollState, now: number, timing: PollTiming): number | undefined {
	let oldest: number | undefined;
	for (const [status, at] of Object.values(state.seen)) {
		if (status !== 'PENDING' || at < now - timing.followPendingMs) continue;
		if (oldest === undefined || at < oldest) oldest = at;
	}
	return oldest;
}

/**
 * The period of the next report: from the last one's end less the overlap (or from the oldest pending transaction
 * still followed, when earlier), to now, at most 10 days: a workflow off for longer catches up in several.
 * Undefined when there is nothing new to ask for yet.
 */
export function nextPeriod(state: PollState, now: number, timing: PollTiming): { start: number; end: number } | undefined {
	if (now <= state.cursor) return undefined;
	let start = state.cursor - timing.overlapMs;
	const pending = oldestFollowedPending(state, now, timing);
	if (pending !== undefined && pending < start) start = pending;
	// Whole seconds, as the platform's dates are.
	start = Math.floor(start / 1000) * 1000;
	const end = Math.floor(Math.min(now, start + REPORT_MAX_MS) / 1000) * 1000;
	return end > start ? { start, end } : undefined;
}

/**
 * Forgets what cannot show up again: transactions before the next period's start, but pending ones still
 * followed. Called once a report is read and the cursor moved.
 */
export function forgetOld(state: PollState, now: number, timing: PollTiming): void {
	const from = state.cursor - timing.overlapMs;
	for (const [key, [status, at]] of Object.entries(state.seen)) {
		const followed = status === 'PENDING' && at >= now - timing.followPendingMs;
		if (at < from && !followed) delete state.seen[key];
	}
}

/** Whether a report asked for long ago should be given up and asked for again. */
export const reportGivenUp = (report: PendingReport, now: number): boolean => now - report.askedAt > REPORT_GIVE_UP_MS;
