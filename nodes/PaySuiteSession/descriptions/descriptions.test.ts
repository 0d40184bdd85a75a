import { LINK_URL_REGEX } from '../../PaySuitePaymentLink/descriptions/fields';
import { SESSION_URL_REGEX } from './fields';

const idIn = (regex: string, url: string) => new RegExp(regex).exec(url)?.[1];

describe('the By URL patterns', () => {
	it("take the Request ID from any session link ending in /session/<id>/...", () => {
		expect(idIn(SESSION_URL_REGEX, 'http://127.0.0.1:4000/checkout/session/10001/ab12')).toBe('10001');
		expect(idIn(SESSION_URL_REGEX, 'https://pay.example.com/spa/session/77?lang=es')).toBe('77');
		expect(idIn(SESSION_URL_REGEX, 'https://pay.example.com/session/abc/1')).toBeUndefined();
		expect(idIn(SESSION_URL_REGEX, 'https://pay.example.com/payment-link/5')).toBeUndefined();
	});

	it('take the link ID from /payment-link/<id> or /payment-links/<id> anywhere in the path', () => {
		expect(idIn(LINK_URL_REGEX, 'http://127.0.0.1:4000/payment-link/3001/9f8e')).toBe('3001');
		expect(idIn(LINK_URL_REGEX, 'https://links.example.com/app/payment-links/12')).toBe('12');
		expect(idIn(LINK_URL_REGEX, 'https://links.example.com/payment-link/')).toBeUndefined();
	});
});
