import { CLOCKS_APART_MINUTES, madeWhen } from './alreadyProcessed';

describe('madeWhen', () => {
	const sentAt = Date.parse('2026-12-07T16:40:00Z');
	const before = (ms: number) => ({ transactionDate: new Date(sentAt - ms).toISOString() });
	const minutes = 60_000;

	it(`is earlier only for a transaction dated more than ${CLOCKS_APART_MINUTES} minutes (and a second: dates are to the second) before the request`, () => {
		expect(madeWhen(before((CLOCKS_APART_MINUTES + 1) * minutes), sentAt)).toBe('earlier');
		expect(madeWhen(before(CLOCKS_APART_MINUTES * minutes + 1000), sentAt)).toBe('maybeEarlier');
	});

	it('is maybeEarlier when dated before the request by this clock, within the clocks’ tolerance; now from 2 seconds before', () => {
		expect(madeWhen(before(90_000), sentAt)).toBe('maybeEarlier');
		expect(madeWhen(before(3000), sentAt)).toBe('maybeEarlier');
		expect(madeWhen(before(2000), sentAt)).toBe('now');
		expect(madeWhen(before(-60_000), sentAt)).toBe('now');
	});

	it('reads the first date (transactionDate), then date, with its offset; without a readable date, now', () => {
		expect(madeWhen({ transactionDate: new Date(sentAt).toISOString(), date: '2026-12-07T10:00:00-05:00' }, sentAt)).toBe('now');
		expect(madeWhen({ date: '2026-12-07T11:30:00-05:00' }, sentAt)).toBe('earlier');
		expect(madeWhen({ date: '2026-12-07T11:38:00-05:00' }, sentAt)).toBe('maybeEarlier');
		expect(madeWhen({}, sentAt)).toBe('now');
		expect(madeWhen({ date: 'yesterday' }, sentAt)).toBe('now');
	});
});
