/**
 * The PaySuite Session node run by n8n's real engine against the sandbox: what the sandbox received, what
 * the node output, and that bad input fails the item before anything is sent.
 */
import type { IDataObject } from 'n8n-workflow';

import { expectFieldRefused, outputJson, runNode, type NodeRunOptions, type RunResult } from '../helpers/engine';
import { apiCallsOf, control, paySuiteApi, withoutAuth, withSandbox } from '../helpers/sandbox';

const sandbox = withSandbox({}, 'clearLedger');

const SESSION = { name: 'Session', type: 'paySuiteSession', credentialType: 'paySuiteApi' };
const run = (parameters: IDataObject, options: NodeRunOptions = {}) => runNode(SESSION, parameters, paySuiteApi(sandbox), options);
const json = (result: RunResult) => outputJson(result, 'Session');
const apiCalls = () => apiCallsOf(sandbox);

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

// The buyer's device, as a Webhook node in front of the shop would give it: the node never makes one up.
const BUYER_IP = '203.0.113.7';
const BUYER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64)';

const paymentSession = (overrides: IDataObject = {}): IDataObject => ({
	resource: 'session',
	operation: 'create',
	sessionType: 'payment',
	returnUrl: 'https://shop.example.com/return',
	ipAddress: BUYER_IP,
	userAgent: BUYER_AGENT,
	reference: 'ORDER-1001',
	description: 'Two pairs of shoes',
	currency: 'USD',
	total: 120.5,
	...overrides,
});

async function createSession(overrides: IDataObject = {}): Promise<number> {
	const result = await run(paymentSession(overrides));
	expect(result.error).toBeUndefined();
	return Number(json(result)[0].requestId);
}

const pay = (requestId: number, body: IDataObject = {}) => control(sandbox, `/__sandbox/sessions/${requestId}/pay`, body);

/** A paid session's approved payment, read through the node (Get, one item per payment). */
async function approvedPayment(overrides: IDataObject = {}): Promise<{ requestId: number; payment: IDataObject }> {
	const requestId = await createSession(overrides);
	await pay(requestId);
	const result = await run({ resource: 'session', operation: 'get', requestId: String(requestId), options: { splitPayments: true } });
	expect(result.error).toBeUndefined();
	const payments = json(result);
	expect(payments).toHaveLength(1);
	return { requestId, payment: payments[0] };
}

/** The item failed before anything was sent: the message names the field and the item, the ledger is empty. */
async function expectRefused(parameters: IDataObject, field: string, problem: RegExp) {
	sandbox.clearLedger();
	const result = await run(parameters);
	const error = expectFieldRefused(result, field, apiCalls());
	expect(error.description).toMatch(problem);
	expect(error.description).toContain('Nothing was sent to the platform');
}

