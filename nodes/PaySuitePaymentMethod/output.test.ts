import { simplifyPaymentMethod } from './output';

describe('simplifyPaymentMethod', () => {
	it('gives the merchant as merchantId, the commission as a number, and no settings', () => {
		const simple = simplifyPaymentMethod({
			id: 501,
			customerId: 1001,
			code: 'CRA',
			name: 'Credit card A',
			commissionModel: 'P',
			commissionValue: '2.50',
			franchise: 'CARD_A',
			order: 1,
			disabled: false,
			settings: { password: 'acquirer-secret' },
			creditRules: { CRA: { DEFAULT: { '3': { minimum: '1.00' } } } },
		});
		expect(simple).toEqual({
			id: 501,
			name: 'Credit card A',
			code: 'CRA',
			merchantId: 1001,
			franchise: 'CARD_A',
			commissionModel: 'P',
			commissionValue: 2.5,
			order: 1,
			disabled: false,
			financialEntity: null,
			hasCreditRules: true,
		});
	});

	it('says there are no credit rules when the object is empty', () => {
		expect(simplifyPaymentMethod({ id: 1, creditRules: {} }).hasCreditRules).toBe(false);
	});
});
