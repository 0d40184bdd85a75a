import { amountSchema, cardSchema, paymentRequestSchema, simpleAmountSchema, strictAmountSchema } from './payment';

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

	it("checks every number of an amount against the currency's decimals, at its own path", () => {
		const result = amountSchema.safeParse({
			currency: 'USD',
			total: 10.555,
			taxes: [{ kind: 'valueAddedTax', amount: 1.005, base: 9 }],
			details: [{ kind: 'shipping', amount: 2.5 }],
		});
		expect(result.error!.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
			['total', 'has 3 decimals; USD takes at most 2: round it to 2 decimals'],
			['taxes.0.amount', 'has 3 decimals; USD takes at most 2: round it to 2 decimals'],
		]);
		expect(simpleAmountSchema.safeParse({ currency: 'JPY', total: '1500.5' }).error!.issues[0].message).toMatch(/JPY takes none/);
		expect(strictAmountSchema.safeParse({ currency: 'KWD', total: 12.345 }).success).toBe(true);
	});

	it('refuses an amount above 10^12 and a currency that is not ISO 4217', () => {
		expect(simpleAmountSchema.safeParse({ currency: 'USD', total: 1e20 }).error!.issues[0]).toMatchObject({
			path: ['total'],
			message: expect.stringContaining('above the maximum of 1000000000000 (10^12) USD'),
		});
		expect(amountSchema.safeParse({ currency: 'XYZ', total: 1 }).error!.issues.map((issue) => issue.message)).toEqual([
			'is not an ISO 4217 currency code (such as USD, COP, EUR)',
		]);
		const item = paymentRequestSchema.safeParse({ reference: 'R', amount: { currency: 'USD', total: 1 }, items: [{ price: 1e13 }] });
		expect(item.error!.issues[0].path).toEqual(['items', 0, 'price']);
	});

	it('refuses a recurring notification URL that is not http(s)', () => {
		const result = paymentRequestSchema.safeParse({ reference: 'R', amount: { currency: 'USD', total: 1 }, recurring: { notificationUrl: 'javascript:alert(1)' } });
		expect(result.error!.issues[0]).toMatchObject({ path: ['recurring', 'notificationUrl'], message: expect.stringContaining('javascript:') });
	});
});

