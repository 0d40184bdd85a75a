import type { IDataObject } from 'n8n-workflow';

import type { ReportRow } from '../shared/reports/reportTsv';
import { siteRow } from '../shared/reports/siteRows';

/** They differ from one poll to the next, so Simplify leaves them out. */
const REPORT_FILE_COLUMNS: ReadonlySet<string> = new Set(['id', 'batch_number', 'line_number']);

interface OutputRules {
	simple: boolean;
	timeZone: string;
}

/**
 * Simplified: a row of Report › Request and Wait without the file's row numbers; else the row as the report gives
 * it. A status change adds `previous_status`; `payment` is as the report tells (rowPayments).
 */
export function transactionItem(row: ReportRow, rules: OutputRules, previousStatus?: string | null, payment: string | number | null = null): IDataObject {
	const item: IDataObject = rules.simple ? siteRow(row, rules.timeZone, payment, REPORT_FILE_COLUMNS) : { ...row };
	if (previousStatus !== undefined) item.previous_status = previousStatus;
	return item;
}
