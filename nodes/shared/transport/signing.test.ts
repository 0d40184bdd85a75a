import { createHash } from 'crypto';
import { buildAuth, computeTranKey, withAuth } from './signing';

// Published vector (legacy SHA-1 integrations).
const secret = 'ABCD1234';
const seed = '2016-10-26T21:37:00+00:00';
const rawNonce = Buffer.from('ifYEPnAcJbpDVR1t', 'utf8');

describe('signing', () => {
	it('reproduces the published SHA-1 vector', () => {
		const auth = buildAuth('site-login', secret, 'sha1', rawNonce, seed);
		expect(auth.nonce).toBe('aWZZRVBuQWNKYnBEVlIxdA==');
		expect(auth.tranKey).toBe('Xi5xrRwrqPU21WE2JI4hyMaCvQ8=');
		expect(auth.seed).toBe(seed);
		expect(auth.login).toBe('site-login');
	});

	it('uses SHA-256 over the same inputs by default', () => {
		const expected = createHash('sha256').update('ifYEPnAcJbpDVR1t' + seed + secret).digest('base64');
		expect(computeTranKey(rawNonce, seed, secret)).toBe(expected);
		expect(expected).toBe('NDlpEEAIe8sbKZ6mGWQrZwbyBB62J1LcyP/a/o7LRqY=');
	});

	it('draws a fresh 16-byte nonce and a current seed for every call', () => {
		const a = buildAuth('l', secret);
		const b = buildAuth('l', secret);
		expect(Buffer.from(a.nonce, 'base64')).toHaveLength(16);
		expect(a.nonce).not.toBe(b.nonce);
		expect(Math.abs(Date.parse(a.seed) - Date.now())).toBeLessThan(5000);
	});

	it('formats the seed as ISO 8601 with an offset and no milliseconds', () => {
		expect(buildAuth('l', secret).seed).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/);
	});

	describe('withAuth', () => {
		const auth = buildAuth('site-login', secret, 'sha256', rawNonce, seed);

		it('adds auth to JSON text without touching a digit of the rest', () => {
			const text = '{"internalReference":12345678901234567890,"amount":{"currency":"USD","total":10.5}}';
			expect(withAuth(text, auth)).toBe(
				`{"internalReference":12345678901234567890,"amount":{"currency":"USD","total":10.5},"auth":${JSON.stringify(auth)}}`,
			);
			expect(withAuth('', auth)).toBe(`{"auth":${JSON.stringify(auth)}}`);
		});

		it('replaces an auth already in the body, and adds it to an object body (the credential test)', () => {
			expect(JSON.parse(withAuth('{"auth":{"login":"other"}}', auth) as string)).toEqual({ auth });
			expect(withAuth({ pagination: { perPage: 1 } }, auth)).toEqual({ pagination: { perPage: 1 }, auth });
			expect(withAuth(undefined, auth)).toEqual({ auth });
		});

		it('leaves a body that is not a JSON object as it is', () => {
			expect(withAuth('not json', auth)).toBe('not json');
			expect(withAuth('[1,2]', auth)).toBe('[1,2]');
		});
	});
});
