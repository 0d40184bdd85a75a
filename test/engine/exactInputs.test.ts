/**
 * What the nodes send is what the user meant, run by n8n's real engine against the sandbox:
 * - an ID of 20 digits reaches the sandbox with all of them, in a path and in a body (a bare JSON integer), and
 *   comes back with all of them in the output, from one node to the next through an expression;
 * - an amount with more decimals than its currency, or above the maximum, and a URL that is not http(s), fail
 *   the item naming the field and the item, and nothing is sent.
 */
import type { IDataObject } from 'n8n-workflow';

import { expectFieldRefused, outputJson, runNode, runWorkflow, type RunResult } from '../helpers/engine';
import { sessionCreateParameters } from '../helpers/fixtures';
import { apiCallsOf, control, paySuiteApi, withoutAuth, withSandbox } from '../helpers/sandbox';

const sandbox = withSandbox();

const SESSION = { name: 'Session', type: 'paySuiteSession', credentialType: 'paySuiteApi' };
const LINK = { name: 'Link', type: 'paySuitePaymentLink', credentialType: 'paySuiteApi' };
const GATEWAY = { name: 'Gateway', type: 'paySuiteGateway', credentialType: 'paySuiteApi' };

const REQUEST_ID = '12345678901234567890';
const INTERNAL_REFERENCE = '98765432109876543210';
const LINK_ID = '23456789012345678901';

const apiCalls = () => apiCallsOf(sandbox);

const sessionCreate = (overrides: IDataObject = {}): IDataObject =>
	sessionCreateParameters({ reference: 'ORDER-1', description: 'Shoes', total: 100, ...overrides });

const nextYear = new Date().getUTCFullYear() + 1;
const linkCreate = (overrides: IDataObject = {}): IDataObject => ({
	resource: 'paymentLink',
	operation: 'create',
	name: 'Spring sale',
	reference: `LINK-${Date.now() % 1_000_000}`,
	description: 'Concert ticket',
	currency: 'USD',
	total: 150,
	expirationDate: `${nextYear}-03-01T10:15:00`,
	paymentExpiration: 30,
	...overrides,
});

const gatewayProcess = (overrides: IDataObject = {}): IDataObject => ({
	resource: 'transaction',
	operation: 'process',
	cardNumber: '4111111111111111',
	expiration: '12/30',
	cvv: '123',
	reference: 'ORDER-1',
	description: 'Shoes',
	currency: 'USD',
	total: 10,
	payer: { name: 'Ana', surname: 'Gomez', email: 'ana@example.com' },
	...overrides,
});

/** The item failed before anything was sent, naming the field; the problem is in the error's words. */
function expectRefusedBeforeSending(result: RunResult, field: string, problem: RegExp) {
	const error = expectFieldRefused(result, field, apiCalls());
	expect(`${error.message}\n${error.description ?? ''}`).toMatch(problem);
	expect(error.description).toContain('Nothing was sent to the platform');
	expect(sandbox.ledger()).toEqual([]);
}

