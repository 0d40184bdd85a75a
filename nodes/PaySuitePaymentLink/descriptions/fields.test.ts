import { LINK_URL_REGEX } from './fields';

const idIn = (regex: string, url: string) => new RegExp(regex).exec(url)?.[1];

describe('the By URL pattern of a payment link', () => {
	it('takes the link ID from /payment-link/<id> or /payment-links/<id> anywhere in the path', () => {
		expect(idIn(LINK_URL_REGEX, 'http://127.0.0.1:4000/payment-link/3001/9f8e')).toBe('3001');
		expect(idIn(LINK_URL_REGEX, 'https://links.example.com/app/payment-links/12')).toBe('12');
		expect(idIn(LINK_URL_REGEX, 'https://links.example.com/payment-link/')).toBeUndefined();
	});
});
