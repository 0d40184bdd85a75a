/**
 * A report's rows as the nodes output them (Gateway › Report from node version 4, the Transaction Trigger): each
 * row's kind and the payment it belongs to right after its reference, its dates on the site's clock with the
 * site's offset, and their UTC forms at the end of the row. Pure: the site's time zone is an argument.
 */
import { formatIsoUtc, parseDateTimeInput } from '../schemas/dateTime';
import { isoInZone } from '../schemas/timeZone';
import type { ReportRow } from './reportTsv';
import { kindOfType, paymentsOf, type KindedTransaction } from './transactionKind';

/** The report's columns that hold a date-time. */
const REPORT_DATE_COLUMNS: readonly string[] = ['date', 'transaction_date'];

/** The column beside a date that holds it in UTC: `date_utc`. */
export const utcColumn = (column: string) => `${column}_utc`;

/** The columns a row gains after `reference`: what it is, and the payment it belongs to. */
export const KIND_COLUMN = 'kind';
export const PAYMENT_COLUMN = 'payment_internal_reference';

/** When a row's transaction happened: its transaction date, else its date; NaN when neither reads as a date. */
export function rowTime(row: ReportRow, timeZone: string): number {
	for (const value of [row.transaction_date, row.date]) {
		const date = parseDateTimeInput(value, timeZone);
		if (date) return date.getTime();
	}
	return Number.NaN;
}

/** The payment each row belongs to (see paymentsOf), in the rows' order. */
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

/**
 * One row on the site's clock: `date` and `transaction_date` as ISO 8601 with the site's offset (a cell that is
 * not a date-time stays as it is), `kind` and `payment_internal_reference` after `reference`, and `date_utc` and
 * `transaction_date_utc` last. `leaveOut` drops columns (the trigger's row numbers).
 */
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
	// Last: a table shows what people read first (the site's dates, the reference, the kind); machines find them anyway.
	return Object.assign(out, utc);
}

/** Every row of a report on the site's clock, with its kind and payment (see siteRow). */
export function siteRows(rows: readonly ReportRow[], timeZone: string, leaveOut?: ReadonlySet<string>): ReportRow[] {
	const payments = rowPayments(rows, timeZone);
	return rows.map((row, index) => siteRow(row, timeZone, payments[index], leaveOut));
}