describe('IDs beyond 2^53 are kept exact end to end', () => {
	it('a requestId of 20 digits comes back exact from Create and reaches the path of Get exact through an expression', async () => {
		sandbox.world.setNextId('requestId', BigInt(REQUEST_ID));
		const result = await runWorkflow({
			credentials: paySuiteApi(sandbox),
			nodes: [
				{ name: 'Create', type: SESSION.type, credentials: [SESSION.credentialType], parameters: sessionCreate() as never },
				{ name: 'Get', type: SESSION.type, credentials: [SESSION.credentialType], parameters: { resource: 'session', operation: 'get', requestId: '={{ $json.requestId }}', simple: false } },
			],
		});
		expect(result.error).toBeUndefined();
		expect(outputJson(result, 'Create')[0].requestId).toBe(REQUEST_ID);

		const [create, get] = apiCalls();
		expect(create.path).toBe('/api/session');
		expect(get).toMatchObject({ method: 'POST', path: `/api/session/${REQUEST_ID}`, status: 200 });
		expect(outputJson(result, 'Get')[0]).toMatchObject({ requestId: REQUEST_ID, status: { status: 'PENDING' } });
	});

	it('an internalReference of 20 digits is sent as a bare integer in the body of a refund, and output exact', async () => {
		sandbox.world.setNextId('requestId', BigInt(REQUEST_ID));
		sandbox.world.setNextId('internalReference', BigInt(INTERNAL_REFERENCE));
		const created = await runNode(SESSION, sessionCreate(), paySuiteApi(sandbox));
		expect(created.error).toBeUndefined();
		await control(sandbox, `/__sandbox/sessions/${REQUEST_ID}/pay`, {});
		sandbox.clearLedger();

		const refunded = await runNode(
			SESSION,
			{ resource: 'transaction', operation: 'refund', internalReference: '={{ $json.reference }}', refundType: 'partial', currency: 'USD', total: 40, simple: false },
			paySuiteApi(sandbox),
			{ items: [{ reference: INTERNAL_REFERENCE }] },
		);
		expect(refunded.error).toBeUndefined();
		const call = apiCalls().find((entry) => entry.path === '/api/reverse')!;
		expect(call.path).toBe('/api/reverse');
		// The sandbox reads an integer beyond 2^53 as a bigint: a quoted or rounded ID would not be this.
		expect(withoutAuth(call.body)).toEqual({ internalReference: 98765432109876543210n, amount: { currency: 'USD', total: 40 } });
		expect(outputJson(refunded, 'Session')[0]).toMatchObject({ payment: { internalReference: INTERNAL_REFERENCE, refunded: false } });
	});

	it('a payment link ID of 20 digits reaches the path of Get exact, and an ID typed as a too-long number is refused', async () => {
		sandbox.world.setNextId('paymentLink', BigInt(LINK_ID));
		const created = await runNode(LINK, linkCreate(), paySuiteApi(sandbox));
		expect(outputJson(created, 'Link')[0].id).toBe(LINK_ID);
		const read = await runNode(LINK, { resource: 'paymentLink', operation: 'get', linkId: LINK_ID }, paySuiteApi(sandbox));
		expect(apiCalls().at(-1)).toMatchObject({ path: `/api/payment-link/${LINK_ID}`, status: 200 });
		expect(outputJson(read, 'Link')[0]).toMatchObject({ id: LINK_ID, status: 'ACTIVE' });

		sandbox.clearLedger();
		const rounded = await runNode(LINK, { resource: 'paymentLink', operation: 'get', linkId: '={{ 23456789012345678901 }}' }, paySuiteApi(sandbox));
		expectRefusedBeforeSending(rounded, 'linkId', /a number too long to be exact.*Give the ID as text/s);
	});
});

