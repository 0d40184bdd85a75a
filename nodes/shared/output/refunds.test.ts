import { amountOf, fromMinorUnits, REFUND_BASIS, refundColumns, roundAmount, toMinorUnits } from './refunds';

const approved = (refunded: boolean | null = false) => ({ total: 120.5, currency: 'USD', refunded, approved: true });

describe('refundColumns', () => {
	it("what this workflow's refunds gave back, and what is left, as numbers in the currency's minor unit", () => {
		expect(refundColumns(approved(), { count: 2, totalMinor: 2010 })).toEqual({
			refundedAmount: 20.1,
			refundableAmount: 100.4,
			refundedAmountBasis: REFUND_BASIS.byThisWorkflow,
		});
		expect(refundColumns(approved(), { count: 0, totalMinor: 0 })).toMatchObject({ refundedAmount: 0, refundableAmount: 120.5 });
	});

	it("the platform's `refunded` wins: all of it given back, nothing left, whatever n8n recorded", () => {
		expect(refundColumns(approved(true), { count: 1, totalMinor: 2000 })).toEqual({ refundedAmount: 120.5, refundableAmount: 0, refundedAmountBasis: REFUND_BASIS.refundedInFull });
		expect(refundColumns(approved(true), { unknown: 'the record could not be read' })).toMatchObject({ refundedAmount: 120.5, refundableAmount: 0 });
	});

	it('never a bare null: an unknown total says why, a payment not approved says so', () => {
		expect(refundColumns(approved(), { unknown: 'the record could not be read' })).toEqual({
			refundedAmount: null,
			refundableAmount: null,
			refundedAmountBasis: 'Not known: the record could not be read. The platform only says whether a payment is refunded in full.',
		});
		expect(refundColumns({ ...approved(), approved: false }, { count: 0, totalMinor: 0 })).toEqual({ refundedAmount: null, refundableAmount: null, refundedAmountBasis: REFUND_BASIS.notApproved });
	});

	it('more given back than the payment (refunds with Allow Repeat) leaves nothing, never a negative amount', () => {
		expect(refundColumns(approved(), { count: 2, totalMinor: 13_000 })).toMatchObject({ refundedAmount: 130, refundableAmount: 0 });
	});
});

describe('amounts', () => {
	it("rounds to the currency's minor unit", () => {
		expect(roundAmount(120.5 - 20.1)).toBe(100.4);
		expect(roundAmount(1000.4, 'JPY')).toBe(1000);
		expect(roundAmount(1.2345, 'KWD')).toBe(1.235);
	});

	it('converts to and from minor units exactly', () => {
		expect(toMinorUnits(20.1, 'USD')).toBe(2010);
		expect(toMinorUnits(0.29, 'USD')).toBe(29);
		expect(toMinorUnits(1500, 'JPY')).toBe(1500);
		expect(fromMinorUnits(2010, 'USD')).toBe(20.1);
		expect(fromMinorUnits(1235, 'KWD')).toBe(1.235);
	});

	it("reads an amount in the platform's shapes: {currency, total} or an AmountConversion's from", () => {
		expect(amountOf({ currency: 'USD', total: '120.50' })).toEqual({ total: 120.5, currency: 'USD' });
		expect(amountOf({ from: { currency: 'COP', total: 5000 }, to: { currency: 'USD', total: 1.2 }, factor: 0.00024 })).toEqual({ total: 5000, currency: 'COP' });
		expect(amountOf(undefined)).toEqual({ total: undefined, currency: undefined });
	});
});
