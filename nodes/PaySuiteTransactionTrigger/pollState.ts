/**
 * What the trigger remembers between polls (in static data, where n8n saves a poller's state) and the period each
 * poll asks for. A transaction is remembered only while it can show up again: within the overlap the next period
 * reads, or pending and followed. Pure: the clock is an argument.
 */

import { REPORT_MAX_MS } from '../shared/reports/reportRequests';

export { REPORT_MAX_MS };

/** The platform may have dropped it. */
const REPORT_GIVE_UP_MS = 30 * 60_000;

/** Asked for, not read yet; times in milliseconds. */
type PendingReport = { id: string; start: number; end: number; askedAt: number };

/** Status, and when it happened (milliseconds). */
type Seen = [status: string, at: number];

export interface PollState {
	version: 1;
	/** The first activation, or the Start From option. */
	since: number;
	/** The next period starts there, less the overlap. */
	cursor: number;
	report?: PendingReport;
	/** By internal reference. */
	seen: Record<string, Seen>;
}

export type PollTiming = { overlapMs: number; followPendingMs: number };

export const STATE_KEY = 'transactionPoll';

const isSeen = (value: unknown): value is Seen => Array.isArray(value) && typeof value[0] === 'string' && typeof value[1] === 'number';

/** A fresh state at `start` when none is stored (or it is not ours). */
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

const followed = ([status, at]: Seen, now: number, timing: PollTiming): boolean => status === 'PENDING' && at >= now - timing.followPendingMs;

/**
 * From the last end less the overlap (or the oldest followed pending transaction, when earlier) to now, at most 10
 * days: a workflow off for longer catches up in several. Undefined when there is nothing new yet.
 */
export function nextPeriod(state: PollState, now: number, timing: PollTiming): { start: number; end: number } | undefined {
	if (now <= state.cursor) return undefined;
	let start = state.cursor - timing.overlapMs;
	for (const seen of Object.values(state.seen)) if (followed(seen, now, timing) && seen[1] < start) start = seen[1];
	// Whole seconds, as the platform's dates are.
	start = Math.floor(start / 1000) * 1000;
	const end = Math.floor(Math.min(now, start + REPORT_MAX_MS) / 1000) * 1000;
	return end > start ? { start, end } : undefined;
}

/** Pending ones still followed are kept. Called once a report is read and the cursor moved. */
export function forgetOld(state: PollState, now: number, timing: PollTiming): void {
	const from = state.cursor - timing.overlapMs;
	for (const [key, seen] of Object.entries(state.seen)) if (seen[1] < from && !followed(seen, now, timing)) delete state.seen[key];
}

export const reportGivenUp = (report: PendingReport, now: number): boolean => now - report.askedAt > REPORT_GIVE_UP_MS;
