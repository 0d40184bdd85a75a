import { siteRows } from './siteRows';
import type { ReportRow } from './reportTsv';

const row = (overrides: ReportRow): ReportRow => ({
	id: 1,
	date: '2026-11-27T03:28:33+00:00',
	transaction_date: '2026-11-27T03:28:30+00:00',
	reference: 'ORDER-1',
	currency_code: 'USD',
	amount: 120.5,
	internal_reference: 500001,
	status: 'APPROVED',
	type: 'AUTH_ONLY',
	...overrides,
});

describe('siteRows', () => {
	it("writes the dates on the site's clock (UTC at the end), and the kind and payment after the reference", () => {
		const [payment, refund] = siteRows(
			[row({}), row({ id: 2, date: '2026-11-28T15:00:00+00:00', transaction_date: '2026-11-28T15:00:00+00:00', amount: 20, internal_reference: 500002, type: 'REFUND' })],
			'America/Bogota',
		);
		expect(Object.keys(payment)).toEqual([
			'id',
			'date',
			'transaction_date',
			'reference',
			'kind',
			'payment_internal_reference',
			'currency_code',
			'amount',
			'internal_reference',
			'status',
			'type',
			'date_utc',
			'transaction_date_utc',
		]);
		// A late-evening sale is the site's 26 November, not the 27th of UTC.
		expect(payment).toMatchObject({ date: '2026-11-26T22:28:33-05:00', date_utc: '2026-11-27T03:28:33+00:00', kind: 'payment', payment_internal_reference: 500001 });
		expect(refund).toMatchObject({ transaction_date: '2026-11-28T10:00:00-05:00', kind: 'refund', payment_internal_reference: 500001 });
	});

	it('keeps a cell that is not a date as it is, reads a date without offset on the site clock, and leaves columns out', () => {
		const [odd, wall] = siteRows([row({ date: '', transaction_date: 'n/a', type: null }), row({ date: '2026-11-27 10:00:00' })], 'America/Bogota', new Set(['id']));
		expect(odd).toMatchObject({ date: '', date_utc: null, transaction_date: 'n/a', transaction_date_utc: null, kind: null });
		expect(odd).not.toHaveProperty('id');
		expect(wall).toMatchObject({ date: '2026-11-27T10:00:00-05:00', date_utc: '2026-11-27T15:00:00+00:00' });
	});
});