describe('Session > Create', () => {
	it("sends a payment session with the buyer's IP address and user agent, and the default expiration", async () => {
		const before = Date.now();
		const result = await run(paymentSession());
		expect(result.error).toBeUndefined();

		const calls = apiCalls();
		expect(calls).toHaveLength(1);
		expect(calls[0]).toMatchObject({ method: 'POST', path: '/api/session', status: 200 });
		expect(calls[0].auth).toMatchObject({ ok: true });
		const body = withoutAuth(calls[0].body);
		expect(body).toEqual({
			payment: { reference: 'ORDER-1001', description: 'Two pairs of shoes', amount: { currency: 'USD', total: 120.5 } },
			expiration: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/),
			ipAddress: BUYER_IP,
			userAgent: BUYER_AGENT,
			returnUrl: 'https://shop.example.com/return',
		});
		const expiresIn = Date.parse(body.expiration as string) - before;
		expect(expiresIn).toBeGreaterThanOrEqual(59 * 60_000);
		expect(expiresIn).toBeLessThanOrEqual(61 * 60_000);

		const items = result.output('Session');
		expect(items).toHaveLength(1);
		expect(items[0].pairedItem).toEqual({ item: 0 });
		expect(items[0].json.requestId).toEqual(expect.any(Number));
		expect(items[0].json.processUrl).toEqual(expect.any(String));
		expect(items[0].json.status).toMatchObject({ status: 'OK' });
	});

	it('sends every optional field the user set, exactly where the spec puts it', async () => {
		const expiration = new Date(Date.now() + 2 * 3600_000);
		expiration.setUTCMilliseconds(0);
		const result = await run(
			paymentSession({
				ipAddress: '203.0.113.7',
				userAgent: 'Mozilla/5.0 (X11; Linux x86_64)',
				buyer: { name: 'Ana', surname: 'Diaz', email: 'ana@example.com', document: '1040035000', documentType: 'CC', addressCity: 'Bogota' },
				payer: { name: 'Luis', email: 'luis@example.com', mobile: '+573001234567' },
				additionalFields: {
					allowPartial: true,
					cancelUrl: 'https://shop.example.com/cancel',
					expiration: expiration.toISOString(),
					fields: { pair: [{ keyword: 'channel', value: 'crm', displayOn: 'none' }, { keyword: 'seller', value: 'Eva', displayOn: '' }] },
					locale: 'es_CO',
					metadata: '{"campaign":"spring"}',
					noBuyerFill: true,
					paymentExtras: JSON.stringify({
						items: [{ sku: 'S-1', name: 'Shoe', qty: 2, price: 60.25 }],
						amount: { taxes: [{ kind: 'valueAddedTax', amount: 19.24, base: 101.26 }] },
					}),
					paymentMethod: 'visa,master',
					skipResult: false,
				},
			}),
		);
		expect(result.error).toBeUndefined();
		expect(withoutAuth(apiCalls()[0].body)).toEqual({
			locale: 'es_CO',
			payer: { name: 'Luis', email: 'luis@example.com', mobile: '+573001234567' },
			buyer: {
				name: 'Ana',
				surname: 'Diaz',
				email: 'ana@example.com',
				document: '1040035000',
				documentType: 'CC',
				address: { city: 'Bogota' },
			},
			payment: {
				reference: 'ORDER-1001',
				description: 'Two pairs of shoes',
				amount: { currency: 'USD', total: 120.5, taxes: [{ kind: 'valueAddedTax', amount: 19.24, base: 101.26 }] },
				allowPartial: true,
				items: [{ sku: 'S-1', name: 'Shoe', qty: 2, price: 60.25 }],
			},
			fields: [{ keyword: 'channel', value: 'crm', displayOn: 'none' }, { keyword: 'seller', value: 'Eva' }],
			expiration: `${expiration.toISOString().slice(0, 19)}+00:00`,
			ipAddress: '203.0.113.7',
			userAgent: 'Mozilla/5.0 (X11; Linux x86_64)',
			returnUrl: 'https://shop.example.com/return',
			cancelUrl: 'https://shop.example.com/cancel',
			paymentMethod: 'visa,master',
			skipResult: false,
			noBuyerFill: true,
			metadata: { campaign: 'spring' },
		});
	});

	it('creates a subscription session: a subscription and no payment', async () => {
		const result = await run({
			resource: 'session',
			operation: 'create',
			sessionType: 'subscription',
			returnUrl: 'https://shop.example.com/return',
			ipAddress: BUYER_IP,
			userAgent: BUYER_AGENT,
			subscriptionReference: 'SUB-77',
			subscriptionDescription: 'Monthly plan',
		});
		expect(result.error).toBeUndefined();
		const body = withoutAuth(apiCalls()[0].body);
		expect(body.subscription).toEqual({ reference: 'SUB-77', description: 'Monthly plan' });
		expect(body).not.toHaveProperty('payment');
		expect(body).not.toHaveProperty('type');
		expect(json(result)[0].requestId).toEqual(expect.any(Number));
	});

	it('creates a pre-authorization session with type checkin', async () => {
		const result = await run(paymentSession({ sessionType: 'checkin' }));
		expect(result.error).toBeUndefined();
		const body = withoutAuth(apiCalls()[0].body);
		expect(body.type).toBe('checkin');
		expect(body.payment).toEqual({ reference: 'ORDER-1001', description: 'Two pairs of shoes', amount: { currency: 'USD', total: 120.5 } });
	});

	it('creates an autopay session with the autopay object', async () => {
		const autopay = { reference: 'AP-1', description: 'Monthly rent', rules: [{ type: 'monthly', day: 5 }] };
		const result = await run({
			resource: 'session',
			operation: 'create',
			sessionType: 'autopay',
			returnUrl: 'https://shop.example.com/return',
			ipAddress: BUYER_IP,
			userAgent: BUYER_AGENT,
			autopay: JSON.stringify(autopay),
		});
		expect(result.error).toBeUndefined();
		const body = withoutAuth(apiCalls()[0].body);
		expect(body.type).toBe('autopay');
		expect(body.autopay).toEqual(autopay);
		expect(body).not.toHaveProperty('payment');
	});

	describe('refuses bad input before sending anything', () => {
		it.each<[string, IDataObject, string, RegExp]>([
			['an expiration less than 5 minutes ahead', { additionalFields: { expiration: inMinutes(4) } }, 'expiration', /at least 5 minutes after now/],
			['an expiration in the past', { additionalFields: { expiration: '2020-01-01T00:00:00Z' } }, 'expiration', /at least 5 minutes/],
			['an expiration that is not a date-time', { additionalFields: { expiration: 'next week' } }, 'expiration', /must be a date-time/],
			['a reference over 32 characters', { reference: 'R'.repeat(33) }, 'payment.reference', /at most 32 characters/],
			['an empty reference (from an expression)', { reference: '={{ "" }}' }, 'payment.reference', /^Reference is required/],
			['a description over 255 characters', { description: 'd'.repeat(256) }, 'payment.description', /at most 255 characters/],
			['a locale without a country', { additionalFields: { locale: 'es' } }, 'locale', /language and a country/],
			['a locale with a dash', { additionalFields: { locale: 'es-CO' } }, 'locale', /language and a country/],
			['a locale over 5 characters', { additionalFields: { locale: 'es_COL' } }, 'locale', /at most 5 characters/],
			['a return URL that is not a URL', { returnUrl: 'shop/return' }, 'returnUrl', /must be a URL/],
			['a return URL over 255 characters', { returnUrl: `https://e.com/${'a'.repeat(250)}` }, 'returnUrl', /at most 255/],
			['a cancel URL that is not a URL', { additionalFields: { cancelUrl: 'nope' } }, 'cancelUrl', /must be a URL/],
			['an IP address over 46 characters', { ipAddress: '1'.repeat(47) }, 'ipAddress', /at most 46/],
			['an empty IP address (from an expression)', { ipAddress: '={{ "" }}' }, 'ipAddress', /is required/],
			['a user agent over 255 characters', { userAgent: 'u'.repeat(256) }, 'userAgent', /at most 255/],
			['a currency that is not ISO 4217', { currency: 'dollars' }, 'payment.amount.currency', /ISO 4217/],
			['a buyer e-mail that is not one', { buyer: { email: 'ana-at-example' } }, 'buyer.email', /e-mail/],
			['metadata that is not an object', { additionalFields: { metadata: '[1,2]' } }, 'metadata', /JSON object/],
			['payment extras that are not an object', { additionalFields: { paymentExtras: '"shoes"' } }, 'paymentExtras', /JSON object/],
			[
				'payment extras with a field the spec does not list',
				{ additionalFields: { paymentExtras: '{"item":[]}' } },
				'payment',
				/^Additional Fields › Payment Extras has a field the platform does not take: 'item'/,
			],
			[
				'a tax of a kind the spec does not list',
				{ additionalFields: { paymentExtras: '{"amount":{"taxes":[{"kind":"salesTax","amount":1}]}}' } },
				'payment.amount.taxes.0.kind',
				/valueAddedTax/,
			],
			['a negative amount (from an expression)', { total: '={{ -5 }}' }, 'payment.amount.total', /must not be negative/],
			['a cancel URL over 255 characters', { additionalFields: { cancelUrl: `https://e.com/${'a'.repeat(250)}` } }, 'cancelUrl', /at most 255/],
			['an empty user agent (from an expression)', { userAgent: '={{ "" }}' }, 'userAgent', /is required/],
			// Nothing is made up for the buyer's device: a field left empty is refused, saying where to find it.
			['no IP address', { ipAddress: '={{ $json.headers?.["x-forwarded-for"] }}' }, 'ipAddress', /^Buyer IP Address is required: .*x-forwarded-for/],
			['no user agent', { userAgent: '={{ $json.headers?.["user-agent"] }}' }, 'userAgent', /^Buyer User Agent is required: .*user-agent/],
		])('%s', async (_what, overrides, field, problem) => {
			await expectRefused(paymentSession(overrides), field, problem);
		});

		it('a subscription reference over 32 characters', async () => {
			await expectRefused(
				{
					resource: 'session',
					operation: 'create',
					sessionType: 'subscription',
					returnUrl: 'https://e.com/r',
					ipAddress: BUYER_IP,
					userAgent: BUYER_AGENT,
					subscriptionReference: 'S'.repeat(33),
				},
				'subscription.reference',
				/at most 32 characters/,
			);
		});

		it('an autopay session without the autopay object', async () => {
			await expectRefused(
				{ resource: 'session', operation: 'create', sessionType: 'autopay', returnUrl: 'https://e.com/r', ipAddress: BUYER_IP, userAgent: BUYER_AGENT, autopay: '{}' },
				'autopay',
				/required when the session type is autopay/,
			);
		});

		it('metadata that is not JSON', async () => {
			sandbox.clearLedger();
			const result = await run(paymentSession({ additionalFields: { metadata: '{campaign' } }));
			expect(result.error!.message).toMatch(/^Additional Fields › Metadata must be JSON, such as .*\(item 0\)$/);
			expect(apiCalls()).toEqual([]);
		});
	});

	it('with Continue On Fail, a bad item fails alone and the good one is sent', async () => {
		const result = await run(paymentSession({ reference: '={{ $json.ref }}' }), {
			items: [{ ref: 'R'.repeat(40) }, { ref: 'ORDER-OK' }],
			continueOnFail: true,
		});
		expect(result.error).toBeUndefined();
		const items = result.output('Session');
		expect(items).toHaveLength(2);
		expect(items[0].json.error).toBe(`Reference must be at most 32 characters; got '${'R'.repeat(40)}' (item 0)`);
		expect(items[0].pairedItem).toEqual({ item: 0 });
		expect(items[1].json.requestId).toEqual(expect.any(Number));
		expect(items[1].pairedItem).toEqual({ item: 1 });
		const calls = apiCalls();
		expect(calls).toHaveLength(1);
		expect((calls[0].body as IDataObject).payment).toMatchObject({ reference: 'ORDER-OK' });
	});
});

