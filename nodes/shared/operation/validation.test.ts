import type { INode } from 'n8n-workflow';
import { z } from 'zod/v3';

import { PANEL_FIELDS, PANEL_LABELS } from '../../../test/helpers/panelFields';
import { FieldNames } from '../descriptions/fieldNames';
import { parseJsonParameter, plainWords, refuseField, shownValue, validateInput } from './validation';

const node = { id: '1', name: 'PaySuite', type: 'paySuiteSite', typeVersion: 1, position: [0, 0], parameters: {} } as INode;

const names = new FieldNames(PANEL_FIELDS, PANEL_LABELS);

function refusalOf(run: () => unknown): { message: string; description: string; context: { itemIndex: number; fieldPaths: string[] } } {
	try {
		run();
	} catch (error) {
		return error as never;
	}
	throw new Error('not refused');
}

describe('plainWords', () => {
	const wordsOf = (schema: z.ZodTypeAny, value: unknown) => {
		const result = schema.safeParse(value);
		return result.success ? '' : plainWords(result.error.issues[0]);
	};

	it.each([
		['a missing value', z.string(), undefined, 'is required'],
		['text for a number', z.number(), '12,50', 'must be a number'],
		['a number for text', z.string(), 5, 'must be text'],
		['an empty text', z.string().min(1), '', 'must not be empty'],
		['a short text', z.string().min(3), 'ab', 'must be at least 3 characters'],
		['a long text', z.string().max(2), 'abc', 'must be at most 2 characters'],
		['a number not above 0', z.number().positive(), 0, 'must be a number greater than 0'],
		['a number above the maximum', z.number().max(10), 11, 'must be a number of at most 10'],
		['an empty list', z.array(z.string()).min(1), [], 'must hold at least 1 entry'],
		['a value not offered', z.enum(['P', 'F']), 'Q', "must be one of 'P', 'F'"],
		['an unknown field', z.object({}).strict(), { shiping: 1 }, "has a field the platform does not take: 'shiping' (check the spelling)"],
		['not an e-mail', z.string().email(), 'ana', 'must be an e-mail address such as name@example.com'],
		['not a URL', z.string().url(), 'shop', 'must be a web address such as https://shop.example.com'],
		['not the pattern', z.string().regex(/^\d+$/), 'x', 'is not in the expected format'],
		['too many decimals', z.number().multipleOf(0.01), 1.234, 'must have at most 2 decimals'],
		['not a whole number', z.number().int(), 1.5, 'must be a whole number'],
	])('%s', (_what, schema, value, words) => {
		expect(wordsOf(schema, value)).toBe(words);
	});
});

describe('shownValue', () => {
	it('shows what was given, short', () => {
		expect(shownValue(['total'], '12,50')).toBe("'12,50'");
		expect(shownValue(['total'], 12)).toBe('12');
		expect(shownValue(['reference'], '')).toBe('nothing (empty)');
		expect(shownValue(['reference'], 'x'.repeat(100))).toBe(`'${'x'.repeat(57)}...'`);
		expect(shownValue(['reference'], undefined)).toBeUndefined();
		expect(shownValue(['tickets'], [1, 2])).toBe('a list of 2 entries');
	});

	it('never shows a secret or a card number', () => {
		expect(shownValue(['instrument', 'card', 'number'], '4111 1111')).toBe('(hidden)');
		expect(shownValue(['instrument', 'card', 'cvv'], '12345')).toBe('(hidden)');
		expect(shownValue(['auth', 'tranKey'], 'abc')).toBe('(hidden)');
		expect(shownValue(['credentials', 'secretKey'], 'abc')).toBe('(hidden)');
		expect(shownValue(['description'], 'card 4111111111111111')).toBe("'card 411111******1111'");
	});
});

