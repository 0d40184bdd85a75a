/**
 * A report's period: presets as the site's days (the credential's Site Time Zone), and a long period split into the
 * windows the platform accepts (at most 10 days). Dates carry the site's offset, so `2026-11-25T00:00:00-05:00` is the
 * site's midnight. Pure: the clock and the zone are arguments.
 */
import { instantOfWallTime, parseDateTimeInput, wallTimeIn } from '../../../shared/schemas/dateTime';
import { isoInZone } from '../../../shared/schemas/timeZone';

/** Beyond it the platform answers HTTP 400, reason BR. */
const MAX_REPORT_DAYS = 10;
const DAY_MS = 86_400_000;

export type PeriodPreset = 'today' | 'yesterday' | 'thisWeek' | 'lastWeek' | 'last7Days' | 'thisMonth' | 'lastMonth' | 'custom';

export interface ReportWindow {
	startDate: string;
	endDate: string;
}

/** 00:00:00 of the first day to 23:59:59 of the last, in the time zone. */
function calendarDays(first: { year: number; month: number; day: number }, last: { year: number; month: number; day: number }, timeZone: string): ReportWindow {
	const start = instantOfWallTime({ ...first, hour: 0, minute: 0, second: 0 }, timeZone);
	const end = instantOfWallTime({ ...last, hour: 23, minute: 59, second: 59 }, timeZone);
	return { startDate: isoInZone(start, timeZone), endDate: isoInZone(end, timeZone) };
}

/**
 * Without an offset (the date picker's) it is the site's clock; with one, that instant. What is not a date-time is
 * handed back for validation to name.
 */
export function periodDate(value: unknown, timeZone: string): unknown {
	const instant = parseDateTimeInput(value, timeZone);
	return instant ? isoInZone(instant, timeZone) : value;
}

function addDays(date: { year: number; month: number; day: number }, days: number) {
	const moved = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
	return { year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate() };
}

/** From 00:00:00 of the first day to now (whole seconds): a period that includes today ends at this moment. */
function daysToNow(first: { year: number; month: number; day: number }, now: Date, timeZone: string): ReportWindow {
	const start = instantOfWallTime({ ...first, hour: 0, minute: 0, second: 0 }, timeZone);
	return { startDate: isoInZone(start, timeZone), endDate: isoInZone(new Date(Math.floor(now.getTime() / 1000) * 1000), timeZone) };
}

/**
 * The site's days. Today, This Week and This Month run to now; the others are whole days before today. A week starts
 * on Monday (ISO 8601); Last 7 Days is the seven days before today.
 */
export function presetPeriod(preset: Exclude<PeriodPreset, 'custom'>, now: Date, timeZone: string): ReportWindow {
	const wall = wallTimeIn(now, timeZone);
	const today = { year: wall.year, month: wall.month, day: wall.day };
	const monday = addDays(today, -((new Date(Date.UTC(today.year, today.month - 1, today.day)).getUTCDay() + 6) % 7));
	const firstOfThisMonth = { year: today.year, month: today.month, day: 1 };
	const lastOfPrevious = addDays(firstOfThisMonth, -1);
	switch (preset) {
		case 'today':
			return daysToNow(today, now, timeZone);
		case 'yesterday':
			return calendarDays(addDays(today, -1), addDays(today, -1), timeZone);
		case 'thisWeek':
			return daysToNow(monday, now, timeZone);
		case 'lastWeek':
			return calendarDays(addDays(monday, -7), addDays(monday, -1), timeZone);
		case 'last7Days':
			return calendarDays(addDays(today, -7), addDays(today, -1), timeZone);
		case 'thisMonth':
			return daysToNow(firstOfThisMonth, now, timeZone);
		case 'lastMonth':
			return calendarDays({ ...lastOfPrevious, day: 1 }, lastOfPrevious, timeZone);
	}
}

export function isLongerThanPlatformAllows(startDate: string, endDate: string): boolean {
	return Date.parse(endDate) - Date.parse(startDate) > MAX_REPORT_DAYS * DAY_MS;
}

/**
 * Each window starts one second after the last one's end (whole seconds, both ends included), so no transaction is in
 * two. A period the platform accepts stays one window as given; split windows carry the site's offset.
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

/** A search's period, in whole seconds. */
export function recentPeriod(days: number, now: Date, timeZone: string): ReportWindow {
	const end = Math.floor(now.getTime() / 1000) * 1000;
	return { startDate: isoInZone(new Date(end - days * DAY_MS + 1000), timeZone), endDate: isoInZone(new Date(end), timeZone) };
}
