import { linkOutcome, linkResult, sessionResult, unknownLinkResult } from './paymentResult';

const paid = {
	requestId: 10001,
	status: { status: 'APPROVED', reason: '00', message: 'Approved', date: '2024-05-01T15:00:00+00:00' },
	request: {
		payment: { reference: 'ORDER-1', description: 'Plan', amount: { currency: 'USD', total: 120 } },
		payer: { name: 'Ana', surname: 'Gomez', email: 'ana@example.com', document: '1020', documentType: 'CC' },
	},
	payment: [
		{
			status: { status: 'REJECTED', reason: '05', message: 'Rejected', date: '2024-05-01T14:00:00+00:00' },
			internalReference: 1,
			amount: { from: { currency: 'USD', total: 120 }, to: { currency: 'COP', total: 480000 }, factor: 4000 },
		},
		{
			status: { status: 'APPROVED', reason: '00', message: 'Approved', date: '2024-05-01T15:00:00+00:00' },
			internalReference: 2,
			paymentMethod: 'visa',
			receipt: 'R-2',
			amount: { from: { currency: 'USD', total: 120 }, to: { currency: 'COP', total: 480000 }, factor: 4000 },
		},
	],
	subscription: { status: { status: 'OK' }, instrument: [{ keyword: 'token', value: 'tok-1' }] },
};
describe('sessionResult', () => {


	it('has exactly one status and one amount, with its currency, and no nested field', () => {
		const item = sessionResult(paid, 'America/Bogota');
		expect(Object.keys(item).filter((name) => /status/i.test(name))).toEqual(['status']);
		expect(Object.keys(item).filter((name) => /amount|total/i.test(name))).toEqual(['amount']);
		expect(Object.values(item).filter((value) => value !== null && typeof value === 'object')).toEqual([]);
		expect(item).toMatchObject({ status: 'APPROVED', amount: 120, currency: 'USD', reference: 'ORDER-1', payerName: 'Ana', payerEmail: 'ana@example.com' });
	});

	it('takes the approved payment and writes the dates in ISO 8601 on the site clock', () => {
		expect(sessionResult(paid, 'America/Bogota')).toMatchObject({
			internalReference: 2,
			receipt: 'R-2',
			paymentMethod: 'visa',
			date: '2024-05-01T15:00:00+00:00',
			dateIso: '2024-05-01T10:00:00-05:00',
			paymentDateIso: '2024-05-01T10:00:00-05:00',
		});
	});

	it('never holds the subscription token', () => {
		expect(JSON.stringify(sessionResult(paid, 'UTC'))).not.toContain('tok-1');
	});
});

