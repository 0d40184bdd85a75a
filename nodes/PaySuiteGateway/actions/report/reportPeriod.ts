/**
 * A report's period: the presets (Yesterday, Last 7 Days, Last Month) as the site's days (its clock: the
 * credential's Site Time Zone), and the split of a long period into the windows the platform accepts (it refuses
 * more than 10 days at once). Every date is written with the site's offset, so `2026-11-25T00:00:00-05:00` reads
 * as the site's midnight. Pure: the clock and the time zone are arguments, so the unit test beside it fixes both.
 */
import { instantOfWallTime, parseDateTimeInput, wallTimeIn } from '../../../shared/schemas/dateTime';
import { isoInZone } from '../../../shared/schemas/timeZone';

/** The longest period the platform reports at once (HTTP 400, reason BR beyond it). */
const MAX_REPORT_DAYS = 10;
const DAY_MS = 86_400_000;

export type PeriodPreset = 'yesterday' | 'last7Days' | 'lastMonth' | 'custom';

export interface ReportWindow {
	startDate: string;
	endDate: string;
}

/** Whole calendar days, from the first day's 00:00:00 to the last day's 23:59:59, in the time zone. */
function calendarDays(first: { year: number; month: number; day: number }, last: { year: number; month: number; day: number }, timeZone: string): ReportWindow {
	const start = instantOfWallTime({ ...first, hour: 0, minute: 0, second: 0 }, timeZone);
	const end = instantOfWallTime({ ...last, hour: 23, minute: 59, second: 59 }, timeZone);
	return { startDate: isoInZone(start, timeZone), endDate: isoInZone(end, timeZone) };
}

/**
 * A date the user gave for a custom period, with the site's offset: a date-time without an offset (the date
 * picker's) is the site's clock, one with an offset is that instant. What is not a date-time is handed back for
 * validation to name.
 */
export function periodDate(value: unknown, timeZone: string): unknown {
	const instant = parseDateTimeInput(value, timeZone);
	return instant ? isoInZone(instant, timeZone) : value;
}

/** The calendar date `days` days from a date (month and year lengths handled by Date.UTC). */
function addDays(date: { year: number; month: number; day: number }, days: number) {
	const moved = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
	return { year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate() };
}

/**
 * The period of a preset, as the time zone's clocks show it at `now`: Yesterday; Last 7 Days (the seven whole
 * days before today, so today's unfinished day is not in it); Last Month (the calendar month before this one).
 */
export function presetPeriod(preset: Exclude<PeriodPreset, 'custom'>, now: Date, timeZone: string): ReportWindow {
	const wall = wallTimeIn(now, timeZone);
	const today = { year: wall.year, month: wall.month, day: wall.day };
	if (preset === 'yesterday') return calendarDays(addDays(today, -1), addDays(today, -1), timeZone);
	if (preset === 'last7Days') return calendarDays(addDays(today, -7), addDays(today, -1), timeZone);
	const firstOfThisMonth = { year: today.year, month: today.month, day: 1 };
	const lastOfPrevious = addDays(firstOfThisMonth, -1);
	return calendarDays({ ...lastOfPrevious, day: 1 }, lastOfPrevious, timeZone);
}

/** Whether the platform would refuse the period as longer than 10 days. */
export function isLongerThanPlatformAllows(startDate: string, endDate: string): boolean {
	return Date.parse(endDate) - Date.parse(startDate) > MAX_REPORT_DAYS * DAY_MS;
}

/**
 * Consecutive windows of at most 10 days covering the period, in order: each starts where the last one ended
 * plus one second (the dates are whole seconds and both ends are included), so no transaction is in two windows.
 * A period the platform accepts as it is stays one window, its dates as given; split, each date is written with
 * the offset of `timeZone` (the site's).
 */
export function reportWindows(startDate: string, endDate: string, timeZone = 'UTC', maxDays = MAX_REPORT_DAYS): ReportWindow[] {
	const start = Date.parse(startDate);
	const end = Date.parse(endDate);
	const span = maxDays * DAY_MS;
	if (end - start <= span) return [{ startDate, endDate }];
	const windows: ReportWindow[] = [];
	for (let from = start; from <= end; from += span) {
		const to = Math.min(from + span - 1000, end);
		windows.push({ startDate: isoInZone(new Date(from), timeZone), endDate: isoInZone(new Date(to), timeZone) });
	}
	return windows;
}

/** The last `days` days up to `now`, in whole seconds, written with the time zone's offset (a search's period). */
export function recentPeriod(days: number, now: Date, timeZone: string): ReportWindow {
	const end = Math.floor(now.getTime() / 1000) * 1000;
	return { startDate: isoInZone(new Date(end - days * DAY_MS + 1000), timeZone), endDate: isoInZone(new Date(end), timeZone) };
}
