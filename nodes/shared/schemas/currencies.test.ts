import { amountProblem, decimalsOf, MAX_AMOUNT, minorUnitsOf } from './currencies';

describe('currencies', () => {
	it('knows the ISO 4217 minor units: most 2, some 0, 3 or 4', () => {
		expect(['USD', 'COP', 'EUR', 'MXN', 'PEN', 'BRL', 'ARS', 'CRC', 'DOP', 'GTQ', 'PAB', 'UYU'].map(minorUnitsOf)).toEqual(Array(12).fill(2));
		expect(['CLP', 'JPY', 'KRW', 'PYG', 'VND', 'ISK', 'XOF'].map(minorUnitsOf)).toEqual(Array(7).fill(0));
		expect(['KWD', 'BHD', 'JOD', 'OMR', 'TND', 'IQD', 'LYD'].map(minorUnitsOf)).toEqual(Array(7).fill(3));
		expect(minorUnitsOf('CLF')).toBe(4);
		expect(minorUnitsOf('XAU')).toBeUndefined();
		expect(minorUnitsOf('usd')).toBeUndefined();
		expect(minorUnitsOf('ABC')).toBeUndefined();
	});

	it('counts the decimals of a number as it is written', () => {
		expect([10, 10.5, 10.55, 10.555, 0.1 + 0.2, 1e-7, 1.5e-7, 1e21, -2.25].map(decimalsOf)).toEqual([0, 1, 2, 3, 17, 7, 8, 0, 2]);
	});

	it('refuses more decimals than the currency takes, saying how many it takes', () => {
		expect(amountProblem(10.555, 'USD')).toBe('has 3 decimals; USD takes at most 2: round it to 2 decimals');
		expect(amountProblem(1500.5, 'JPY')).toBe('has 1 decimal; JPY takes none: round it to a whole amount');
		expect(amountProblem(1.2345, 'KWD')).toMatch(/^has 4 decimals; KWD takes at most 3/);
		for (const [value, currency] of [[10.55, 'USD'], [1500, 'JPY'], [1.234, 'KWD'], [0, 'CLP'], [1.2345, 'CLF']] as const) {
			expect(amountProblem(value, currency)).toBeUndefined();
		}
	});

	it('refuses an amount above 10^12, stating the maximum', () => {
		expect(amountProblem(1e20, 'USD')).toBe('is above the maximum of 1000000000000 (10^12) USD; check it for a typing mistake');
		expect(amountProblem(MAX_AMOUNT, 'USD')).toBeUndefined();
		expect(amountProblem(-1e13, 'COP')).toMatch(/above the maximum/);
		expect(amountProblem(Number.NaN, 'USD')).toBe('must be a number');
	});
});
