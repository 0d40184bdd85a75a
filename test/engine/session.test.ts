/**
 * The PaySuite Session node run by n8n's real engine against the sandbox: what the sandbox received, what
 * the node output, and that bad input fails the item before anything is sent.
 */
import type { IDataObject, INodeListSearchResult } from 'n8n-workflow';

import { REFUND_BASIS } from '../../nodes/shared/output/refunds';
import { expectFieldRefused, outputJson, runNode, runNodeMethod, type NodeRunOptions, type RunResult } from '../helpers/engine';
import { sessionCreateParameters } from '../helpers/fixtures';
import { apiCallsOf, control, paySuiteApi, withoutAuth, withSandbox } from '../helpers/sandbox';

/** The same instant written with Bogota's offset (UTC-5 all year), as a simplified item's `<date>Iso`. */
const onSiteClock = (value: unknown) => new Date(Date.parse(String(value)) - 5 * 3_600_000).toISOString().slice(0, 19) + '-05:00';

const sandbox = withSandbox({}, 'clearLedger');

const SESSION = { name: 'Session', type: 'paySuiteSession', credentialType: 'paySuiteApi' };
const run = (parameters: IDataObject, options: NodeRunOptions = {}) => runNode(SESSION, parameters, paySuiteApi(sandbox), options);
const json = (result: RunResult) => outputJson(result, 'Session');
const apiCalls = () => apiCallsOf(sandbox);

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

// The buyer's device, as a Webhook node in front of the shop would give it: the node never makes one up.
const BUYER_IP = '203.0.113.7';
const BUYER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64)';

const paymentSession = (overrides: IDataObject = {}): IDataObject => sessionCreateParameters({ ipAddress: BUYER_IP, userAgent: BUYER_AGENT, ...overrides });

async function createSession(overrides: IDataObject = {}): Promise<number> {
	const result = await run(paymentSession(overrides));
	expect(result.error).toBeUndefined();
	return Number(json(result)[0].requestId);
}

/** A resource locator's value as the panel saves it ("By ID", "By URL" or "From list"). */
const byId = (id: unknown) => ({ __rl: true, mode: 'id', value: String(id) });
const byUrl = (url: string) => ({ __rl: true, mode: 'url', value: url });
const fromList = (id: unknown) => ({ __rl: true, mode: 'list', value: String(id) });

const pay = (requestId: number, body: IDataObject = {}) => control(sandbox, `/__sandbox/sessions/${requestId}/pay`, body);

/** A paid session's approved payment, read through the node (Get, one item per payment). */
async function approvedPayment(overrides: IDataObject = {}): Promise<{ requestId: number; payment: IDataObject }> {
	const requestId = await createSession(overrides);
	await pay(requestId);
	const result = await run({ resource: 'session', operation: 'get', requestId: byId(requestId), simple: false, options: { splitPayments: true } });
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
					metadata: { pair: [{ key: 'campaign', value: 'spring' }] },
					noBuyerFill: true,
					items: { item: [{ sku: 'S-1', name: 'Shoe', category: '', qty: 2, price: 60.25, tax: 0 }] },
					taxes: { tax: [{ kind: 'valueAddedTax', amount: 19.24, base: 101.26 }] },
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
			['metadata JSON that is not an object', { additionalFields: { metadataJson: '[1,2]' } }, 'additionalFields.metadataJson', /^Additional Fields › Metadata \(JSON\) must be a JSON object/],
			[
				'a modifier whose additional data is not an object',
				{ additionalFields: { modifiers: { modifier: [{ type: 'IVA', code: '1', additional: '"x"' }] } } },
				'additionalFields.modifiers.modifier.0.additional',
				/^Additional Fields › Modifiers › Data \(JSON\) \(entry 1\) must be a JSON object/,
			],
			[
				'a tax of a kind the spec does not list (from an expression)',
				{ additionalFields: { taxes: { tax: [{ kind: 'salesTax', amount: 1 }] } } },
				'payment.amount.taxes.0.kind',
				/^Additional Fields › Taxes › Kind \(entry 1\) .*valueAddedTax/,
			],
			[
				'a dispersion without its currency',
				{ additionalFields: { dispersion: { destination: [{ agreement: '7', agreementType: 'MERCHANT', currency: '', total: 10 }] } } },
				'payment.dispersion.0.amount.currency',
				/^Additional Fields › Dispersion › Currency \(entry 1\) is required/,
			],
			[
				'a recurring notification URL that is not a URL',
				{ additionalFields: { recurring: { periodicity: 'M', interval: 1, notificationUrl: 'nope' } } },
				'payment.recurring.notificationUrl',
				/^Additional Fields › Recurring › Notification URL must be a URL/,
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

		it('metadata JSON that is not JSON', async () => {
			sandbox.clearLedger();
			const result = await run(paymentSession({ additionalFields: { metadataJson: '{campaign' } }));
			expect(result.error!.message).toMatch(/^Additional Fields › Metadata \(JSON\) must be JSON, such as .*\(item 0\)$/);
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
		const result = await run({ resource: 'session', operation: 'get', requestId: byId(requestId), simple: false });
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
		const result = await run({ resource: 'session', operation: 'get', requestId: byId(requestId), simple: false, options: { splitPayments: true } });
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

		const after = await run({ resource: 'session', operation: 'get', requestId: byId(requestId) });
		expect(json(after)[0].status).toBe('APPROVED');
	});
});

