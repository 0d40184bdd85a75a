import { datedBefore, MADE_EARLIER_MINUTES } from './alreadyProcessed';

describe('datedBefore', () => {
	const sentAt = Date.parse('2026-12-07T16:40:00Z');
	const minutes = (n: number) => new Date(sentAt - n * 60_000).toISOString();

	it(`is true only for a transaction dated more than ${MADE_EARLIER_MINUTES} minutes before the request`, () => {
		expect(datedBefore({ transactionDate: minutes(MADE_EARLIER_MINUTES + 1) }, sentAt)).toBe(true);
		expect(datedBefore({ transactionDate: minutes(MADE_EARLIER_MINUTES - 1) }, sentAt)).toBe(false);
		// Its dates are to the second: a second more.
		expect(datedBefore({ transactionDate: new Date(sentAt - MADE_EARLIER_MINUTES * 60_000 - 1000).toISOString() }, sentAt)).toBe(false);
		expect(datedBefore({ transactionDate: minutes(-1) }, sentAt)).toBe(false);
	});

	it('reads the first date (transactionDate), then date, with its offset; without a readable date, false', () => {
		expect(datedBefore({ transactionDate: minutes(1), date: minutes(60) }, sentAt)).toBe(false);
		expect(datedBefore({ date: '2026-12-07T11:30:00-05:00' }, sentAt)).toBe(true);
		expect(datedBefore({ date: '2026-12-07T11:38:00-05:00' }, sentAt)).toBe(false);
		expect(datedBefore({}, sentAt)).toBe(false);
		expect(datedBefore({ date: 'yesterday' }, sentAt)).toBe(false);
	});
});