describe('Session > Get', () => {
	it('outputs one item with the request, the payments and the subscription', async () => {
		const requestId = await createSession();
		await pay(requestId);
		sandbox.clearLedger();
		const result = await run({ resource: 'session', operation: 'get', requestId: String(requestId) });
		expect(result.error).toBeUndefined();
		const calls = apiCalls();
		expect(calls).toHaveLength(1);
		expect(calls[0]).toMatchObject({ method: 'POST', path: `/api/session/${requestId}` });
		expect(withoutAuth(calls[0].body)).toEqual({});

		const items = json(result);
		expect(items).toHaveLength(1);
		expect(items[0].requestId).toBe(requestId);
		expect(items[0].request).toMatchObject({ payment: { reference: 'ORDER-1001' }, returnUrl: 'https://shop.example.com/return' });
		expect(items[0].payment).toEqual([expect.objectContaining({ internalReference: expect.any(Number), reference: 'ORDER-1001' })]);
		expect(items[0]).toHaveProperty('subscription');
	});

	it('with One Item per Payment, outputs each payment with the requestId and the session status', async () => {
		const requestId = await createSession({ additionalFields: { allowPartial: true } });
		await pay(requestId, { status: 'REJECTED' });
		await pay(requestId);
		const result = await run({ resource: 'session', operation: 'get', requestId: String(requestId), options: { splitPayments: true } });
		expect(result.error).toBeUndefined();
		const items = result.output('Session');
		expect(items).toHaveLength(2);
		for (const item of items) {
			expect(item.pairedItem).toEqual({ item: 0 });
			expect(item.json).toMatchObject({ requestId, sessionStatus: { status: expect.any(String) }, internalReference: expect.any(Number) });
		}
		expect(items.map((item) => (item.json.status as IDataObject).status)).toEqual(['REJECTED', 'APPROVED']);
	});

	it('with One Item per Payment, outputs nothing for a session without payments', async () => {
		const requestId = await createSession();
		const result = await run({ resource: 'session', operation: 'get', requestId: String(requestId), options: { splitPayments: true } });
		expect(result.error).toBeUndefined();
		expect(result.output('Session')).toEqual([]);
	});

	it('refuses a request ID that is not a number before sending anything', async () => {
		await expectRefused({ resource: 'session', operation: 'get', requestId: '12/cancel' }, 'requestId', /whole number/);
	});
});

