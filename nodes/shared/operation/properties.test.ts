import type { INodeProperties } from 'n8n-workflow';

import { MAX_IN_PARALLEL, withParallelOption } from './properties';

describe('withParallelOption', () => {
	const field: INodeProperties = { displayName: 'Reference', name: 'reference', type: 'string', default: '' };

	it('adds an Options collection holding Requests in Parallel, 1 to 10', () => {
		const [, options] = withParallelOption([field], 'read');
		expect(options).toMatchObject({ displayName: 'Options', name: 'options', type: 'collection', placeholder: 'Add Option', default: {} });
		expect(options.options).toEqual([
			expect.objectContaining({ name: 'requestsInParallel', type: 'number', default: 5, typeOptions: expect.objectContaining({ minValue: 1, maxValue: MAX_IN_PARALLEL }) }),
		]);
	});

	it("joins the operation's own Options in alphabetical order, one at a time by default for deduplicated writes", () => {
		const own: INodeProperties = {
			displayName: 'Options',
			name: 'options',
			type: 'collection',
			default: {},
			options: [
				{ displayName: 'One Item per Payment', name: 'splitPayments', type: 'boolean', default: false },
				{ displayName: 'Time Zone', name: 'timeZone', type: 'string', default: '' },
			],
		};
		const properties = withParallelOption([field, own], 'deduplicated');
		expect(properties).toHaveLength(2);
		const options = properties[1].options as INodeProperties[];
		expect(options.map((option) => option.name)).toEqual(['splitPayments', 'requestsInParallel', 'timeZone']);
		expect(options[1].default).toBe(1);
		expect(options[1].description).toMatch(/may have been done/);
	});
});
