import { DEFAULT_VALID_DAYS, expiryAfterDays, toLinkDate, toList } from './linkDate';
import { linkCreateSchema } from './schemas';

describe('payment link dates', () => {
	it('formats picker values and ISO date-times as YYYY-MM-DD HH:MM:SS in the workflow time zone', () => {
		expect(toLinkDate('2030-01-15T10:30:00', 'America/Bogota')).toBe('2030-01-15 10:30:00');
		expect(toLinkDate('2030-01-15T10:30:00Z', 'America/Bogota')).toBe('2030-01-15 05:30:00');
		expect(toLinkDate('2030-01-15 10:30:00', 'UTC')).toBe('2030-01-15 10:30:00');
	});

	it("writes the instant as the site's clocks show it when the site is in another zone", () => {
		// Los Angeles is UTC-8 and Bogota UTC-5 in late November: 08:00 in Los Angeles is 11:00 in Bogota.
		expect(toLinkDate('2026-11-24T08:00:00', 'America/Los_Angeles', 'America/Bogota')).toBe('2026-11-24 11:00:00');
		// An expression's instant (with its offset) is kept whatever the workflow's zone.
		expect(toLinkDate('2026-11-24T08:00:00-08:00', 'Asia/Tokyo', 'America/Bogota')).toBe('2026-11-24 11:00:00');
		expect(toLinkDate('2026-11-24T15:00:00Z', 'America/Los_Angeles', 'America/Bogota')).toBe('2026-11-24 10:00:00');
	});

	it('hands back what is not a date-time, and nothing for an empty value', () => {
		expect(toLinkDate('soon', 'UTC')).toBe('soon');
		expect(toLinkDate('', 'UTC')).toBeUndefined();
	});

	it('splits lists on commas and lines', () => {
		expect(toList('a@example.com, b@example.com\nc@example.com,')).toEqual(['a@example.com', 'b@example.com', 'c@example.com']);
		expect(toList(['visa', ' master '])).toEqual(['visa', 'master']);
		expect(toList(' , ')).toBeUndefined();
	});
});

describe('payment link create schema', () => {
	const now = Date.parse('2030-01-15T12:00:00Z');
	const valid = {
		name: 'Link',
		reference: 'REF-1',
		description: 'Shoes',
		payment: { amount: { currency: 'USD', total: 10 } },
		expirationDate: '2030-01-15 12:00:01',
		paymentExpiration: 30,
	};
	const paths = (value: unknown) =>
		linkCreateSchema('UTC', () => now)
			.safeParse(value)
			.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);

	it("accepts a link expiring later than now in the site's time zone", () => {
		expect(paths(valid)).toBeUndefined();
		// 07:00:01 in Bogota is 12:00:01 UTC
		expect(linkCreateSchema('America/Bogota', () => now).safeParse({ ...valid, expirationDate: '2030-01-15 07:00:01' }).success).toBe(true);
	});

	it('refuses an expiration that is not later than now', () => {
		expect(paths({ ...valid, expirationDate: '2030-01-15 12:00:00' })).toEqual([
			'expirationDate: must be later than now (it is 2030-01-15 12:00:00, time zone UTC, where it is now 2030-01-15 12:00:00)',
		]);
		// At 12:00 UTC it is 07:00 in Bogota: 06:59:59 there has passed.
		expect(linkCreateSchema('America/Bogota', () => now).safeParse({ ...valid, expirationDate: '2030-01-15 06:59:59' }).error?.issues[0].message).toBe(
			'must be later than now (it is 2030-01-15 06:59:59, time zone America/Bogota, where it is now 2030-01-15 07:00:00)',
		);
	});

	it('refuses a repeated additional keyword, naming the repeat', () => {
		expect(
			paths({ ...valid, additional: [{ keyword: 'a', value: 1 }, { keyword: 'b', value: 2 }, { keyword: 'a', value: 3 }] }),
		).toEqual(["additional.2.keyword: 'a' is already used by additional.0; each keyword must be unique within the link"]);
	});
});

describe('a link valid for a number of days', () => {
	it("expires that many days from now at the same time of day on the site's clock", () => {
		const now = new Date('2026-11-26T17:01:16Z');
		expect(DEFAULT_VALID_DAYS).toBe(14);
		// 17:01:16 UTC is 12:01:16 in Bogota.
		expect(expiryAfterDays(14, now, 'America/Bogota')).toBe('2026-12-10 12:01:16');
		expect(expiryAfterDays(14, new Date('2026-12-31T03:00:00Z'), 'America/Bogota')).toBe('2027-01-13 22:00:00');
	});

	it('keeps the time of day across a daylight saving change', () => {
		// Madrid changes to summer time on 29 March 2026: 10:00 stays 10:00.
		expect(expiryAfterDays(14, new Date('2026-03-20T09:00:00Z'), 'Europe/Madrid')).toBe('2026-04-03 10:00:00');
	});
});
