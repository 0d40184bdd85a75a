import type { ReportRow } from '../shared/reports/reportTsv';
import type { PollState } from './pollState';
import { rowTime as happenedAt } from '../shared/reports/siteRows';
import { selectRows, transactionKey } from './selection';

const SINCE = Date.parse('2026-11-26T15:00:00Z');
const row = (internalReference: number, status: string, at: string): ReportRow => ({ internal_reference: internalReference, status, transaction_date: at, reference: `R-${internalReference}`, amount: 10 });
const fresh = (): PollState => ({ version: 1, since: SINCE, cursor: SINCE, seen: {} });
const keys = (selected: Array<{ key: string }>) => selected.map((entry) => entry.key);
const rules = { triggerOn: 'newTransaction' as const, statuses: [] as string[], timeZone: 'America/Bogota' };

describe('selectRows, New Transactions', () => {
	it('outputs each transaction once per status, in the order they happened, and none from before the start', () => {
		const state = fresh();
		const rows = [row(3, 'APPROVED', '2026-11-26T15:02:00+00:00'), row(1, 'PENDING', '2026-11-26T15:01:00+00:00'), row(9, 'APPROVED', '2026-11-26T14:59:59+00:00')];
		expect(keys(selectRows(rows, state, rules))).toEqual(['1', '3']);
		expect(selectRows(rows, state, rules)).toEqual([]);
		expect(keys(selectRows([row(1, 'APPROVED', '2026-11-26T15:01:00+00:00')], state, rules))).toEqual(['1']);
		expect(state.seen['9']).toEqual(['APPROVED', SINCE - 1000]);
	});

	it('outputs only the chosen statuses, remembering the others (a pending one is output once approved)', () => {
		const state = fresh();
		const approved = { ...rules, statuses: ['APPROVED'] };
		expect(selectRows([row(1, 'PENDING', '2026-11-26T15:01:00+00:00')], state, approved)).toEqual([]);
		expect(keys(selectRows([row(1, 'APPROVED', '2026-11-26T15:01:00+00:00')], state, approved))).toEqual(['1']);
	});

	it('outputs a transaction from before the start once its status moves after it', () => {
		const state = fresh();
		selectRows([row(9, 'PENDING', '2026-11-26T14:00:00+00:00')], state, rules);
		expect(keys(selectRows([row(9, 'APPROVED', '2026-11-26T14:00:00+00:00')], state, rules))).toEqual(['9']);
	});
});

describe('selectRows, Status Changed', () => {
	it('outputs a transaction seen in another status, with that status, and nothing seen for the first time', () => {
		const state = fresh();
		const changed = { ...rules, triggerOn: 'statusChanged' as const, statuses: ['APPROVED', 'REJECTED'] };
		expect(selectRows([row(1, 'PENDING', '2026-11-26T15:01:00+00:00'), row(2, 'APPROVED', '2026-11-26T15:01:00+00:00')], state, changed)).toEqual([]);
		const selected = selectRows([row(1, 'REJECTED', '2026-11-26T15:01:00+00:00')], state, changed);
		expect(selected).toEqual([expect.objectContaining({ key: '1', previousStatus: 'PENDING' })]);
	});
});

describe('keys and dates', () => {
	it('knows a transaction by its internal reference, else by its reference, date and amount', () => {
		expect(transactionKey(row(5, 'APPROVED', 'x'))).toBe('5');
		expect(transactionKey({ reference: 'A', transaction_date: '2026-11-26T10:00:00+00:00', amount: 3, internal_reference: null })).toBe('A 2026-11-26T10:00:00+00:00 3');
	});

	it("reads a date without an offset on the site's clock", () => {
		expect(happenedAt({ transaction_date: '2026-11-26 10:00:00' }, 'America/Bogota')).toBe(Date.parse('2026-11-26T15:00:00Z'));
		expect(happenedAt({ transaction_date: '', date: '2026-11-26T10:00:00Z' }, 'UTC')).toBe(Date.parse('2026-11-26T10:00:00Z'));
		expect(happenedAt({ transaction_date: 'soon' }, 'UTC')).toBeNaN();
	});
});
