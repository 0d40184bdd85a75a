import { baseUrlFor, signerKey } from './credentials';

describe('baseUrlFor', () => {
	it('picks the API-specific URL when set, the base URL otherwise, without a trailing slash', () => {
		const credentials = { baseUrl: 'https://platform.example/', gatewayUrl: 'https://gw.example/', checkoutUrl: '  ' };
		expect(baseUrlFor('gateway', credentials)).toBe('https://gw.example');
		expect(baseUrlFor('checkout', credentials)).toBe('https://platform.example');
		expect(baseUrlFor('core', credentials)).toBe('https://platform.example');
		expect(baseUrlFor('onboarding', { baseUrl: 'https://onb.example' })).toBe('https://onb.example');
	});
});

describe('signerKey', () => {
	const signer = { baseUrl: 'https://platform.example', login: 'site-login', secretKey: 'secret-one', algorithm: 'sha256' };

	it('is the same for the same signer, and reveals none of its fields', () => {
		const key = signerKey('gateway', signer);
		expect(key).toMatch(/^[0-9a-f]{64}$/);
		expect(signerKey('gateway', { ...signer, timeZone: 'America/Bogota', baseUrl: 'https://platform.example/' })).toBe(key);
		for (const field of Object.values(signer)) expect(key).not.toContain(field);
	});

	it('differs when the secret key, login, digest or address differs', () => {
		const key = signerKey('gateway', signer);
		expect(signerKey('gateway', { ...signer, secretKey: 'wrong-secret' })).not.toBe(key);
		expect(signerKey('gateway', { ...signer, secretKey: '' })).not.toBe(key);
		expect(signerKey('gateway', { ...signer, login: 'other-login' })).not.toBe(key);
		expect(signerKey('gateway', { ...signer, algorithm: 'sha1' })).not.toBe(key);
		expect(signerKey('gateway', { ...signer, gatewayUrl: 'https://gateway.example' })).not.toBe(key);
	});

	it('keeps its fields apart: a login ending where a secret key begins is another signer', () => {
		expect(signerKey('gateway', { ...signer, login: 'ab', secretKey: 'c' })).not.toBe(signerKey('gateway', { ...signer, login: 'a', secretKey: 'bc' }));
	});
});
