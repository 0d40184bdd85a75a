import { simplifyMerchant, splitMerchant } from './output';

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

describe('simplifyMerchant', () => {
	it('flattens the merchant to what a workflow uses and carries no credential', () => {
		const full = { ...merchant, brand: 'Acme', active: true, mcc: '5411', languages: ['es'], currencies: ['USD'], document: { type: 'NIT', number: '900' }, address: { country: 'CO', city: 'Bogota' } };
		const simple = simplifyMerchant(full);
		expect(simple).toEqual({
			id: 3001,
			name: 'Acme',
			brand: 'Acme',
			active: true,
			mcc: '5411',
			size: null,
			timezone: null,
			incrementType: null,
			url: null,
			languages: ['es'],
			currencies: ['USD'],
			documentType: 'NIT',
			documentNumber: '900',
			country: 'CO',
			city: 'Bogota',
			siteCount: 1,
			paymentMethodCount: 1,
			integrationCount: 1,
			siteIds: [10],
			siteNames: [undefined],
		});
		expect(JSON.stringify(simple)).not.toMatch(/TRANKEY-SECRET|p@ss|site-login/);
	});

	it('reads a merchant without sites, document or address (null languages included)', () => {
		expect(simplifyMerchant({ id: 1, name: 'A', languages: null })).toMatchObject({ languages: [], siteCount: 0, siteIds: [], documentType: null, country: null });
	});
});
