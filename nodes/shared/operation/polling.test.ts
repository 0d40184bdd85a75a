import { pollUntilDone, timedOutWords } from './polling';

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
		expect(result).toEqual({ done: true, value: 'ok', attempts: 3 });
		expect(waits).toEqual([2000, 0]);
	});

	it('gives up with the last answer when the next wait would pass the timeout', async () => {
		let clock = 0;
		const result = await pollUntilDone(async () => ({ done: false, value: { n: clock }, retryAfterSeconds: 5 }), {
			timeoutMs: 12_000,
			wait: async (ms) => {
				clock += ms;
			},
			now: () => clock,
		});
		expect(result).toEqual({ done: false, last: { n: 10_000 }, attempts: 3, waitedMs: 10_000, retryAfterSeconds: 5 });
		expect(timedOutWords(result as { waitedMs: number; attempts: number; retryAfterSeconds?: number }, 12)).toBe(
			'Checked 3 times over 10 s; the platform asked to wait 5 s before the next check, which would have passed the 12 s timeout.',
		);
		expect(timedOutWords({ waitedMs: 40, attempts: 1 }, 1)).toBe('Checked once; one more wait would have passed the 1 s timeout.');
	});
});

describe('pollUntilDone with a shortest wait', () => {
	it('waits at least minDelayMs, even when the platform asks for no wait, and says what it last asked for', async () => {
		const waits: number[] = [];
		let clock = 0;
		const result = await pollUntilDone(async () => ({ done: false, value: 'pending', retryAfterSeconds: 0 }), {
			timeoutMs: 2_500,
			minDelayMs: 1_000,
			wait: async (ms) => {
				waits.push(ms);
				clock += ms;
			},
			now: () => clock,
		});
		expect(waits).toEqual([1_000, 1_000]);
		expect(result).toMatchObject({ done: false, attempts: 3, retryAfterSeconds: 0 });
	});
});
