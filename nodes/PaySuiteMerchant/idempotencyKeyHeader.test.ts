import { createHash } from 'crypto';

import { idempotencyKeyHeaderFor, IDEMPOTENCY_KEY_PATTERN } from './idempotencyKeyHeader';

describe('idempotencyKeyHeaderFor', () => {
	const body = { name: 'Acme', brand: 'Acme', languages: ['es'], address: { city: 'Bogota', state: 11 } };

	it('matches the platform pattern', () => {
		const key = idempotencyKeyHeaderFor('merchant.create', body);
		expect(key).toMatch(IDEMPOTENCY_KEY_PATTERN);
		expect(key).toHaveLength(52);
	});

	it('is SHA-256 of scope, newline and the canonical body, as documented', () => {
		const expected = createHash('sha256').update('merchant.create\n{"address":{"city":"Bogota","state":11},"brand":"Acme","languages":["es"],"name":"Acme"}').digest('hex');
		expect(idempotencyKeyHeaderFor('merchant.create', body)).toBe(`n8n-${expected.slice(0, 48)}`);
		// Pinned: the value the key had before canonicalJson moved to its own module.
		expect(idempotencyKeyHeaderFor('merchant.create', body)).toBe('n8n-07be2d36953e54d37c83deb28b1a624929f1488948a5f174');
	});

	it('gives the same key for the same content in any key order', () => {
		const reordered = { address: { state: 11, city: 'Bogota' }, languages: ['es'], brand: 'Acme', name: 'Acme' };
		expect(idempotencyKeyHeaderFor('merchant.create', reordered)).toBe(idempotencyKeyHeaderFor('merchant.create', body));
	});

	it('gives another key for other content or another scope', () => {
		const key = idempotencyKeyHeaderFor('merchant.create', body);
		expect(idempotencyKeyHeaderFor('merchant.create', { ...body, brand: 'Acme 2' })).not.toBe(key);
		expect(idempotencyKeyHeaderFor('merchant.update:12', body)).not.toBe(key);
	});
});

describe('IDEMPOTENCY_KEY_PATTERN', () => {
	it.each(['a'.repeat(16), 'a'.repeat(64), 'abc_DEF.123:xyz-9'])('accepts %s', (key) => expect(key).toMatch(IDEMPOTENCY_KEY_PATTERN));
	it.each(['a'.repeat(15), 'a'.repeat(65), 'abcdefghijklmnop q', 'abcdefghijklmnop/'])('refuses %s', (key) =>
		expect(key).not.toMatch(IDEMPOTENCY_KEY_PATTERN),
	);
});
