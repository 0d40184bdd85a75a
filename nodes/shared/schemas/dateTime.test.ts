import { formatDateOnly, formatIsoUtc, formatSpaced, instantOfWallTime, isoUtcOrAsTyped, parseDateTimeInput } from './dateTime';

describe('date-time parameters', () => {
	it('reads picker text without an offset as wall-clock time of the workflow time zone', () => {
		expect(parseDateTimeInput('2030-01-15T10:30:00', 'UTC')!.toISOString()).toBe('2030-01-15T10:30:00.000Z');
		expect(parseDateTimeInput('2030-01-15T10:30:00', 'America/Bogota')!.toISOString()).toBe('2030-01-15T15:30:00.000Z');
		expect(parseDateTimeInput('2030-07-15 10:30', 'Europe/Madrid')!.toISOString()).toBe('2030-07-15T08:30:00.000Z');
		expect(parseDateTimeInput('2030-01-15', 'UTC')!.toISOString()).toBe('2030-01-15T00:00:00.000Z');
	});

	it('keeps the offset of ISO text, and reads Date and Luxon-like objects', () => {
		expect(parseDateTimeInput('2030-01-15T10:30:00-05:00', 'Asia/Tokyo')!.toISOString()).toBe('2030-01-15T15:30:00.000Z');
		expect(parseDateTimeInput('2030-01-15T10:30:00.250Z')!.toISOString()).toBe('2030-01-15T10:30:00.250Z');
		const date = new Date('2030-01-15T10:30:00Z');
		expect(parseDateTimeInput(date)).toBe(date);
		expect(parseDateTimeInput({ toISO: () => '2030-01-15T10:30:00+01:00' })!.toISOString()).toBe('2030-01-15T09:30:00.000Z');
	});

	it('refuses what is not a date-time', () => {
		for (const value of ['', undefined, null, 'tomorrow', '2030-02-30', '2030-01-15T25:00:00', '15/01/2030', 42]) {
			expect(parseDateTimeInput(value, 'UTC')).toBeUndefined();
		}
	});

	it('an unknown time zone falls back to UTC', () => {
		expect(parseDateTimeInput('2030-01-15T10:30:00', 'Not/AZone')!.toISOString()).toBe('2030-01-15T10:30:00.000Z');
	});

	it('finds the instant across a daylight-saving change', () => {
		expect(instantOfWallTime({ year: 2030, month: 3, day: 31, hour: 12, minute: 0, second: 0 }, 'Europe/Madrid').toISOString()).toBe(
			'2030-03-31T10:00:00.000Z',
		);
	});

	it('reads a wall time the clocks show twice as the first, and one they skip as moved forward, east or west of UTC', () => {
		const instant = (text: string, zone: string) => parseDateTimeInput(text, zone)!.toISOString();
		// Clocks going back: Los Angeles 2026-11-01 02:00 PDT → 01:00 PST; Madrid 2026-10-25 03:00 CEST → 02:00 CET.
		expect(instant('2026-11-01T01:30:00', 'America/Los_Angeles')).toBe('2026-11-01T08:30:00.000Z');
		expect(instant('2026-10-25T02:30:00', 'Europe/Madrid')).toBe('2026-10-25T00:30:00.000Z');
		// Clocks jumping: Los Angeles 2026-03-08 02:00 → 03:00; Madrid 2026-03-29 02:00 → 03:00; Santiago at midnight.
		expect(instant('2026-03-08T02:30:00', 'America/Los_Angeles')).toBe('2026-03-08T10:30:00.000Z');
		expect(instant('2026-03-29T02:30:00', 'Europe/Madrid')).toBe('2026-03-29T01:30:00.000Z');
		expect(instant('2026-09-06T00:00:00', 'America/Santiago')).toBe('2026-09-06T04:00:00.000Z');
	});

	it('formats as the platform asks', () => {
		const date = new Date('2030-01-15T15:30:05.123Z');
		expect(formatIsoUtc(date)).toBe('2030-01-15T15:30:05+00:00');
		expect(isoUtcOrAsTyped('2030-01-15T10:30:05', 'America/Bogota')).toBe('2030-01-15T15:30:05+00:00');
		expect(isoUtcOrAsTyped('yesterday', 'UTC')).toBe('yesterday');
		expect(formatSpaced(date, 'UTC')).toBe('2030-01-15 15:30:05');
		expect(formatSpaced(date, 'America/Bogota')).toBe('2030-01-15 10:30:05');
		expect(formatDateOnly('2030-01-15')).toBe('2030-01-15');
		expect(formatDateOnly('2030-01-15T23:30:00', 'America/Bogota')).toBe('2030-01-15');
		expect(formatDateOnly('2030-01-15T23:30:00-05:00', 'UTC')).toBe('2030-01-16');
		expect(formatDateOnly('2030-13-01')).toBeUndefined();
	});
});
