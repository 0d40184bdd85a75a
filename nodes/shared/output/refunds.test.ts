import { refundColumns, refundSummary, refundsOf, roundAmount } from './refunds';

const refund = (internalReference: number, total: number, date = '2026-11-26T16:40:12Z') => ({
	internalReference,
	amount: { currency: 'USD', total },
	date,
	status: { status: 'APPROVED', reason: '00', message: 'Refunded', date },
});

describe('refundSummary', () => {
	it('sums the listed refunds and says what is left, as numbers in the currency minor unit', () => {
		const summary = refundSummary({ refunded: false, refunds: [refund(9001, 20), refund(9002, 0.1)] }, 120.5, 'USD');
		expect(summary).toEqual({
			refundedAmount: 20.1,
			refundableAmount: 100.4,
			fullyRefunded: false,
			refunds: [
				{ internalReference: 9001, amount: 20, currency: 'USD', date: '2026-11-26T16:40:12Z', status: 'APPROVED' },
				{ internalReference: 9002, amount: 0.1, currency: 'USD', date: '2026-11-26T16:40:12Z', status: 'APPROVED' },
			],
		});
	});

	it('a payment with an empty refund list has everything left', () => {
		expect(refundSummary({ refunded: false, refunds: [] }, 120.5, 'USD')).toMatchObject({ refundedAmount: 0, refundableAmount: 120.5, fullyRefunded: false });
	});

	it('a refused refund gives nothing back', () => {
		const refused = { ...refund(9003, 50), status: { status: 'REJECTED' } };
		expect(refundSummary({ refunds: [refund(9001, 20), refused] }, 120.5, 'USD')).toMatchObject({ refundedAmount: 20, refundableAmount: 100.5 });
	});

	it('without a refund list: a refunded payment is refunded in full; otherwise the amounts are unknown (null)', () => {
		expect(refundSummary({ refunded: true }, 120.5, 'USD')).toMatchObject({ refundedAmount: 120.5, refundableAmount: 0, fullyRefunded: true });
		expect(refundSummary({ refunded: false }, 120.5, 'USD')).toMatchObject({ refundedAmount: null, refundableAmount: null, fullyRefunded: false });
		expect(refundSummary({}, 120.5, 'USD')).toMatchObject({ refundedAmount: null, refundableAmount: null, fullyRefunded: null });
	});

	it('refunds in an AmountConversion or with a plain status are read too', () => {
		expect(refundsOf({ refunds: [{ internalReference: '7', amount: { from: { currency: 'COP', total: '1000' } }, status: 'APPROVED' }] })).toEqual([
			{ internalReference: '7', amount: 1000, currency: 'COP', date: null, status: 'APPROVED' },
		]);
	});

	it('rounds in the currency minor unit', () => {
		expect(roundAmount(120.5 - 20.1, 'USD')).toBe(100.4);
		expect(roundAmount(1000.4, 'COP')).toBe(1000.4);
		expect(roundAmount(10.5, 'JPY')).toBe(11);
	});
});

describe('refundColumns', () => {
	it('takes the payment total from a gateway amount or a session AmountConversion', () => {
		const refunds = [refund(9001, 20)];
		expect(refundColumns({ amount: { currency: 'USD', total: 120.5 }, refunded: false, refunds })).toMatchObject({ refundedAmount: 20, refundableAmount: 100.5 });
		expect(
			refundColumns({ amount: { from: { currency: 'USD', total: 120.5 }, to: { currency: 'USD', total: 120.5 }, factor: 1 }, refunded: false, refunds }),
		).toMatchObject({ refundedAmount: 20, refundableAmount: 100.5, fullyRefunded: false });
	});
});
