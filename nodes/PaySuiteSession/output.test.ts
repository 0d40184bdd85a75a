import { sessionPayments } from './output';

describe('session payments as items', () => {
	it('gives one item per payment with the session requestId and status', () => {
		const status = { status: 'APPROVED', reason: '00' };
		expect(
			sessionPayments({ requestId: 7, status, payment: [{ internalReference: 1, status: { status: 'APPROVED' } }, { internalReference: 2 }] }),
		).toEqual([
			{ requestId: 7, sessionStatus: status, internalReference: 1, status: { status: 'APPROVED' } },
			{ requestId: 7, sessionStatus: status, internalReference: 2 },
		]);
	});

	it('gives no item when the session has no payment', () => {
		expect(sessionPayments({ requestId: 7, status: {}, payment: null })).toEqual([]);
		expect(sessionPayments({ requestId: 7 })).toEqual([]);
	});
});
