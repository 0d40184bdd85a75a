import { amountProbe, entryAmount, entryKeys } from './refundsMade';

describe("a refund's entry in n8n's record", () => {
	it('writes the entry, the 1-digits of the amount in minor units and their count, and reads it back', () => {
		const keys = entryKeys('p', 3, 2010);
		// 2010 = 0b11111011010: eight 1-digits.
		expect(keys).toEqual(['p#3', 'p#3b1', 'p#3b3', 'p#3b4', 'p#3b6', 'p#3b7', 'p#3b8', 'p#3b9', 'p#3b10', 'p#3c8']);
		expect(entryAmount('p', 3, new Set(keys))).toBe(2010);
		for (const minor of [1, 12_050, 99_999_999_999_999, 2 ** 49]) expect(entryAmount('p', 1, new Set(entryKeys('p', 1, minor)))).toBe(minor);
	});

	it('an entry the record lost part of reads as unknown, never as a smaller amount', () => {
		const keys = entryKeys('p', 1, 2010).filter((key) => key !== 'p#1b3');
		expect(entryAmount('p', 1, new Set(keys))).toBeUndefined();
		expect(entryAmount('p', 1, new Set(['p#1']))).toBeUndefined();
	});

	it('a read looks for every digit and count an entry may have', () => {
		const probe = amountProbe('p', 2);
		for (const key of entryKeys('p', 2, 2 ** 50 - 1).slice(1)) expect(probe).toContain(key);
	});
});
