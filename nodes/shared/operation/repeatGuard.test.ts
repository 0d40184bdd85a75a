import type { RefundRecord } from '../output/refunds';
import {
	agoText,
	forgetSent,
	rememberSent,
	repeatedRefund,
	REPEAT_WINDOW_MS,
	minuteKeys,
	minuteOf,
	sentRecently,
	sentWhenText,
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

describe("the record in n8n's database", () => {
	it('names a write by a short hash of its parts, the same for the same parts', () => {
		expect(writeKey(['message', 'cred-1', '{"message":"Hi"}'])).toMatch(/^[A-Za-z0-9_-]{16}$/);
		expect(writeKey(['message', 'cred-1', '{"message":"Hi"}'])).toBe(writeKey(['message', 'cred-1', '{"message":"Hi"}']));
		expect(writeKey(['message', 'cred-2', '{"message":"Hi"}'])).not.toBe(writeKey(['message', 'cred-1', '{"message":"Hi"}']));
	});

	it('a check looks for the key in each minute of the window: sent in minute m, found up to minute m + 15', () => {
		const minute = Math.floor(NOW / 60_000);
		const keys = minuteKeys('k', NOW);
		expect(keys).toHaveLength(16);
		expect(keys[15]).toBe(`k@${minute}`);
		expect(keys[0]).toBe(`k@${minute - 15}`);
		expect(minuteOf(keys[15])).toBe(minute * 60_000);
		// 15 minutes and 59 seconds later the minute it was sent in is still looked for; 16 minutes later, no more.
		expect(minuteKeys('k', NOW + 15 * 60_000)).toContain(`k@${minute}`);
		expect(minuteKeys('k', (minute + 16) * 60_000)).not.toContain(`k@${minute}`);
	});

	it('says when, to the minute, what the database recorded', () => {
		expect(sentWhenText({ at: NOW - 20_000, approximate: true }, NOW)).toBe('within the last minute');
		expect(sentWhenText({ at: NOW - 4 * 60_000 - 1, approximate: true }, NOW)).toBe('within the last 5 minutes');
		expect(sentWhenText({ at: NOW - 4 * 60_000 }, NOW)).toBe('4 minutes ago');
	});
});
