import { transactionItem } from './output';

const row = {
	id: 4,
	date: '2026-11-26T15:00:00+00:00',
	transaction_date: '2026-11-26 10:00:00',
	reference: 'ORDER-1',
	internal_reference: 500001,
	status: 'APPROVED',
	amount: 12.5,
	refunded: false,
	batch_number: 1,
	line_number: 4,
	type: 'AUTH_ONLY',
};

describe('transactionItem', () => {
	it("simplified: the row's columns with its kind and payment, dates on the site's clock and in UTC, without the file's row numbers", () => {
		expect(transactionItem(row, { simple: true, timeZone: 'America/Bogota' }, undefined, 500001)).toEqual({
			date: '2026-11-26T10:00:00-05:00',
			transaction_date: '2026-11-26T10:00:00-05:00',
			reference: 'ORDER-1',
			kind: 'payment',
			payment_internal_reference: 500001,
			internal_reference: 500001,
			status: 'APPROVED',
			amount: 12.5,
			refunded: false,
			type: 'AUTH_ONLY',
			date_utc: '2026-11-26T15:00:00+00:00',
			transaction_date_utc: '2026-11-26T15:00:00+00:00',
		});
	});

	it('otherwise the row as the report gives it; a status change adds the status it had', () => {
		expect(transactionItem(row, { simple: false, timeZone: 'America/Bogota' }, 'PENDING')).toEqual({ ...row, previous_status: 'PENDING' });
		expect(transactionItem(row, { simple: true, timeZone: 'UTC' }, null)).toMatchObject({ previous_status: null, date: '2026-11-26T15:00:00+00:00', payment_internal_reference: null });
	});
});
