import { creditRulesFromRows, toSettings } from './paymentMethodBody';

describe('toSettings', () => {
	it('maps the 3DS settings to the names the platform uses', () => {
		expect(toSettings({ threeDSVersion: 'v2', threeDSApiKey: 'k', MID: 'm' })).toEqual({ MID: 'm', '3DSVersion': 'v2', '3DSApiKey': 'k' });
	});
});

describe('creditRulesFromRows', () => {
	it('nests the rows by payment method code, card group and installment number, sending only what is set', () => {
		expect(
			creditRulesFromRows([
				{ code: 'CRA', cardGroup: 'DEFAULT', installment: 3, minimum: '100.00', maximum: '5000.00', remove: false },
				{ code: 'CRA', cardGroup: 'DEFAULT', installment: 12, minimum: '', maximum: '', remove: true },
				{ code: 'CRB', cardGroup: 'GOLD', installment: 6, minimum: '50' },
			]),
		).toEqual({
			CRA: { DEFAULT: { '3': { minimum: '100.00', maximum: '5000.00' }, '12': { remove: true } } },
			CRB: { GOLD: { '6': { minimum: '50' } } },
		});
	});
});