describe('validateInput', () => {
	const schema = z.object({
		payment: z.object({ amount: z.object({ total: z.number().positive() }) }),
		data: z.object({ accountNumber: z.string().max(20), commissionModel: z.enum(['P', 'F']) }).optional(),
	});

	it('passes valid input through', () => {
		expect(validateInput(node, schema, { payment: { amount: { total: 5 } } }, 0, names)).toEqual({ payment: { amount: { total: 5 } } });
	});

	it('names the field as the panel shows it, what it takes, what it was given and the item', () => {
		const error = refusalOf(() => validateInput(node, schema, { payment: { amount: { total: '12,50' } } }, 3, names));
		expect(error.message).toBe("Amount must be a number; got '12,50' (item 3)");
		expect(error.description).toBe("Amount must be a number; got '12,50'\nNothing was sent to the platform for this item.");
		expect(error.context.itemIndex).toBe(3);
		expect(error.context.fieldPaths).toEqual(['payment.amount.total']);
	});

	it('lists every problem below the first, and says an option by the name the dropdown shows', () => {
		const value = { payment: { amount: { total: 0 } }, data: { accountNumber: 'x'.repeat(21), commissionModel: 'Q' } };
		const error = refusalOf(() => validateInput(node, schema, value, 1, names));
		expect(error.message).toBe('Amount must be a number greater than 0; got 0 (item 1; also Account Number and Commission Model: see below)');
		expect(error.description).toContain(`Account Number must be at most 20 characters; got '${'x'.repeat(21)}'`);
		expect(error.description).toContain("Commission Model must be one of 'Percentage', 'Fixed'; got 'Q'");
		expect(error.description).toContain('Nothing was sent');
		expect(error.context.fieldPaths).toEqual(['payment.amount.total', 'data.accountNumber', 'data.commissionModel']);
	});

	it("keeps a schema's own words", () => {
		const own = z.object({ reference: z.string().max(2, 'must be at most 2 characters (your order number)') });
		expect(refusalOf(() => validateInput(node, own, { reference: 'abc' }, 0, names)).message).toBe(
			"Reference must be at most 2 characters (your order number); got 'abc' (item 0)",
		);
	});

	it('says an unknown field of a JSON field by the JSON field it came from', () => {
		const strict = z.object({ payment: z.object({ reference: z.string() }).strict() });
		expect(refusalOf(() => validateInput(node, strict, { payment: { reference: 'R', shiping: {} } }, 0, names)).message).toBe(
			"Additional Fields › Payment Extras has a field the platform does not take: 'shiping' (check the spelling) (item 0)",
		);
	});
});

describe('refuseField', () => {
	it('refuses in the same words, naming the field and the item', () => {
		const error = refusalOf(() => refuseField(node, 2, names, 'data.control.maxAmount', 'and Amount cannot both be set'));
		expect(error.message).toBe('Control › Max Amount and Amount cannot both be set (item 2)');
		expect(error.context.fieldPaths).toEqual(['data.control.maxAmount']);
	});
});

describe('parseJsonParameter', () => {
	it('parses JSON text, keeps objects, and treats empty text as unset', () => {
		expect(parseJsonParameter(node, 'creditRules', '{"a":1}', 0)).toEqual({ a: 1 });
		expect(parseJsonParameter(node, 'creditRules', { a: 1 }, 0)).toEqual({ a: 1 });
		expect(parseJsonParameter(node, 'creditRules', '  ', 0)).toBeUndefined();
	});

	it('reads a whole number beyond 2^53 (an ID) as a bigint, so it is sent on with all its digits', () => {
		expect(parseJsonParameter(node, 'sites', '[{"id":12345678901234567890,"name":"Web"}]', 0)).toEqual([{ id: 12345678901234567890n, name: 'Web' }]);
	});

	it('names the field and the item when the text is not JSON', () => {
		const error = refusalOf(() => parseJsonParameter(node, 'additionalFields.paymentExtras', '{oops', 1, names));
		expect(error.message).toMatch(/^Additional Fields › Payment Extras must be JSON, such as \{"key": "value"\}; it could not be read \(.+\) \(item 1\)$/);
		expect(error.context.fieldPaths).toEqual(['additionalFields.paymentExtras']);
	});
});
