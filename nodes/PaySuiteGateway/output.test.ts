import { simplifyCardInformation, simplifyTokenValidation, simplifyTransaction, simplifyValidationSession } from './output';

describe('simplifyTransaction', () => {
	it('flattens the status and the amount, the amount as a number', () => {
		const simple = simplifyTransaction({
			status: { status: 'APPROVED', reason: '00', message: 'Approved', date: '2030-01-01T10:00:00-05:00' },
			internalReference: 500001,
			reference: 'ORDER-1',
			type: 'AUTH_ONLY',
			amount: { currency: 'COP', total: '50000.00' },
			paymentMethod: 'visa',
			franchise: 'visa',
			lastDigits: '1111',
			additional: { credit: { installments: 3 } },
			processorFields: { x: 1 },
		});
		expect(simple).toMatchObject({
			internalReference: 500001,
			reference: 'ORDER-1',
			status: 'APPROVED',
			reason: '00',
			approved: true,
			date: '2030-01-01T10:00:00-05:00',
			amount: 50000,
			currency: 'COP',
			lastDigits: '1111',
			installments: 3,
			authorization: null,
		});
		expect(simple).not.toHaveProperty('processorFields');
	});

	it('gives the same columns for an answer that has almost nothing', () => {
		expect(Object.keys(simplifyTransaction({}))).toEqual(Object.keys(simplifyTransaction({ status: { status: 'REJECTED' } })));
		expect(simplifyTransaction({ status: { status: 'REJECTED', reason: '05' } })).toMatchObject({ approved: false, amount: null, reason: '05' });
	});
});

describe('simplifyCardInformation', () => {
	it('reads both spellings of the required steps and keeps the credit options', () => {
		const simple = simplifyCardInformation({
			status: { status: 'OK' },
			provider: 'P',
			requiereOtp: true,
			requireCvv2: false,
			credits: [{ code: '1', type: '02', groupCode: 'P', installments: [3, 6], extra: 1 }],
		});
		expect(simple).toMatchObject({ status: 'OK', requireOtp: true, requireCvv2: false, threeDS: null });
		expect(simple.credits).toEqual([{ code: '1', type: '02', groupCode: 'P', description: null, installments: [3, 6] }]);
	});
});

describe('account validation', () => {
	it('flattens a validated session with its token', () => {
		const simple = simplifyValidationSession({
			status: { status: 'OK', reason: '00' },
			data: { requestId: 'abc', isAuthenticated: false, token: { token: 't', subtoken: 's', lastDigits: '4321', validUntil: '2030-01-01' } },
		});
		expect(simple).toMatchObject({ requestId: 'abc', status: 'OK', validated: true, token: 't', lastDigits: '4321', validUntil: '2030-01-01' });
		expect(simplifyValidationSession({ status: { status: 'PENDING' }, data: { requestId: 'abc' } })).toMatchObject({ validated: false, token: null });
	});

	it('says whether a token passed the checks', () => {
		expect(simplifyTokenValidation({ status: { status: 'OK', reason: '00' } })).toMatchObject({ valid: true, reason: '00' });
		expect(simplifyTokenValidation({ status: { status: 'REJECTED', reason: 'V2', message: 'inactive' } })).toMatchObject({ valid: false, message: 'inactive' });
	});
});
