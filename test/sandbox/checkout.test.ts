/**
 * The sandbox's checkout sessions, refunds, transaction actions, tickets and payment links over raw HTTP,
 * signed by this folder's own signer written from DESIGN.md (signer.ts, not the nodes' one): the spec's field
 * rules are refusals, and the state moves as the spec's table of transitions says.
 */
/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets, @typescript-eslint/no-explicit-any -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import { randomBytes } from 'crypto';

import { startSandbox, type RunningSandbox } from '../../sandbox';
import { findSession } from '../../sandbox/routes/checkout/state';
import { withSandbox } from '../helpers/sandbox';
import { expectFieldRefusal, get, post } from './client';
import { auth } from './signer';

const sandbox = withSandbox();

type Answer = { status: number; json: Record<string, any> };

async function call(path: string, body: Record<string, unknown> = {}, target: RunningSandbox = sandbox): Promise<Answer> {
	const response = await post(`${target.url}${path}`, { auth: auth(target.credentials.login, target.credentials.secretKey), ...body });
	return { status: response.status, json: response.json<Record<string, any>>() };
}

async function control(path: string, body: Record<string, unknown> = {}, target: RunningSandbox = sandbox): Promise<Answer> {
	const response = await post(`${target.url}${path}`, body);
	return { status: response.status, json: response.json<Record<string, any>>() };
}


const isoAt = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, '+00:00');
const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString().replace(/\.\d{3}Z$/, '+00:00');

const sessionBody = (overrides: Record<string, unknown> = {}) => ({
	payment: { reference: 'ORDER-1', description: 'Shoes', amount: { currency: 'USD', total: 100 } },
	expiration: inMinutes(30),
	ipAddress: '203.0.113.7',
	userAgent: 'Mozilla/5.0',
	returnUrl: 'https://shop.example.com/return',
	...overrides,
});

async function createSession(overrides: Record<string, unknown> = {}): Promise<number> {
	const created = await call('/api/session', sessionBody(overrides));
	expect(created.status).toBe(200);
	return created.json.requestId as number;
}

async function paidSession(overrides: Record<string, unknown> = {}, pay: Record<string, unknown> = {}) {
	const requestId = await createSession(overrides);
	const paid = await control(`/__sandbox/sessions/${requestId}/pay`, pay);
	expect(paid.status).toBe(200);
	const queried = await call(`/api/session/${requestId}`);
	return { requestId, payment: (queried.json.payment ?? [])[0] as Record<string, any>, session: queried.json };
}

