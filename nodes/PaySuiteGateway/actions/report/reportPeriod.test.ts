import { isLongerThanPlatformAllows, periodDate, presetPeriod, reportWindows } from './reportPeriod';

// 2025-03-15 10:30 in Bogota (UTC-5): the fixed clock of every preset below.
const NOW = new Date('2025-03-15T15:30:00Z');

describe('presetPeriod', () => {
	it.each([
		['yesterday', 'America/Bogota', '2025-03-14T00:00:00-05:00', '2025-03-14T23:59:59-05:00'],
		['last7Days', 'America/Bogota', '2025-03-08T00:00:00-05:00', '2025-03-14T23:59:59-05:00'],
		['lastMonth', 'America/Bogota', '2025-02-01T00:00:00-05:00', '2025-02-28T23:59:59-05:00'],
		['yesterday', 'Asia/Tokyo', '2025-03-15T00:00:00+09:00', '2025-03-15T23:59:59+09:00'],
		['yesterday', 'UTC', '2025-03-14T00:00:00+00:00', '2025-03-14T23:59:59+00:00'],
		// Saturday 15 March 2025: the week began on Monday the 10th.
		['today', 'America/Bogota', '2025-03-15T00:00:00-05:00', '2025-03-15T10:30:00-05:00'],
		['thisWeek', 'America/Bogota', '2025-03-10T00:00:00-05:00', '2025-03-15T10:30:00-05:00'],
		['lastWeek', 'America/Bogota', '2025-03-03T00:00:00-05:00', '2025-03-09T23:59:59-05:00'],
		['thisMonth', 'America/Bogota', '2025-03-01T00:00:00-05:00', '2025-03-15T10:30:00-05:00'],
	] as const)('%s in %s', (preset, zone, startDate, endDate) => {
		expect(presetPeriod(preset, NOW, zone)).toEqual({ startDate, endDate });
	});

	it('Yesterday is the time zone\'s yesterday, not UTC\'s: 01:00 UTC is still the day before in Bogota', () => {
		expect(presetPeriod('yesterday', new Date('2025-03-15T01:00:00Z'), 'America/Bogota')).toEqual({
			startDate: '2025-03-13T00:00:00-05:00',
			endDate: '2025-03-13T23:59:59-05:00',
		});
	});

	it('a week starts on Monday: on a Monday, This Week is today and Last Week the seven days before; on a Sunday, six days back', () => {
		expect(presetPeriod('thisWeek', new Date('2025-03-17T12:00:00Z'), 'UTC').startDate).toBe('2025-03-17T00:00:00+00:00');
		expect(presetPeriod('lastWeek', new Date('2025-03-17T12:00:00Z'), 'UTC')).toEqual({ startDate: '2025-03-10T00:00:00+00:00', endDate: '2025-03-16T23:59:59+00:00' });
		expect(presetPeriod('thisWeek', new Date('2025-03-16T12:00:00Z'), 'UTC').startDate).toBe('2025-03-10T00:00:00+00:00');
	});

	it('Last Month in January is December of the year before; a leap February has 29 days', () => {
		expect(presetPeriod('lastMonth', new Date('2025-01-10T12:00:00Z'), 'UTC')).toEqual({ startDate: '2024-12-01T00:00:00+00:00', endDate: '2024-12-31T23:59:59+00:00' });
		expect(presetPeriod('lastMonth', new Date('2024-03-02T12:00:00Z'), 'UTC').endDate).toBe('2024-02-29T23:59:59+00:00');
	});

	it('Last Month across a daylight saving change keeps each end at the local midnight', () => {
		// Berlin: UTC+1 on 1 March, UTC+2 from 30 March.
		expect(presetPeriod('lastMonth', new Date('2025-04-10T12:00:00Z'), 'Europe/Berlin')).toEqual({
			startDate: '2025-03-01T00:00:00+01:00',
			endDate: '2025-03-31T23:59:59+02:00',
		});
	});
});

describe('periodDate', () => {
	it("reads a picked date on the site's clock and writes every date with the site's offset", () => {
		expect(periodDate('2025-03-14T00:00:00', 'America/Bogota')).toBe('2025-03-14T00:00:00-05:00');
		expect(periodDate('2025-03-14T05:00:00Z', 'America/Bogota')).toBe('2025-03-14T00:00:00-05:00');
		expect(periodDate('yesterday', 'America/Bogota')).toBe('yesterday');
	});
});

describe('reportWindows', () => {
	it('keeps a period of 10 days or less as one window, its dates as given', () => {
		expect(reportWindows('2025-01-01T00:00:00+00:00', '2025-01-11T00:00:00+00:00')).toEqual([
			{ startDate: '2025-01-01T00:00:00+00:00', endDate: '2025-01-11T00:00:00+00:00' },
		]);
	});

	it("writes the windows of a split period with the site's offset", () => {
		expect(reportWindows('2025-01-01T00:00:00-05:00', '2025-01-12T23:59:59-05:00', 'America/Bogota')).toEqual([
			{ startDate: '2025-01-01T00:00:00-05:00', endDate: '2025-01-10T23:59:59-05:00' },
			{ startDate: '2025-01-11T00:00:00-05:00', endDate: '2025-01-12T23:59:59-05:00' },
		]);
	});

	it('splits 31 days into 4 consecutive windows of at most 10 days, one second apart', () => {
		const windows = reportWindows('2025-01-01T00:00:00+00:00', '2025-01-31T23:59:59+00:00');
		expect(windows).toEqual([
			{ startDate: '2025-01-01T00:00:00+00:00', endDate: '2025-01-10T23:59:59+00:00' },
			{ startDate: '2025-01-11T00:00:00+00:00', endDate: '2025-01-20T23:59:59+00:00' },
			{ startDate: '2025-01-21T00:00:00+00:00', endDate: '2025-01-30T23:59:59+00:00' },
			{ startDate: '2025-01-31T00:00:00+00:00', endDate: '2025-01-31T23:59:59+00:00' },
		]);
		expect(windows.every((window) => !isLongerThanPlatformAllows(window.startDate, window.endDate))).toBe(true);
	});

	it('a period of 10 days and one second is two windows, the second one second long', () => {
		expect(reportWindows('2025-01-01T00:00:00+00:00', '2025-01-11T00:00:01+00:00')).toEqual([
			{ startDate: '2025-01-01T00:00:00+00:00', endDate: '2025-01-10T23:59:59+00:00' },
			{ startDate: '2025-01-11T00:00:00+00:00', endDate: '2025-01-11T00:00:01+00:00' },
		]);
	});
});

describe('isLongerThanPlatformAllows', () => {
	it('allows exactly 10 days and refuses one second more', () => {
		expect(isLongerThanPlatformAllows('2025-01-01T00:00:00+00:00', '2025-01-11T00:00:00+00:00')).toBe(false);
		expect(isLongerThanPlatformAllows('2025-01-01T00:00:00+00:00', '2025-01-11T00:00:01+00:00')).toBe(true);
	});
});
