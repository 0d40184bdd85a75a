import { simplifySite } from './output';

describe('simplifySite', () => {
	it('keeps what a workflow uses, flat, and never a transactional key', () => {
		const simple = simplifySite({
			id: 2001,
			name: 'Shop',
			displayName: 'The Shop',
			state: 'INACTIVE',
			credentials: [{ login: 'shop-login', tranKey: 'secret-key', expireOn: null }],
			currency: 'COP',
			locale: 'es',
			expireOn: '2030-01-31 10:00:00',
			services: [{ code: 'CRA', priority: 1 }, { code: 'BTR' }],
			inlineJs: '<script></script>',
		});
		expect(simple).toMatchObject({ id: 2001, name: 'Shop', active: false, state: 'INACTIVE', login: 'shop-login', currency: 'COP', language: 'es' });
		expect(simple).toMatchObject({ expiration: '2030-01-31 10:00:00', paymentMethodCodes: ['CRA', 'BTR'] });
		expect(JSON.stringify(simple)).not.toContain('secret-key');
		expect(simple).not.toHaveProperty('inlineJs');
	});

	it('gives null for what the answer lacks, not undefined', () => {
		expect(simplifySite({ id: 1 })).toMatchObject({ id: 1, active: null, login: null, paymentMethodCodes: [] });
	});
});
