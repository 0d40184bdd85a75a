import { internalReferenceLocator, parseTransactionSearch, transactionSearchMessage, TRANSACTION_SEARCH_EXAMPLE, TRANSACTION_SEARCH_WORDS } from './transactions';

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

	it('reads its own example', () => {
		expect(parseTransactionSearch(TRANSACTION_SEARCH_EXAMPLE)).toEqual({ reference: 'ORDER1001', amount: { currency: 'COP', total: 50000 } });
	});
});

describe('transactionSearchMessage: what is missing, then what to type', () => {
	const howTo = 'Type the reference, amount and currency, e.g. ORDER1001 50000 COP';
	it.each([
		['', howTo],
		['   ', howTo],
		['ORDER-1001', `The amount and currency are missing. ${howTo}`],
		['Order 7 of June', `The amount and currency are missing. ${howTo}`],
		['ORDER-1001 50000', `The currency is missing. ${howTo}`],
		['50000', `The reference and currency are missing. ${howTo}`],
		['ORDER-1001 COP', `The amount is missing. ${howTo}`],
		['50000 COP', `The reference is missing. ${howTo}`],
		['ORDER-1001 50.000,00 COP', `The amount 50.000,00 is not a number such as 50000 or 120.50. ${howTo}`],
	])('%j: %s', (typed, message) => {
		expect(parseTransactionSearch(typed)).toBeUndefined();
		expect(transactionSearchMessage(typed)).toBe(message);
	});
});

describe('the Internal Reference field shows the example the error shows', () => {
	const field = internalReferenceLocator();
	const list = field.modes!.find((mode) => mode.name === 'list')!;
	it('hint, list placeholder and error share one example', () => {
		expect(TRANSACTION_SEARCH_WORDS).toContain(TRANSACTION_SEARCH_EXAMPLE);
		expect(field.hint).toBe('From List: type the reference, amount and currency, e.g. ORDER1001 50000 COP');
		expect(list.placeholder).toBe('e.g. ORDER1001 50000 COP');
		expect(transactionSearchMessage('ORDER1001')).toContain(field.hint!.replace('From List: type', 'Type'));
	});
});
