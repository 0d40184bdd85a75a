import { HIDDEN_FROM_TOOL, HIDDEN_SECRET, hideSecrets, isSecretKey, maskCardNumber, redact, scrubSecrets } from './redact';

describe('redact', () => {
	it('replaces secrets at any depth and masks card numbers', () => {
		const input = {
			auth: { login: 'l', tranKey: 'k' },
			instrument: { card: { number: '4111111111111111', cvv: '123', expiration: '12/29' } },
			status: { message: 'card 4111111111111111 declined' },
			list: [{ accessToken: 'abc' }, { password: null }],
		};
		expect(redact(input)).toEqual({
			auth: '[redacted]',
			instrument: { card: { number: '[redacted]', cvv: '[redacted]', expiration: '12/29' } },
			status: { message: 'card 411111******1111 declined' },
			list: [{ accessToken: '[redacted]' }, { password: null }],
		});
		expect(input.auth.tranKey).toBe('k');
	});

	it('masks 12 to 19 digit runs only', () => {
		expect(maskCardNumber('ref 12345 and 5500000000000004')).toBe('ref 12345 and 550000******0004');
	});

	it('scrubs known secret strings from text', () => {
		expect(scrubSecrets('bad key s3cr3tKey!', ['s3cr3tKey!', undefined])).toBe('bad key [redacted]');
	});
});

const H = HIDDEN_SECRET;

describe('hideSecrets (outputs)', () => {
	const merchant = {
		id: 3001,
		name: 'Acme',
		paymentMethods: [{ id: 1, code: 'VISA', settings: { merchantCode: 'M1', username: 'u', password: 'p@ss', '3DSApiKey': 'k3', nested: { apiKey: 'k', region: 'co' } } }],
		integrations: [{ id: 2, type: 'crm', settings: { token: 't', url: 'https://crm' } }],
		sites: [
			{
				id: 10,
				login: 'site-login',
				tranKey: 'TRANKEY-SECRET',
				md5Hash: 'md5',
				onboardingToken: null,
				credentials: [{ login: 'site-login', tranKey: 'TRANKEY-2', expireOn: null }],
				paymentMethods: [{ id: 5, settings: { secret: 's', label: 'x' } }],
				integrations: [{ id: 6, type: 'notifier', settings: { enabled: true, handler: 'h', additional: { uri: 'https://hook' }, retry_after: 5 } }],
			},
		],
	};

	it('hides tranKeys, credentials and secret-looking settings at any depth, and keeps everything else', () => {
		const hidden = hideSecrets(merchant);
		expect(hidden.sites[0]).toMatchObject({ login: 'site-login', tranKey: H, md5Hash: H, onboardingToken: null, credentials: [{ login: 'site-login', tranKey: H, expireOn: null }] });
		expect(hidden.paymentMethods[0].settings).toEqual({ merchantCode: 'M1', username: 'u', password: H, '3DSApiKey': H, nested: { apiKey: H, region: 'co' } });
		expect(hidden.integrations[0].settings).toEqual({ token: H, url: 'https://crm' });
		expect(hidden.sites[0].paymentMethods[0].settings).toEqual({ secret: H, label: 'x' });
		expect(hidden.sites[0].integrations[0].settings).toEqual(merchant.sites[0].integrations[0].settings);
		expect(JSON.stringify(hidden)).not.toMatch(/TRANKEY|p@ss|k3|"md5"/);
		expect(merchant.sites[0].tranKey).toBe('TRANKEY-SECRET');
	});

	it('looks into a token object, hides the values of secret name/value pairs, and keeps long identifiers', () => {
		const answer = {
			internalReference: '9007199254740993123',
			data: { token: { token: 'tok', subtoken: 'sub', lastDigits: '1111', franchise: 'X' } },
			subscription: { instrument: [{ keyword: 'token', value: 'tok' }, { keyword: 'subtoken', value: 'sub' }, { keyword: 'lastDigits', value: '1111' }] },
			instrument: { card: { number: '4111111111111111', cvv: '123' } },
		};
		expect(hideSecrets(answer, HIDDEN_FROM_TOOL)).toEqual({
			internalReference: '9007199254740993123',
			data: { token: { token: HIDDEN_FROM_TOOL, subtoken: HIDDEN_FROM_TOOL, lastDigits: '1111', franchise: 'X' } },
			subscription: { instrument: [{ keyword: 'token', value: HIDDEN_FROM_TOOL }, { keyword: 'subtoken', value: HIDDEN_FROM_TOOL }, { keyword: 'lastDigits', value: '1111' }] },
			instrument: { card: { number: HIDDEN_FROM_TOOL, cvv: HIDDEN_FROM_TOOL } },
		});
	});

	it('applies the settings pattern only under settings, and card.number only under card', () => {
		expect(isSecretKey('idempotenceKey')).toBe(false);
		expect(isSecretKey('idempotenceKey', { inSettings: true })).toBe(true);
		expect(isSecretKey('number')).toBe(false);
		expect(isSecretKey('number', { parent: 'card', inSettings: false })).toBe(true);
	});
});

describe('the authorization of a payment and of a request', () => {
	it("keeps a payment's approval code and hides a request's Authorization header", () => {
		const hidden = hideSecrets({
			payment: { authorization: '034521', receipt: '1234' },
			headers: { Authorization: 'Bearer abc.def', 'content-type': 'application/json' },
			options: { authHeader: 'Basic dXNlcjpwYXNz' },
		});
		expect(hidden).toEqual({
			payment: { authorization: '034521', receipt: '1234' },
			headers: { Authorization: HIDDEN_SECRET, 'content-type': 'application/json' },
			options: { authHeader: HIDDEN_SECRET },
		});
	});
});

describe('words that start like an authorization value', () => {
	it('hides a bearer token and Basic user:password anywhere, and keeps plain text such as a plan name', () => {
		const hidden = hideSecrets({
			note: 'Bearer eyJhbGciOiJIUzI1NiJ9.e30.sig',
			token68: 'bearer abcdefghijklmnopqrstu',
			forwarded: 'Basic YWxhZGRpbjpvcGVuc2VzYW1l',
			plan: 'Basic Plan',
			product: 'Bearer Bonds',
			description: 'Basic plan, billed monthly',
		});
		expect(hidden).toEqual({
			note: HIDDEN_SECRET,
			token68: HIDDEN_SECRET,
			forwarded: HIDDEN_SECRET,
			plan: 'Basic Plan',
			product: 'Bearer Bonds',
			description: 'Basic plan, billed monthly',
		});
	});
});

describe('a wide item (a report row of 29 columns)', () => {
	it('is copied with its keys in order, secrets hidden, card numbers masked only by redact, the original untouched', () => {
		const row: Record<string, unknown> = {};
		for (let index = 0; index < 29; index++) row[`column_${index}`] = index % 3 === 0 ? index : `text ${index}`;
		Object.assign(row, { token: 'tok_123', card: { number: '4111111111111111' }, note: 'card 4111111111111111', deep: { settings: { apiKey: 'k' } } });
		const before = JSON.stringify(row);
		const hidden = hideSecrets(row);
		expect(Object.keys(hidden)).toEqual(Object.keys(row));
		expect(hidden).toEqual({ ...row, token: HIDDEN_SECRET, card: { number: HIDDEN_SECRET }, deep: { settings: { apiKey: HIDDEN_SECRET } } });
		expect(redact(row).note).toBe('card 411111******1111');
		expect(hidden.card).not.toBe(row.card);
		expect(JSON.stringify(row)).toBe(before);
	});
});
