import { amountNumber, asObject } from './simplify';

describe('reading an answer for a simplified item', () => {
	it('asObject gives the object, or {} for anything else', () => {
		expect(asObject({ a: 1 })).toEqual({ a: 1 });
		for (const other of [undefined, null, [1], 'text', 3]) expect(asObject(other)).toEqual({});
	});

	it('amountNumber reads numbers and numeric text, and nothing else', () => {
		expect(amountNumber(12.5)).toBe(12.5);
		expect(amountNumber('50000.00')).toBe(50000);
		expect(amountNumber(' ')).toBeUndefined();
		expect(amountNumber('n/a')).toBeUndefined();
	});
});
