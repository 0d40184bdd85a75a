import { linkPayments } from './output';

describe('link payments as items', () => {
	it('gives one item per payment with the link id, reference and status', () => {
		expect(linkPayments({ id: 5, reference: 'R', status: 'ACTIVE', payments: [{ id: 1, status: 'APPROVED' }, { id: 2 }] })).toEqual([
			{ linkId: 5, linkReference: 'R', linkStatus: 'ACTIVE', id: 1, status: 'APPROVED' },
			{ linkId: 5, linkReference: 'R', linkStatus: 'ACTIVE', id: 2 },
		]);
	});

	it('gives no item when the link has no payment', () => {
		expect(linkPayments({ id: 5, payments: [] })).toEqual([]);
		expect(linkPayments({ id: 5 })).toEqual([]);
	});
});
