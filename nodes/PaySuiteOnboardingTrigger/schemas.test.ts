import { onboardingSignature } from '../shared/webhooks/signatures';
import { checkNotificationSignature, checkProcessNotification, readProcessNotification } from './schemas';

describe('checkProcessNotification', () => {
	it('needs only a process identifier', () => {
		expect(checkProcessNotification({ processId: 'a1b2' })).toEqual({ ok: true, processId: 'a1b2' });
		expect(checkProcessNotification(undefined)).toMatchObject({ ok: false, message: 'The body is not a JSON object' });
		expect(checkProcessNotification({ processId: '' })).toMatchObject({ ok: false, message: 'Missing or empty field: processId' });
		expect(checkProcessNotification({ processId: 42 })).toMatchObject({ ok: false });
		expect(checkProcessNotification({ processId: '../merchants/1' })).toMatchObject({ ok: false });
	});
});

describe('checkNotificationSignature', () => {
	const NOW = Date.UTC(2025, 4, 1, 12, 0, 0);
	const raw = Buffer.from('{"processId":"a1b2"}');
	const header = (secret = 'whsec', kid = 'k1', t = NOW / 1000) => `t=${t},kid=${kid},v1=${onboardingSignature(secret, t, raw)}`;

	it('accepts a header signed with the secret, and reports its key ID', () => {
		expect(checkNotificationSignature(header(), raw, 'whsec', undefined, NOW)).toEqual({ ok: true, keyId: 'k1' });
		expect(checkNotificationSignature(header(), raw, 'whsec', 'k1', NOW)).toEqual({ ok: true, keyId: 'k1' });
	});

	it('refuses with 401 and the words of each problem', () => {
		expect(checkNotificationSignature(undefined, raw, 'whsec', undefined, NOW)).toEqual({ ok: false, httpStatus: 401, message: 'The X-Signature header is missing' });
		expect(checkNotificationSignature(header(), raw, 'whsec', 'k2', NOW)).toEqual({ ok: false, httpStatus: 401, message: 'The X-Signature header names another key (kid)' });
		expect(checkNotificationSignature(header('other'), raw, 'whsec', undefined, NOW)).toEqual({ ok: false, httpStatus: 401, message: 'The notification could not be verified' });
		expect(checkNotificationSignature(header(), raw, 'whsec', undefined, NOW + 301_000)).toMatchObject({ httpStatus: 401, message: 'The X-Signature timestamp is more than 300 seconds away from now' });
	});

	it('refuses every notification while the credential has no secret, and warns the owner', () => {
		expect(checkNotificationSignature(header(), raw, '', undefined, NOW)).toEqual({
			ok: false,
			notVerified: 'no notification secret',
			warning: 'its credential has no Notification Secret (set it, or turn Verify Signature off)',
		});
	});
});

describe('readProcessNotification', () => {
	it('names the process with the signature checked, or refuses the body with 400', () => {
		expect(readProcessNotification({ processId: 'a1b2' }, { ok: true, keyId: 'k1' })).toEqual({ ok: true, processId: 'a1b2', signature: { ok: true, keyId: 'k1' } });
		expect(readProcessNotification({ processId: 'a1b2' }, undefined)).toEqual({ ok: true, processId: 'a1b2', signature: undefined });
		expect(readProcessNotification({}, undefined)).toEqual({ ok: false, httpStatus: 400, message: 'Missing or empty field: processId' });
	});
});
