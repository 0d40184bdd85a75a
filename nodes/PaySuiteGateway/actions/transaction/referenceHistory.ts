/**
 * What a period's report rows (from siteRows) tell about one reference: each payment with the transactions that belong
 * to it, and those whose payment the period does not hold. Pure.
 */
import type { IDataObject } from 'n8n-workflow';

import type { ReportRow } from '../../../shared/reports/reportTsv';
import { minorUnitsOf } from '../../../shared/schemas/currencies';
import { KIND_COLUMN, PAYMENT_COLUMN, utcColumn } from '../../../shared/reports/siteRows';

/** Spaces around it and capitals aside. */
export const sameReference = (row: ReportRow, reference: string): boolean =>
	typeof row.reference === 'string' && row.reference.trim().toLowerCase() === reference.trim().toLowerCase();

const GIVES_BACK = new Set(['refund', 'reversal']);

function relatedEntry(row: ReportRow): IDataObject {
	return {
		internalReference: row.internal_reference,
		kind: row[KIND_COLUMN],
		status: row.status,
		amount: row.amount,
		currency: row.currency_code,
		date: row.transaction_date ?? row.date,
		dateUtc: row[utcColumn('transaction_date')] ?? row[utcColumn('date')] ?? null,
	};
}

interface FoundTransaction {
	row: ReportRow;
	refunds: ReportRow[];
	others: ReportRow[];
}

/**
 * In the order they happened; a row whose payment the rows do not hold stands alone. A transaction seen twice (in two
 * overlapping reports) counts once.
 */
export function groupByPayment(rows: readonly ReportRow[]): FoundTransaction[] {
	const seen = new Set<string>();
	const found: FoundTransaction[] = [];
	const byPayment = new Map<string, FoundTransaction>();
	const owned: ReportRow[] = [];
	for (const row of rows) {
		const key = String(row.internal_reference ?? `${String(row.transaction_date)} ${String(row.amount)}`);
		if (seen.has(key)) continue;
		seen.add(key);
		const payment = row[PAYMENT_COLUMN];
		if (payment !== null && payment !== undefined && String(payment) === String(row.internal_reference)) {
			const entry: FoundTransaction = { row, refunds: [], others: [] };
			byPayment.set(String(payment), entry);
			found.push(entry);
		} else owned.push(row);
	}
	for (const row of owned) {
		const payment = row[PAYMENT_COLUMN];
		const entry = payment === null || payment === undefined ? undefined : byPayment.get(String(payment));
		if (!entry) found.push({ row, refunds: [], others: [] });
		else if (GIVES_BACK.has(String(row[KIND_COLUMN]))) entry.refunds.push(row);
		else entry.others.push(row);
	}
	// UTC text sorts as time; a stand-alone refund sits among the payments.
	const at = (entry: FoundTransaction) => String(entry.row[utcColumn('transaction_date')] ?? entry.row[utcColumn('date')] ?? '');
	return found.sort((a, b) => at(a).localeCompare(at(b)));
}

export function relatedFields(found: FoundTransaction): IDataObject {
	const approved = found.refunds.filter((row) => row.status === 'APPROVED');
	const total = approved.reduce((sum, row) => sum + (typeof row.amount === 'number' ? row.amount : 0), 0);
	// Rounded to the currency's minor unit, so 20 + 100.5 is 120.5, never 120.49999.
	const factor = 10 ** (minorUnitsOf(String(found.row.currency_code ?? '')) ?? 2);
	return {
		refundTransactionsTotal: Math.round(total * factor) / factor,
		refundTransactions: found.refunds.map(relatedEntry),
		otherTransactions: found.others.map(relatedEntry),
	};
}

/** Right after its `currency`, where a reader looks for the money; else at the end. */
export function withRelated(transaction: IDataObject, related: IDataObject): IDataObject {
	if (!('currency' in transaction)) return { ...transaction, ...related };
	const out: IDataObject = {};
	for (const [key, value] of Object.entries(transaction)) {
		out[key] = value;
		if (key === 'currency') Object.assign(out, related);
	}
	return out;
}
