/**
 * The PaySuite Gateway node run by n8n's real engine against the sandbox: what the sandbox received, what the
 * node output, that bad input fails the item before anything is sent, that a retried Process charges once,
 * and the report path at 100,000 rows.
 */
/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import type { IDataObject, INodeExecutionData, INodeListSearchResult } from 'n8n-workflow';

import { startSandbox, type RunningSandbox } from '../../sandbox';
import { REFUND_BASIS } from '../../nodes/shared/output/refunds';
import { expectFieldRefused, outputJson, runNode, runNodeMethod, type NodeRunOptions, type RunResult } from '../helpers/engine';
import { apiCallsOf, control as sandboxControl, paySuiteApi, withoutAuth, withSandbox } from '../helpers/sandbox';

const sandbox = withSandbox({ retryAfterSeconds: 0, reportPendingPolls: 1 }, (box) => {
	box.clearLedger();
	box.clearFaults();
});

const GATEWAY = { name: 'Gateway', type: 'paySuiteGateway', credentialType: 'paySuiteApi' };
const run = (parameters: IDataObject, options: NodeRunOptions & { box?: RunningSandbox } = {}) =>
	runNode(GATEWAY, parameters, paySuiteApi(options.box ?? sandbox), options);

/** A resource locator's value as the editor stores it. */
const locator = (value: string, mode = 'id') => ({ __rl: true, mode, value });

const items = (result: RunResult): INodeExecutionData[] => result.output('Gateway');
const json = (result: RunResult) => outputJson(result, 'Gateway');
const apiCalls = (box: RunningSandbox = sandbox) => apiCallsOf(box);
const control = (path: string, body?: IDataObject) => sandboxControl(sandbox, path, body);

const storedTransactions = async () => (await control('/__sandbox/gateway/transactions')).transactions as IDataObject[];

/** The item failed before anything was sent: the error names the field and the item, the ledger is empty. */
function expectRefusedBeforeSending(result: RunResult, field: string, item = 0) {
	const error = expectFieldRefused(result, field, apiCalls(), item);
	expect(error.description).toContain('Nothing was sent');
}

const CARD = '4111111111111111';

/** Neither the message nor the description of the error carries the card number or the CVV. */
function expectNoCardInError(result: RunResult) {
	const words = `${result.error?.message ?? ''}\n${result.error?.description ?? ''}`;
	expect(words).not.toContain(CARD);
	expect(words).not.toContain('987');
}
const processParams = (overrides: IDataObject = {}): IDataObject => ({
	resource: 'transaction',
	operation: 'process',
	cardNumber: CARD,
	expiration: '12/30',
	cvv: '987',
	reference: 'ORDER-1',
	description: 'Shoes',
	currency: 'USD',
	total: 120.5,
	payer: { name: 'Ana', surname: 'Gomez', email: 'ana@example.com', document: '1020304050', documentType: 'CC' },
	...overrides,
});

let referenceCounter = 0;
const uniqueReference = (prefix: string) => `${prefix}-${++referenceCounter}-${Date.now() % 100000}`;

