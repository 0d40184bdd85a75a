import { oneAtATimeQueue, runInOrder } from './execute';

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

describe('oneAtATimeQueue', () => {
	it('runs tasks one at a time in the order given, and a failed one does not hold the next', async () => {
		const queue = oneAtATimeQueue();
		const events: string[] = [];
		const task = (name: string, ticks: number, fails = false) => async () => {
			events.push(`start ${name}`);
			for (let i = 0; i < ticks; i++) await tick();
			events.push(`end ${name}`);
			if (fails) throw new Error(`${name} failed`);
			return name;
		};
		const results = await Promise.allSettled([queue(task('a', 3)), queue(task('b', 1, true)), queue(task('c', 0))]);
		expect(events).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
		expect(results.map((result) => (result.status === 'fulfilled' ? result.value : (result.reason as Error).message))).toEqual(['a', 'b failed', 'c']);
	});
});
