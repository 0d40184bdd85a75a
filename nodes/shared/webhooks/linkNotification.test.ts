import { checkLinkNotification, isLinkNotification } from './linkNotification';
import { linkSignature } from './signatures';

const SECRET = 'ABCD1234';
const NOW = Date.parse('2026-03-01T12:00:00Z');
const DATE = '2026-03-01T11:59:00-05:00';

/** The published example shape, signed as the platform signs it. */
const published = (status = 'PAID', linkId: unknown = 4242, date = DATE) => ({
	status: { status, reason: '00', message: 'The payment link was paid', date },
	linkId,
	reference: 'DEAL-42',
	signature: linkSignature({ linkId: String(linkId), status, date }, SECRET),
});

describe('checkLinkNotification', () => {
	it('accepts the published shape, split into what is signed and what is not', () => {
		expect(checkLinkNotification(published(), SECRET, NOW)).toEqual({
			ok: true,
			notification: {
				signed: { linkId: 4242, status: 'PAID', date: DATE },
				unsigned: { reference: 'DEAL-42', reason: '00', message: 'The payment link was paid' },
			},
		});
		expect(checkLinkNotification(published('EXPIRED'), SECRET, NOW)).toMatchObject({ ok: true, notification: { signed: { status: 'EXPIRED' } } });
	});

	it('keeps an ID beyond 2^53 as its digits', () => {
		const id = '90071992547409930';
		expect(checkLinkNotification(published('PAID', id), SECRET, NOW)).toMatchObject({ ok: true, notification: { signed: { linkId: id } } });
	});

	it('refuses a wrong signature, another secret or a changed signed field (401)', () => {
		const tampered = { ...published(), signature: published().signature.replace(/.$/, (c) => (c === '0' ? '1' : '0')) };
		expect(checkLinkNotification(tampered, SECRET, NOW)).toEqual({ ok: false, httpStatus: 401, message: 'The notification could not be verified' });
		expect(checkLinkNotification(published(), 'other', NOW)).toMatchObject({ ok: false, httpStatus: 401 });
		expect(checkLinkNotification({ ...published(), linkId: 4243 }, SECRET, NOW)).toMatchObject({ ok: false, httpStatus: 401 });
		expect(checkLinkNotification({ ...published(), signature: undefined }, SECRET, NOW)).toMatchObject({ ok: false, httpStatus: 401, message: 'The signature is missing' });
	});

	it('refuses a copy whose signed date is outside the replay window (401)', () => {
		expect(checkLinkNotification(published('PAID', 4242, '2026-02-20T10:00:00+00:00'), SECRET, NOW)).toMatchObject({ ok: false, httpStatus: 401, message: expect.stringContaining('7 days old') });
	});

	it('refuses a body without its signed fields (400); unsigned fields that are not text are left out', () => {
		expect(checkLinkNotification(undefined, SECRET, NOW)).toMatchObject({ ok: false, httpStatus: 400 });
		expect(checkLinkNotification({ ...published(), linkId: 'L-1' }, SECRET, NOW)).toMatchObject({ ok: false, httpStatus: 400, message: 'Missing or invalid field: linkId' });
		expect(checkLinkNotification({ linkId: 1, signature: 'x' }, SECRET, NOW)).toMatchObject({ ok: false, httpStatus: 400, message: 'Missing field: status' });
		const odd = { ...published(), reference: { html: '<b>' } };
		expect(checkLinkNotification(odd, SECRET, NOW)).toMatchObject({ ok: true, notification: { unsigned: { reason: '00' } } });
		expect((checkLinkNotification(odd, SECRET, NOW) as { notification: { unsigned: object } }).notification.unsigned).not.toHaveProperty('reference');
	});

	it('tells a link notification from a checkout one', () => {
		expect(isLinkNotification(published())).toBe(true);
		expect(isLinkNotification({ requestId: 1, status: {} })).toBe(false);
		expect(isLinkNotification({ requestId: 1, linkId: 2 })).toBe(false);
	});
});
