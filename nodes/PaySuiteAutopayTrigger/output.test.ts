import { autopayItem } from './output';

describe('autopayItem', () => {
	it('keeps what the signature covers apart from the rest, and says the signature was verified', () => {
		const signed = { id: 'e-1', type: 'AUTOPAY_CANCELED' as const, date: '2024-05-01T10:00:00-05:00' };
		const unsigned = { reference: 'SUB-9', additional: { reason: 'user' } };
		expect(autopayItem({ ok: true, event: { signed, unsigned } })).toEqual({ signed, unsigned, signatureVerified: true });
	});
});
