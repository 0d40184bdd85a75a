/** A report row as the trigger outputs it: the flat transaction record, or the row as the report gives it. */
import type { IDataObject } from 'n8n-workflow';

import type { ReportRow } from '../shared/reports/reportTsv';
import { siteRow } from '../shared/reports/siteRows';

/** Columns that number the rows of one report file: they differ from one poll to the next, so Simplify leaves them out. */
const REPORT_FILE_COLUMNS: ReadonlySet<string> = new Set(['id', 'batch_number', 'line_number']);

interface OutputRules {
	simple: boolean;
	timeZone: string;
}

/**
 * The item of a transaction. Simplified: a row of Report › Request and Wait (numbers as numbers, `refunded` a
 * boolean, its kind and the payment it belongs to, its dates on the site's clock with their UTC form), without
 * the file's row numbers. Otherwise the row as the report gives it. A status change adds `previous_status`.
 * `payment`: the internal reference of the payment the row belongs to, as its report tells (rowPayments).
 */
export function transactionItem(row: ReportRow, rules: OutputRules, previousStatus?: string | null, payment: string | number | null = null): IDataObject {
	const item: IDataObject = rules.simple ? siteRow(row, rules.timeZone, payment, REPORT_FILE_COLUMNS) : { ...row };
	if (previousStatus !== undefined) item.previous_status = previousStatus;
	return item;
}
