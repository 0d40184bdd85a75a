import { createHash } from 'crypto';

import { canonicalJson } from '../shared/canonicalJson';
import { bodyForKey, deriveIdempotenceKey } from './processIdempotenceKey';

const body = {
	payer: { name: 'Ana', email: 'ana@example.com' },
	instrument: { card: { number: '4111111111111111', expiration: '12/30', cvv: '123' } },
	payment: { reference: 'ORDER-1', amount: { currency: 'USD', total: 10 } },
};
const base = { executionId: '42', nodeId: 'node-a', itemIndex: 0, body };

describe('idempotenceKey derivation', () => {
	it('is 32 hex characters and the same for the same execution, node, item and body', () => {
		const key = deriveIdempotenceKey(base);
		expect(key).toMatch(/^[0-9a-f]{32}$/);
		expect(deriveIdempotenceKey({ ...base, body: JSON.parse(JSON.stringify(body)) })).toBe(key);
	});

	it('does not depend on the order of keys, on auth, or on a key already in the body', () => {
		const reordered = { payment: body.payment, instrument: body.instrument, payer: { email: 'ana@example.com', name: 'Ana' } };
		const withAuth = { ...body, auth: { login: 'x', tranKey: 'y' }, idempotenceKey: 'old' };
		expect(deriveIdempotenceKey({ ...base, body: reordered })).toBe(deriveIdempotenceKey(base));
		expect(deriveIdempotenceKey({ ...base, body: withAuth })).toBe(deriveIdempotenceKey(base));
	});

	it.each([
		['execution', { executionId: '43' }],
		['node', { nodeId: 'node-b' }],
		['item', { itemIndex: 1 }],
		['reference', { body: { ...body, payment: { ...body.payment, reference: 'ORDER-2' } } }],
		['amount', { body: { ...body, payment: { ...body.payment, amount: { currency: 'USD', total: 11 } } } }],
		['card', { body: { ...body, instrument: { card: { ...body.instrument.card, number: '5500000000000004' } } } }],
	])('changes with the %s', (_what, change) => {
		expect(deriveIdempotenceKey({ ...base, ...change })).not.toBe(deriveIdempotenceKey(base));
	});

	it('never hashes the card number in clear, nor the CVV', () => {
		const forKey = canonicalJson(bodyForKey(body));
		expect(forKey).not.toContain('4111111111111111');
		expect(forKey).not.toContain('"cvv"');
		expect(forKey).toContain('411111161111');
		// The CVV does not change the key.
		const otherCvv = { ...body, instrument: { card: { ...body.instrument.card, cvv: '999' } } };
		expect(deriveIdempotenceKey({ ...base, body: otherCvv })).toBe(deriveIdempotenceKey(base));
	});

	it('follows the documented formula', () => {
		const bodyHash = createHash('sha256').update(canonicalJson(bodyForKey(body))).digest('hex');
		const expected = createHash('sha256').update(`42\nnode-a\n0\n${bodyHash}`).digest('hex').slice(0, 32);
		expect(deriveIdempotenceKey(base)).toBe(expected);
		// Pinned: the value the key had before canonicalJson moved to its own module.
		expect(deriveIdempotenceKey(base)).toBe('591f5898e7ac2961f5d819e4f56ff069');
	});
});
