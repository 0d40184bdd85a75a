import { backoffDelayMs, requestDefaults, retryAfterSeconds } from './retry';

describe('retries', () => {
	it('reads Retry-After as seconds or as an HTTP date, and nothing else', () => {
		expect(retryAfterSeconds('3')).toBe(3);
		expect(retryAfterSeconds('0')).toBe(0);
		expect(retryAfterSeconds(new Date(10_000).toUTCString(), 4_000)).toBe(6);
		expect(retryAfterSeconds(undefined)).toBeUndefined();
		expect(retryAfterSeconds('soon')).toBeUndefined();
	});

	it('backs off exponentially, or as long as Retry-After asks within a bound', () => {
		expect([1, 2, 3].map((attempt) => backoffDelayMs(attempt))).toEqual([250, 500, 1000]);
		expect(backoffDelayMs(1, 2)).toBe(2000);
		expect(backoffDelayMs(1, 3600)).toBe(30_000);
	});

	it('starts its back-off from requestDefaults.retryDelayMs, which tests may shorten', () => {
		const saved = requestDefaults.retryDelayMs;
		requestDefaults.retryDelayMs = 10;
		try {
			expect([1, 2, 3].map((attempt) => backoffDelayMs(attempt))).toEqual([10, 20, 40]);
			expect(backoffDelayMs(1, 2)).toBe(2000);
		} finally {
			requestDefaults.retryDelayMs = saved;
		}
	});
});
