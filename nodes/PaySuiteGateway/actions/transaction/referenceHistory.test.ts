import { siteRows } from '../../../shared/reports/siteRows';
import type { ReportRow } from '../../../shared/reports/reportTsv';
import { groupByPayment, relatedFields, sameReference, withRelated } from './referenceHistory';

const row = (overrides: ReportRow): ReportRow => ({
	date: '2026-11-27T15:00:00+00:00',
	transaction_date: '2026-11-27T15:00:00+00:00',
	reference: 'ORDER-1',
	currency_code: 'USD',
	amount: 120.5,
	internal_reference: 1,
	status: 'APPROVED',
	type: 'AUTH_ONLY',
	...overrides,
});

describe('what the rows of one reference tell', () => {
	it('matches the reference whatever its capitals and spaces', () => {
		expect(sameReference(row({}), ' order-1 ')).toBe(true);
		expect(sameReference(row({}), 'ORDER-10')).toBe(false);
	});

	it('groups each payment with its refunds, in the order they happened; a refund without its payment stands alone', () => {
		const rows = siteRows(
			[
				row({ internal_reference: 9, type: 'REFUND', amount: 5, transaction_date: '2026-11-20T10:00:00+00:00', reference: 'ORDER-1' }),
				row({ internal_reference: 1, transaction_date: '2026-11-27T10:00:00+00:00' }),
				row({ internal_reference: 2, type: 'REFUND', amount: 20, transaction_date: '2026-11-27T11:00:00+00:00' }),
				row({ internal_reference: 3, type: 'REFUND', amount: 100.5, transaction_date: '2026-11-27T12:00:00+00:00', status: 'APPROVED' }),
				row({ internal_reference: 2, type: 'REFUND', amount: 20, transaction_date: '2026-11-27T11:00:00+00:00' }),
			],
			'America/Bogota',
		);
		const found = groupByPayment(rows);
		expect(found.map((entry) => [entry.row.internal_reference, entry.refunds.map((refund) => refund.internal_reference)])).toEqual([
			[9, []],
			[1, [2, 3]],
		]);
		const fields = relatedFields(found[1]);
		expect(fields.refundTransactionsTotal).toBe(120.5);
		expect(fields.refundTransactions).toEqual([
			{ internalReference: 2, kind: 'refund', status: 'APPROVED', amount: 20, currency: 'USD', date: '2026-11-27T06:00:00-05:00', dateUtc: '2026-11-27T11:00:00+00:00' },
			expect.objectContaining({ internalReference: 3, amount: 100.5 }),
		]);
		expect(Object.keys(withRelated({ internalReference: 1, amount: 120.5, currency: 'USD', receipt: 'x' }, fields))).toEqual([
			'internalReference',
			'amount',
			'currency',
			'refundTransactionsTotal',
			'refundTransactions',
			'otherTransactions',
			'receipt',
		]);
	});
});