describe('POST /api/session', () => {
	it('creates a pending session whose processUrl points at the sandbox', async () => {
		const created = await call('/api/session', sessionBody());
		expect(created.status).toBe(200);
		expect(created.json).toMatchObject({ status: { status: 'OK', reason: 'PC' }, requestId: expect.any(Number) });
		expect(created.json.processUrl.startsWith(sandbox.url)).toBe(true);
		const page = await get(created.json.processUrl);
		expect(page.status).toBe(200);

		const queried = await call(`/api/session/${created.json.requestId}`);
		expect(queried.status).toBe(200);
		expect(queried.json).toMatchObject({
			requestId: created.json.requestId,
			status: { status: 'PENDING' },
			request: { payment: { reference: 'ORDER-1' }, returnUrl: 'https://shop.example.com/return', ipAddress: '203.0.113.7' },
		});
		expect(queried.json).not.toHaveProperty('payment');
	});

	it.each<[string, Record<string, unknown>, string, RegExp]>([
		['an expiration under 5 minutes ahead', { expiration: inMinutes(4) }, 'expiration', /at least 5 minutes/],
		['an expiration over 35 characters', { expiration: inMinutes(30).replace('+00:00', '.00000000000+00:00') }, 'expiration', /at most 35/],
		['an expiration that is not a date-time', { expiration: 'tomorrow' }, 'expiration', /date-time/],
		['an ipAddress over 46 characters', { ipAddress: '1'.repeat(47) }, 'ipAddress', /at most 46/],
		['no ipAddress', { ipAddress: undefined }, 'ipAddress', /required/],
		['a userAgent over 255 characters', { userAgent: 'u'.repeat(256) }, 'userAgent', /at most 255/],
		['no userAgent', { userAgent: undefined }, 'userAgent', /required/],
		['no returnUrl', { returnUrl: undefined }, 'returnUrl', /required/],
		['a returnUrl over 255 characters', { returnUrl: `https://e.com/${'a'.repeat(250)}` }, 'returnUrl', /at most 255/],
		['a returnUrl that is not a URI', { returnUrl: 'shop/return' }, 'returnUrl', /URI/],
		['a returnUrl with the javascript: scheme', { returnUrl: 'javascript:alert(1)' }, 'returnUrl', /http or https/],
		['a cancelUrl with the data: scheme', { cancelUrl: 'data:text/html,hello' }, 'cancelUrl', /http or https/],
		['a cancelUrl over 255 characters', { cancelUrl: `https://e.com/${'a'.repeat(250)}` }, 'cancelUrl', /at most 255/],
		['a locale with a dash', { locale: 'es-CO' }, 'locale', /\^\\w\{2\}_\[A-Z\]\{2\}/],
		['a locale over 5 characters', { locale: 'es_COL' }, 'locale', /at most 5/],
		['an unknown type', { type: 'preauth' }, 'type', /checkin, autopay/],
		['type autopay without autopay', { type: 'autopay' }, 'autopay', /required when type is autopay/],
		['a field the spec does not list', { paymentMethods: 'visa' }, 'paymentMethods', /not a field/],
	])('refuses %s', async (_what, overrides, field, problem) => {
		expectFieldRefusal(await call('/api/session', sessionBody(overrides)), field, problem);
	});

	it.each<[string, Record<string, unknown>, string, RegExp]>([
		['a reference over 32 characters', { reference: 'R'.repeat(33) }, 'payment.reference', /1 to 32/],
		['an empty reference', { reference: '' }, 'payment.reference', /1 to 32/],
		['a description over 255 characters', { description: 'd'.repeat(256) }, 'payment.description', /1 to 255/],
		['an empty description', { description: '' }, 'payment.description', /1 to 255/],
		['no amount', { amount: undefined }, 'payment.amount', /required/],
		['a tax kind the spec does not list', { amount: { currency: 'USD', total: 5, taxes: [{ kind: 'salesTax', amount: 1 }] } }, 'payment.amount.taxes.0.kind', /valueAddedTax/],
		['more decimals than USD has', { amount: { currency: 'USD', total: 10.555 } }, 'payment.amount.total', /has 3 decimals; USD takes at most 2/],
		['decimals in a JPY amount', { amount: { currency: 'JPY', total: 1500.5 } }, 'payment.amount.total', /JPY takes at most 0/],
		['a tax with more decimals than its currency', { amount: { currency: 'USD', total: 5, taxes: [{ kind: 'valueAddedTax', amount: 0.951 }] } }, 'payment.amount.taxes.0.amount', /USD takes at most 2/],
		['a currency that is not ISO 4217', { amount: { currency: 'XYZ', total: 5 } }, 'payment.amount.currency', /ISO 4217/],
		['a recurring notificationUrl with the file: scheme', { recurring: { notificationUrl: 'file:///tmp/x' } }, 'payment.recurring.notificationUrl', /http or https/],
	])('refuses a payment with %s', async (_what, overrides, field, problem) => {
		const payment = { reference: 'ORDER-1', description: 'Shoes', amount: { currency: 'USD', total: 100 }, ...overrides };
		expectFieldRefusal(await call('/api/session', sessionBody({ payment })), field, problem);
	});

	it('takes the decimals each currency has in ISO 4217 (JPY none, KWD three)', async () => {
		for (const amount of [{ currency: 'JPY', total: 1500 }, { currency: 'KWD', total: 12.345 }, { currency: 'USD', total: '10.50' }]) {
			const payment = { reference: 'ORDER-1', amount };
			expect((await call('/api/session', sessionBody({ payment }))).status).toBe(200);
		}
	});

	it('refuses a bad signature with 401 reason 102 and creates nothing', async () => {
		const response = await post(`${sandbox.url}/api/session`, { ...sessionBody(), auth: auth(sandbox.credentials.login, 'wrong-secret') });
		expect(response.status).toBe(401);
		expect(String(response.json().status.reason)).toBe('102');
		const sessions = sandbox.world.slice<{ sessions: Record<string, unknown> }>('checkout', () => ({ sessions: {} })).sessions;
		expect(Object.keys(sessions)).toEqual([]);
	});
});

