import type { INode } from 'n8n-workflow';
import { z } from 'zod/v3';

import { parseJsonParameter, validateInput } from './validation';

const node = { id: '1', name: 'PaySuite', type: 'paySuiteSite', typeVersion: 1, position: [0, 0], parameters: {} } as INode;
const schema = z.object({ data: z.object({ accountNumber: z.string().max(20), commissionModel: z.enum(['P', 'F']) }) });

describe('validateInput', () => {
	it('passes valid input through', () => {
		expect(validateInput(node, schema, { data: { accountNumber: '123', commissionModel: 'P' } }, 0)).toEqual({
			data: { accountNumber: '123', commissionModel: 'P' },
		});
	});

	it('names every bad field and the item, and says nothing was sent', () => {
		let error: any;
		try {
			validateInput(node, schema, { data: { accountNumber: 'x'.repeat(21), commissionModel: 'Q' } }, 3);
		} catch (caught) {
			error = caught;
		}
		expect(error.message).toBe("Invalid 'data.accountNumber', 'data.commissionModel' in item 3");
		expect(error.description).toContain('data.accountNumber: String must contain at most 20 character(s)');
		expect(error.description).toContain("data.commissionModel: Invalid enum value. Expected 'P' | 'F', received 'Q'");
		expect(error.description).toContain('Nothing was sent');
		expect(error.context.itemIndex).toBe(3);
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

	it('names the parameter and the item when the text is not JSON', () => {
		expect(() => parseJsonParameter(node, 'creditRules', '{oops', 1)).toThrow("Invalid 'creditRules' in item 1: not valid JSON");
	});
});