describe('Session > Cancel', () => {
	it('cancels a session without an approved payment', async () => {
		const requestId = await createSession();
		sandbox.clearLedger();
		const result = await run({ resource: 'session', operation: 'cancel', requestId: String(requestId) });
		expect(result.error).toBeUndefined();
		const calls = apiCalls();
		expect(calls).toHaveLength(1);
		expect(calls[0]).toMatchObject({ method: 'POST', path: `/api/session/${requestId}/cancel` });
		expect(withoutAuth(calls[0].body)).toEqual({});
		const [item] = json(result);
		expect(item.session).toMatchObject({ requestId, status: { status: 'REJECTED', reason: 'MC' } });
	});

	it('is refused when a payment is approved, with the platform answer and what to do instead', async () => {
		const { requestId } = await approvedPayment();
		sandbox.clearLedger();
		const result = await run({ resource: 'session', operation: 'cancel', requestId: String(requestId) });
		const calls = apiCalls();
		expect(calls).toHaveLength(1);
		expect(calls[0].path).toBe(`/api/session/${requestId}/cancel`);
		const error = result.error!;
		expect(error).toBeDefined();
		const answered = (calls[0] as { response?: IDataObject }).response;
		expect(error.message).toMatch(/^The platform refused (the request|this in the current state): /);
		if (answered && (answered.status as IDataObject)?.message) expect(error.message).toContain(String((answered.status as IDataObject).message).replace(/\.$/, ''));
		expect(error.message).toMatch(/refund the payment instead \(Transaction > Refund\)\.$/);
		expect(error.description).toMatch(/^Platform answer: HTTP \d{3} /);

		const after = await run({ resource: 'session', operation: 'get', requestId: String(requestId) });
		expect((json(after)[0].status as IDataObject).status).toBe('APPROVED');
	});
});