describe('paying a session (control endpoint)', () => {
	it('adds a payment in the Transaction shape, with lastDigits in processorFields and no card number', async () => {
		const { payment, session } = await paidSession();
		expect(session.status).toMatchObject({ status: 'APPROVED', reason: '00' });
		expect(payment).toMatchObject({
			status: { status: 'APPROVED' },
			internalReference: expect.any(Number),
			reference: 'ORDER-1',
			amount: { from: { currency: 'USD', total: 100 }, to: { currency: 'USD', total: 100 }, factor: 1 },
			refunded: false,
		});
		expect(payment.processorFields).toContainEqual(expect.objectContaining({ keyword: 'lastDigits', value: '1111' }));
		expect(JSON.stringify(session)).not.toContain('4111111111111111');
	});

	it('registers a token for a subscription session', async () => {
		const requestId = await createSession({ payment: undefined, subscription: { reference: 'SUB-1', description: 'Plan' } });
		await control(`/__sandbox/sessions/${requestId}/pay`, { card: '5500000000000004' });
		const queried = await call(`/api/session/${requestId}`);
		expect(queried.json.status.status).toBe('APPROVED');
		expect(queried.json.subscription).toMatchObject({ type: 'token' });
		const keywords = (queried.json.subscription.instrument as Array<{ keyword: string; value: unknown }>).map((pair) => pair.keyword);
		expect(keywords).toEqual(expect.arrayContaining(['token', 'subtoken', 'franchise', 'lastDigits', 'validUntil']));
		expect(queried.json.subscription.instrument).toContainEqual(expect.objectContaining({ keyword: 'lastDigits', value: '0004' }));
	});

	describe("a subscription's token is charged by /gateway/process as the card registered (a saved card)", () => {
		const charge = (token: string, reference: string, idempotenceKey: string, extra: Record<string, unknown> = {}) =>
			call('/gateway/process', {
				payer: { name: 'Ana', surname: 'Lopez', email: 'ana@example.com' },
				instrument: { token: { token, ...extra } },
				payment: { reference, description: 'Monthly plan', amount: { currency: 'USD', total: 29.9 } },
				idempotenceKey,
			});
		const tokenOf = (session: Record<string, any>, keyword: string) =>
			(session.subscription.instrument as Array<{ keyword: string; value: string }>).find((pair) => pair.keyword === keyword)!.value;
		const transactionsOf = async (reference: string) =>
			((await (await fetch(`${sandbox.url}/__sandbox/gateway/transactions`)).json()) as { transactions: Array<{ reference: string }> }).transactions.filter(
				(txn) => txn.reference === reference,
			);

		it('approved for an approving card, with its subtoken; the same key answers the same transaction', async () => {
			const requestId = await createSession({ payment: undefined, subscription: { reference: 'SUB-C-1', description: 'Monthly plan' } });
			await control(`/__sandbox/sessions/${requestId}/pay`, { card: '5500000000000004' });
			const { json: session } = await call(`/api/session/${requestId}`);
			const token = tokenOf(session, 'token');
			const first = await charge(token, 'SUB-C-1-2026-12', 'SUB-C-1-2026-12', { subtoken: tokenOf(session, 'subtoken') });
			expect(first.status).toBe(200);
			expect(first.json).toMatchObject({ status: { status: 'APPROVED' }, reference: 'SUB-C-1-2026-12', lastDigits: '0004', franchise: 'CARD_B' });
			const again = await charge(token, 'SUB-C-1-2026-12', 'SUB-C-1-2026-12');
			expect(again.json.internalReference).toBe(first.json.internalReference);
			expect(await transactionsOf('SUB-C-1-2026-12')).toHaveLength(1);
			// The next month is another key: charged again.
			const next = await charge(token, 'SUB-C-1-2027-01', 'SUB-C-1-2027-01');
			expect(next.json.internalReference).not.toBe(first.json.internalReference);
			// Another site's or a made-up token, or a wrong subtoken, is refused.
			expectFieldRefusal(await charge(token, 'SUB-C-1-X', 'k-x', { subtoken: '0' }), 'instrument.token.token');
			expectFieldRefusal(await charge('no-such-token', 'SUB-C-1-Y', 'k-y'), 'instrument.token.token');
		});

		it("the demo site's saved cards: one approves, one is declined (reason 05), as their cards", async () => {
			const approved = await charge('demo-token-approves-0001', 'SUB-DEMO-1', 'SUB-DEMO-1', { subtoken: '0000000000000001' });
			expect(approved.json).toMatchObject({ status: { status: 'APPROVED', reason: '00' }, lastDigits: '1111' });
			const declined = await charge('demo-token-declines-0002', 'SUB-DEMO-2', 'SUB-DEMO-2');
			expect(declined.status).toBe(200);
			expect(declined.json).toMatchObject({ status: { status: 'REJECTED', reason: '05' }, lastDigits: '0002', authorization: null });
			// Declined is a transaction too: the same key answers it again, nothing new is made.
			expect((await charge('demo-token-declines-0002', 'SUB-DEMO-2', 'SUB-DEMO-2')).json.internalReference).toBe(declined.json.internalReference);
			expect(await transactionsOf('SUB-DEMO-2')).toHaveLength(1);
			const validated = await call('/gateway/account-validator/validate', { instrument: { token: { token: 'demo-token-approves-0001' } } });
			expect(validated.json.status.status).toBe('OK');
		});
	});

	it('a declined card leaves a rejected payment', async () => {
		const { payment, session } = await paidSession({}, { card: '4000000000000002' });
		expect(session.status.status).toBe('REJECTED');
		expect(payment.status.status).toBe('REJECTED');
	});
});

