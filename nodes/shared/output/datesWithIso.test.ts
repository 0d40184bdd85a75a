import { datesWithIso } from './datesWithIso';

describe('datesWithIso', () => {
	it('keeps each date as given and adds it in ISO 8601 on the zone clock; a date without an offset is read on it', () => {
		expect(datesWithIso({ date: '2026-12-01T23:00:00+00:00', paidAt: '2026-12-01 18:00:00' }, 'America/Bogota')).toEqual({
			date: '2026-12-01T23:00:00+00:00',
			dateIso: '2026-12-01T18:00:00-05:00',
			paidAt: '2026-12-01 18:00:00',
			paidAtIso: '2026-12-01T18:00:00-05:00',
		});
	});

	it('gives null for a date that is absent or unreadable', () => {
		expect(datesWithIso({ date: null, other: 'yesterday', none: undefined }, 'UTC')).toEqual({
			date: null,
			dateIso: null,
			other: 'yesterday',
			otherIso: null,
			none: null,
			noneIso: null,
		});
	});
});