describe('Transaction > Refund', () => {
	it('refunds the full amount: only the internal reference is sent', async () => {
		const { payment } = await approvedPayment();
		sandbox.clearLedger();
		const result = await run({ resource: 'transaction', operation: 'refund', internalReference: byId(payment.internalReference), simple: false });
		expect(result.error).toBeUndefined();
		const calls = apiCalls();
		// The payment is read first (its refunds so far, for the repeat check); Simplify off reads nothing after.
		expect(calls.map((call) => call.path)).toEqual(['/gateway/query', '/api/reverse']);
		expect(withoutAuth(calls[0].body)).toEqual({ internalReference: payment.internalReference });
		expect(withoutAuth(calls[1].body)).toEqual({ internalReference: payment.internalReference });
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
			simple: false,
		});
		expect(result.error).toBeUndefined();
		expect(withoutAuth(apiCalls().find((call) => call.path === '/api/reverse')!.body)).toEqual({
			internalReference: payment.internalReference,
			amount: { currency: 'USD', total: 20 },
		});
		expect(json(result)[0]).toHaveProperty('payment');
	});

	it.each<[string, IDataObject, string, RegExp]>([
		['no internal reference', { internalReference: '={{ 0 }}' }, 'internalReference', /positive whole number/],
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
			expect(result.error).toBeUndefined();
			expect(String(json(result)[0].confirmedAfterLostAnswer)).toBe(
				`The full refund of transaction ${payment.internalReference} was made: the platform's answer was lost (the connection broke after the request was sent), and the platform, read again, shows it.`,
			);
		} finally {
			sandbox.clearFaults();
		}
		expect(apiCalls().filter((call) => call.path === '/api/reverse')).toHaveLength(1);
		const after = await run({ resource: 'session', operation: 'get', requestId: byId(requestId), simple: false, options: { splitPayments: true } });
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
		// A reversal gives money back: the payment is read before (repeat check) and after (what is left).
		const reads = operation === 'reverse' ? ['/gateway/query'] : [];
		expect(calls.map((call) => call.path)).toEqual([...reads, '/api/transaction', ...reads]);
		const sent = calls.find((call) => call.path === '/api/transaction')!;
		expect(withoutAuth(sent.body)).toEqual({ action, internalReference: payment.internalReference, ...sentAmount });
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
		['no internal reference', { internalReference: '={{ 0 }}', tickets: { ticket: [{ ticket: 'T', issuedAt: '2030-01-15' }] } }, 'internalReference', /positive/],
	])('Create refuses %s before sending anything', async (_what, overrides, field, problem) => {
		await expectRefused({ resource: 'ticket', operation: 'create', ...overrides }, field, problem);
	});

	it('Get Many refuses a missing internal reference before sending anything', async () => {
		await expectRefused({ resource: 'ticket', operation: 'getMany', internalReference: '={{ 0 }}', returnAll: true }, 'internalReference', /positive/);
	});
});

