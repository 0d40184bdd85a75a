import { createHash } from 'crypto';

import { canonicalJson } from '../shared/transport/canonicalJson';
import { itemRunDigest } from '../shared/operation/itemRun';
import { bodyForKey, idempotenceKeyFor } from './processIdempotencyKey';

const body = {
	payer: { name: 'Ana', email: 'ana@example.com' },
	instrument: { card: { number: '4111111111111111', expiration: '12/30', cvv: '123' } },
	payment: { reference: 'ORDER-1', amount: { currency: 'USD', total: 10 } },
};
const input = { order: 'A-1', timestamp: '2026-11-24T10:00:00.000+00:00' };
const base = { workflowId: 'wf-1', nodeId: 'node-a', runIndex: 0, itemIndex: 0, input, body };

describe('idempotenceKey derivation', () => {
	it('is 32 hex characters and the same for the same workflow, node, run, item, input and body', () => {
		const key = idempotenceKeyFor(base);
		expect(key).toMatch(/^[0-9a-f]{32}$/);
		expect(idempotenceKeyFor({ ...base, body: JSON.parse(JSON.stringify(body)) })).toBe(key);
	});

	it('does not depend on the execution: an input stored and read back, as n8n does for a Retry, gives the same key', () => {
		const firstRun = { ...input, at: new Date('2026-11-24T10:00:00Z'), missing: undefined };
		const retried = JSON.parse(JSON.stringify(firstRun));
		expect(idempotenceKeyFor({ ...base, input: retried })).toBe(idempotenceKeyFor({ ...base, input: firstRun }));
		expect(itemRunDigest({ ...base, input: undefined })).toBe(itemRunDigest({ ...base, input: null }));
	});

	it('does not depend on the order of keys, on auth, or on a key already in the body', () => {
		const reordered = { payment: body.payment, instrument: body.instrument, payer: { email: 'ana@example.com', name: 'Ana' } };
		const withAuth = { ...body, auth: { login: 'x', tranKey: 'y' }, idempotenceKey: 'old' };
		expect(idempotenceKeyFor({ ...base, body: reordered, input: { timestamp: input.timestamp, order: 'A-1' } })).toBe(idempotenceKeyFor(base));
		expect(idempotenceKeyFor({ ...base, body: withAuth })).toBe(idempotenceKeyFor(base));
	});

	it.each([
		['workflow', { workflowId: 'wf-2' }],
		['node', { nodeId: 'node-b' }],
		['run (a loop)', { runIndex: 1 }],
		['item', { itemIndex: 1 }],
		['input (a new scheduled run)', { input: { ...input, timestamp: '2026-11-24T11:00:00.000+00:00' } }],
		['reference', { body: { ...body, payment: { ...body.payment, reference: 'ORDER-2' } } }],
		['amount', { body: { ...body, payment: { ...body.payment, amount: { currency: 'USD', total: 11 } } } }],
		['card', { body: { ...body, instrument: { card: { ...body.instrument.card, number: '5500000000000004' } } } }],
	])('changes with the %s', (_what, change) => {
		expect(idempotenceKeyFor({ ...base, ...change })).not.toBe(idempotenceKeyFor(base));
	});

	it('never hashes the card number of the body in clear, nor the CVV', () => {
		const forKey = canonicalJson(bodyForKey(body));
		expect(forKey).not.toContain('4111111111111111');
		expect(forKey).not.toContain('"cvv"');
		expect(forKey).toContain('411111161111');
		// The CVV does not change the key.
		const otherCvv = { ...body, instrument: { card: { ...body.instrument.card, cvv: '999' } } };
		expect(idempotenceKeyFor({ ...base, body: otherCvv })).toBe(idempotenceKeyFor(base));
	});

	it('follows the documented formula', () => {
		const sha = (text: string) => createHash('sha256').update(text).digest('hex');
		const run = sha(`wf-1\nnode-a\n0\n0\n${canonicalJson(input)}`);
		expect(itemRunDigest(base)).toBe(run);
		const expected = sha(`${run}\n${sha(canonicalJson(bodyForKey(body)))}`).slice(0, 32);
		expect(idempotenceKeyFor(base)).toBe(expected);
	});
});
