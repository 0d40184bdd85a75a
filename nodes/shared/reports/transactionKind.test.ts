import { KIND_OF_TYPE, kindOfType, paymentsOf, type KindedTransaction } from './transactionKind';
import { REPORT_TYPES } from '../../PaySuiteGateway/schemas';

const txn = (overrides: Partial<KindedTransaction>): KindedTransaction => ({
	kind: 'payment',
	reference: 'ORDER-1',
	currency: 'USD',
	status: 'APPROVED',
	internalReference: 1,
	at: 0,
	...overrides,
});

describe('kindOfType', () => {
	it("names every report type in a finance team's words", () => {
		expect(REPORT_TYPES.filter((type) => !KIND_OF_TYPE[type])).toEqual([]);
		expect(kindOfType('AUTH_ONLY')).toBe('payment');
		expect(kindOfType('REFUND')).toBe('refund');
		expect(kindOfType('VOID')).toBe('reversal');
		expect(kindOfType('CHECKIN')).toBe('pre-authorization');
		expect(kindOfType('CHECKOUT')).toBe('capture');
		expect(kindOfType(' auth_capture ')).toBe('payment');
	});

	it('is null for a row without a type or an unknown one', () => {
		expect(kindOfType(undefined)).toBeNull();
		expect(kindOfType('')).toBeNull();
		expect(kindOfType('DISPERSION')).toBeNull();
	});
});

describe('paymentsOf', () => {
	it('ties a partial and a full refund to their approved payment, and a payment to itself', () => {
		const payment = txn({ internalReference: 500001, at: 1000 });
		const partial = txn({ kind: 'refund', internalReference: 500002, at: 2000 });
		const full = txn({ kind: 'refund', internalReference: 500003, at: 3000 });
		expect(paymentsOf([payment, partial, full])).toEqual([500001, 500001, 500001]);
	});

	it('skips a rejected attempt with the same reference and a payment made after the refund', () => {
		const rejected = txn({ internalReference: 10, status: 'REJECTED', at: 1500 });
		const approved = txn({ internalReference: 11, at: 1000 });
		const refund = txn({ kind: 'refund', internalReference: 12, at: 2000 });
		const later = txn({ internalReference: 13, at: 5000 });
		expect(paymentsOf([approved, rejected, refund, later])).toEqual([11, 10, 11, 13]);
	});

	it('needs the same reference and currency; a refund whose payment is not in the list has none', () => {
		const payment = txn({ internalReference: 1, reference: 'A' });
		expect(paymentsOf([payment, txn({ kind: 'refund', internalReference: 2, reference: 'B' })])[1]).toBeNull();
		expect(paymentsOf([payment, txn({ kind: 'refund', internalReference: 3, reference: 'A', currency: 'COP' })])[1]).toBeNull();
	});

	it('ties a capture to its pre-authorization, and leaves settlements and unknown kinds alone', () => {
		const hold = txn({ kind: 'pre-authorization', internalReference: 7, at: 1 });
		const capture = txn({ kind: 'capture', internalReference: 8, at: 2 });
		const settlement = txn({ kind: 'settlement', internalReference: 9, at: 3 });
		const unknown = txn({ kind: null, internalReference: 10, at: 4 });
		expect(paymentsOf([hold, capture, settlement, unknown])).toEqual([7, 7, null, null]);
	});
});