describe('POST /api/session/{requestId}/cancel', () => {
	it('cancels a session without an approved payment: REJECTED with reason MC', async () => {
		const requestId = await createSession();
		const cancelled = await call(`/api/session/${requestId}/cancel`);
		expect(cancelled.status).toBe(200);
		expect(cancelled.json.session).toMatchObject({ requestId, status: { status: 'REJECTED', reason: 'MC' }, payment: null, subscription: null });
		expect((await call(`/api/session/${requestId}`)).json.status).toMatchObject({ status: 'REJECTED', reason: 'MC' });
		expect((await control(`/__sandbox/sessions/${requestId}/pay`)).status).toBe(409);
	});

	it('refuses to cancel a session with an approved payment', async () => {
		const { requestId } = await paidSession();
		const refused = await call(`/api/session/${requestId}/cancel`);
		expect(refused.status).toBe(409);
		expect(refused.json.status.status).toBe('FAILED');
		expect((await call(`/api/session/${requestId}`)).json.status.status).toBe('APPROVED');
	});

	it('answers 404 for a session of another site or that does not exist', async () => {
		expect((await call('/api/session/999999/cancel')).status).toBe(404);
	});
});

describe('POST /api/reverse', () => {
	it('refunds in part, then the rest, then refuses: refunded becomes true at the full amount', async () => {
		const { requestId, payment } = await paidSession();
		const partial = await call('/api/reverse', { internalReference: payment.internalReference, amount: { currency: 'USD', total: 30 } });
		expect(partial.status).toBe(200);
		expect(partial.json.payment).toMatchObject({ internalReference: payment.internalReference, refunded: false, amount: { from: { total: 30 } } });

		const tooMuch = await call('/api/reverse', { internalReference: payment.internalReference, amount: { currency: 'USD', total: 80 } });
		expectFieldRefusal(tooMuch, 'amount.total', /must not exceed .*\b70\b/);

		const rest = await call('/api/reverse', { internalReference: payment.internalReference });
		expect(rest.json.payment).toMatchObject({ refunded: true, amount: { from: { total: 70 } } });
		const queried = await call(`/api/session/${requestId}`);
		expect(queried.json.payment[0].refunded).toBe(true);

		expect((await call('/api/reverse', { internalReference: payment.internalReference })).status).toBe(409);
	});

	it.each<[string, Record<string, unknown>, string]>([
		['no internalReference', {}, 'internalReference'],
		['an internalReference that is text', { internalReference: 'abc' }, 'internalReference'],
		['an amount in another currency', { internalReference: 1, amount: { currency: 'usd', total: 1 } }, 'amount.currency'],
		['an amount with more decimals than its currency', { internalReference: 1, amount: { currency: 'USD', total: 1.005 } }, 'amount.total'],
	])('refuses %s', async (_what, body, field) => {
		expectFieldRefusal(await call('/api/reverse', body), field);
	});

	it('refuses a refund in a currency other than the payment', async () => {
		const { payment } = await paidSession();
		expectFieldRefusal(await call('/api/reverse', { internalReference: payment.internalReference, amount: { currency: 'EUR', total: 1 } }), 'amount.currency');
	});
});

