import { createHash } from 'crypto';

import { parseJsonBody } from '../shared/webhooks/reply';
import { checkCheckoutNotification } from './schemas';

const SECRET = 'site-secret';
const NOW = Date.UTC(2024, 4, 1, 16, 0, 0);
const DATE = '2024-05-01T10:00:00-05:00';
const digest = (algorithm: 'sha256' | 'sha1', text: string) => createHash(algorithm).update(text).digest('hex');
const notification = (overrides: Record<string, unknown> = {}) => ({
	status: { status: 'APPROVED', reason: '00', message: 'Approved', date: DATE },
	requestId: 10001,
	reference: 'ORDER-1',
	signature: `sha256:${digest('sha256', `10001APPROVED${DATE}${SECRET}`)}`,
	...overrides,
});
const check = (body: Record<string, unknown> | undefined, secret = SECRET, acceptSha1 = true) => checkCheckoutNotification(body, secret, acceptSha1, NOW);

describe('checkCheckoutNotification', () => {
	it('splits a SHA-256 signed notification into what the signature covers and what it does not', () => {
		expect(check(notification())).toEqual({
			ok: true,
			algorithm: 'sha256',
			notification: {
				signed: { requestId: 10001, status: 'APPROVED', date: DATE },
				unsigned: { reference: 'ORDER-1', reason: '00', message: 'Approved' },
			},
		});
	});

	it('keeps unsigned text as received and leaves out unsigned fields that are not text, never refusing for them', () => {
		const altered = check(notification({ reference: 'EVIL', status: { status: 'APPROVED', date: DATE, reason: 5, message: '<script>alert(1)</script>' } }));
		expect(altered).toMatchObject({ ok: true, notification: { unsigned: { reference: 'EVIL', reason: '5', message: '<script>alert(1)</script>' } } });
		const odd = check(notification({ reference: { a: 1 }, status: { status: 'APPROVED', date: DATE, reason: null, message: ['x'] } }));
		expect(odd).toMatchObject({ ok: true, notification: { unsigned: {} } });
	});

	it('accepts a requestId sent as text and the legacy SHA-1 form, unless SHA-1 is turned off', () => {
		const legacy = notification({ requestId: '10001', signature: digest('sha1', `10001APPROVED${DATE}${SECRET}`) });
		expect(check(legacy)).toMatchObject({ ok: true, algorithm: 'sha1', notification: { signed: { requestId: 10001 } } });
		expect(check(legacy, SECRET, false)).toEqual({ ok: false, httpStatus: 401, message: 'Legacy SHA-1 signatures are turned off for this trigger' });
	});

	it('answers 400 for a missing or mistyped requestId or status, 401 for a missing or wrong signature', () => {
		expect(check(undefined)).toMatchObject({ httpStatus: 400 });
		expect(check(notification({ requestId: 'abc' }))).toEqual({ ok: false, httpStatus: 400, message: 'Missing or invalid field: requestId' });
		expect(check(notification({ requestId: { n: 1 } }))).toMatchObject({ httpStatus: 400, message: 'Missing or invalid field: requestId' });
		expect(check(notification({ requestId: 1e20 }))).toMatchObject({ httpStatus: 400 });
		expect(check(notification({ status: 'APPROVED' }))).toEqual({ ok: false, httpStatus: 400, message: 'Missing field: status' });
		expect(check(notification({ status: { status: 'APPROVED' } }))).toEqual({ ok: false, httpStatus: 400, message: 'Missing or empty field: status.date' });
		expect(check(notification({ status: { status: 'REJECTED', date: DATE } }))).toEqual({ ok: false, httpStatus: 401, message: 'The notification could not be verified' });
		expect(check(notification({ signature: undefined }))).toEqual({ ok: false, httpStatus: 401, message: 'The signature is missing' });
		expect(check(notification({ signature: 'md5:abc' }))).toEqual({ ok: false, httpStatus: 401, message: 'The signature is not in a known form' });
		expect(check(notification(), 'other')).toEqual({ ok: false, httpStatus: 401, message: 'The notification could not be verified' });
	});

	it('answers 401 for a signed status date more than 7 days old or a day ahead', () => {
		const dated = (date: string) =>
			check(notification({ status: { status: 'APPROVED', date }, signature: `sha256:${digest('sha256', `10001APPROVED${date}${SECRET}`)}` }));
		expect(dated('2024-04-20T10:00:00+00:00')).toEqual({ ok: false, httpStatus: 401, message: 'The event date is more than 7 days old' });
		expect(dated('2024-05-03T10:00:00+00:00')).toEqual({ ok: false, httpStatus: 401, message: "The event date is more than 24 hours ahead of the receiver's clock" });
		expect(dated('2024-05-01T15:59:00+00:00')).toMatchObject({ ok: true });
	});

	it('keeps every digit of a requestId beyond 2^53, from the raw body to the signature and the output', () => {
		const signature = `sha256:${digest('sha256', `12345678901234567890APPROVED${DATE}${SECRET}`)}`;
		const raw = `{"status":{"status":"APPROVED","date":"${DATE}"},"requestId":12345678901234567890,"signature":"${signature}"}`;
		const parsed = parseJsonBody(Buffer.from(raw));
		expect(parsed.ok).toBe(true);
		expect(check(parsed.ok ? parsed.body : undefined)).toMatchObject({ ok: true, notification: { signed: { requestId: '12345678901234567890' } } });
	});
});