describe('Session > Create: the payment parts, metadata and subscription fields from their own fields', () => {
	it('sends each part in the shape the spec documents', async () => {
		const result = await run(
			paymentSession({
				shipping: { name: 'Ana', addressCity: 'Bogota' },
				additionalFields: {
					amountDetails: { detail: [{ kind: 'shipping', amount: 5 }, { kind: 'discount', amount: 2.5 }] },
					dispersion: { destination: [{ agreement: '7', agreementType: 'MERCHANT', currency: 'USD', total: 100 }] },
					items: { item: [{ sku: 'S-1', name: 'Shoe', category: 'shoes', qty: 2, price: 60.25, tax: 3 }] },
					modifiers: { modifier: [{ type: 'FEDERAL_GOVERNMENT', code: '17934', additional: '{"invoice": "12"}' }] },
					paymentFields: { pair: [{ keyword: 'seller', value: 'Eva', displayOn: 'both' }] },
					processorFields: { pair: [{ keyword: 'channel', value: 'web', displayOn: '' }] },
					recurring: { periodicity: 'M', interval: 1, nextPayment: '2030-02-01T00:00:00', maxPeriods: 12, dueDate: '2031-01-31', notificationUrl: 'https://shop.example.com/recur' },
					subscribe: true,
					taxes: { tax: [{ kind: 'valueAddedTax', amount: 19.24, base: 0 }] },
					metadata: { pair: [{ key: 'campaign', value: 'spring' }, { key: '', value: 'dropped' }, { key: 'tier', value: 'text' }] },
					metadataJson: '{"tier": 2, "tags": ["a"]}',
				},
			}),
		);
		expect(result.error).toBeUndefined();
		const body = withoutAuth(apiCalls()[0].body);
		expect(body.payment).toEqual({
			reference: 'ORDER-1001',
			description: 'Two pairs of shoes',
			amount: {
				currency: 'USD',
				total: 120.5,
				taxes: [{ kind: 'valueAddedTax', amount: 19.24 }],
				details: [
					{ kind: 'shipping', amount: 5 },
					{ kind: 'discount', amount: 2.5 },
				],
			},
			shipping: { name: 'Ana', address: { city: 'Bogota' } },
			items: [{ sku: 'S-1', name: 'Shoe', category: 'shoes', qty: 2, price: 60.25, tax: 3 }],
			fields: [{ keyword: 'seller', value: 'Eva', displayOn: 'both' }],
			processorFields: [{ keyword: 'channel', value: 'web' }],
			subscribe: true,
			recurring: { periodicity: 'M', interval: 1, nextPayment: '2030-02-01', maxPeriods: 12, dueDate: '2031-01-31', notificationUrl: 'https://shop.example.com/recur' },
			// Digits as numbers, as the document gives agreements (integers) and as Gateway › Process sends them.
			dispersion: [{ agreement: 7, agreementType: 'MERCHANT', amount: { currency: 'USD', total: 100 } }],
			modifiers: [{ type: 'FEDERAL_GOVERNMENT', code: 17934, additional: { invoice: '12' } }],
		});
		// The JSON, then the rows: a key in both takes the row's value (as in every node).
		expect(body.metadata).toEqual({ campaign: 'spring', tier: 'text', tags: ['a'] });
	});

	it('sends the fields of a subscription inside it', async () => {
		const result = await run({
			resource: 'session',
			operation: 'create',
			sessionType: 'subscription',
			returnUrl: 'https://shop.example.com/return',
			ipAddress: BUYER_IP,
			userAgent: BUYER_AGENT,
			subscriptionReference: 'SUB-78',
			subscriptionFields: { pair: [{ keyword: 'plan', value: 'gold', displayOn: 'payment' }] },
		});
		expect(result.error).toBeUndefined();
		expect(withoutAuth(apiCalls()[0].body).subscription).toEqual({ reference: 'SUB-78', fields: [{ keyword: 'plan', value: 'gold', displayOn: 'payment' }] });
	});
});

describe('Session > Get / Cancel: the Request ID by URL', () => {
	it("reads the Request ID from the session's Process URL, as Create output it", async () => {
		const created = await run(paymentSession());
		const { requestId, processUrl } = json(created)[0] as { requestId: number; processUrl: string };
		expect(processUrl).toMatch(new RegExp(`/session/${requestId}/`));
		sandbox.clearLedger();
		const got = await run({ resource: 'session', operation: 'get', requestId: byUrl(processUrl) });
		expect(got.error).toBeUndefined();
		expect(apiCalls()[0].path).toBe(`/api/session/${requestId}`);
		expect(json(got)[0]).toMatchObject({ requestId, status: 'PENDING' });

		sandbox.clearLedger();
		const cancelled = await run({ resource: 'session', operation: 'cancel', requestId: byUrl(`https://checkout.example.com/spa/session/${requestId}/abc?x=1`) });
		expect(cancelled.error).toBeUndefined();
		expect(apiCalls()[0].path).toBe(`/api/session/${requestId}/cancel`);
	});

	it.each(['get', 'cancel'])('%s refuses a link without a Request ID, naming the field, before sending anything', async (operation) => {
		sandbox.clearLedger();
		// From an expression (the panel checks a typed link before the run): the item is refused at run time.
		const result = await run({ resource: 'session', operation, requestId: byUrl('={{ "https://checkout.example.com/session/" }}') });
		expect(result.error).toBeDefined();
		expect(result.error!.message).toMatch(/^Request ID must be a link that holds the ID .*\(item 0\)$/);
		expect(apiCalls()).toEqual([]);
	});

	it("a Request ID whose expression fails gives the expression's own error, not the locator's (it is read once when it works)", async () => {
		sandbox.clearLedger();
		const result = await run({ resource: 'session', operation: 'get', requestId: { __rl: true, mode: 'id', value: '={{ $("No such node").item.json.id }}' } });
		expect(result.error).toBeDefined();
		expect(result.error!.message).not.toMatch(/must be a link/);
		expect(result.error!.message).toMatch(/No such node|doesn.t exist/i);
		expect(apiCalls()).toEqual([]);
	});
});