describe('a refund is a transaction of its own', () => {
	const payment120 = { payment: { reference: 'ORDER-R', description: 'Coat', amount: { currency: 'USD', total: 120.5 } } };

	/** The payment as the three reads show it: the session query, the gateway query and the gateway search. */
	async function reads(requestId: number, internalReference: number) {
		const session = (await call(`/api/session/${requestId}`)).json.payment[0];
		const gateway = (await call('/gateway/query', { internalReference })).json;
		const found = (await call('/gateway/search', { reference: 'ORDER-R', amount: { currency: 'USD', total: 120.5 } })).json.transactions;
		expect(found).toHaveLength(1);
		return [session, gateway, found[0]] as Array<Record<string, any>>;
	}

	/** The REFUND transactions of the payment's reference with this amount (the documented search). */
	const refundsFound = async (total: number) =>
		((await call('/gateway/search', { reference: 'ORDER-R', amount: { currency: 'USD', total } })).json.transactions as Array<Record<string, any>>).filter(
			(transaction) => transaction.type === 'REFUND',
		);

	it('tells a payment\'s refunds only by refunded, on every read: no list of refunds', async () => {
		const { requestId, payment } = await paidSession(payment120);
		for (const read of await reads(requestId, payment.internalReference)) {
			expect(read.refunded).toBe(false);
			expect(read).not.toHaveProperty('refunds');
		}
	});

	it('a 20.00 refund of 120.50 is a REFUND transaction with its own internal reference, found by the search and the query', async () => {
		const { requestId, payment } = await paidSession(payment120);
		const refunded = await call('/api/reverse', { internalReference: payment.internalReference, amount: { currency: 'USD', total: 20 } });
		expect(refunded.status).toBe(200);
		expect(refunded.json.payment).toMatchObject({ internalReference: payment.internalReference, amount: { from: { total: 20 } }, refunded: false });
		expect(refunded.json.payment).not.toHaveProperty('refunds');
		for (const read of await reads(requestId, payment.internalReference)) {
			expect(read).toMatchObject({ internalReference: payment.internalReference, status: { status: 'APPROVED' }, refunded: false });
		}
		const [refund] = await refundsFound(20);
		expect(refund).toMatchObject({ type: 'REFUND', reference: 'ORDER-R', amount: { currency: 'USD', total: 20 }, status: { status: 'APPROVED', reason: '00' } });
		expect(refund.internalReference).not.toBe(payment.internalReference);
		expect((await call('/gateway/query', { internalReference: refund.internalReference })).json).toMatchObject({ type: 'REFUND', reference: 'ORDER-R', amount: { total: 20 } });
		const [session, gateway] = await reads(requestId, payment.internalReference);
		expect(session.amount.from.total).toBe(120.5);
		expect(gateway.amount.total).toBe(120.5);
	});

	it('each later refund is one more REFUND transaction, and refunded is true once nothing is left', async () => {
		const { requestId, payment } = await paidSession(payment120);
		const ref = payment.internalReference;
		await call('/api/reverse', { internalReference: ref, amount: { currency: 'USD', total: 20 } });
		await call('/api/reverse', { internalReference: ref, amount: { currency: 'USD', total: 50.25 } });
		for (const read of await reads(requestId, ref)) expect(read.refunded).toBe(false);

		const rest = await call('/api/reverse', { internalReference: ref });
		expect(rest.json.payment).toMatchObject({ refunded: true, amount: { from: { total: 50.25 } } });
		expect(await refundsFound(20)).toHaveLength(1);
		const both = await refundsFound(50.25);
		expect(both).toHaveLength(2);
		const ids = [(await refundsFound(20))[0], ...both].map((refund) => refund.internalReference);
		expect(new Set([...ids, ref]).size).toBe(4);
		for (const read of await reads(requestId, ref)) expect(read.refunded).toBe(true);
	});

	it('every refund call stays in the ledger, so a test can count the refunds sent', async () => {
		const { payment } = await paidSession(payment120);
		await call('/api/reverse', { internalReference: payment.internalReference, amount: { currency: 'USD', total: 20 } });
		await call('/api/reverse', { internalReference: payment.internalReference, amount: { currency: 'USD', total: 20 } });
		const entries = (await get(`${sandbox.url}/__sandbox/ledger`)).json<{ entries: Array<{ path: string; status: number }> }>().entries;
		expect(entries.filter((entry) => entry.path === '/api/reverse' && entry.status === 200)).toHaveLength(2);
	});

	it('a reverse action is a REFUND transaction too; a checkout and a reauthorization are not', async () => {
		const sale = await paidSession(payment120);
		await call('/api/transaction', { action: 'reverse', internalReference: sale.payment.internalReference, amount: { currency: 'USD', total: 20 } });
		for (const read of await reads(sale.requestId, sale.payment.internalReference)) expect(read.refunded).toBe(false);
		expect(await refundsFound(20)).toEqual([expect.objectContaining({ status: expect.objectContaining({ status: 'APPROVED', reason: '00' }) })]);

		const checkin = await paidSession({ type: 'checkin' });
		const ref = checkin.payment.internalReference;
		const refundsOfSite = async () =>
			(await get(`${sandbox.url}/__sandbox/gateway/transactions`)).json<{ transactions: Array<{ type: string }> }>().transactions.filter((txn) => txn.type === 'REFUND');
		await call('/api/transaction', { action: 'reauthorization', internalReference: ref, amount: { currency: 'USD', total: 90 } });
		await call('/api/transaction', { action: 'checkout', internalReference: ref, amount: { currency: 'USD', total: 80 } });
		expect((await call(`/api/session/${checkin.requestId}`)).json.payment[0]).toMatchObject({ refunded: false });
		expect((await call('/gateway/query', { internalReference: ref })).json).toMatchObject({ refunded: false });
		expect(await refundsOfSite()).toHaveLength(1);

		await call('/api/transaction', { action: 'reverse', internalReference: ref });
		expect((await call(`/api/session/${checkin.requestId}`)).json.payment[0].refunded).toBe(true);
		expect(await refundsOfSite()).toEqual([expect.anything(), expect.objectContaining({ amount: { currency: 'USD', total: 80 } })]);
	});

	it('a report row shows refunded true once the payment is fully refunded', async () => {
		const { payment } = await paidSession(payment120);
		await call('/api/reverse', { internalReference: payment.internalReference });
		const day = 24 * 3_600_000;
		const asked = await call('/gateway/report', { filters: { startDate: isoAt(Date.now() - day), endDate: isoAt(Date.now() + day) } });
		await control(`/__sandbox/gateway/reports/${asked.json.id}/ready`);
		const report = await post(`${sandbox.url}/gateway/report/obtain`, { auth: auth(sandbox.credentials.login, sandbox.credentials.secretKey), id: asked.json.id });
		const [header, ...rows] = report.text.trim().split('\n').map((line) => line.split('\t'));
		const row = rows.find((cells) => cells[header.indexOf('internal_reference')] === String(payment.internalReference));
		expect(row?.[header.indexOf('refunded')]).toBe('true');
	});
});

