import { HIDDEN_SECRET } from '../shared/transport/redact';
import { checkoutItem, sessionStatusOf, simpleCheckoutItem } from './output';
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

describe('simpleCheckoutItem', () => {
	const paid = {
		requestId: 10001,
		status: { status: 'APPROVED', reason: '00', message: 'Approved', date: '2024-05-01T15:00:00+00:00' },
		request: {
			payment: { reference: 'ORDER-1', description: 'Plan', amount: { currency: 'USD', total: 120 } },
			payer: { name: 'Ana', surname: 'Gomez', email: 'ana@example.com', document: '1020', documentType: 'CC' },
		},
		payment: [
			{
				status: { status: 'REJECTED', reason: '05', message: 'Rejected', date: '2024-05-01T14:00:00+00:00' },
				internalReference: 1,
				amount: { from: { currency: 'USD', total: 120 }, to: { currency: 'COP', total: 480000 }, factor: 4000 },
			},
			{
				status: { status: 'APPROVED', reason: '00', message: 'Approved', date: '2024-05-01T15:00:00+00:00' },
				internalReference: 2,
				paymentMethod: 'visa',
				receipt: 'R-2',
				amount: { from: { currency: 'USD', total: 120 }, to: { currency: 'COP', total: 480000 }, factor: 4000 },
			},
		],
		subscription: { status: { status: 'OK' }, instrument: [{ keyword: 'token', value: 'tok-1' }] },
	};

	it('has exactly one status and one amount, with its currency, and no nested field', () => {
		const item = simpleCheckoutItem(paid, 'America/Bogota');
		expect(Object.keys(item).filter((name) => /status/i.test(name))).toEqual(['status']);
		expect(Object.keys(item).filter((name) => /amount|total/i.test(name))).toEqual(['amount']);
		expect(Object.values(item).filter((value) => value !== null && typeof value === 'object')).toEqual([]);
		expect(item).toMatchObject({ status: 'APPROVED', amount: 120, currency: 'USD', reference: 'ORDER-1', payerName: 'Ana', payerEmail: 'ana@example.com' });
	});

	it('takes the approved payment and writes the dates in ISO 8601 on the site clock', () => {
		expect(simpleCheckoutItem(paid, 'America/Bogota')).toMatchObject({
			internalReference: 2,
			receipt: 'R-2',
			paymentMethod: 'visa',
			date: '2024-05-01T15:00:00+00:00',
			dateIso: '2024-05-01T10:00:00-05:00',
			paymentDateIso: '2024-05-01T10:00:00-05:00',
		});
	});

	it('never holds the subscription token', () => {
		expect(JSON.stringify(simpleCheckoutItem(paid, 'UTC'))).not.toContain('tok-1');
	});
});
