import { readableAmount, replayDifferences, replayedTransactionFailure } from './replayedTransaction';

const original = {
	status: { status: 'APPROVED', reason: '00' },
	internalReference: 500001,
	reference: 'ORDER-1',
	amount: { currency: 'COP', total: 50000 },
	lastDigits: '1111',
};

describe('replayedTransactionFailure', () => {
	it('is nothing when the answer is the payment sent (a retry with the same key)', () => {
		expect(replayedTransactionFailure('k', { reference: 'ORDER-1', amount: { currency: 'cop', total: 50000 }, lastDigits: '1111' }, original)).toBeUndefined();
		expect(replayedTransactionFailure('k', { reference: 'ORDER-1', amount: { currency: 'COP', total: 50000 } }, { ...original, amount: { currency: 'COP', total: '50000.00' } })).toBeUndefined();
	});

	it('says the key was used for another payment, which one, and what to do', () => {
		const failure = replayedTransactionFailure('order-77', { reference: 'ORDER-2', amount: { currency: 'COP', total: 70000 } }, original)!;
		expect(failure.message).toBe(
			'This idempotency key was already used for a payment of 50,000.00 COP (reference ORDER-1, transaction 500001, APPROVED). Leave Idempotency Key empty to get a new one, or give this payment its own key.',
		);
		expect(failure.description).toContain('order-77');
		expect(failure.description).toContain('70,000.00 COP with reference ORDER-2 (different: amount, reference)');
	});

	it('finds each difference: amount, currency, reference, card', () => {
		expect(replayDifferences({ reference: 'ORDER-1', amount: { currency: 'USD', total: 50000 }, lastDigits: '4242' }, original)).toEqual(['currency', 'card']);
		expect(replayDifferences({ reference: 'ORDER-1', amount: { currency: 'COP', total: 50000.5 } }, original)).toEqual(['amount']);
		// What the answer does not carry cannot differ.
		expect(replayDifferences({ reference: 'ORDER-1', amount: { currency: 'COP', total: 1 } }, { status: { status: 'FAILED' } })).toEqual([]);
	});
});

describe('readableAmount', () => {
	it('groups thousands and shows the currency decimals', () => {
		expect(readableAmount({ currency: 'COP', total: 50000 })).toBe('50,000.00 COP');
		expect(readableAmount({ currency: 'JPY', total: 1200 })).toBe('1,200 JPY');
		expect(readableAmount({ currency: 'USD', total: '12.5' })).toBe('12.50 USD');
	});
});
