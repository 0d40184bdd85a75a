import { createHash } from 'crypto';

import { checkAutopayEvent } from './autopayEvent';

const SECRET = 'site-secret';
const sign = (id: string, type: string, date: string, secret = SECRET) =>
	`sha256:${createHash('sha256').update(`${id}${type}${date}${secret}`).digest('hex')}`;
const event = (overrides: Record<string, unknown> = {}) => {
	const base = { id: '6f1c2a8e-0d7b-4a59-9b8e-3c2d1e0f9a77', type: 'AUTOPAY_CANCELED', date: '2024-05-01T10:00:00-05:00', reference: 'SUB-9' };
	return { ...base, signature: sign(base.id, base.type, base.date), ...overrides };
};

describe('checkAutopayEvent', () => {
	it('accepts a signed event and defaults additional to an empty object', () => {
		expect(checkAutopayEvent(event(), SECRET)).toEqual({
			ok: true,
			event: { id: '6f1c2a8e-0d7b-4a59-9b8e-3c2d1e0f9a77', type: 'AUTOPAY_CANCELED', date: '2024-05-01T10:00:00-05:00', reference: 'SUB-9', additional: {} },
		});
		expect(checkAutopayEvent(event({ additional: { reason: 'user' } }), SECRET)).toMatchObject({ ok: true, event: { additional: { reason: 'user' } } });
	});

	it('answers 400 when the body or a signed field is missing', () => {
		expect(checkAutopayEvent(undefined, SECRET)).toMatchObject({ ok: false, httpStatus: 400 });
		expect(checkAutopayEvent(event({ id: undefined }), SECRET)).toEqual({ ok: false, httpStatus: 400, message: 'Missing or empty field: id' });
		expect(checkAutopayEvent(event({ type: '', date: 5 }), SECRET)).toEqual({ ok: false, httpStatus: 400, message: 'Missing or empty field: type, date' });
	});

	it('answers 401 for a missing or wrong signature before looking at the other rules', () => {
		expect(checkAutopayEvent(event({ signature: undefined }), SECRET)).toEqual({ ok: false, httpStatus: 401, message: 'The signature is missing' });
		expect(checkAutopayEvent(event(), 'other-secret')).toEqual({ ok: false, httpStatus: 401, message: 'The signature does not match' });
		// Unknown type and missing reference, but unsigned: the signature is what is reported.
		expect(checkAutopayEvent(event({ type: 'X', reference: undefined }), SECRET)).toMatchObject({ httpStatus: 401 });
	});

	it('answers 400 for an unknown type, a missing reference or a non-object additional once signed', () => {
		const id = '6f1c2a8e-0d7b-4a59-9b8e-3c2d1e0f9a77';
		const date = '2024-05-01T10:00:00-05:00';
		expect(checkAutopayEvent(event({ type: 'AUTOPAY_PAUSED', signature: sign(id, 'AUTOPAY_PAUSED', date) }), SECRET)).toEqual({
			ok: false,
			httpStatus: 400,
			message: 'Unknown event type "AUTOPAY_PAUSED"',
		});
		expect(checkAutopayEvent(event({ reference: undefined }), SECRET)).toMatchObject({ httpStatus: 400, message: 'Missing or empty field: reference' });
		expect(checkAutopayEvent(event({ additional: [1] }), SECRET)).toMatchObject({ httpStatus: 400 });
	});
});