describe('amounts are checked against the currency and the maximum before anything is sent', () => {
	beforeEach(() => sandbox.clearLedger());

	it.each<[string, IDataObject, RegExp]>([
		['10.555 USD', { total: 10.555 }, /^Amount has 3 decimals; USD takes at most 2: round it to 2 decimals; got 10\.555 \(item 0\)/],
		['1500.5 JPY', { currency: 'JPY', total: 1500.5 }, /Amount has 1 decimal; JPY takes none/],
		['1.2345 KWD', { currency: 'KWD', total: 1.2345 }, /KWD takes at most 3/],
		['1e20 USD', { total: 1e20 }, /above the maximum of 1000000000000 \(10\^12\) USD/],
	])('Session > Create refuses %s', async (_what, change, problem) => {
		expectRefusedBeforeSending(await runNode(SESSION, sessionCreate(change), paySuiteApi(sandbox)), 'payment.amount.total', problem);
	});

	it('Session > Refund refuses a partial amount with too many decimals', async () => {
		const result = await runNode(
			SESSION,
			{ resource: 'transaction', operation: 'refund', internalReference: '500001', refundType: 'partial', currency: 'USD', total: 10.555 },
			paySuiteApi(sandbox),
		);
		expectRefusedBeforeSending(result, 'amount.total', /USD takes at most 2/);
	});

	it('Payment Link > Create refuses 1e20, stating the maximum', async () => {
		expectRefusedBeforeSending(await runNode(LINK, linkCreate({ total: 1e20 }), paySuiteApi(sandbox)), 'payment.amount.total', /maximum of 1000000000000/);
	});

	it('Gateway > Process and Calculate Interests refuse 10.555 USD', async () => {
		expectRefusedBeforeSending(await runNode(GATEWAY, gatewayProcess({ total: 10.555 }), paySuiteApi(sandbox)), 'payment.amount.total', /USD takes at most 2/);
		const interests = { resource: 'card', operation: 'calculateInterests', cardNumber: '4111111111111111', creditCode: '1', installment: 3, reference: 'R-1', currency: 'USD', total: 10.555 };
		expectRefusedBeforeSending(await runNode(GATEWAY, interests, paySuiteApi(sandbox)), 'payment.amount.total', /USD takes at most 2/);
	});

	it('a second item with a bad amount fails alone, naming its item, while the first is sent', async () => {
		const result = await runNode(SESSION, sessionCreate({ total: '={{ $json.total }}' }), paySuiteApi(sandbox), { items: [{ total: 12.5 }, { total: 12.555 }], continueOnFail: true });
		expect(apiCalls()).toHaveLength(1);
		const [sent, refused] = outputJson(result, 'Session');
		expect(sent.requestId).toBeDefined();
		expect(refused.error).toBe('Amount has 3 decimals; USD takes at most 2: round it to 2 decimals; got 12.555 (item 1)');
	});
});

describe('URLs are limited to http(s) before anything is sent', () => {
	beforeEach(() => sandbox.clearLedger());

	it.each<[string, IDataObject, string]>([
		['a javascript: return URL', { returnUrl: 'javascript:alert(document.cookie)' }, 'returnUrl'],
		['a data: cancel URL', { additionalFields: { cancelUrl: 'data:text/html,<script>alert(1)</script>' } }, 'cancelUrl'],
	])('Session > Create refuses %s', async (_what, change, field) => {
		expectRefusedBeforeSending(await runNode(SESSION, sessionCreate(change), paySuiteApi(sandbox)), field, /must be a URL starting with https:\/\/ or http:\/\//);
	});

	it('Payment Link > Create refuses a file: notification URL', async () => {
		const result = await runNode(LINK, linkCreate({ additionalFields: { notificationUrl: 'file:///etc/passwd' } }), paySuiteApi(sandbox));
		expectRefusedBeforeSending(result, 'notificationUrl', /\(file: addresses are not allowed\)/);
	});

	it('Gateway > Process refuses a javascript: notification URL, and Report > Request a data: callback URL', async () => {
		const processed = await runNode(GATEWAY, gatewayProcess({ additionalFields: { notificationURL: 'javascript:void(0)' } }), paySuiteApi(sandbox));
		expectRefusedBeforeSending(processed, 'notificationURL', /javascript: addresses are not allowed/);
		const report = { resource: 'report', operation: 'request', startDate: '2025-01-01T00:00:00Z', endDate: '2025-01-05T00:00:00Z', options: { callbackUrl: 'data:,ready' } };
		expectRefusedBeforeSending(await runNode(GATEWAY, report, paySuiteApi(sandbox)), 'callbackUrl', /data: addresses are not allowed/);
	});

	it('Gateway > Account Validation > Create Session refuses a javascript: return URL', async () => {
		const result = await runNode(
			GATEWAY,
			{ resource: 'accountValidation', operation: 'createSession', email: 'ana@example.com', returnUrl: 'javascript:alert(1)' },
			paySuiteApi(sandbox),
		);
		expectRefusedBeforeSending(result, 'returnUrl', /javascript: addresses are not allowed/);
	});
});
