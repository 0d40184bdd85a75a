import { triggerIncludeSecretsProperties, withSiteTimeZone } from './simplify';

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
