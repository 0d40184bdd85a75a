import { amountSchema, cardSchema, paymentRequestSchema } from './payment';

describe('payment schemas', () => {
	it('accepts a payment with the spec limits and turns numeric strings into numbers', () => {
		const parsed = paymentRequestSchema.parse({ reference: 'ORDER-1', description: 'Shoes', amount: { currency: 'USD', total: '12.50' } });
		expect(parsed.amount.total).toBe(12.5);
	});

	it('names the field that breaks a limit', () => {
		const result = paymentRequestSchema.safeParse({ reference: 'x'.repeat(33), amount: { currency: 'usd', total: 1 } });
		expect(result.success).toBe(false);
		const paths = result.error!.issues.map((issue) => issue.path.join('.'));
		expect(paths).toEqual(['reference', 'amount.currency']);
	});

	it('refuses unknown tax kinds and negative totals', () => {
		expect(amountSchema.safeParse({ currency: 'USD', total: -1 }).success).toBe(false);
		expect(amountSchema.safeParse({ currency: 'USD', total: 1, taxes: [{ kind: 'vat', amount: 1 }] }).success).toBe(false);
	});

	it('checks card number, expiration and cvv shapes', () => {
		expect(cardSchema.safeParse({ number: '4111111111111111', expiration: '12/29', cvv: '123' }).success).toBe(true);
		expect(cardSchema.safeParse({ number: '4111', expiration: '2029-12', cvv: '12' }).error!.issues.map((i) => i.path[0])).toEqual([
			'number',
			'expiration',
			'cvv',
		]);
	});
});
