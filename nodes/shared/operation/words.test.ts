import { formatAmount } from './words';

describe('formatAmount', () => {
	it('writes an amount as people read it, with two decimals when it has cents at most', () => {
		expect(formatAmount({ total: 50, currency: 'USD' })).toBe('50.00 USD');
		expect(formatAmount({ total: '12.5', currency: 'EUR' })).toBe('12.50 EUR');
		expect(formatAmount({ total: 1.234, currency: 'USD' })).toBe('1.234 USD');
		expect(formatAmount({ total: 3 })).toBe('3.00');
		expect(formatAmount(undefined)).toBe('');
	});
});
