import { HIDDEN_SECRET } from '../shared/transport/redact';
import { checkoutItem, sessionStatusOf } from './output';
import type { CheckoutDelivery } from './schemas';

const delivery: CheckoutDelivery = {
	ok: true,
	algorithm: 'sha1',
	notification: { signed: { requestId: 10001, status: 'APPROVED', date: '2024-05-01T10:00:00-05:00' }, unsigned: { reference: 'ORDER-1' } },
};

describe('sessionStatusOf', () => {
	it('reads status.status, and nothing when the session has none', () => {
		expect(sessionStatusOf({ status: { status: 'APPROVED' } })).toBe('APPROVED');
		expect(sessionStatusOf({})).toBe('');
	});
});

describe('checkoutItem', () => {
	const session = { requestId: 10001, status: { status: 'APPROVED' }, subscription: { instrument: [{ keyword: 'token', value: 'tok-1' }] } };

	it('outputs the session with the notification that named it and how it was signed', () => {
		expect(checkoutItem(session, delivery, true)).toEqual({
			...session,
			notification: delivery.notification,
			signatureVerified: true,
			signatureAlgorithm: 'sha1',
		});
	});

	it('hides the session secrets unless Include Secrets is on', () => {
		expect(JSON.stringify(checkoutItem(session, delivery, false))).not.toContain('tok-1');
		expect(JSON.stringify(checkoutItem(session, delivery, false))).toContain(HIDDEN_SECRET);
	});
});
