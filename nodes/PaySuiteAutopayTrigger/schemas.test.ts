import { createHash } from 'crypto';

import { checkAutopayEvent } from './schemas';

const SECRET = 'site-secret';
const NOW = Date.UTC(2024, 4, 1, 16, 0, 0);
const sign = (id: string, type: string, date: string, secret = SECRET) =>
	`sha256:${createHash('sha256').update(`${id}${type}${date}${secret}`).digest('hex')}`;
const ID = '6f1c2a8e-0d7b-4a59-9b8e-3c2d1e0f9a77';
const DATE = '2024-05-01T10:00:00-05:00';

const event = (overrides: Record<string, unknown> = {}) => {
	const base = { id: ID, type: 'AUTOPAY_CANCELED', date: DATE, reference: 'SUB-9' };
	return { ...base, signature: sign(base.id, base.type, base.date), ...overrides };
};
const check = (body: Record<string, unknown> | undefined, secret = SECRET) => checkAutopayEvent(body, secret, NOW);

describe('checkAutopayEvent', () => {
	it('splits a signed event into what the signature covers and what it does not', () => {
		expect(check(event())).toEqual({
			ok: true,
			event: {
				signed: { id: ID, type: 'AUTOPAY_CANCELED', date: DATE },
				unsigned: { reference: 'SUB-9', additional: {} },
			},
		});
		expect(check(event({ additional: { reason: 'user' } }))).toMatchObject({ ok: true, event: { unsigned: { additional: { reason: 'user' } } } });
	});

	it('keeps the same signature when unsigned fields change: they are reported as unsigned, as received', () => {
		const altered = check(event({ reference: 'SUB-VICTIM', additional: { amount: 1 } }));
		expect(altered).toMatchObject({ ok: true, event: { signed: { id: ID }, unsigned: { reference: 'SUB-VICTIM', additional: { amount: 1 } } } });
	});

	it('answers 400 when the body or a signed field is missing or not text', () => {
		expect(check(undefined)).toMatchObject({ ok: false, httpStatus: 400 });
		expect(check(event({ id: undefined }))).toEqual({ ok: false, httpStatus: 400, message: 'Missing or empty field: id' });
		expect(check(event({ type: '', date: 5 }))).toEqual({ ok: false, httpStatus: 400, message: 'Missing or empty field: type, date' });
		expect(check(event({ id: { $ne: '' } }))).toEqual({ ok: false, httpStatus: 400, message: 'Missing or empty field: id' });
	});

	it('answers 401 for a missing or wrong signature before looking at the other rules, without saying more', () => {
		expect(check(event({ signature: undefined }))).toEqual({ ok: false, httpStatus: 401, message: 'The signature is missing' });
		expect(check(event(), 'other-secret')).toEqual({ ok: false, httpStatus: 401, message: 'The notification could not be verified' });
		expect(check(event({ signature: 42 }))).toEqual({ ok: false, httpStatus: 401, message: 'The notification could not be verified' });
		// Unknown type and missing reference, but unsigned: the signature is what is reported.
		expect(check(event({ type: 'X', reference: undefined }))).toMatchObject({ httpStatus: 401 });
	});

	it('answers 401 for a signed date more than 7 days old or a day ahead: a copy that old may have outlived its record', () => {
		const dated = (date: string) => check(event({ date, signature: sign(ID, 'AUTOPAY_CANCELED', date) }));
		expect(dated('2024-04-24T11:00:00-05:00')).toMatchObject({ ok: true });
		expect(dated('2024-04-24T10:59:59-05:00')).toEqual({ ok: false, httpStatus: 401, message: 'The event date is more than 7 days old' });
		expect(dated('2024-05-02 16:00:00')).toMatchObject({ ok: true });
		expect(dated('2024-05-02 16:00:01')).toEqual({ ok: false, httpStatus: 401, message: "The event date is more than 24 hours ahead of the receiver's clock" });
	});

	it('answers 400 for an unknown type, a missing reference or a non-object additional once signed', () => {
		expect(check(event({ type: 'AUTOPAY_PAUSED', signature: sign(ID, 'AUTOPAY_PAUSED', DATE) }))).toEqual({
			ok: false,
			httpStatus: 400,
			message: 'Unknown event type "AUTOPAY_PAUSED"',
		});
		expect(check(event({ reference: undefined }))).toMatchObject({ httpStatus: 400, message: 'Missing or empty field: reference' });
		expect(check(event({ additional: [1] }))).toEqual({ ok: false, httpStatus: 400, message: 'The field additional must be an object' });
	});
});