describe('Session > Get: Simplify', () => {
	it('on (the default): one flat item with the session state, the amount as a number and the latest approved payment', async () => {
		const requestId = await createSession({ additionalFields: { allowPartial: true } });
		await pay(requestId, { status: 'REJECTED' });
		await pay(requestId);
		const raw = json(await run({ resource: 'session', operation: 'get', requestId: byId(requestId), simple: false, includeSecrets: true }))[0];
		const approved = (raw.payment as IDataObject[])[1];
		const result = await run({ resource: 'session', operation: 'get', requestId: byId(requestId) });
		expect(result.error).toBeUndefined();
		const [item] = json(result);
		const status = raw.status as IDataObject;
		expect(item).toEqual({
			requestId,
			status: status.status,
			reason: status.reason,
			message: status.message,
			date: status.date,
			dateIso: onSiteClock(status.date),
			reference: 'ORDER-1001',
			description: 'Two pairs of shoes',
			amount: 120.5,
			currency: 'USD',
			expiration: (raw.request as IDataObject).expiration,
			expirationIso: onSiteClock((raw.request as IDataObject).expiration),
			returnUrl: 'https://shop.example.com/return',
			processUrl: raw.processUrl ?? null,
			paymentCount: 2,
			internalReference: approved.internalReference,
			// The bank's approval code: finance reconciles with it (not a secret, redact.ts).
			authorization: approved.authorization,
			receipt: approved.receipt,
			paymentMethod: approved.paymentMethod,
			franchise: approved.franchise,
			issuerName: approved.issuerName,
			lastDigits: '1111',
			paymentDate: (approved.status as IDataObject).date,
			paymentDateIso: onSiteClock((approved.status as IDataObject).date),
			refunded: false,
			// Nothing refunded by this workflow: the basis says refunds made elsewhere are not counted.
			refundedAmount: 0,
			refundableAmount: 120.5,
			refundedAmountBasis: REFUND_BASIS.byThisWorkflow,
		});
		// The site's offset: the credential's Site Time Zone, America/Bogota.
		expect(item.dateIso).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}-05:00$/);
		const shown = json(await run({ resource: 'session', operation: 'get', requestId: byId(requestId), includeSecrets: true }))[0];
		expect(shown.authorization).toBe(approved.authorization);
	});

	it('on, with One Item per Payment: each payment flat, with the requestId and the session status', async () => {
		const requestId = await createSession({ additionalFields: { allowPartial: true } });
		await pay(requestId, { status: 'REJECTED' });
		await pay(requestId);
		const items = json(await run({ resource: 'session', operation: 'get', requestId: byId(requestId), options: { splitPayments: true } }));
		expect(items.map((item) => [item.requestId, item.status, item.amount, item.currency])).toEqual([
			[requestId, 'REJECTED', 120.5, 'USD'],
			[requestId, 'APPROVED', 120.5, 'USD'],
		]);
		expect(items[1]).toMatchObject({ sessionStatus: 'APPROVED', internalReference: expect.any(Number), reference: 'ORDER-1001', lastDigits: '1111' });
	});

	it('on, for a subscription: the registered payment method, its token hidden unless Include Secrets is on', async () => {
		const created = await run({
			resource: 'session',
			operation: 'create',
			sessionType: 'subscription',
			returnUrl: 'https://shop.example.com/return',
			ipAddress: BUYER_IP,
			userAgent: BUYER_AGENT,
			subscriptionReference: 'SUB-79',
		});
		const requestId = json(created)[0].requestId as number;
		await pay(requestId);
		const [hidden] = json(await run({ resource: 'session', operation: 'get', requestId: byId(requestId) }));
		expect(hidden).toMatchObject({ reference: 'SUB-79', subscriptionStatus: 'OK', token: '[hidden: turn on Include Secrets]', subtoken: '[hidden: turn on Include Secrets]', lastDigits: '1111', paymentCount: 0, amount: null });
		const [shown] = json(await run({ resource: 'session', operation: 'get', requestId: byId(requestId), includeSecrets: true }));
		expect(shown.token).toMatch(/^[0-9a-f]{64}$/);
	});

	it('off: the platform answer as it came', async () => {
		const requestId = await createSession();
		const [item] = json(await run({ resource: 'session', operation: 'get', requestId: byId(requestId), simple: false }));
		expect(item).toMatchObject({ requestId, status: { status: 'PENDING' }, request: { payment: { reference: 'ORDER-1001' } } });
	});
});

