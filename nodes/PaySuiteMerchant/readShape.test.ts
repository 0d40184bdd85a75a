import { HIDDEN, hideCredentials, splitMerchant } from './readShape';

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

describe('hideCredentials', () => {
	it('hides site tranKeys and secret-looking settings, keeps everything else', () => {
		const hidden = hideCredentials(merchant) as any;
		expect(hidden.sites[0].tranKey).toBe(HIDDEN);
		expect(hidden.sites[0].login).toBe('site-login');
		expect(hidden.paymentMethods[0].settings).toEqual({ merchantCode: 'M1', password: HIDDEN, nested: { apiKey: HIDDEN, region: 'co' } });
		expect(hidden.integrations[0].settings).toEqual({ token: HIDDEN, url: 'https://crm' });
		expect(hidden.sites[0].paymentMethods[0].settings).toEqual({ secret: HIDDEN, label: 'x' });
		expect(hidden.sites[0].integrations[0].settings).toEqual(merchant.sites[0].integrations[0].settings);
		expect(JSON.stringify(hidden)).not.toMatch(/TRANKEY-SECRET|p@ss/);
		expect(merchant.sites[0].tranKey).toBe('TRANKEY-SECRET');
	});

	it('copes with settings given as an empty array (the read shape for an empty object)', () => {
		expect(hideCredentials({ id: 1, paymentMethods: [{ id: 1, settings: [] }], sites: [] })).toEqual({ id: 1, paymentMethods: [{ id: 1, settings: [] }], integrations: undefined, sites: [] });
	});
});

describe('splitMerchant', () => {
	it('gives one item per site or payment method with the merchant id', () => {
		expect(splitMerchant(merchant, 'merchant')).toEqual([merchant]);
		expect(splitMerchant(merchant, 'sites').map((s) => [s.merchantId, s.id])).toEqual([[3001, 10]]);
		expect(splitMerchant(merchant, 'paymentMethods').map((s) => [s.merchantId, s.code])).toEqual([[3001, 'VISA']]);
		expect(splitMerchant({ id: 1, sites: [] }, 'sites')).toEqual([]);
	});
});