// ---------------------------------------------------------------------------------------------------------
describe('Card', () => {
	it('Get Information sends the card and outputs what the platform knows, without the card number', async () => {
		const result = await run({ resource: 'card', operation: 'getInformation', cardNumber: '5500 0000 0000 0004', expiration: '11/29', simple: false, options: { locale: 'es_EC' } });
		expect(result.error).toBeUndefined();
		const [call] = apiCalls();
		expect(call.path).toBe('/gateway/information');
		expect(withoutAuth(call.body)).toEqual({ locale: 'es_EC', instrument: { card: { number: '550000******0004', expiration: '11/29' } } });
		const [out] = json(result);
		expect(out).toMatchObject({ status: { status: 'OK' }, displayInterest: true, cardType: 'C', requireBalance: false });
		expect((out.credits as IDataObject[])[0]).toMatchObject({ code: '1', installments: [3, 6, 12] });
		expect(JSON.stringify(result.run.data)).not.toContain('5500000000000004');
	});

	it('Get Information, simplified (the default): what the card needs, flat', async () => {
		const result = await run({ resource: 'card', operation: 'getInformation', cardNumber: '5500000000000004', expiration: '11/29' });
		expect(result.error).toBeUndefined();
		const [out] = json(result);
		expect(out).toMatchObject({ status: 'OK', cardType: 'C', displayInterest: true, requireBalance: false });
		expect(Object.keys(out)).toEqual([
			'status', 'reason', 'message', 'provider', 'serviceCode', 'cardType', 'displayInterest', 'requireOtp', 'requireCvv2', 'threeDS',
			'requireBalance', 'requireRedirection', 'credits',
		]);
		expect((out.credits as IDataObject[])[0]).toMatchObject({ code: '1', installments: [3, 6, 12] });
	});

	it('Get Information sends the optional payment only as a whole (reference and amount)', async () => {
		const result = await run({
			resource: 'card',
			operation: 'getInformation',
			cardNumber: CARD,
			options: { paymentTotal: 10, paymentCurrency: 'USD', paymentReference: 'R-1' },
		});
		expect(result.error).toBeUndefined();
		expect(withoutAuth(apiCalls()[0].body)).toEqual({
			instrument: { card: { number: '411111******1111' } },
			payment: { reference: 'R-1', amount: { currency: 'USD', total: 10 } },
		});
		sandbox.clearLedger();
		const missing = await run({ resource: 'card', operation: 'getInformation', cardNumber: CARD, options: { paymentTotal: 10, paymentCurrency: 'USD' } });
		expectRefusedBeforeSending(missing, 'payment.reference');
	});

	it.each([
		['a card number that is not digits', { cardNumber: '4111-abcd' }, 'instrument.card.number'],
		['no card number', { cardNumber: '={{ "" }}' }, 'instrument.card.number'],
		['a locale longer than 5', { options: { locale: 'es_EC_X' } }, 'locale'],
		['an expiration that is not MM/YY', { expiration: '2029-11' }, 'instrument.card.expiration'],
	])('Get Information refuses %s before sending', async (_what, change, field) => {
		const result = await run({ resource: 'card', operation: 'getInformation', cardNumber: CARD, ...change });
		expectRefusedBeforeSending(result, field);
		expectNoCardInError(result);
	});

	it('Calculate Interests sends card, credit and payment and outputs the values', async () => {
		const result = await run({
			resource: 'card',
			operation: 'calculateInterests',
			cardNumber: '5500000000000004',
			expiration: '11/29',
			creditCode: '1',
			installment: 6,
			reference: 'INT-1',
			currency: 'USD',
			total: 1000,
			options: { type: '02', groupCode: 'P' },
		});
		expect(result.error).toBeUndefined();
		expect(withoutAuth(apiCalls()[0].body)).toEqual({
			instrument: { card: { number: '550000******0004', expiration: '11/29' }, credit: { code: '1', type: '02', groupCode: 'P', installment: 6 } },
			payment: { reference: 'INT-1', amount: { currency: 'USD', total: 1000 } },
		});
		expect(json(result)[0]).toMatchObject({ values: { original: 1000, interest: 90, total: 1090, installment: 181.67 } });
	});

	it('Calculate Interests on a card without displayInterest fails with the platform refusal', async () => {
		const result = await run({
			resource: 'card',
			operation: 'calculateInterests',
			cardNumber: CARD,
			creditCode: '1',
			installment: 3,
			reference: 'INT-2',
			currency: 'USD',
			total: 100,
		});
		expect(result.error?.message).toMatch(/^The platform refused the request: .*displayInterest/);
		expect(result.error?.description).toMatch(/^Platform answer: HTTP 400 FAILED, reason XI: /);
		expect(apiCalls()).toHaveLength(1);
	});

	it.each([
		['zero installments', { installment: 0 }, 'instrument.credit.installment'],
		['no credit code', { creditCode: '={{ "" }}' }, 'instrument.credit.code'],
		['a lower-case currency', { currency: 'usd' }, 'payment.amount.currency'],
		['no reference', { reference: '={{ "" }}' }, 'payment.reference'],
	])('Calculate Interests refuses %s before sending', async (_what, change, field) => {
		const result = await run({
			resource: 'card',
			operation: 'calculateInterests',
			cardNumber: '5500000000000004',
			creditCode: '1',
			installment: 3,
			reference: 'INT-3',
			currency: 'USD',
			total: 100,
			...change,
		});
		expectRefusedBeforeSending(result, field);
	});

	it('Get Balance outputs the balance of a card that requires it', async () => {
		const result = await run({ resource: 'card', operation: 'getBalance', cardNumber: '6011000000000004', expiration: '10/29' });
		expect(result.error).toBeUndefined();
		expect(withoutAuth(apiCalls()[0].body)).toEqual({ instrument: { card: { number: '601100******0004', expiration: '10/29' } } });
		expect(json(result)[0]).toMatchObject({ status: { status: 'OK' }, total: 1500 });
	});

	it('Get Balance refuses an expiration with month 13 before sending', async () => {
		expectRefusedBeforeSending(await run({ resource: 'card', operation: 'getBalance', cardNumber: '6011000000000004', expiration: '13/29' }), 'instrument.card.expiration');
	});
});