describe('POST /api/transaction', () => {
	it('checks out a check-in once, and refuses checkout of a sale', async () => {
		const { payment } = await paidSession({ type: 'checkin' });
		const checkedOut = await call('/api/transaction', { action: 'checkout', internalReference: payment.internalReference, amount: { currency: 'USD', total: 80 } });
		expect(checkedOut.status).toBe(200);
		expect(checkedOut.json).toMatchObject({ status: { status: 'OK' }, reference: 'ORDER-1', amount: { currency: 'USD', total: 80 } });
		expect((await call('/api/transaction', { action: 'checkout', internalReference: payment.internalReference })).status).toBe(409);

		const sale = await paidSession();
		expect((await call('/api/transaction', { action: 'checkout', internalReference: sale.payment.internalReference })).status).toBe(409);
	});

	it('reauthorizes a held check-in with a new amount', async () => {
		const { payment } = await paidSession({ type: 'checkin' });
		const changed = await call('/api/transaction', { action: 'reauthorization', internalReference: payment.internalReference, amount: { currency: 'USD', total: 150 } });
		expect(changed.status).toBe(200);
		expect(changed.json.amount).toEqual({ currency: 'USD', total: 150 });
	});

	it('reverses an approved payment, which then shows as refunded', async () => {
		const { requestId, payment } = await paidSession();
		expect((await call('/api/transaction', { action: 'reverse', internalReference: payment.internalReference })).status).toBe(200);
		expect((await call(`/api/session/${requestId}`)).json.payment[0].refunded).toBe(true);
	});

	it('refuses an unknown action and a missing action', async () => {
		expectFieldRefusal(await call('/api/transaction', { action: 'capture', internalReference: 1 }), 'action', /checkout, reauthorization, reverse/);
		expectFieldRefusal(await call('/api/transaction', { internalReference: 1 }), 'action', /required/);
	});

	it('answers 404 for an unknown transaction', async () => {
		expect((await call('/api/transaction', { action: 'reverse', internalReference: 424242 })).status).toBe(404);
	});
});

describe('tickets', () => {
	it('creates tickets for an approved session and finds them by internalReference', async () => {
		const { payment } = await paidSession();
		const created = await call('/ticket/create', { internalReference: payment.internalReference, tickets: [{ ticket: 'T-1', issuedAt: '2030-01-15' }] });
		expect(created.status).toBe(200);
		expect(created.json.count).toBe(1);
		const found = await call('/ticket/search', { internalReference: payment.internalReference });
		expect(found.json.data).toEqual([
			expect.objectContaining({ internalReference: payment.internalReference, ticket: 'T-1', issuedAt: '2030-01-15', createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/) }),
		]);
	});

	it('refuses tickets for a session that is not approved', async () => {
		const { payment } = await paidSession({}, { status: 'REJECTED' });
		expect((await call('/ticket/create', { internalReference: payment.internalReference, tickets: [{ ticket: 'T-1', issuedAt: '2030-01-15' }] })).status).toBe(409);
	});

	it.each<[string, Record<string, unknown>, string]>([
		['no tickets', { internalReference: 1 }, 'tickets'],
		['an issuedAt that is not a date', { internalReference: 1, tickets: [{ ticket: 'T', issuedAt: '15/01/2030' }] }, 'tickets.0.issuedAt'],
		['no internalReference', { tickets: [{ ticket: 'T', issuedAt: '2030-01-15' }] }, 'internalReference'],
	])('refuses %s', async (_what, body, field) => {
		expectFieldRefusal(await call('/ticket/create', body), field);
	});
});

