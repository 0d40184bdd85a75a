import { createHash } from 'crypto';

import { parseJsonObject } from '../shared/webhookReply';
import { checkCheckoutNotification } from './checkoutNotification';

const SECRET = 'site-secret';
const digest = (algorithm: 'sha256' | 'sha1', text: string) => createHash(algorithm).update(text).digest('hex');
const notification = (overrides: Record<string, unknown> = {}) => ({
	status: { status: 'APPROVED', reason: '00', message: 'Approved', date: '2024-05-01T10:00:00-05:00' },
	requestId: 10001,
	reference: 'ORDER-1',
	signature: `sha256:${digest('sha256', `10001APPROVED2024-05-01T10:00:00-05:00${SECRET}`)}`,
	...overrides,
});

describe('checkCheckoutNotification', () => {
	it('accepts a SHA-256 signed notification', () => {
		expect(checkCheckoutNotification(notification(), SECRET, true)).toEqual({
			ok: true,
			algorithm: 'sha256',
			notification: {
				requestId: 10001,
				reference: 'ORDER-1',
				status: { status: 'APPROVED', reason: '00', message: 'Approved', date: '2024-05-01T10:00:00-05:00' },
			},
		});
	});

	it('accepts a requestId sent as text and the legacy SHA-1 form, unless SHA-1 is turned off', () => {
		const legacy = notification({ requestId: '10001', signature: digest('sha1', `10001APPROVED2024-05-01T10:00:00-05:00${SECRET}`) });
		expect(checkCheckoutNotification(legacy, SECRET, true)).toMatchObject({ ok: true, algorithm: 'sha1', notification: { requestId: 10001 } });
		expect(checkCheckoutNotification(legacy, SECRET, false)).toMatchObject({ ok: false, httpStatus: 401 });
	});

	it('keeps every digit of a requestId beyond 2^53, from the raw body to the signature and the output', () => {
		const signature = `sha256:${digest('sha256', `12345678901234567890APPROVED2024-05-01T10:00:00-05:00${SECRET}`)}`;
		const raw = `{"status":{"status":"APPROVED","date":"2024-05-01T10:00:00-05:00"},"requestId":12345678901234567890,"signature":"${signature}"}`;
		expect(checkCheckoutNotification(parseJsonObject(Buffer.from(raw)), SECRET, true)).toMatchObject({
			ok: true,
			notification: { requestId: '12345678901234567890' },
		});
	});

	it('answers 400 for a missing requestId or status parts, 401 for a bad signature', () => {
		expect(checkCheckoutNotification(undefined, SECRET, true)).toMatchObject({ httpStatus: 400 });
		expect(checkCheckoutNotification(notification({ requestId: 'abc' }), SECRET, true)).toMatchObject({ httpStatus: 400, message: expect.stringContaining('requestId') });
		expect(checkCheckoutNotification(notification({ status: { status: 'APPROVED' } }), SECRET, true)).toMatchObject({
			httpStatus: 400,
			message: 'Missing or empty field: status.date',
		});
		expect(checkCheckoutNotification(notification({ status: { status: 'REJECTED', date: '2024-05-01T10:00:00-05:00' } }), SECRET, true)).toMatchObject({ httpStatus: 401 });
		expect(checkCheckoutNotification(notification({ signature: undefined }), SECRET, true)).toEqual({ ok: false, httpStatus: 401, message: 'The signature is missing' });
		expect(checkCheckoutNotification(notification(), 'other', true)).toMatchObject({ httpStatus: 401 });
	});
});