describe('Transaction > Refund', () => {
	it('refunds the full amount: only the internal reference is sent', async () => {
		const { payment } = await approvedPayment();
		sandbox.clearLedger();
		const result = await run({ resource: 'transaction', operation: 'refund', internalReference: payment.internalReference });
		expect(result.error).toBeUndefined();
		const calls = apiCalls();
		expect(calls).toHaveLength(1);
		expect(calls[0]).toMatchObject({ method: 'POST', path: '/api/reverse' });
		expect(withoutAuth(calls[0].body)).toEqual({ internalReference: payment.internalReference });
		const [item] = json(result);
		expect(item.payment).toMatchObject({ internalReference: expect.any(Number), refunded: true });
	});

	it('refunds part of the amount, sent as amount {currency, total}', async () => {
		const { payment } = await approvedPayment();
		sandbox.clearLedger();
		const result = await run({
			resource: 'transaction',
			operation: 'refund',
			internalReference: String(payment.internalReference),
			refundType: 'partial',
			currency: 'USD',
			total: 20,
		});
		expect(result.error).toBeUndefined();
		expect(withoutAuth(apiCalls()[0].body)).toEqual({
			internalReference: payment.internalReference,
			amount: { currency: 'USD', total: 20 },
		});
		expect(json(result)[0]).toHaveProperty('payment');
	});

	it.each<[string, IDataObject, string, RegExp]>([
		['no internal reference', { internalReference: 0 }, 'internalReference', /positive whole number/],
		['an internal reference that is not a number', { internalReference: 'abc' }, 'internalReference', /whole number/],
		['a partial amount of 0', { internalReference: 5, refundType: 'partial', currency: 'USD', total: 0 }, 'amount.total', /more than 0/],
		['a partial amount in a bad currency', { internalReference: 5, refundType: 'partial', currency: 'usd', total: 5 }, 'amount.currency', /ISO 4217/],
	])('refuses %s before sending anything', async (_what, overrides, field, problem) => {
		await expectRefused({ resource: 'transaction', operation: 'refund', ...overrides }, field, problem);
	});
});

