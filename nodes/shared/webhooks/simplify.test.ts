import { datesWithIso, triggerIncludeSecretsProperties, withSiteTimeZone } from './simplify';

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

describe('withSiteTimeZone', () => {
	it("adds the credential's site time zone to an accepted delivery only", () => {
		expect(withSiteTimeZone({ ok: true }, { timeZone: 'america/bogota' })).toEqual({ ok: true, siteTimeZone: 'America/Bogota' });
		expect(withSiteTimeZone({ ok: true }, {})).toEqual({ ok: true });
		expect(withSiteTimeZone({ ok: false, httpStatus: 401 }, { timeZone: 'UTC' })).toEqual({ ok: false, httpStatus: 401 });
	});
});

describe('triggerIncludeSecretsProperties', () => {
	it('shows the switch at version 1, and from version 2 only with Simplify off, its hint naming the secret', () => {
		const [v1, v2] = triggerIncludeSecretsProperties("a subscription session's token");
		expect(v1.displayOptions).toEqual({ show: { '@version': [1] } });
		expect(v2.displayOptions).toEqual({ show: { '@version': [{ _cnd: { gte: 2 } }], simple: [false] } });
		expect(v2).toMatchObject({ name: 'includeSecrets', default: false, hint: expect.stringMatching(/^Off: a subscription session's token are output as/) });
	});
});