describe('payment links', () => {
	const nextYear = new Date().getUTCFullYear() + 1;
	const linkBody = (overrides: Record<string, unknown> = {}) => ({
		name: 'Concert',
		reference: `L-${randomBytes(4).toString('hex')}`,
		description: 'Ticket',
		payment: { amount: { currency: 'COP', total: 50000 } },
		expirationDate: `${nextYear}-01-01 10:00:00`,
		paymentExpiration: 30,
		...overrides,
	});

	it('creates a link (reason 201), reads it back as ACTIVE, and a non-generic link takes one approved payment', async () => {
		const created = await call('/api/payment-link', linkBody());
		expect(created.status).toBe(200);
		expect(created.json).toMatchObject({ status: { status: 'OK', reason: 201 }, id: expect.any(Number), url: expect.any(String) });
		const id = created.json.id;
		expect((await control(`/__sandbox/payment-links/${id}/pay`, { card: '6011000000000004' })).status).toBe(200);
		expect((await control(`/__sandbox/payment-links/${id}/pay`)).status).toBe(409);
		const read = await call(`/api/payment-link/${id}`);
		expect(read.json).toMatchObject({ id, status: 'ACTIVE', totalPayments: 1, availablePayments: 0, isGeneric: false });
		expect(read.json.payments[0]).toMatchObject({ status: 'APPROVED', lastDigits: '0004', amount: { currency: 'COP', total: '50000.00' } });
	});

	it('a generic link takes payments until paymentsAllowed approved ones; rejected ones do not count', async () => {
		const { json } = await call('/api/payment-link', linkBody({ isGeneric: true, paymentsAllowed: 2 }));
		const pay = (body: Record<string, unknown> = {}) => control(`/__sandbox/payment-links/${json.id}/pay`, body);
		expect((await pay()).status).toBe(200);
		expect((await pay({ status: 'REJECTED' })).status).toBe(200);
		expect((await pay()).status).toBe(200);
		expect((await pay()).status).toBe(409);
		expect((await call(`/api/payment-link/${json.id}`)).json).toMatchObject({ totalPayments: 2, availablePayments: 0 });
	});

	it.each<[string, Record<string, unknown>, string, RegExp]>([
		['an expirationDate in ISO form', { expirationDate: `${nextYear}-01-01T10:00:00Z` }, 'expirationDate', /YYYY-MM-DD HH:MM:SS/],
		['an expirationDate in the past', { expirationDate: '2020-01-01 10:00:00' }, 'expirationDate', /later than the current time/],
		['no paymentExpiration', { paymentExpiration: undefined }, 'paymentExpiration', /required/],
		['no name', { name: undefined }, 'name', /required/],
		['a reference over 32 characters', { reference: 'R'.repeat(33) }, 'reference', /1 to 32/],
		['no description', { description: undefined }, 'description', /required/],
		['a repeated additional keyword', { additional: [{ keyword: 'a', value: '1' }, { keyword: 'a', value: '2' }] }, 'additional.1.keyword', /unique/],
		['reference and description inside payment', { payment: { amount: { currency: 'COP', total: 1 }, reference: 'X' } }, 'payment.reference', /not a field/],
		['an amount with more decimals than its currency', { payment: { amount: { currency: 'USD', total: 10.555 } } }, 'payment.amount.total', /USD takes at most 2/],
		['a notificationUrl with the javascript: scheme', { notificationUrl: 'javascript:alert(1)' }, 'notificationUrl', /http or https/],
	])('refuses %s', async (_what, overrides, field, problem) => {
		expectFieldRefusal(await call('/api/payment-link', linkBody(overrides)), field, problem);
	});

	describe("reads expirationDate (no offset) in the site's time zone", () => {
		/** `YYYY-MM-DD HH:MM:SS` as a zone's clocks show an instant (Sweden's locale writes that form). */
		const wallIn = (ms: number, zone: string) => new Date(ms).toLocaleString('sv-SE', { timeZone: zone, hourCycle: 'h23' });

		it('the demo site is in America/Bogota, as its read shape says', async () => {
			const site = await get(`${sandbox.url}/__sandbox/core/sites/${sandbox.credentials.siteId}`);
			const json = site.json<Record<string, any>>();
			expect(json.site.timezone).toBe('America/Bogota');
			expect(json.readShape.timezone).toBe('America/Bogota');
		});

		it("accepts a time a few minutes ahead on the site's clocks, and refuses one just past there (still hours ahead in UTC)", async () => {
			const ahead = await call('/api/payment-link', linkBody({ expirationDate: wallIn(Date.now() + 5 * 60_000, 'America/Bogota') }));
			expect(ahead.status).toBe(200);
			expect((await call(`/api/payment-link/${ahead.json.id}`)).json.status).toBe('ACTIVE');
			// One minute ago in Bogota is four hours and 59 minutes ahead as UTC wall-clock time.
			const past = await call('/api/payment-link', linkBody({ expirationDate: wallIn(Date.now() - 60_000, 'America/Bogota') }));
			expectFieldRefusal(past, 'expirationDate', /later than the current time \(.* in the site's time zone America\/Bogota\)/);
		});

		it('follows the zone the sandbox gives its sites', async () => {
			const tokyo = await startSandbox({ port: 0, siteTimeZone: 'Asia/Tokyo' });
			try {
				// Bogota's clocks a few minutes ahead are 14 hours behind Tokyo's: already past there.
				const refused = await call('/api/payment-link', linkBody({ expirationDate: wallIn(Date.now() + 5 * 60_000, 'America/Bogota') }), tokyo);
				expectFieldRefusal(refused, 'expirationDate', /Asia\/Tokyo/);
				const accepted = await call('/api/payment-link', linkBody({ expirationDate: wallIn(Date.now() + 5 * 60_000, 'Asia/Tokyo') }), tokyo);
				expect(accepted.status).toBe(200);
			} finally {
				await tokyo.stop();
			}
		});
	});

	it('refuses a reference already used by another link of the site', async () => {
		const body = linkBody();
		expect((await call('/api/payment-link', body)).status).toBe(200);
		expectFieldRefusal(await call('/api/payment-link', { ...body, name: 'Again' }), 'reference', /unique/);
	});

	it.each<['disalbe' | 'disable' | 'both', number, number]>([
		['disalbe', 200, 404],
		['disable', 404, 200],
		['both', 200, 200],
	])('with disablePathSpelling %s, disalbe answers %d and disable %d', async (spelling, disalbeStatus, disableStatus) => {
		const target = await startSandbox({ port: 0, disablePathSpelling: spelling });
		try {
			const first = (await call('/api/payment-link', linkBody(), target)).json.id;
			const second = (await call('/api/payment-link', linkBody(), target)).json.id;
			const viaDisalbe = await call(`/api/payment-link/disalbe/${first}`, {}, target);
			const viaDisable = await call(`/api/payment-link/disable/${second}`, {}, target);
			expect([viaDisalbe.status, viaDisable.status]).toEqual([disalbeStatus, disableStatus]);
			if (disalbeStatus === 200) expect(viaDisalbe.json).toMatchObject({ status: { reason: 200 }, id: first });
			const states = [(await call(`/api/payment-link/${first}`, {}, target)).json.status, (await call(`/api/payment-link/${second}`, {}, target)).json.status];
			expect(states).toEqual([disalbeStatus === 200 ? 'INACTIVE' : 'ACTIVE', disableStatus === 200 ? 'INACTIVE' : 'ACTIVE']);
			expect((await control(`/__sandbox/payment-links/${first}/pay`, {}, target)).status).toBe(disalbeStatus === 200 ? 409 : 200);
		} finally {
			await target.stop();
		}
	});
});

describe('findSession (used by the events module for checkout notifications)', () => {
	it('gives the stored session: requestId, site login, status block, reference and payments', async () => {
		const { requestId, payment } = await paidSession();
		const app = { world: sandbox.world, router: sandbox.router, url: () => sandbox.url };
		expect(findSession(app, requestId)).toMatchObject({
			requestId,
			siteLogin: sandbox.credentials.login,
			status: { status: 'APPROVED', reason: '00', message: expect.any(String), date: expect.any(String) },
			reference: 'ORDER-1',
			payments: [expect.objectContaining({ internalReference: payment.internalReference })],
		});
		expect(findSession(app, String(requestId))?.requestId).toBe(requestId);
		expect(findSession(app, 987654)).toBeUndefined();
	});
});
