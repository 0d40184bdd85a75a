import { backoffDelayMs, baseUrlFor, describeUnreadable, headerValue, isJsonObject, requestDefaults, retryAfterSeconds } from './transport';

describe('transport helpers', () => {
	it('picks the API-specific URL when set, the base URL otherwise, without a trailing slash', () => {
		const credentials = { baseUrl: 'https://platform.example/', gatewayUrl: 'https://gw.example/', checkoutUrl: '  ' };
		expect(baseUrlFor('gateway', credentials)).toBe('https://gw.example');
		expect(baseUrlFor('checkout', credentials)).toBe('https://platform.example');
		expect(baseUrlFor('core', credentials)).toBe('https://platform.example');
		expect(baseUrlFor('onboarding', { baseUrl: 'https://onb.example' })).toBe('https://onb.example');
	});

	it('reads Retry-After as seconds or as an HTTP date, and nothing else', () => {
		expect(retryAfterSeconds('3')).toBe(3);
		expect(retryAfterSeconds('0')).toBe(0);
		expect(retryAfterSeconds(new Date(10_000).toUTCString(), 4_000)).toBe(6);
		expect(retryAfterSeconds(undefined)).toBeUndefined();
		expect(retryAfterSeconds('soon')).toBeUndefined();
	});

	it('finds headers whatever their case', () => {
		expect(headerValue({ 'Retry-After': '2' }, 'retry-after')).toBe('2');
		expect(headerValue({ 'x-a': ['1', '2'] }, 'X-A')).toBe('1');
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

describe('readable answers', () => {
	it('accepts only a JSON object as an answer', () => {
		expect(isJsonObject({ status: {} })).toBe(true);
		for (const body of [[1], 'text', '', null, undefined, 3, Buffer.from('{}')]) expect(isJsonObject(body)).toBe(false);
	});

	it('says why an answer is unreadable', () => {
		expect(describeUnreadable('')).toBe('the answer was empty');
		expect(describeUnreadable(undefined)).toBe('the answer was empty');
		expect(describeUnreadable('<!DOCTYPE html><html><body>502</body></html>')).toBe('the answer was an HTML page, not JSON');
		expect(describeUnreadable('{"status":{"stat')).toBe('the answer was JSON cut short');
		expect(describeUnreadable('Service   busy')).toBe('the answer was not a JSON object (it began "Service busy")');
		expect(describeUnreadable([1, 2])).toBe('the answer was JSON but a list, not an object');
		expect(describeUnreadable(7)).toBe('the answer was JSON but a number, not an object');
	});
});
