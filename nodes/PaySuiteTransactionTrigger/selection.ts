/**
 * Which report rows start the workflow: each transaction once per status it is seen in (New Transactions), or when
 * a pending one is seen settled (Status Changed). Pure apart from updating the state's memory.
 */
import type { ReportRow } from '../shared/reports/reportTsv';
import { rowTime } from '../shared/reports/siteRows';
import type { PollState } from './pollState';

export type TriggerOn = 'newTransaction' | 'statusChanged';

interface SelectionRules {
	triggerOn: TriggerOn;
	/** Empty: all. */
	statuses: string[];
	/** For a report date written without an offset. */
	timeZone: string;
}

export interface Selected {
	row: ReportRow;
	at: number;
	key: string;
	/** Null in sample data, where no earlier status is known. */
	previousStatus?: string | null;
	/** As its report tells (rowPayments). */
	payment?: string | number | null;
}

/** Its internal reference, else what identifies the row. */
export function transactionKey(row: ReportRow): string {
	const reference = row.internal_reference;
	if (reference !== null && reference !== undefined && reference !== '') return String(reference);
	return `${String(row.reference ?? '')} ${String(row.transaction_date ?? row.date ?? '')} ${String(row.amount ?? '')}`;
}

/** In the order they happened; every row seen is remembered, whether it starts the workflow or not. */
export function selectRows(rows: Iterable<ReportRow>, state: PollState, rules: SelectionRules): Selected[] {
	const wanted = rules.statuses.length ? new Set(rules.statuses) : undefined;
	const selected: Selected[] = [];
	for (const row of rows) {
		const key = transactionKey(row);
		const status = String(row.status ?? '');
		const happened = rowTime(row, rules.timeZone);
		// A row without a readable date is remembered as of the start, so it is forgotten with the overlap.
		const at = Number.isNaN(happened) ? state.since : happened;
		const before = state.seen[key];
		state.seen[key] = [status, at];
		if (before && before[0] === status) continue;
		if (wanted && !wanted.has(status)) continue;
		if (rules.triggerOn === 'statusChanged') {
			if (before) selected.push({ row, at, key, previousStatus: before[0] });
			continue;
		}
		// New Transactions: one from before the trigger started is not new, unless its status moved since.
		if (!before && at < state.since) continue;
		selected.push({ row, at, key });
	}
	return selected.sort(byTime);
}

export const byTime = (a: Selected, b: Selected): number => a.at - b.at || a.key.localeCompare(b.key, 'en', { numeric: true });
