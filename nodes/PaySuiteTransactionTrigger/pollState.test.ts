import { forgetOld, nextPeriod, readState, REPORT_MAX_MS, reportGivenUp, type PollState } from './pollState';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const NOW = Date.parse('2026-11-26T15:00:00Z');
const timing = { overlapMs: 10 * MINUTE, followPendingMs: 24 * HOUR };
const state = (overrides: Partial<PollState> = {}): PollState => ({ version: 1, since: NOW - HOUR, cursor: NOW - 5 * MINUTE, seen: {}, ...overrides });

describe('readState', () => {
	it('starts fresh at the given instant, in whole seconds, when nothing of ours is stored', () => {
		for (const stored of [undefined, {}, { version: 2 }, 'text']) {
			expect(readState(stored, NOW + 750)).toEqual({ version: 1, since: NOW, cursor: NOW, seen: {} });
		}
	});

	it('reads back what was stored, leaving out entries that are not ours', () => {
		const stored = { version: 1, since: 1, cursor: 2, report: { id: '7001', start: 1, end: 2, askedAt: 2 }, seen: { '500001': ['APPROVED', 5], bad: 'x' } };
		expect(readState(JSON.parse(JSON.stringify(stored)), NOW)).toEqual({ ...stored, seen: { '500001': ['APPROVED', 5] } });
	});
});

describe('nextPeriod', () => {
	it('starts at the last end less the overlap and ends now, in whole seconds', () => {
		expect(nextPeriod(state(), NOW + 400, timing)).toEqual({ start: NOW - 15 * MINUTE, end: NOW });
	});

	it('reaches back to the oldest pending transaction still followed', () => {
		const seen = { a: ['PENDING', NOW - 3 * HOUR] as [string, number], b: ['PENDING', NOW - 30 * HOUR] as [string, number], c: ['APPROVED', NOW - 5 * HOUR] as [string, number] };
		expect(nextPeriod(state({ seen }), NOW, timing)).toEqual({ start: NOW - 3 * HOUR, end: NOW });
	});

	it('is at most 10 days long: a workflow off for 12 days catches up in two periods', () => {
		const off = state({ cursor: NOW - 12 * 24 * HOUR });
		const first = nextPeriod(off, NOW, timing)!;
		expect(first.end - first.start).toBe(REPORT_MAX_MS);
		const second = nextPeriod({ ...off, cursor: first.end }, NOW, timing)!;
		expect(second).toEqual({ start: first.end - timing.overlapMs, end: NOW });
	});

	it('is nothing before the clock passes the last end', () => {
		expect(nextPeriod(state({ cursor: NOW }), NOW, timing)).toBeUndefined();
	});
});

describe('forgetOld', () => {
	it('keeps what the next period reads again and pending transactions still followed, and forgets the rest', () => {
		const kept = state({
			cursor: NOW,
			seen: { inOverlap: ['APPROVED', NOW - 5 * MINUTE], old: ['APPROVED', NOW - 2 * HOUR], followed: ['PENDING', NOW - 2 * HOUR], given: ['PENDING', NOW - 25 * HOUR] },
		});
		forgetOld(kept, NOW, timing);
		expect(Object.keys(kept.seen).sort()).toEqual(['followed', 'inOverlap']);
	});
});

it('gives up a report not ready after 30 minutes', () => {
	expect(reportGivenUp({ id: '1', start: 0, end: 0, askedAt: NOW - 29 * MINUTE }, NOW)).toBe(false);
	expect(reportGivenUp({ id: '1', start: 0, end: 0, askedAt: NOW - 31 * MINUTE }, NOW)).toBe(true);
});
