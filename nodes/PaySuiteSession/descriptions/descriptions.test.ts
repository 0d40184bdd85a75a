import { LINK_URL_REGEX } from '../../PaySuitePaymentLink/descriptions/fields';
import { SESSION_URL_REGEX } from './fields';
import { metadataRows } from './metadata';
import { paymentParts } from './payment';

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

describe('metadata rows', () => {
	it('gives an object of the rows with a key, or nothing', () => {
		expect(metadataRows({ entry: [{ key: ' a ', value: '1' }, { key: '', value: 'x' }] })).toEqual({ a: '1' });
		expect(metadataRows({})).toBeUndefined();
	});
});

describe('payment parts', () => {
	it('builds the documented shapes and leaves out what was not set', () => {
		const { parts, amount } = paymentParts(
			{
				items: { entry: [{ name: 'Shoe', qty: 1, tax: 0 }] },
				recurring: { entry: { periodicity: 'M', interval: 1, maxPeriods: 0, nextPayment: '2030-02-01T10:00:00' } },
				taxes: { entry: [{ kind: 'ice', amount: 2, base: 0 }] },
			},
			'UTC',
			() => undefined,
		);
		expect(parts).toMatchObject({ items: [{ name: 'Shoe', qty: 1, tax: undefined }], recurring: { periodicity: 'M', interval: 1, maxPeriods: undefined, nextPayment: '2030-02-01' } });
		expect(parts.dispersion).toBeUndefined();
		expect(amount).toEqual({ taxes: [{ kind: 'ice', amount: 2, base: undefined }], details: undefined });
	});
});