// ---------------------------------------------------------------------------------------------------------
describe('Transaction > Process', () => {
	it('sends payer, card, payment and a derived idempotenceKey; outputs the transaction with lastDigits only', async () => {
		const reference = uniqueReference('P');
		const result = await run(
			processParams({
				reference,
				additionalFields: {
					taxes: { tax: [{ kind: 'valueAddedTax', amount: 19.24, base: 101.26 }] },
					amountDetails: { detail: [{ kind: 'shipping', amount: 5 }] },
					items: { item: [{ sku: 'SKU-1', name: 'Shoe', category: 'physical', qty: 2, price: 57.75, tax: 0 }] },
					paymentFields: { pair: [{ keyword: 'orderChannel', value: 'web', displayOn: 'none' }] },
					additionalJson: '{"campaign":"spring"}',
					ipAddress: '203.0.113.7',
					userAgent: 'Mozilla/5.0',
					notificationURL: 'https://shop.example.com/notify',
				},
			}),
		);
		expect(result.error).toBeUndefined();
		const calls = apiCalls();
		expect(calls).toHaveLength(1);
		const body = withoutAuth(calls[0].body);
		expect(body.idempotenceKey).toMatch(/^[0-9a-f]{32}$/);
		expect({ ...body, idempotenceKey: 'x' }).toEqual({
			payer: { name: 'Ana', surname: 'Gomez', email: 'ana@example.com', document: '1020304050', documentType: 'CC' },
			instrument: { card: { number: '411111******1111', expiration: '12/30', cvv: '***' } },
			payment: {
				reference,
				description: 'Shoes',
				amount: { currency: 'USD', total: 120.5, taxes: [{ kind: 'valueAddedTax', amount: 19.24, base: 101.26 }], details: [{ kind: 'shipping', amount: 5 }] },
				// A tax of 0 (what an untouched row holds) is not sent.
				items: [{ sku: 'SKU-1', name: 'Shoe', category: 'physical', qty: 2, price: 57.75 }],
				fields: [{ keyword: 'orderChannel', value: 'web', displayOn: 'none' }],
			},
			additional: { campaign: 'spring' },
			idempotenceKey: 'x',
			notificationURL: 'https://shop.example.com/notify',
			ipAddress: '203.0.113.7',
			userAgent: 'Mozilla/5.0',
		});
		const out = items(result);
		expect(out).toHaveLength(1);
		expect(out[0].pairedItem).toEqual({ item: 0 });
		// Simplify on (the default): the flat transaction.
		expect(out[0].json).toMatchObject({ status: 'APPROVED', approved: true, reference, lastDigits: '1111', type: 'AUTH_ONLY', amount: 120.5, currency: 'USD' });
		expect(typeof out[0].json.internalReference).toBe('number');
		expect(out[0].json).not.toHaveProperty('processorFields');
		const serialized = JSON.stringify(result.run.data);
		expect(serialized).not.toContain(CARD);
		expect(serialized).not.toContain('"987"');
		const stored = (await storedTransactions()).filter((txn) => txn.reference === reference);
		expect(stored).toHaveLength(1);
		expect(stored[0].idempotenceKey).toBe(body.idempotenceKey);
	});

	it('a retried Process (connection dropped after the platform charged) charges once', async () => {
		const reference = uniqueReference('RETRY');
		sandbox.setFaults([{ path: '/gateway/process', kind: 'drop-after-processing', count: 1 }]);
		const result = await run(processParams({ reference }));
		expect(result.error).toBeUndefined();
		const calls = apiCalls().filter((entry) => entry.path === '/gateway/process');
		// The first attempt was processed and its answer lost; the transport sent it again with the same key.
		expect(calls).toHaveLength(2);
		expect(calls[0].fault).toBe('drop-after-processing');
		expect(calls[0].body.idempotenceKey).toBe(calls[1].body.idempotenceKey);
		expect(calls[0].body.auth.nonce).not.toBe(calls[1].body.auth.nonce);
		const stored = (await storedTransactions()).filter((txn) => txn.reference === reference);
		expect(stored).toHaveLength(1);
		expect(json(result)).toHaveLength(1);
		expect(json(result)[0].internalReference).toBe(stored[0].internalReference);
	});

	it('when every attempt loses its answer, the error says the charge happened at most once', async () => {
		const reference = uniqueReference('LOST');
		sandbox.setFaults([{ path: '/gateway/process', kind: 'drop-after-processing', count: 10 }]);
		const result = await run(processParams({ reference }));
		const calls = apiCalls().filter((entry) => entry.path === '/gateway/process');
		expect(calls).toHaveLength(4);
		expect(new Set(calls.map((entry) => entry.body.idempotenceKey)).size).toBe(1);
		expect(result.error!.message).toBe(
			`The payment of 120.50 USD with reference ${reference} may have been charged: the platform's answer was lost (the connection broke after the request was sent) (item 0)`,
		);
		expect(result.error!.description).toContain('it sends the same idempotence key, so the platform returns the transaction instead of charging twice');
		expectNoCardInError(result);
		expect((await storedTransactions()).filter((txn) => txn.reference === reference)).toHaveLength(1);
	});

	it('running the same item again in the same execution sends the same key and gets the same transaction', async () => {
		const reference = uniqueReference('AGAIN');
		const first = await run(processParams({ reference }));
		const second = await run(processParams({ reference }));
		const [a, b] = apiCalls().map((entry) => entry.body.idempotenceKey);
		expect(a).toBe(b);
		expect(json(second)[0].internalReference).toBe(json(first)[0].internalReference);
		expect((await storedTransactions()).filter((txn) => txn.reference === reference)).toHaveLength(1);
	});

	it('gives each item its own key, and uses the key the user sets', async () => {
		const reference = uniqueReference('MANY');
		const result = await run(
			processParams({
				reference: '={{ $json.reference }}',
				total: '={{ $json.total }}',
				additionalFields: { idempotenceKey: '={{ $json.key }}' },
			}),
			{
				items: [
					{ reference: `${reference}-a`, total: 10, key: '' },
					{ reference: `${reference}-b`, total: 10, key: 'order-77-attempt-1' },
				],
			},
		);
		expect(result.error).toBeUndefined();
		const keys = apiCalls().map((entry) => entry.body.idempotenceKey);
		expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
		expect(keys[1]).toBe('order-77-attempt-1');
		expect(items(result).map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		expect(json(result).map((out) => out.reference)).toEqual([`${reference}-a`, `${reference}-b`]);
	});

	it('sends the OTP and the 3-D Secure data a card asks for; without them the platform refusal is the error', async () => {
		const otpCard = '4000000000000036';
		const withoutOtp = await run(processParams({ reference: uniqueReference('OTP'), cardNumber: otpCard }));
		// The documents show a refusal's status only: its message is the platform's words.
		expect(withoutOtp.error?.message).toMatch(/^The platform refused the request: Invalid instrument\.otp: is required for this card/);
		expect(withoutOtp.error?.description).toMatch(/Platform answer: HTTP 400 FAILED, reason XO/);
		expect(`${withoutOtp.error?.message} ${withoutOtp.error?.description}`).not.toContain(otpCard);

		const reference = uniqueReference('OTP');
		const withOtp = await run(processParams({ reference, cardNumber: otpCard, additionalFields: { otp: '731904' } }));
		expect(withOtp.error).toBeUndefined();
		expect(json(withOtp)[0]).toMatchObject({ status: 'APPROVED', reference, lastDigits: '0036' });
		const sentWithOtp = withoutAuth(apiCalls().at(-1)!.body);
		expect(sentWithOtp.instrument).toEqual({ card: { number: '400000******0036', expiration: '12/30', cvv: '***' }, otp: '***' });
		expect(JSON.stringify(withOtp.run.data)).not.toContain('731904');

		const threeDSCard = '4000000000000028';
		const withoutThreeDS = await run(processParams({ reference: uniqueReference('3DS'), cardNumber: threeDSCard }));
		expect(withoutThreeDS.error?.message).toMatch(/^The platform refused the request: Invalid instrument\.threeDS: is required for this card/);
		expect(withoutThreeDS.error?.description).toMatch(/Platform answer: HTTP 400 FAILED, reason X3/);
		const threeDS = { eci: '05', cavv: 'AAABBEg0VhI0VniQEjRWAAAAAAA=', version: '2.2.0' };
		const withThreeDS = await run(
			processParams({ reference: uniqueReference('3DS'), cardNumber: threeDSCard, additionalFields: { threeDS: JSON.stringify(threeDS) } }),
		);
		expect(withThreeDS.error).toBeUndefined();
		expect(json(withThreeDS)[0]).toMatchObject({ status: 'APPROVED', lastDigits: '0028' });
		expect((withoutAuth(apiCalls().at(-1)!.body).instrument as IDataObject).threeDS).toEqual(threeDS);
	});

	it('refuses 3-D Secure data that is not a JSON object before sending', async () => {
		const result = await run(processParams({ reference: uniqueReference('3DS'), additionalFields: { threeDS: '[1, 2]' } }));
		expectRefusedBeforeSending(result, 'instrument.threeDS');
	});

	it('outputs a declined payment as a result (status REJECTED), not an error', async () => {
		const result = await run(processParams({ reference: uniqueReference('DECLINE'), cardNumber: '4000000000000002' }));
		expect(result.error).toBeUndefined();
		expect(json(result)[0]).toMatchObject({ status: 'REJECTED', approved: false, reason: '05', lastDigits: '0002', authorization: null });
		const raw = await run(processParams({ reference: uniqueReference('DECLINE'), cardNumber: '4000000000000002', simple: false }));
		expect(raw.error).toBeUndefined();
		expect(json(raw)[0]).toMatchObject({ status: { status: 'REJECTED', reason: '05' }, lastDigits: '0002', authorization: null, processorFields: expect.any(Object) });
	});

	it('sends action checkin, the credit option, dispersion, modifiers, shipping and processor fields when asked', async () => {
		const reference = uniqueReference('CHECKIN');
		const result = await run(
			processParams({
				reference,
				shipping: { name: 'Ana', addressCountry: 'CO', addressCity: 'Bogota', documentType: 'CC' },
				additionalFields: {
					checkin: true,
					creditCode: '1',
					creditType: '00',
					creditGroupCode: 'C',
					creditInstallment: 3,
					dispersion: { destination: [{ agreement: '12', agreementType: 'AIRLINE', currency: 'USD', total: 20.5 }] },
					modifiers: { modifier: [{ type: 'FEDERAL_GOVERNMENT', code: '17934', additional: '{"invoice":"123345"}' }] },
					recurring: { periodicity: 'M', interval: 1, nextPayment: '2030-01-01', maxPeriods: 12 },
					processorFields: { pair: [{ keyword: 'terminal', value: 'T1' }] },
					subscribe: true,
					additional: { pair: [{ key: 'campaign', value: 'spring' }] },
					metadataJson: '{"source":"crm","campaign":"winter"}',
					metadata: { pair: [{ key: 'campaign', value: 'spring' }] },
				},
			}),
		);
		expect(result.error).toBeUndefined();
		const body = withoutAuth(apiCalls()[0].body);
		expect(body.action).toBe('checkin');
		expect(body.instrument).toEqual({ card: { number: '411111******1111', expiration: '12/30', cvv: '***' }, credit: { code: '1', type: '00', groupCode: 'C', installment: 3 } });
		expect((body.payment as IDataObject).dispersion).toEqual([{ agreement: 12, agreementType: 'AIRLINE', amount: { currency: 'USD', total: 20.5 } }]);
		expect((body.payment as IDataObject).modifiers).toEqual([{ type: 'FEDERAL_GOVERNMENT', code: 17934, additional: { invoice: '123345' } }]);
		expect((body.payment as IDataObject).recurring).toEqual({ periodicity: 'M', interval: 1, nextPayment: '2030-01-01', maxPeriods: 12 });
		expect((body.payment as IDataObject).shipping).toEqual({ name: 'Ana', documentType: 'CC', address: { city: 'Bogota', country: 'CO' } });
		expect((body.payment as IDataObject).processorFields).toEqual([{ keyword: 'terminal', value: 'T1' }]);
		expect((body.payment as IDataObject).subscribe).toBe(true);
		expect(body.additional).toEqual({ campaign: 'spring' });
		// Pairs are added to the JSON, a pair's key winning.
		expect(body.metadata).toEqual({ source: 'crm', campaign: 'spring' });
		expect(json(result)[0]).toMatchObject({ type: 'CHECKIN', installments: 3 });
	});

	it.each([
		['a forbidden key in additional', { additionalFields: { additionalJson: '{"onTest":true}' } }, 'additional.onTest'],
		['another forbidden key in additional', { additionalFields: { additionalJson: { _accountNumber: '1' } } }, 'additional._accountNumber'],
		['an idempotenceKey longer than 32', { additionalFields: { idempotenceKey: 'k'.repeat(33) } }, 'idempotenceKey'],
		['a reference longer than 32', { reference: 'R'.repeat(33) }, 'payment.reference'],
		['an empty reference', { reference: '={{ "" }}' }, 'payment.reference'],
		['a description longer than 255', { description: 'd'.repeat(256) }, 'payment.description'],
		['no payer', { payer: {} }, 'payer'],
		['a payer e-mail that is not one', { payer: { name: 'Ana', email: 'not-an-email' } }, 'payer.email'],
		['a currency that is not ISO 4217', { currency: 'DOLLARS' }, 'payment.amount.currency'],
		['a negative amount', { total: -1 }, 'payment.amount.total'],
		['a CVV of 5 digits', { cvv: '12345' }, 'instrument.card.cvv'],
		['an expiration that is not MM/YY', { expiration: '1230' }, 'instrument.card.expiration'],
		['a notification URL that is not one', { additionalFields: { notificationURL: 'not a url' } }, 'notificationURL'],
		['an ipAddress longer than 46', { additionalFields: { ipAddress: '1'.repeat(47) } }, 'ipAddress'],
		['a userAgent longer than 255', { additionalFields: { userAgent: 'u'.repeat(256) } }, 'userAgent'],
		['modifier data that is not a JSON object', { additionalFields: { modifiers: { modifier: [{ type: 'T', code: '1', additional: '[1]' }] } } }, 'additionalFields.modifiers.modifier.0.additional'],
		['a dispersion amount with too many decimals', { additionalFields: { dispersion: { destination: [{ agreement: '1', currency: 'USD', total: 1.234 }] } } }, 'payment.dispersion.0.amount.total'],
		['a forbidden key in Additional Data pairs', { additionalFields: { additional: { pair: [{ key: 'onTest', value: 'true' }] } } }, 'additional.onTest'],
		['a tax of an unknown kind', { additionalFields: { taxes: { tax: [{ kind: 'salesTax', amount: 1 }] } } }, 'payment.amount.taxes.0.kind'],
		['a shipping e-mail that is not one', { shipping: { email: 'ana' } }, 'payment.shipping.email'],
		['no token', { instrumentType: 'token', token: '={{ "" }}' }, 'instrument.token.token'],
	])('refuses %s before sending', async (_what, change, field) => {
		const result = await run(processParams({ reference: 'REFUSED-1', ...change }));
		expectRefusedBeforeSending(result, field);
		expectNoCardInError(result);
	});

	it('with Continue On Fail, a bad item fails alone and the others are charged', async () => {
		const reference = uniqueReference('COF');
		const result = await run(processParams({ reference: '={{ $json.reference }}' }), {
			items: [{ reference: `${reference}-ok` }, { reference: 'X'.repeat(40) }],
			continueOnFail: true,
		});
		const out = items(result);
		expect(out).toHaveLength(2);
		expect(out[0].json.status).toBe('APPROVED');
		expect(out[1].json.error).toBe(`Reference must be at most 32 characters; got '${'X'.repeat(40)}' (item 1)`);
		expect(out[1].pairedItem).toEqual({ item: 1 });
		expect(apiCalls()).toHaveLength(1);
	});
});

// ---------------------------------------------------------------------------------------------------------
describe('Transaction > Get and Search', () => {
	let processed: IDataObject;
	const reference = uniqueReference('FIND');

	beforeAll(async () => {
		const result = await run(processParams({ reference, total: 42.1 }));
		processed = json(result)[0];
	});

	it('Get queries by internal reference (By ID or From list) and outputs the simplified transaction', async () => {
		for (const mode of ['id', 'list']) {
			sandbox.clearLedger();
			const result = await run({ resource: 'transaction', operation: 'get', internalReference: locator(String(processed.internalReference), mode) });
			expect(result.error).toBeUndefined();
			expect(withoutAuth(apiCalls()[0].body)).toEqual({ internalReference: processed.internalReference });
			// Get adds the refund columns: nothing refunded by this workflow, all of it left.
			expect(json(result)[0]).toEqual({ ...processed, refundedAmount: 0, refundableAmount: 42.1, refundedAmountBasis: REFUND_BASIS.byThisWorkflow });
		}
		expect(processed).toMatchObject({ reference, status: 'APPROVED', amount: 42.1, currency: 'USD', lastDigits: '1111', refunded: false });
	});

	it('Get with Simplify off outputs the platform answer', async () => {
		const result = await run({ resource: 'transaction', operation: 'get', internalReference: locator(String(processed.internalReference)), simple: false });
		expect(json(result)[0]).toMatchObject({
			internalReference: processed.internalReference,
			status: { status: 'APPROVED' },
			amount: { currency: 'USD', total: 42.1 },
			processorFields: expect.any(Object),
		});
	});

	it('Get of an unknown transaction fails with the platform 404, naming the internal reference', async () => {
		const result = await run({ resource: 'transaction', operation: 'get', internalReference: locator('999999999') });
		expect(result.error?.httpCode).toBe('404');
		expect(result.error?.message).toContain('Transaction 999999999');
	});

	it('Get refuses an internal reference that is not a number: the panel, and the node for an expression', async () => {
		await expect(run({ resource: 'transaction', operation: 'get', internalReference: locator('abc') })).rejects.toThrow('Use the digits of the ID only');
		expectRefusedBeforeSending(await run({ resource: 'transaction', operation: 'get', internalReference: locator('={{ "abc" }}') }), 'internalReference');
	});

	it('Search by reference and amount recovers the internal reference, one simplified item per transaction', async () => {
		const result = await run({ resource: 'transaction', operation: 'search', reference, currency: 'USD', total: 42.1 });
		expect(result.error).toBeUndefined();
		expect(withoutAuth(apiCalls()[0].body)).toEqual({ reference, amount: { currency: 'USD', total: 42.1 } });
		expect(json(result)).toEqual([processed]);
		const raw = await run({ resource: 'transaction', operation: 'search', reference, currency: 'USD', total: 42.1, simple: false });
		expect(json(raw)).toEqual([expect.objectContaining({ internalReference: processed.internalReference, status: expect.objectContaining({ status: 'APPROVED' }) })]);
		const none = await run({ resource: 'transaction', operation: 'search', reference, currency: 'USD', total: 42.2 });
		expect(items(none)).toHaveLength(0);
		const whole = await run({ resource: 'transaction', operation: 'search', reference, currency: 'USD', total: 42.1, output: 'whole' });
		expect(json(whole)[0]).toMatchObject({ status: { status: 'OK' }, transactions: [{ internalReference: processed.internalReference }] });
	});

	const searchTransactions = (filter: string | undefined, secretKey?: string) =>
		runNodeMethod<INodeListSearchResult>('listSearch', 'searchTransactions', {
			node: GATEWAY,
			parameters: { resource: 'transaction', operation: 'get' },
			credentials: paySuiteApi(sandbox, { secretKey }),
			filter,
		});

	it('Internal Reference From list: "REF AMOUNT CUR" lists the transactions of that payment', async () => {
		const found = await searchTransactions(`${reference} 42.10 usd`);
		expect(found.results).toHaveLength(1);
		expect(found.results[0].value).toBe(String(processed.internalReference));
		expect(found.results[0].name).toContain(`${processed.internalReference} · ${reference} · payment · APPROVED · 42.1 USD`);
		expect(found.paginationToken).toBeUndefined();
		expect(apiCalls().map((call) => [call.path, withoutAuth(call.body)])).toEqual([['/gateway/search', { reference, amount: { currency: 'USD', total: 42.1 } }]]);
		// Another amount of the same reference is another payment: nothing.
		expect((await searchTransactions(`${reference} 42.11 USD`)).results).toEqual([]);
	});

	it("Internal Reference From list: a reference alone lists the transactions of the last 10 days with it, from the platform's report", async () => {
		const found = await searchTransactions(reference.toLowerCase());
		expect(found.results).toEqual([{ name: expect.stringContaining(`${processed.internalReference} · ${reference} · payment · APPROVED · 42.1 USD`), value: String(processed.internalReference) }]);
		const reports = apiCalls().filter((call) => call.path === '/gateway/report');
		expect(reports).toHaveLength(1);
		expect(((withoutAuth(reports[0].body).filters as IDataObject).type as string[]).length).toBe(15);
		expect(apiCalls().map((call) => call.path)).not.toContain('/gateway/search');
		// An empty box lists nothing and sends nothing.
		sandbox.clearLedger();
		expect((await searchTransactions(undefined)).results).toEqual([]);
		expect(apiCalls()).toEqual([]);
	});

	it('Internal Reference From list: a wrong secret key gives an error that says the credential was refused', async () => {
		const error = await searchTransactions(`${reference} 42.10 USD`, 'not-the-secret-key').then(
			() => undefined,
			(thrown: Error & { description?: string }) => thrown,
		);
		expect(error).toBeDefined();
		expect(`${error!.message} ${error!.description ?? ''}`).toMatch(/credential|secret key|authenticat/i);
		expect(`${error!.message} ${error!.description ?? ''}`).not.toContain('not-the-secret-key');
	});

	it.each([
		['an empty reference', { reference: '={{ "" }}' }, 'reference'],
		['a lower-case currency', { currency: 'usd' }, 'amount.currency'],
	])('Search refuses %s before sending', async (_what, change, field) => {
		expectRefusedBeforeSending(await run({ resource: 'transaction', operation: 'search', reference, currency: 'USD', total: 1, ...change }), field);
	});
});

// ---------------------------------------------------------------------------------------------------------
describe('Report', () => {
	const start = new Date(Date.now() - 3600_000).toISOString();
	const end = new Date(Date.now() + 3600_000).toISOString();

	it("Request sends the filters as ISO date-times with the site's offset and outputs the report id", async () => {
		const result = await run({
			resource: 'report',
			operation: 'request',
			startDate: '2025-01-01T05:00:00+00:00',
			endDate: '2025-01-11T04:59:59Z',
			filters: { state: ['APPROVED', 'REJECTED'], type: ['AUTH_ONLY'] },
			options: { callbackUrl: 'http://127.0.0.1:9/report-ready', locale: 'en_US' },
		});
		expect(result.error).toBeUndefined();
		expect(withoutAuth(apiCalls()[0].body)).toEqual({
			filters: { startDate: '2025-01-01T00:00:00-05:00', endDate: '2025-01-10T23:59:59-05:00', state: ['APPROVED', 'REJECTED'], type: ['AUTH_ONLY'] },
			callbackUrl: 'http://127.0.0.1:9/report-ready',
			locale: 'en_US',
		});
		expect(typeof json(result)[0].id).toBe('number');
	});

	it.each([
		['an end before the start', { startDate: '2025-02-01T00:00:00Z', endDate: '2025-01-01T00:00:00Z' }, 'filters.endDate'],
		['no start date', { startDate: '={{ "" }}' }, 'filters.startDate'],
		['a start date that is not one', { startDate: 'yesterday' }, 'filters.startDate'],
		['a callback URL that is not one', { options: { callbackUrl: 'nope' } }, 'callbackUrl'],
	])('Request refuses %s before sending', async (_what, change, field) => {
		const result = await run({ resource: 'report', operation: 'request', startDate: '2025-01-01T00:00:00Z', endDate: '2025-01-10T00:00:00Z', ...change });
		expectRefusedBeforeSending(result, field);
	});

	it('Obtain outputs "not ready" while the platform answers 425, then one item per row with numbers as numbers', async () => {
		const reference = uniqueReference('REPORT');
		await run(processParams({ reference, total: 77.25 }));
		const requested = await run({ resource: 'report', operation: 'request', startDate: start, endDate: end });
		const id = json(requested)[0].id as number;
		sandbox.clearLedger();

		const first = await run({ resource: 'report', operation: 'obtain', reportId: locator(String(id)) });
		expect(result0(first)).toMatchObject({ id, ready: false, status: { status: 'PENDING' } });
		const second = await run({ resource: 'report', operation: 'obtain', reportId: locator(String(id)) });
		expect(second.error).toBeUndefined();
		const calls = apiCalls();
		expect(calls.map((entry) => [entry.path, entry.status])).toEqual([
			['/gateway/report/obtain', 425],
			['/gateway/report/obtain', 200],
		]);
		expect(withoutAuth(calls[1].body)).toEqual({ id });
		expect(String(calls[1].headers['accept-encoding'])).toMatch(/gzip/);
		const rows = json(second);
		const row = rows.find((entry) => entry.reference === reference)!;
		expect(Object.keys(row)).toEqual([
			'id', 'date', 'transaction_date', 'reference', 'currency_code', 'amount', 'tax', 'payment_method', 'internal_reference', 'status', 'reason',
			'merchant', 'terminal', 'authorization', 'refunded', 'installments', 'last_digits', 'bank_currency', 'bank_factor', 'bank_amount',
			'issuer_name', 'payer_document', 'payer_first_name', 'payer_last_name', 'payer_email', 'ip_address', 'batch_number', 'line_number',
		]);
		expect(row).toMatchObject({ amount: 77.25, currency_code: 'USD', status: 'APPROVED', reason: '00', last_digits: '1111', refunded: false, payer_document: '1020304050' });
		expect(typeof row.internal_reference).toBe('number');
		expect(typeof row.id).toBe('number');
		expect(items(second).every((item) => (item.pairedItem as { item: number }).item === 0)).toBe(true);
	});

	it('Request and Wait polls until ready and outputs the binary TSV file, with the type column when filtered by type', async () => {
		const result = await run({
			resource: 'report',
			operation: 'requestAndWait',
			startDate: start,
			endDate: end,
			filters: { type: ['AUTH_ONLY', 'CHECKIN'] },
			output: 'binary',
			binaryPropertyName: 'report',
			pollInterval: 0,
		});
		expect(result.error).toBeUndefined();
		expect(apiCalls().map((entry) => [entry.path, entry.status])).toEqual([
			['/gateway/report', 200],
			['/gateway/report/obtain', 425],
			['/gateway/report/obtain', 200],
		]);
		const out = items(result);
		expect(out).toHaveLength(1);
		const binary = out[0].binary!.report;
		expect(binary.mimeType).toBe('text/tab-separated-values');
		expect(binary.fileName).toMatch(/^report-\d+\.tsv$/);
		const text = Buffer.from(binary.data, 'base64').toString('utf8');
		const [header, ...lines] = text.trim().split('\n');
		expect(header.split('\t').at(-1)).toBe('type');
		expect(header.split('\t')).toHaveLength(29);
		expect(lines.length).toBeGreaterThan(0);
		expect(lines.every((line) => ['AUTH_ONLY', 'CHECKIN'].includes(line.split('\t').at(-1)!))).toBe(true);
		expect(text).not.toContain(CARD);
	});

	it('Request and Wait with Both: one item per row, the first one holding the file', async () => {
		const result = await run({ resource: 'report', operation: 'requestAndWait', startDate: start, endDate: end, filters: { state: ['REJECTED'] }, output: 'both', pollInterval: 0 });
		expect(result.error).toBeUndefined();
		const out = items(result);
		expect(out.length).toBeGreaterThan(0);
		expect(out.every((item) => item.json.status === 'REJECTED')).toBe(true);
		expect(out[0].binary?.data).toBeDefined();
		expect(out.slice(1).every((item) => item.binary === undefined)).toBe(true);
		const lines = Buffer.from(out[0].binary!.data.data, 'base64').toString('utf8').trim().split('\n');
		expect(lines).toHaveLength(out.length + 1);
	});

	it('Request and Wait fails the item after the timeout, naming the report id', async () => {
		const slow = await startSandbox({ port: 0, reportPendingPolls: 1000, retryAfterSeconds: 1 });
		try {
			const result = await run({ resource: 'report', operation: 'requestAndWait', startDate: start, endDate: end, timeout: 1 }, { box: slow });
			const id = (slow.ledger().find((entry) => entry.path === '/gateway/report/obtain')?.body as IDataObject).id;
			expect(result.error?.message).toBe(`The report ${id} was not ready within the 1 s timeout (item 0)`);
			expect(result.error?.description).toMatch(/^Checked (once|\d+ times over \d+ s); the platform asked to wait 1 s before the next check, which would have passed the 1 s timeout\. Get it later with Report > Obtain/);
		} finally {
			await slow.stop();
		}
	});

	it('Request and Wait turns a report of 100,000 rows into 100,000 items (gzip on the wire)', async () => {
		const big = await startSandbox({ port: 0, reportRows: 100_000, retryAfterSeconds: 0 });
		try {
			const result = await run(
				{ resource: 'report', operation: 'requestAndWait', startDate: '2025-01-01T00:00:00Z', endDate: '2025-01-10T23:59:59Z', pollInterval: 0 },
				{ box: big },
			);
			expect(result.error).toBeUndefined();
			const out = items(result);
			expect(out).toHaveLength(100_000);
			expect(out[0].json).toMatchObject({ id: 1, line_number: 1, batch_number: 1 });
			expect(out[99_999].json).toMatchObject({ id: 100_000, reference: expect.stringMatching(/-100000$/) });
			expect(typeof out[12_345].json.amount).toBe('number');
			expect(typeof out[12_345].json.last_digits).toBe('string');
			const obtained = big.ledger().filter((entry) => entry.path === '/gateway/report/obtain' && entry.status === 200);
			expect(String(obtained[0].headers['accept-encoding'])).toMatch(/gzip/);
		} finally {
			await big.stop();
		}
	}, 120_000);
});

const result0 = (result: RunResult) => json(result)[0];

// ---------------------------------------------------------------------------------------------------------
describe('Account Validation', () => {
	it('creates a session, reads it before and after the user validates, validates and charges the token', async () => {
		const created = await run({
			resource: 'accountValidation',
			operation: 'createSession',
			email: 'ana@example.com',
			returnUrl: 'https://shop.example.com/accounts/done',
			options: { name: 'Ana', surname: 'Gomez', isAuthenticated: true, locale: 'es_CO' },
		});
		expect(created.error).toBeUndefined();
		expect(withoutAuth(apiCalls()[0].body)).toEqual({
			user: { name: 'Ana', surname: 'Gomez', email: 'ana@example.com' },
			returnUrl: 'https://shop.example.com/accounts/done',
			locale: 'es_CO',
			isAuthenticated: true,
		});
		const requestId = (result0(created).data as IDataObject).requestId as string;
		expect(requestId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);

		const pending = await run({ resource: 'accountValidation', operation: 'getSession', requestId: locator(requestId), simple: false });
		expect(result0(pending)).toMatchObject({ status: { status: 'PENDING' }, data: { requestId, isAuthenticated: true, token: null } });
		const pendingSimple = await run({ resource: 'accountValidation', operation: 'getSession', requestId: locator(requestId) });
		expect(result0(pendingSimple)).toMatchObject({ requestId, status: 'PENDING', validated: false, isAuthenticated: true, token: null });

		await control(`/__sandbox/gateway/account-validations/${requestId}/complete`, { balance: 250 });
		const done = await run({ resource: 'accountValidation', operation: 'getSession', requestId: locator(requestId), includeSecrets: true, simple: false });
		const token = (result0(done).data as IDataObject).token as IDataObject;
		expect(token).toMatchObject({ lastDigits: '4321' });
		const doneSimple = await run({ resource: 'accountValidation', operation: 'getSession', requestId: locator(requestId) });
		expect(result0(doneSimple)).toMatchObject({ requestId, status: 'OK', validated: true, lastDigits: '4321', token: '[hidden: turn on Include Secrets]' });

		sandbox.clearLedger();
		const valid = await run({ resource: 'accountValidation', operation: 'validateToken', token: token.token, subtoken: token.subtoken, options: { currency: 'USD', total: 200 } });
		expect(withoutAuth(apiCalls()[0].body)).toEqual({
			instrument: { token: { token: token.token, subtoken: token.subtoken } },
			payment: { amount: { currency: 'USD', total: 200 } },
		});
		expect(result0(valid)).toEqual({ valid: true, status: 'OK', reason: '00', message: 'The account is valid', date: expect.any(String), dateIso: expect.stringMatching(/-05:00$/) });
		// The date as the platform gave it, and the same instant with the site's offset (the credential's America/Bogota).
		expect(Date.parse(String(result0(valid).dateIso))).toBe(Date.parse(String(result0(valid).date)));
		const tooMuch = await run({ resource: 'accountValidation', operation: 'validateToken', token: token.token, options: { currency: 'USD', total: 300 } });
		expect(tooMuch.error).toBeUndefined();
		expect(result0(tooMuch)).toMatchObject({ valid: false, status: 'REJECTED', reason: 'V3' });
		const unknown = await run({ resource: 'accountValidation', operation: 'validateToken', token: 'not-a-token', simple: false });
		expect(result0(unknown)).toMatchObject({ status: { status: 'REJECTED', reason: 'V1' } });

		sandbox.clearLedger();
		const reference = uniqueReference('TOKEN');
		const charged = await run(processParams({ reference, instrumentType: 'token', token: token.token, subtoken: token.subtoken }));
		expect(charged.error).toBeUndefined();
		expect((withoutAuth(apiCalls()[0].body).instrument as IDataObject).token).toEqual({ token: token.token, subtoken: token.subtoken });
		expect(result0(charged)).toMatchObject({ status: 'APPROVED', lastDigits: '4321', reference });
	});

	it.each([
		['no e-mail', { email: '={{ "" }}' }, 'user'],
		['an e-mail that is not one', { email: 'ana' }, 'user.email'],
		['a return URL longer than 255', { returnUrl: `https://x.example.com/${'a'.repeat(250)}` }, 'returnUrl'],
		['a locale longer than 5', { options: { locale: 'es_CO_1' } }, 'locale'],
	])('Create Session refuses %s before sending', async (_what, change, field) => {
		const result = await run({ resource: 'accountValidation', operation: 'createSession', email: 'ana@example.com', returnUrl: 'https://x.example.com', ...change });
		expectRefusedBeforeSending(result, field);
	});

	it.each([
		['a session id that is not a UUID', 'session-1'],
		['an upper-case UUID', '0F8FAD5B-D9CB-469F-A165-70867728950E'],
		['a UUID with extra characters', '0f8fad5b-d9cb-469f-a165-70867728950e0'],
	])('Get Session refuses %s before sending', async (_what, requestId) => {
		await expect(run({ resource: 'accountValidation', operation: 'getSession', requestId: locator(requestId) })).rejects.toThrow('Use the session ID as Create Session gave it');
		const fromExpression = await run({ resource: 'accountValidation', operation: 'getSession', requestId: locator(`={{ ${JSON.stringify(requestId)} }}`) });
		expectRefusedBeforeSending(fromExpression, 'requestId');
	});

	it('Validate Token refuses a missing token and a bad currency before sending', async () => {
		expectRefusedBeforeSending(await run({ resource: 'accountValidation', operation: 'validateToken', token: '={{ "" }}' }), 'instrument.token.token');
		expectRefusedBeforeSending(
			await run({ resource: 'accountValidation', operation: 'validateToken', token: 't', options: { currency: 'usd', total: 1 } }),
			'payment.amount.currency',
		);
	});
});

describe('each version reads the names its saved workflows hold (versions.ts)', () => {
	const bodies = (path: string) => apiCalls().filter((call) => call.path === path).map((call) => withoutAuth(call.body));
	const week = { startDate: '2026-11-01T00:00:00', endDate: '2026-11-03T00:00:00' };

	it.each([
		[1, { idempotenceKey: 'NAMES-V1', notificationURL: 'https://shop.example.com/v1' }],
		[3, { idempotenceKey: 'NAMES-V3', notificationURL: 'https://shop.example.com/v3' }],
		[4, { idempotencyKey: 'NAMES-V4', notificationUrl: 'https://shop.example.com/v4' }],
	] as const)('Process at version %s sends its own key and notification URL', async (typeVersion, additionalFields) => {
		sandbox.clearLedger();
		const result = await run(processParams({ operation: 'process', reference: `NAMES-${typeVersion}`, additionalFields }), { typeVersion });
		expect(result.error).toBeUndefined();
		const [body] = bodies('/gateway/process');
		expect(body).toMatchObject({ idempotenceKey: `NAMES-V${typeVersion}`, notificationURL: `https://shop.example.com/v${typeVersion}` });
	});

	it.each([
		[1, { state: ['APPROVED'], type: ['AUTH_ONLY'] }],
		[3, { state: ['APPROVED'], type: ['AUTH_ONLY'] }],
		[4, { statuses: ['APPROVED'], types: ['AUTH_ONLY'] }],
	] as const)('Report › Request at version %s sends its status and type filters', async (typeVersion, filters) => {
		sandbox.clearLedger();
		const result = await run({ resource: 'report', operation: 'request', ...week, filters }, { typeVersion });
		expect(result.error).toBeUndefined();
		expect(bodies('/gateway/report')[0]).toMatchObject({ filters: { state: ['APPROVED'], type: ['AUTH_ONLY'] } });
	});
});
