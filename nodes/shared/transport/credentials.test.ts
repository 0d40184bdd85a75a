import { baseUrlFor } from './credentials';

describe('baseUrlFor', () => {
	it('picks the API-specific URL when set, the base URL otherwise, without a trailing slash', () => {
		const credentials = { baseUrl: 'https://platform.example/', gatewayUrl: 'https://gw.example/', checkoutUrl: '  ' };
		expect(baseUrlFor('gateway', credentials)).toBe('https://gw.example');
		expect(baseUrlFor('checkout', credentials)).toBe('https://platform.example');
		expect(baseUrlFor('core', credentials)).toBe('https://platform.example');
		expect(baseUrlFor('onboarding', { baseUrl: 'https://onb.example' })).toBe('https://onb.example');
	});
});
