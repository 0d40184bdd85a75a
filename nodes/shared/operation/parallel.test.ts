import type { INodeProperties } from 'n8n-workflow';

import { MAX_IN_PARALLEL, runInOrder, withParallelOption } from './parallel';

const tick = () => Promise.resolve();

describe('runInOrder', () => {
	it('runs at most the given number at a time, started in order, and gives the results in order', async () => {
		let running = 0;
		let most = 0;
		const started: number[] = [];
		const results = await runInOrder(7, 3, async (index) => {
			started.push(index);
			running++;
			most = Math.max(most, running);
			// Later items finish first: the results must still come in item order.
			for (let i = 0; i < 7 - index; i++) await tick();
			running--;
			return `item ${index}`;
		});
		expect(most).toBe(3);
		expect(started).toEqual([0, 1, 2, 3, 4, 5, 6]);
		expect(results).toEqual([0, 1, 2, 3, 4, 5, 6].map((index) => `item ${index}`));
	});

	it('starts nothing after a failure, lets those in flight finish, and throws the first failed item', async () => {
		const started: number[] = [];
		const run = runInOrder(10, 3, async (index) => {
			started.push(index);
			// Item 2 fails first in time, item 1 later: item 1's failure is the one a run in order meets.
			for (let i = 0; i < (index === 1 ? 3 : 1); i++) await tick();
			if (index === 1 || index === 2) throw new Error(`item ${index} failed`);
			return index;
		});
		await expect(run).rejects.toThrow('item 1 failed');
		expect(started).toEqual([0, 1, 2, 3]);
	});

	it('runs one at a time with 1', async () => {
		let running = 0;
		let most = 0;
		await runInOrder(4, 1, async () => {
			most = Math.max(most, ++running);
			await tick();
			running--;
		});
		expect(most).toBe(1);
	});
});

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
