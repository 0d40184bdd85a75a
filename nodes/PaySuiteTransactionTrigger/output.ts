/** A report row as the trigger outputs it: the flat transaction record, or the row as the report gives it. */
import type { IDataObject } from 'n8n-workflow';

import type { ReportRow } from '../shared/reports/reportTsv';
import { parseDateTimeInput } from '../shared/schemas/dateTime';
import { isoInZone } from '../shared/schemas/timeZone';

/** Columns that number the rows of one report file: they differ from one poll to the next, so Simplify leaves them out. */
const REPORT_FILE_COLUMNS: ReadonlySet<string> = new Set(['id', 'batch_number', 'line_number']);

/** Columns that hold a date-time: written in the site's time zone with its offset. */
const DATE_COLUMNS = ['date', 'transaction_date'];

/** A date-time of the report in the site's time zone (`2026-12-01T18:00:00-05:00`); anything else as it is. */
function inZone(value: ReportRow[string], timeZone: string): ReportRow[string] {
	const date = parseDateTimeInput(value, timeZone);
	return date ? isoInZone(date, timeZone) : value;
}

export interface OutputRules {
	simplify: boolean;
	timeZone: string;
}

/**
 * The item of a transaction. Simplified: the columns of Report › Request and Wait's rows (numbers as numbers,
 * `refunded` a boolean), its dates in the site's time zone, without the file's row numbers. Otherwise the row as
 * the report gives it. A status change adds `previous_status`.
 */
export function transactionItem(row: ReportRow, rules: OutputRules, previousStatus?: string | null): IDataObject {
	const item: IDataObject = {};
	for (const [column, value] of Object.entries(row)) {
		if (!rules.simplify) item[column] = value;
		else if (!REPORT_FILE_COLUMNS.has(column)) item[column] = DATE_COLUMNS.includes(column) ? inZone(value, rules.timeZone) : value;
	}
	if (previousStatus !== undefined) item.previous_status = previousStatus;
	return item;
}
