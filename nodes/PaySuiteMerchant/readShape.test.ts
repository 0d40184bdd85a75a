import { splitMerchant } from './readShape';

const merchant = {
	id: 3001,
	name: 'Acme',
	paymentMethods: [{ id: 1, code: 'VISA', settings: { merchantCode: 'M1', password: 'p@ss', nested: { apiKey: 'k', region: 'co' } } }],
	integrations: [{ id: 2, type: 'crm', settings: { token: 't', url: 'https://crm' } }],
	sites: [
		{
			id: 10,
			login: 'site-login',
			tranKey: 'TRANKEY-SECRET',
			paymentMethods: [{ id: 5, settings: { secret: 's', label: 'x' } }],
			integrations: [{ id: 6, type: 'notifier', settings: { enabled: true, handler: 'h', additional: { uri: 'https://hook' }, retry_after: 5 } }],
		},
	],
};

describe('splitMerchant', () => {
	it('gives one item per site or payment method with the merchant id', () => {
		expect(splitMerchant(merchant, 'merchant')).toEqual([merchant]);
		expect(splitMerchant(merchant, 'sites').map((s) => [s.merchantId, s.id])).toEqual([[3001, 10]]);
		expect(splitMerchant(merchant, 'paymentMethods').map((s) => [s.merchantId, s.code])).toEqual([[3001, 'VISA']]);
		expect(splitMerchant({ id: 1, sites: [] }, 'sites')).toEqual([]);
	});
});
