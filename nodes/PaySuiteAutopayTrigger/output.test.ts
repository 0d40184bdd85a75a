import { autopayItem, simpleAutopayItem } from './output';

describe('autopayItem', () => {
	it('keeps what the signature covers apart from the rest, and says the signature was verified', () => {
		const signed = { id: 'e-1', type: 'AUTOPAY_CANCELED' as const, date: '2024-05-01T10:00:00-05:00' };
		const unsigned = { reference: 'SUB-9', additional: { reason: 'user' } };
		expect(autopayItem({ ok: true, event: { signed, unsigned } })).toEqual({ signed, unsigned, signatureVerified: true });
	});
});

describe('simpleAutopayItem', () => {
	it('flattens the event: ID, event, reference, the date as sent and in ISO 8601, the details as received', () => {
		const signed = { id: 'e-1', type: 'AUTOPAY_TRANSACTION_FAILED' as const, date: '2024-05-01 10:00:00' };
		const unsigned = { reference: 'SUB-9', additional: { amount: 10 } };
		expect(simpleAutopayItem({ ok: true, event: { signed, unsigned } }, 'America/Bogota')).toEqual({
			autopayId: 'e-1',
			event: 'AUTOPAY_TRANSACTION_FAILED',
			reference: 'SUB-9',
			date: '2024-05-01 10:00:00',
			dateIso: '2024-05-01T10:00:00-05:00',
			additional: { amount: 10 },
		});
	});
});
