import type { RefundRecord } from '../output/refunds';
import {
	agoText,
	forgetSent,
	MAX_STORED_WRITES,
	rememberSent,
	repeatedRefund,
	REPEAT_WINDOW_MS,
	sentRecently,
	storedRecently,
	storedWritesWithin,
	STORED_WRITES_KEY,
	storeSent,
	writeKey,
} from './repeatGuard';

const NOW = Date.parse('2026-11-26T17:00:00Z');
const refund = (amount: number, minutesAgo: number, status: string | null = 'APPROVED'): RefundRecord => ({
	internalReference: 9000 + minutesAgo,
	amount,
	currency: 'USD',
	date: new Date(NOW - minutesAgo * 60_000).toISOString(),
	status,
});

describe('repeatedRefund', () => {
	it('a partial refund repeats an approved refund of the same amount within 15 minutes', () => {
		expect(repeatedRefund([refund(20, 4)], { amount: 20, fullyRefunded: false }, NOW)?.internalReference).toBe(9004);
		expect(repeatedRefund([refund(20, 16)], { amount: 20, fullyRefunded: false }, NOW)).toBeUndefined();
		expect(repeatedRefund([refund(25, 4)], { amount: 20, fullyRefunded: false }, NOW)).toBeUndefined();
		expect(repeatedRefund([refund(20, 4, 'REJECTED')], { amount: 20, fullyRefunded: false }, NOW)).toBeUndefined();
	});

	it('a full refund repeats only when the payment is already refunded in full within the window', () => {
		expect(repeatedRefund([refund(20, 30), refund(100.5, 2)], { fullyRefunded: true }, NOW)?.internalReference).toBe(9002);
		expect(repeatedRefund([refund(20, 2)], { fullyRefunded: false }, NOW)).toBeUndefined();
		expect(repeatedRefund([refund(120.5, 20)], { fullyRefunded: true }, NOW)).toBeUndefined();
	});

	it('a refund with no readable date counts as recent', () => {
		expect(repeatedRefund([{ ...refund(20, 0), date: null }], { amount: 20, fullyRefunded: false }, NOW)).toBeDefined();
	});
});

describe('sentRecently', () => {
	beforeEach(forgetSent);

	it('remembers a write for the window, then forgets it', () => {
		rememberSent('k', { at: NOW, executionId: '57' });
		expect(sentRecently('k', NOW + 60_000)).toEqual({ at: NOW, executionId: '57' });
		expect(sentRecently('k', NOW + REPEAT_WINDOW_MS + 1)).toBeUndefined();
	});

	it('says how long ago', () => {
		expect(agoText(NOW - 30_000, NOW)).toBe('less than a minute ago');
		expect(agoText(NOW - 60_000, NOW)).toBe('1 minute ago');
		expect(agoText(NOW - 4 * 60_000, NOW)).toBe('4 minutes ago');
	});
});

describe("the workflow's static data", () => {
	const seconds = (ms: number) => Math.floor(ms / 1000);

	it('names a write by a short hash of its parts, the same for the same parts', () => {
		expect(writeKey(['message', 'cred-1', '{"message":"Hi"}'])).toMatch(/^[A-Za-z0-9_-]{16}$/);
		expect(writeKey(['message', 'cred-1', '{"message":"Hi"}'])).toBe(writeKey(['message', 'cred-1', '{"message":"Hi"}']));
		expect(writeKey(['message', 'cred-2', '{"message":"Hi"}'])).not.toBe(writeKey(['message', 'cred-1', '{"message":"Hi"}']));
	});

	it('keeps a write for the window with its execution, then forgets it', () => {
		const store: Record<string, unknown> = {};
		storeSent(store, 'k', { at: NOW, executionId: '57' });
		expect(store[STORED_WRITES_KEY]).toEqual({ k: [seconds(NOW), '57'] });
		expect(storedRecently(store, 'k', NOW + 60_000)).toEqual({ at: seconds(NOW) * 1000, executionId: '57' });
		expect(storedRecently(store, 'k', NOW + REPEAT_WINDOW_MS + 1000)).toBeUndefined();
		expect(storedRecently(store, 'other', NOW)).toBeUndefined();
	});

	it('drops what left the window at each write, and keeps at most the newest MAX_STORED_WRITES', () => {
		const store: Record<string, unknown> = { [STORED_WRITES_KEY]: { old: [seconds(NOW - REPEAT_WINDOW_MS) - 5, '1'], recent: [seconds(NOW) - 60, '2'] } };
		storeSent(store, 'new', { at: NOW });
		expect(store[STORED_WRITES_KEY]).toEqual({ recent: [seconds(NOW) - 60, '2'], new: [seconds(NOW), ''] });
		const many = Object.fromEntries(Array.from({ length: MAX_STORED_WRITES + 10 }, (_, i) => [`k${i}`, [seconds(NOW) - Math.floor(i / 2), '']]));
		const kept = storedWritesWithin(many, NOW);
		expect(Object.keys(kept)).toHaveLength(MAX_STORED_WRITES);
		expect(kept).toHaveProperty('k0');
		expect(kept).not.toHaveProperty(`k${MAX_STORED_WRITES}`);
	});

	it('ignores what is not its own shape (a hand-edited or older static data)', () => {
		expect(storedWritesWithin('x', NOW)).toEqual({});
		expect(storedWritesWithin({ a: 5, b: ['x', ''], c: [seconds(NOW), '1'] }, NOW)).toEqual({ c: [seconds(NOW), '1'] });
	});
});