describe('linkResult', () => {
	const payment = (status: string, extra: Record<string, unknown> = {}) => ({
		id: 7,
		requestId: 10007,
		status,
		message: `Payment ${status.toLowerCase()}`,
		processUrl: 'https://checkout.example.com/session/10007/k',
		amount: { currency: 'USD', total: '250.00' },
		receipt: 'R-7',
		franchise: 'CARD_A',
		paymentMethod: 'CRA',
		paymentDate: '2026-03-01 07:00:00',
		internalReference: 500007,
		authorization: '123456',
		issuerName: 'Bank',
		installments: 1,
		lastDigits: '1111',
		payer: { name: 'Ana', surname: 'Gomez', email: 'ana@example.com', phone: '+57 300', document: '1020', documentType: 'CC' },
		...extra,
	});
	const link = (status: string, payments: unknown[]) => ({
		id: 3001,
		status,
		reference: 'DEAL-42',
		description: 'Deal 42',
		amount: { currency: 'USD', total: 250 },
		payments,
	});

	it('has the fields of a session result, with the link\'s ID and state', () => {
		const item = linkResult(link('ACTIVE', [payment('APPROVED')]), '2026-03-01T12:00:00+00:00', 'America/Bogota');
		const sessionKeys = Object.keys(sessionResult(paid, 'UTC'));
		expect(Object.keys(item).filter((key) => !sessionKeys.includes(key))).toEqual(['linkId', 'linkStatus']);
		expect(sessionKeys.filter((key) => !(key in item))).toEqual([]);
		expect(Object.values(item).filter((value) => value !== null && typeof value === 'object')).toEqual([]);
	});

	it('a paid link: APPROVED with the approved payment, its amount as a number and its date on the site clock', () => {
		const item = linkResult(link('ACTIVE', [payment('REJECTED', { requestId: 10006 }), payment('APPROVED')]), '2026-03-01T12:00:05+00:00', 'America/Bogota');
		expect(item).toMatchObject({
			requestId: 10007,
			linkId: 3001,
			status: 'APPROVED',
			linkStatus: 'ACTIVE',
			reference: 'DEAL-42',
			amount: 250,
			currency: 'USD',
			payerName: 'Ana',
			payerMobile: '+57 300',
			internalReference: 500007,
			receipt: 'R-7',
			lastDigits: '1111',
			paymentCount: 2,
			date: '2026-03-01T12:00:05+00:00',
			dateIso: '2026-03-01T07:00:05-05:00',
			paymentDate: '2026-03-01 07:00:00',
			paymentDateIso: '2026-03-01T07:00:00-05:00',
		});
	});

	it('an expired link without an approved payment: EXPIRED, nothing paid; one still pending: PENDING', () => {
		const expired = linkResult(link('EXPIRED', [payment('REJECTED')]), null, 'UTC');
		expect(expired).toMatchObject({ status: 'EXPIRED', linkStatus: 'EXPIRED', internalReference: null, receipt: null, paymentDate: null, amount: 250, date: null, dateIso: null });
		expect(linkResult(link('EXPIRED', [payment('PENDING')]), null, 'UTC')).toMatchObject({ status: 'PENDING', requestId: 10007, internalReference: null });
		expect(linkResult(link('EXPIRED', []), null, 'UTC')).toMatchObject({ status: 'EXPIRED', requestId: null, paymentCount: 0 });
	});

	it('an active link: the latest attempt says how it went, PENDING before any', () => {
		expect(linkOutcome(link('ACTIVE', [payment('REJECTED')]))).toMatchObject({ status: 'REJECTED' });
		expect(linkOutcome(link('ACTIVE', []))).toEqual({ status: 'PENDING', payment: undefined });
		expect(linkOutcome(link('INACTIVE', [payment('REJECTED')]))).toMatchObject({ status: 'INACTIVE' });
	});
});

describe('unknownLinkResult', () => {
	const sent = { name: 'Annual plan', reference: 'DEAL-42', description: 'Deal 42', payment: { amount: { currency: 'USD', total: 250 } }, expirationDate: '2026-03-15 10:00:00' };

	it('says UNKNOWN and names the link to read, with the keys of a read outcome and what was sent', () => {
		const item = unknownLinkResult(3001, sent);
		expect(Object.keys(item)).toEqual(Object.keys(linkResult({ id: 3001, payments: [] }, null, 'UTC')));
		expect(item).toMatchObject({ linkId: 3001, status: 'UNKNOWN', linkStatus: null, reference: 'DEAL-42', description: 'Deal 42', amount: 250, currency: 'USD' });
		expect(item.message).toBe(
			'n8n ended the wait at its time limit without a notification from the platform, so payment link 3001 was not read: whether it was paid is unknown. Read it with PaySuite Payment Link > Get (ID 3001) before treating it as unpaid.',
		);
	});

	it('claims nothing it did not read: no payment, no count, no date', () => {
		const item = unknownLinkResult(3001, sent);
		for (const key of ['requestId', 'internalReference', 'authorization', 'receipt', 'paymentMethod', 'payerName', 'paymentCount', 'date', 'dateIso', 'paymentDate', 'paymentDateIso']) {
			expect({ key, value: item[key] }).toEqual({ key, value: null });
		}
	});
});
