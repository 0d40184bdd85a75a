import { chooseSiteClock, siteIso, siteUtc, withSiteIso } from './siteClock';

describe("the site's clock", () => {
	it("is the node's override when it names a zone, else the credential's, else the workflow's", () => {
		expect(chooseSiteClock('Asia/Tokyo', 'America/Bogota', 'UTC')).toEqual({ zone: 'Asia/Tokyo', source: 'node' });
		expect(chooseSiteClock('credential', 'America/Bogota', 'UTC')).toEqual({ zone: 'America/Bogota', source: 'credential' });
		expect(chooseSiteClock(undefined, 'america/bogota', 'UTC')).toEqual({ zone: 'America/Bogota', source: 'credential' });
		expect(chooseSiteClock('', undefined, 'Europe/Madrid')).toEqual({ zone: 'Europe/Madrid', source: 'workflow' });
		expect(chooseSiteClock(undefined, '', 'not a zone')).toEqual({ zone: 'UTC', source: 'workflow' });
	});

	it('refuses an override that is not a zone rather than falling back', () => {
		expect(chooseSiteClock('Bogota', 'America/Bogota', 'UTC')).toEqual({ error: "must be a time zone name such as America/Bogota or Europe/Madrid; got 'Bogota'" });
	});
});

describe('platform dates with the site offset', () => {
	it('reads a date without an offset on the site clock, and writes an instant with the site offset', () => {
		expect(siteIso('2026-12-01 18:00:00', 'America/Bogota')).toBe('2026-12-01T18:00:00-05:00');
		expect(siteIso('2026-12-01T23:00:00+00:00', 'America/Bogota')).toBe('2026-12-01T18:00:00-05:00');
		expect(siteIso('2026-07-01 12:00:00', 'Europe/Madrid')).toBe('2026-07-01T12:00:00+02:00');
	});

	it('gives null for what is not a date-time', () => {
		expect(siteIso(null, 'UTC')).toBeNull();
		expect(siteIso('soon', 'UTC')).toBeNull();
		expect(siteIso(20261201, 'UTC')).toBeNull();
	});

	it('puts <key>Iso right after each date key the record has', () => {
		const record = withSiteIso({ id: 1, date: '2026-12-01T23:00:00Z', status: 'OK', paymentDate: null }, ['date', 'paymentDate', 'expiration'], 'America/Bogota');
		expect(Object.keys(record)).toEqual(['id', 'date', 'dateIso', 'status', 'paymentDate', 'paymentDateIso']);
		expect(record).toMatchObject({ dateIso: '2026-12-01T18:00:00-05:00', paymentDateIso: null });
	});
});

describe('a link expiry also in UTC', () => {
	it('puts <key>Utc after <key>Iso for the keys asked', () => {
		expect(siteUtc('2026-12-01 18:00:00', 'America/Bogota')).toBe('2026-12-01T23:00:00+00:00');
		expect(siteUtc(undefined, 'UTC')).toBeNull();
		expect(withSiteIso({ expirationDate: '2026-12-01 18:00:00', id: 3 }, ['expirationDate'], 'America/Bogota', ['expirationDate'])).toEqual({
			expirationDate: '2026-12-01 18:00:00',
			expirationDateIso: '2026-12-01T18:00:00-05:00',
			expirationDateUtc: '2026-12-01T23:00:00+00:00',
			id: 3,
		});
	});
});
