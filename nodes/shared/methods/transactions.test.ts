import { internalReferenceLocator, parseTransactionSearch, referenceMatches, transactionEntry, TRANSACTION_SEARCH_EXAMPLE, TRANSACTION_SEARCH_WORDS } from './transactions';
import { pickFor, type Candidate } from './transactionPicks';

describe('parseTransactionSearch', () => {
	it('reads the reference, the amount and the currency of the search box', () => {
		expect(parseTransactionSearch('ORDER-1001 50000 COP')).toEqual({ reference: 'ORDER-1001', amount: { currency: 'COP', total: 50000 } });
		expect(parseTransactionSearch(' Order 7 of May 12,50 usd ')).toEqual({ reference: 'Order 7 of May', amount: { currency: 'USD', total: 12.5 } });
	});

	it('gives nothing for a reference alone (searched in the last 10 days instead)', () => {
		expect(parseTransactionSearch('ORDER-1001')).toBeUndefined();
		expect(parseTransactionSearch('ORDER-1001 COP')).toBeUndefined();
		expect(parseTransactionSearch(undefined)).toBeUndefined();
		expect(parseTransactionSearch(TRANSACTION_SEARCH_EXAMPLE)).toEqual({ reference: 'ORDER1001', amount: { currency: 'COP', total: 50000 } });
	});
});

describe('referenceMatches', () => {
	it('finds a reference by part of it, capitals aside; several words by the first', () => {
		expect(referenceMatches('ORDER-1001', 'order-10')).toBe(true);
		expect(referenceMatches('ORDER-1001', 'ORDER-1001 120.50')).toBe(true);
		expect(referenceMatches('ORDER-1001', 'USD')).toBe(false);
		expect(referenceMatches(null, 'ORDER')).toBe(false);
	});
});

describe('what each operation offers', () => {
	const candidate = (overrides: Partial<Candidate>): Candidate => ({ internalReference: '1', reference: 'R', kind: 'payment', status: 'APPROVED', refunded: false, ...overrides });
	const refund = pickFor('n8n-nodes-paysuite.paySuiteSession', 'transaction', 'refund')!;

	it('a refund: approved payments not refunded in full (a partly refunded one stays)', () => {
		expect(refund(candidate({}))).toBe(true);
		expect(refund(candidate({ refunded: null }))).toBe(true);
		expect(refund(candidate({ refunded: true }))).toBe(false);
		expect(refund(candidate({ status: 'REJECTED' }))).toBe(false);
		expect(refund(candidate({ kind: 'refund' }))).toBe(false);
		expect(refund(candidate({ kind: 'pre-authorization' }))).toBe(false);
		expect(refund(candidate({ kind: null }))).toBe(false);
	});

	it('a capture takes a held pre-authorization; Gateway › Get and Ticket › Get Many take any transaction', () => {
		expect(pickFor('paySuiteSession', 'transaction', 'checkout')!(candidate({ kind: 'pre-authorization' }))).toBe(true);
		expect(pickFor('paySuiteSession', 'transaction', 'checkout')!(candidate({}))).toBe(false);
		expect(pickFor('paySuiteGateway', 'transaction', 'get')).toBeUndefined();
		expect(pickFor('paySuiteSession', 'ticket', 'getMany')).toBeUndefined();
	});
});

describe('a list entry', () => {
	it("tells two transactions of one order apart: kind, status, amount and the site's date", () => {
		const entry = transactionEntry(
			{ internalReference: '500002', reference: 'ORDER-1', kind: 'refund', status: 'APPROVED', refunded: false, amount: 20, currency: 'USD', date: '2026-11-27T03:28:33+00:00' },
			'America/Bogota',
		);
		expect(entry).toEqual({ name: '500002 · ORDER-1 · refund · APPROVED · 20 USD · 2026-11-26 22:28', value: '500002' });
	});
});

describe('the Internal Reference field says what its list takes', () => {
	const field = internalReferenceLocator();
	const list = field.modes!.find((mode) => mode.name === 'list')!;
	it('hint and list placeholder share the examples', () => {
		expect(TRANSACTION_SEARCH_WORDS).toContain(TRANSACTION_SEARCH_EXAMPLE);
		expect(field.hint).toBe(
			'From List: type a reference (the last 10 days), e.g. ORDER-1001, or a reference, amount and currency for an older one, e.g. ORDER1001 50000 COP. It lists what this operation can take.',
		);
		expect(list.placeholder).toBe('e.g. ORDER-1001, or ORDER1001 50000 COP');
	});
});
