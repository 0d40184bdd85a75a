import { pollUntilDone, PollTimeoutError } from './polling';

describe('pollUntilDone', () => {
	it('waits what Retry-After says between checks and stops when done', async () => {
		const waits: number[] = [];
		let clock = 0;
		const answers = [
			{ done: false, value: 'pending', retryAfterSeconds: 2 },
			{ done: false, value: 'pending', retryAfterSeconds: 0 },
			{ done: true, value: 'ok' },
		];
		const result = await pollUntilDone(async () => answers.shift()!, {
			timeoutMs: 60_000,
			wait: async (ms) => {
				waits.push(ms);
				clock += ms;
			},
			now: () => clock,
		});
		expect(result).toEqual({ value: 'ok', attempts: 3 });
		expect(waits).toEqual([2000, 0]);
	});

	it('gives up with the last answer when the next wait would pass the timeout', async () => {
		let clock = 0;
		const error = await pollUntilDone(async () => ({ done: false, value: { n: clock }, retryAfterSeconds: 5 }), {
			timeoutMs: 12_000,
			wait: async (ms) => {
				clock += ms;
			},
			now: () => clock,
		}).catch((e) => e);
		expect(error).toBeInstanceOf(PollTimeoutError);
		expect(error.attempts).toBe(3);
		expect(error.last).toEqual({ n: 10_000 });
	});
});
