/**
 * Report rows as the nodes output them (Gateway › Report from version 4, the Transaction Trigger): kind and payment
 * after the reference, dates with the site's offset, their UTC forms last. Pure.
 */
import { formatIsoUtc, parseDateTimeInput } from '../schemas/dateTime';
import { isoInZone } from '../schemas/timeZone';
import type { ReportRow } from './reportTsv';
import { kindOfType, paymentsOf, type KindedTransaction } from './transactionKind';

const REPORT_DATE_COLUMNS: readonly string[] = ['date', 'transaction_date'];

export const utcColumn = (column: string) => `${column}_utc`;

/** Added after `reference`. */
export const KIND_COLUMN = 'kind';
export const PAYMENT_COLUMN = 'payment_internal_reference';

/** NaN when neither date reads as one. */
export function rowTime(row: ReportRow, timeZone: string): number {
	for (const value of [row.transaction_date, row.date]) {
		const date = parseDateTimeInput(value, timeZone);
		if (date) return date.getTime();
	}
	return Number.NaN;
}

/** In the rows' order (see paymentsOf). */
export function rowPayments(rows: readonly ReportRow[], timeZone: string): Array<string | number | null> {
	const transactions = rows.map(
		(row): KindedTransaction => ({
			kind: kindOfType(row.type),
			reference: row.reference,
			currency: row.currency_code,
			status: row.status,
			internalReference: row.internal_reference,
			at: rowTime(row, timeZone),
		}),
	);
	return paymentsOf(transactions);
}

/** A cell that is not a date-time stays as it is; `leaveOut` drops columns (the trigger's row numbers). */
export function siteRow(row: ReportRow, timeZone: string, payment: string | number | null, leaveOut?: ReadonlySet<string>): ReportRow {
	const out: ReportRow = {};
	const utc: ReportRow = {};
	for (const column in row) {
		if (leaveOut?.has(column)) continue;
		const value = row[column];
		if (REPORT_DATE_COLUMNS.includes(column)) {
			const instant = parseDateTimeInput(value, timeZone);
			out[column] = instant ? isoInZone(instant, timeZone) : value;
			utc[utcColumn(column)] = instant ? formatIsoUtc(instant) : null;
			continue;
		}
		out[column] = value;
		if (column === 'reference') {
			out[KIND_COLUMN] = kindOfType(row.type);
			out[PAYMENT_COLUMN] = payment;
		}
	}
	// Last: a table shows first what people read; machines find them anyway.
	return Object.assign(out, utc);
}

export function siteRows(rows: readonly ReportRow[], timeZone: string, leaveOut?: ReadonlySet<string>): ReportRow[] {
	const payments = rowPayments(rows, timeZone);
	return rows.map((row, index) => siteRow(row, timeZone, payments[index], leaveOut));
}
