import { maskCardNumber, redact, scrubSecrets } from './redact';

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
			instrument: { card: { number: '411111******1111', cvv: '[redacted]', expiration: '12/29' } },
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
