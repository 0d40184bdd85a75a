import { bearerVerdict, checkBaseUrl, signedVerdict, siteClockVerdict, unreachableWords } from './credentialTest';

const URL_ = 'https://api.example.com';
const code = (value: string) => Object.assign(new Error(`connect ${value}`), { code: value });

describe('credential test words', () => {
	it('says which address could not be reached, why, and what to check', () => {
		expect(unreachableWords(URL_, code('ECONNREFUSED'))).toBe(
			'Could not reach https://api.example.com (connection refused): nothing answers at that address. Check the Base URL, its port, and that the platform (or the sandbox) is running.',
		);
		expect(unreachableWords(URL_, { cause: { code: 'ENOTFOUND' } })).toMatch(/^Could not reach https:\/\/api\.example\.com \(host not found\): check the spelling/);
		expect(unreachableWords(URL_, code('ETIMEDOUT'))).toMatch(/\(no answer within 15 s\): .*firewall or proxy/);
		expect(unreachableWords(URL_, new Error('timeout of 15000ms exceeded'))).toMatch(/\(no answer within 15 s\)/);
		expect(unreachableWords(URL_, code('CERT_HAS_EXPIRED'))).toMatch(/\(the secure connection failed: CERT_HAS_EXPIRED\): .*certificate/);
		expect(unreachableWords(URL_, code('EWHATEVER'))).toBe('Could not reach https://api.example.com (EWHATEVER): check the Base URL.');
	});

	it('refuses a Base URL that is empty or not a web address, before anything is sent', () => {
		expect(checkBaseUrl('')).toEqual({ problem: expect.stringMatching(/^The Base URL is empty: .*http:\/\/127\.0\.0\.1:8765/) });
		expect(checkBaseUrl('api.example.com')).toEqual({ problem: expect.stringMatching(/is not a web address: write it in full, starting with https:\/\//) });
		expect(checkBaseUrl('ftp://api.example.com')).toEqual({ problem: expect.stringMatching(/must start with https:\/\/ or http:\/\//) });
		expect(checkBaseUrl(URL_)).toEqual({ url: URL_ });
	});

	it('signed APIs: each authentication reason, a refusal, an answer that is not the API, success', () => {
		expect(signedVerdict(URL_, 401, { status: { status: 'FAILED', reason: 102 } })).toEqual({ status: 'Error', message: expect.stringMatching(/^Wrong secret key/) });
		expect(signedVerdict(URL_, 401, { status: { status: 'FAILED', reason: '101' } }).message).toMatch(/^Unknown login/);
		expect(signedVerdict(URL_, 200, { status: { status: 'FAILED', message: 'Site blocked' } }).message).toBe(
			'The platform refused these credentials (Site blocked): check the Login, the Secret Key and the Base URL.',
		);
		expect(signedVerdict(URL_, 404, '<html>Not Found</html>').message).toMatch(/^https:\/\/api\.example\.com answered, but not as the platform's API does \(HTTP 404\)/);
		expect(signedVerdict(URL_, 200, { status: { status: 'OK' }, data: [] })).toEqual({ status: 'OK', message: 'Connection successful' });
	});

	it('onboarding API: an invalid token, a missing permission, an answer that is not the API, success', () => {
		expect(bearerVerdict(URL_, 401, {}).message).toMatch(/^The access token is not valid or has expired/);
		expect(bearerVerdict(URL_, 403, {}).message).toMatch(/lacks the permission/);
		expect(bearerVerdict(URL_, 200, '<!doctype html>').status).toBe('Error');
		expect(bearerVerdict(URL_, 200, { id: 7 }).status).toBe('OK');
	});
});

describe("what the signed credential's test says of the site's clock", () => {
	const connected = { status: 'OK' as const, message: 'Connection successful' };
	it('names the zone that is set', () => {
		expect(siteClockVerdict(connected, { timeZone: 'America/Bogota' })).toEqual({
			status: 'OK',
			message: "Connection successful. Site Time Zone: America/Bogota: the nodes read and write the site's times on its clock.",
		});
	});

	it('says that none is set, or that it is not a zone, as an error the dialog shows', () => {
		expect(siteClockVerdict(connected, {})).toEqual({ status: 'Error', message: expect.stringMatching(/^The connection works, but no Site Time Zone is set: choose the site's time zone/) });
		expect(siteClockVerdict(connected, { timeZone: 'Bogota' }).message).toMatch(/^The connection works, but the Site Time Zone 'Bogota' is not a time zone name/);
	});

	it('leaves a failed connection as it is', () => {
		const failed = { status: 'Error' as const, message: 'Unknown login' };
		expect(siteClockVerdict(failed, {})).toBe(failed);
	});
});