describe('Transaction > Refund is never sent twice', () => {
	it('does not repeat a refund whose connection broke after the platform processed it', async () => {
		const { requestId, payment } = await approvedPayment();
		sandbox.clearLedger();
		sandbox.setFaults([{ path: '/api/reverse', kind: 'drop-after-processing', count: 1 }]);
		try {
			const result = await run({ resource: 'transaction', operation: 'refund', internalReference: payment.internalReference });
			expect(result.error).toBeDefined();
			expect(result.error!.message).toBe(
				`The full refund of transaction ${payment.internalReference} may have been made: the platform's answer was lost (the connection broke after the request was sent) (item 0)`,
			);
			expect(result.error!.description).toContain('It was not sent again');
		} finally {
			sandbox.clearFaults();
		}
		expect(apiCalls().filter((call) => call.path === '/api/reverse')).toHaveLength(1);
		const after = await run({ resource: 'session', operation: 'get', requestId: String(requestId), options: { splitPayments: true } });
		expect(json(after)[0]).toMatchObject({ internalReference: payment.internalReference, refunded: true });
	});
});

describe('Transaction > Checkout / Reauthorize / Reverse', () => {
	it.each<[string, string, IDataObject, IDataObject]>([
		['checkout', 'checkout', {}, {}],
		['checkout', 'checkout', { sendAmount: true, currency: 'USD', total: 80 }, { amount: { currency: 'USD', total: 80 } }],
		['reauthorize', 'reauthorization', { sendAmount: true, currency: 'USD', total: 150 }, { amount: { currency: 'USD', total: 150 } }],
		['reverse', 'reverse', {}, {}],
		['reverse', 'reverse', { sendAmount: true, currency: 'USD', total: 10 }, { amount: { currency: 'USD', total: 10 } }],
	])('%s sends action %s to /api/transaction %j', async (operation, action, parameters, sentAmount) => {
		const { payment } = await approvedPayment({ sessionType: operation === 'reverse' ? 'payment' : 'checkin' });
		sandbox.clearLedger();
		const result = await run({ resource: 'transaction', operation, internalReference: payment.internalReference, ...parameters });
		expect(result.error).toBeUndefined();
		const calls = apiCalls();
		expect(calls).toHaveLength(1);
		expect(calls[0]).toMatchObject({ method: 'POST', path: '/api/transaction' });
		expect(withoutAuth(calls[0].body)).toEqual({ action, internalReference: payment.internalReference, ...sentAmount });
		const items = result.output('Session');
		expect(items).toHaveLength(1);
		expect(items[0].pairedItem).toEqual({ item: 0 });
		expect(items[0].json.status).toBeDefined();
	});

	it('refuses an amount of 0 before sending anything', async () => {
		await expectRefused(
			{ resource: 'transaction', operation: 'checkout', internalReference: 9, sendAmount: true, currency: 'USD', total: 0 },
			'amount.total',
			/more than 0/,
		);
	});
});

