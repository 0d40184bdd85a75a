import { parseTransactionSearch } from './transactions';

describe('parseTransactionSearch', () => {
	it('reads the reference, the amount and the currency of the search box', () => {
		expect(parseTransactionSearch('ORDER-1001 50000 COP')).toEqual({ reference: 'ORDER-1001', amount: { currency: 'COP', total: 50000 } });
		expect(parseTransactionSearch(' Order 7 of May 12,50 usd ')).toEqual({ reference: 'Order 7 of May', amount: { currency: 'USD', total: 12.5 } });
	});

	it('gives nothing for a text without an amount and a currency', () => {
		expect(parseTransactionSearch('ORDER-1001')).toBeUndefined();
		expect(parseTransactionSearch('ORDER-1001 COP')).toBeUndefined();
		expect(parseTransactionSearch(undefined)).toBeUndefined();
	});
});