describe('Transaction: Simplify', () => {
	it('Refund, on: the refund as one flat item; off: the platform answer', async () => {
		const { payment } = await approvedPayment();
		const simple = await run({ resource: 'transaction', operation: 'refund', internalReference: byId(payment.internalReference), refundType: 'partial', currency: 'USD', total: 20 });
		expect(simple.error).toBeUndefined();
		expect(json(simple)[0]).toMatchObject({ internalReference: payment.internalReference, status: 'APPROVED', reason: '00', amount: 20, currency: 'USD', refunded: false });
		const raw = await run({ resource: 'transaction', operation: 'refund', internalReference: byId(payment.internalReference), simple: false });
		expect(json(raw)[0]).toMatchObject({ status: { status: 'OK' }, payment: { internalReference: payment.internalReference, refunded: true } });
	});

	it('Checkout, on: the action as one flat item with the internal reference acted on; off: the platform answer', async () => {
		const { payment } = await approvedPayment({ sessionType: 'checkin' });
		const simple = await run({ resource: 'transaction', operation: 'checkout', internalReference: byId(payment.internalReference), sendAmount: true, currency: 'USD', total: 80 });
		expect(json(simple)[0]).toEqual({
			internalReference: payment.internalReference,
			status: 'OK',
			reason: expect.any(String),
			message: expect.any(String),
			date: expect.any(String),
			reference: 'ORDER-1001',
			description: 'Two pairs of shoes',
			amount: 80,
			currency: 'USD',
		});
		const other = await approvedPayment({ sessionType: 'checkin' });
		const raw = await run({ resource: 'transaction', operation: 'checkout', internalReference: byId(other.payment.internalReference), simple: false });
		expect(json(raw)[0]).toMatchObject({ status: { status: 'OK' }, reference: 'ORDER-1001', amount: { currency: 'USD', total: 120.5 } });
	});
});

describe('Internal Reference: From list', () => {
	const search = (filter: string, credentials = paySuiteApi(sandbox)) =>
		runNodeMethod<INodeListSearchResult>('listSearch', 'searchTransactions', {
			node: SESSION,
			parameters: { resource: 'transaction', operation: 'refund' },
			credentials,
			filter,
		});

	it('finds a paid session payment by its reference, amount and currency, and the picked value refunds it', async () => {
		const reference = `FIND-${Date.now() % 1_000_000}`;
		const { payment } = await approvedPayment({ reference, total: 75.25 });
		const found = await search(`${reference} 75.25 usd`);
		expect(found.results).toEqual([{ name: expect.stringContaining(`${payment.internalReference} · ${reference} · payment · APPROVED · 75.25 USD`), value: String(payment.internalReference) }]);
		// Another amount narrows the search to nothing.
		expect((await search(`${reference} 75.26 USD`)).results).toEqual([]);

		sandbox.clearLedger();
		const refunded = await run({ resource: 'transaction', operation: 'refund', internalReference: fromList(found.results[0].value) });
		expect(refunded.error).toBeUndefined();
		expect(withoutAuth(apiCalls()[0].body)).toEqual({ internalReference: payment.internalReference });
	});

	it('finds a payment by its reference alone, and no longer once it is refunded in full', async () => {
		const reference = `ALONE-${Date.now() % 1_000_000}`;
		const { payment } = await approvedPayment({ reference, total: 30 });
		expect((await search(reference)).results).toEqual([{ name: expect.stringContaining(`${payment.internalReference} · ${reference} · payment · APPROVED · 30 USD`), value: String(payment.internalReference) }]);
		expect((await run({ resource: 'transaction', operation: 'refund', internalReference: fromList(String(payment.internalReference)) })).error).toBeUndefined();
		expect((await search(reference)).results).toEqual([]);
	});

	it('says the credential is wrong when the platform refuses it', async () => {
		await expect(search('ORDER-1001 10 USD', paySuiteApi(sandbox, { secretKey: 'not-the-secret-key' }))).rejects.toThrow(
			/credential|login|key|authenticat/i,
		);
	});
});
