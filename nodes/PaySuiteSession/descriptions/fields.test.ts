import { SESSION_URL_REGEX } from './fields';

const idIn = (regex: string, url: string) => new RegExp(regex).exec(url)?.[1];

describe('the By URL pattern of a session', () => {
	it("takes the Request ID from any session link ending in /session/<id>/...", () => {
		expect(idIn(SESSION_URL_REGEX, 'http://127.0.0.1:4000/checkout/session/10001/ab12')).toBe('10001');
		expect(idIn(SESSION_URL_REGEX, 'https://pay.example.com/spa/session/77?lang=es')).toBe('77');
		expect(idIn(SESSION_URL_REGEX, 'https://pay.example.com/session/abc/1')).toBeUndefined();
		expect(idIn(SESSION_URL_REGEX, 'https://pay.example.com/payment-link/5')).toBeUndefined();
	});
});
