import { sleep } from 'n8n-workflow';

import { ParameterPrefetch } from './prefetch';

describe('ParameterPrefetch', () => {
	const turn = () => sleep(5);
	const reader = () => {
		const evaluated: number[] = [];
		const evaluate = (index: number) => {
			evaluated.push(index);
			return new Map(index === 1 ? [['id', { error: new Error('item 1 failed') }]] : [['id', { value: index }]]);
		};
		return { evaluated, evaluate };
	};

	it('reads every item ahead, once each, an item asked for first read at once; errors kept in their place', async () => {
		const { evaluated, evaluate } = reader();
		const prefetch = new ParameterPrefetch(evaluate, 4);
		expect(prefetch.take(2).get('id')).toEqual({ value: 2 });
		prefetch.start();
		for (let i = 0; i < 6; i++) await turn();
		expect(evaluated).toEqual([2, 0, 1, 3]);
		expect(prefetch.take(0).get('id')).toEqual({ value: 0 });
		expect((prefetch.take(1).get('id') as { error: Error }).error.message).toBe('item 1 failed');
		expect(prefetch.take(3).get('id')).toEqual({ value: 3 });
		// Handed over once: a second take gives nothing read ahead, and reads nothing again.
		expect(prefetch.take(3).size).toBe(0);
		expect(evaluated).toEqual([2, 0, 1, 3]);
	});

	it('reads nothing more once stopped', async () => {
		const { evaluated, evaluate } = reader();
		const prefetch = new ParameterPrefetch(evaluate, 10);
		prefetch.start();
		await turn();
		prefetch.stop();
		for (let i = 0; i < 4; i++) await turn();
		expect(evaluated.length).toBeLessThan(10);
	});
});