describe('Ticket', () => {
	it('creates tickets for an approved session and gets them back, one item per ticket', async () => {
		const { payment } = await approvedPayment();
		const internalReference = payment.internalReference as number;
		sandbox.clearLedger();
		const created = await run({
			resource: 'ticket',
			operation: 'create',
			internalReference,
			tickets: { ticket: [{ ticket: 'T-0001', issuedAt: '2030-01-15' }, { ticket: 'T-0002', issuedAt: '2030-01-16T09:30:00' }] },
		});
		expect(created.error).toBeUndefined();
		const calls = apiCalls();
		expect(calls).toHaveLength(1);
		expect(calls[0]).toMatchObject({ method: 'POST', path: '/ticket/create' });
		expect(withoutAuth(calls[0].body)).toEqual({
			internalReference,
			tickets: [
				{ ticket: 'T-0001', issuedAt: '2030-01-15' },
				{ ticket: 'T-0002', issuedAt: '2030-01-16' },
			],
		});
		expect(json(created)[0].count).toBe(2);

		sandbox.clearLedger();
		const all = await run({ resource: 'ticket', operation: 'getMany', internalReference, returnAll: true });
		expect(all.error).toBeUndefined();
		expect(apiCalls()).toHaveLength(1);
		expect(apiCalls()[0]).toMatchObject({ method: 'POST', path: '/ticket/search' });
		expect(withoutAuth(apiCalls()[0].body)).toEqual({ internalReference });
		const tickets = all.output('Session');
		expect(tickets.map((item) => item.json.ticket)).toEqual(['T-0001', 'T-0002']);
		expect(tickets.map((item) => item.json.issuedAt)).toEqual(['2030-01-15', '2030-01-16']);
		expect(tickets.every((item) => (item.pairedItem as { item: number }).item === 0)).toBe(true);

		const limited = await run({ resource: 'ticket', operation: 'getMany', internalReference, returnAll: false, limit: 1 });
		expect(limited.output('Session').map((item) => item.json.ticket)).toEqual(['T-0001']);
	});

	it.each<[string, IDataObject, string, RegExp]>([
		['no ticket', { internalReference: 5, tickets: {} }, 'tickets', /must hold at least one ticket/],
		['an empty ticket number', { internalReference: 5, tickets: { ticket: [{ ticket: '', issuedAt: '2030-01-15' }] } }, 'tickets.0.ticket', /is required/],
		['an issue date that is not a date', { internalReference: 5, tickets: { ticket: [{ ticket: 'T', issuedAt: '15/01/2030' }] } }, 'tickets.0.issuedAt', /YYYY-MM-DD/],
		['no internal reference', { internalReference: 0, tickets: { ticket: [{ ticket: 'T', issuedAt: '2030-01-15' }] } }, 'internalReference', /positive/],
	])('Create refuses %s before sending anything', async (_what, overrides, field, problem) => {
		await expectRefused({ resource: 'ticket', operation: 'create', ...overrides }, field, problem);
	});

	it('Get Many refuses a missing internal reference before sending anything', async () => {
		await expectRefused({ resource: 'ticket', operation: 'getMany', internalReference: 0, returnAll: true }, 'internalReference', /positive/);
	});
});
