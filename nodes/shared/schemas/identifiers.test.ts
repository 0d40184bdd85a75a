import { z } from 'zod/v3';

import { numericIdSchema, outputId, readId } from './identifiers';

describe('identifiers', () => {
	it('reads an ID as its exact digits, from text, a safe whole number or a bigint', () => {
		expect(readId('12345678901234567890')).toEqual({ digits: '12345678901234567890' });
		expect(readId(' 0042 ')).toEqual({ digits: '42' });
		expect(readId(500001)).toEqual({ digits: '500001' });
		expect(readId(98765432109876543210n)).toEqual({ digits: '98765432109876543210' });
	});

	it('refuses a number too long to be exact, saying to give the ID as text', () => {
		// What an expression gives for a 20-digit ID it read as a number: already rounded.
		const read = readId(Number('12345678901234567890'));
		expect(read).toEqual({ problem: expect.stringContaining('is 12345678901234567000, a number too long to be exact') });
		expect((read as { problem: string }).problem).toContain('Give the ID as text');
		expect(readId(Number.MAX_SAFE_INTEGER)).toEqual({ digits: '9007199254740991' });
	});

	it('refuses what is not a positive whole number', () => {
		for (const value of ['12a', '-5', '1.5', '0', '000', 0, -1, 2.5, 0n, true, {}]) {
			expect(readId(value)).toEqual({ problem: 'must be a positive whole number such as 500001 (digits only)' });
		}
		for (const value of [undefined, null, '', '  ']) expect(readId(value)).toEqual({ problem: 'is required' });
	});

	it('validates a body ID into a bigint, naming the field when it refuses', () => {
		const schema = z.object({ internalReference: numericIdSchema, siteId: numericIdSchema.optional() });
		expect(schema.parse({ internalReference: '12345678901234567890' })).toEqual({ internalReference: 12345678901234567890n });
		const refused = schema.safeParse({ internalReference: 'abc', siteId: 1e20 });
		expect(refused.success).toBe(false);
		expect(refused.error!.issues.map((issue) => issue.path.join('.'))).toEqual(['internalReference', 'siteId']);
		expect(schema.safeParse({}).error!.issues[0]).toMatchObject({ path: ['internalReference'], message: 'is required' });
	});

	it('gives an ID to an output as answers do: a number when exact, otherwise its digits', () => {
		expect(outputId(7001n)).toBe(7001);
		expect(outputId('12345678901234567890')).toBe('12345678901234567890');
		expect(outputId('9007199254740993')).toBe('9007199254740993');
	});
});
