/**
 * The PaySuite Payment Method node run by n8n's real engine against the sandbox: what the sandbox received,
 * what the node output, and that bad input fails the item before anything is sent.
 */
import type { IDataObject, INodeListSearchResult, INodePropertyOptions } from 'n8n-workflow';

import { expectFieldRefused, outputJson, runNode, runNodeMethod, type NodeRunOptions, type RunResult } from '../helpers/engine';
import { apiCallsOf, control, paySuiteApi, withoutAuth, withSandbox } from '../helpers/sandbox';

const sandbox = withSandbox();

const METHOD = { name: 'Method', type: 'paySuitePaymentMethod', credentialType: 'paySuiteApi' };
const run = (parameters: IDataObject, options: NodeRunOptions = {}) => runNode(METHOD, parameters, paySuiteApi(sandbox), options);
const json = (result: RunResult) => outputJson(result, 'Method');
const apiCalls = () => apiCallsOf(sandbox);

/** The sandbox's own record of the methods (its control API, not the node). */
async function sandboxState(): Promise<{ merchantPaymentMethods: IDataObject[]; sitePaymentMethods: IDataObject[] }> {
	return (await (await fetch(`${sandbox.url}/__sandbox/core`)).json()) as never;
}

/** The item failed before anything was sent: the message names the field and the item, the ledger is empty. */
async function expectRefused(parameters: IDataObject, field: string, problem: RegExp) {
	sandbox.clearLedger();
	const result = await run(parameters);
	const error = expectFieldRefused(result, field, apiCalls());
	expect(`${error.message}\n${error.description ?? ''}`).toMatch(problem);
}

const createMethod = (overrides: IDataObject = {}): IDataObject => ({
	resource: 'merchantPaymentMethod',
	operation: 'create',
	merchantId: sandbox.credentials.customerId,
	code: 'CRA',
	commissionModel: 'F',
	commissionValue: 0.35,
	accountType: 2,
	accountNumber: '00123456789012345678',
	...overrides,
});

describe('Merchant Payment Method > Create', () => {
	it('sends the required fields only when nothing else is set, and outputs the new ID', async () => {
		const result = await run(createMethod());
		expect(result.error).toBeUndefined();
		const calls = apiCalls();
		expect(calls).toHaveLength(1);
		expect(calls[0]).toMatchObject({ path: '/core/merchant/payment-methods/create', status: 200, auth: { ok: true } });
		expect(withoutAuth(calls[0].body)).toEqual({
			data: { customerId: sandbox.credentials.customerId, code: 'CRA', commissionModel: 'F', commissionValue: 0.35, accountType: 2, accountNumber: '00123456789012345678' },
		});
		const items = result.output('Method');
		expect(items).toHaveLength(1);
		expect(items[0].pairedItem).toEqual({ item: 0 });
		expect(items[0].json).toMatchObject({ status: { status: 'OK' }, id: expect.any(Number) });
	});

	it('sends settings under the platform names, the credit rules rows nested by code, card group and installment, and the additional fields', async () => {
		const result = await run(
			createMethod({
				additionalFields: {
					financialEntity: 101,
					order: 3,
					creditRules: {
						rule: [
							{ code: 'CRA', cardGroup: 'DEFAULT', installment: 3, minimum: '100.00', maximum: '5000.00', remove: false },
							{ code: 'CRA', cardGroup: 'DEFAULT', installment: 12, minimum: '', maximum: '', remove: true },
						],
					},
				},
				settings: { username: 'acquirer-user', password: 'acquirer-pass', threeDSVersion: 'v2', threeDSApiKey: 'k'.repeat(380), isEcommerce: true, MID: 'MID-9' },
			}),
		);
		expect(result.error).toBeUndefined();
		expect(withoutAuth(apiCalls()[0].body)).toEqual({
			data: {
				customerId: sandbox.credentials.customerId,
				code: 'CRA',
				commissionModel: 'F',
				commissionValue: 0.35,
				accountType: 2,
				accountNumber: '00123456789012345678',
				financialEntity: 101,
				order: 3,
				settings: { username: 'acquirer-user', password: '***', '3DSVersion': 'v2', '3DSApiKey': 'k'.repeat(380), isEcommerce: true, MID: 'MID-9' },
				creditRules: { CRA: { DEFAULT: { '3': { minimum: '100.00', maximum: '5000.00' }, '12': { remove: true } } } },
			},
		});
		const stored = (await sandboxState()).merchantPaymentMethods.find((entry) => entry.id === json(result)[0].id);
		expect(stored).toMatchObject({ financialEntity: 101, order: 3, settings: { password: 'acquirer-pass', '3DSVersion': 'v2' } });
	});

	it.each([
		['a commission model other than P or F', { commissionModel: '={{ "X" }}' }, 'data.commissionModel', /P or F/],
		['an account number over 20 characters', { accountNumber: '1'.repeat(21) }, 'data.accountNumber', /at most 20/],
		['a code over 5 characters', { code: 'ABCDEF' }, 'data.code', /at most 5/],
		['a username over 30 characters', { settings: { username: 'u'.repeat(31) } }, 'data.settings.username', /at most 30/],
		['a password over 30 characters', { settings: { password: 'p'.repeat(31) } }, 'data.settings.password', /at most 30/],
		['a retail code over 10 characters', { settings: { retailCode: 'r'.repeat(11) } }, 'data.settings.retailCode', /at most 10/],
		['a 3DS API key over 380 characters', { settings: { threeDSApiKey: 'k'.repeat(381) } }, 'data.settings.3DSApiKey', /at most 380/],
		['a 3DS version other than v1 or v2', { settings: { threeDSVersion: '={{ "v3" }}' } }, 'data.settings.3DSVersion', /v1 or v2/],
		['credit rules keyed by something other than an installment number', { additionalFields: { creditRulesJson: '{"CRA":{"G":{"three":{"remove":true}}}}' } }, 'data.creditRules.CRA.G.three', /installment/],
		['credit rules that are not JSON', { additionalFields: { creditRulesJson: '{CRA' } }, 'additionalFields.creditRulesJson', /JSON/],
		['credit rules both as rows and as JSON', { additionalFields: { creditRules: { rule: [{ code: 'CRA', cardGroup: 'G', installment: 3, remove: true }] }, creditRulesJson: '{"CRA":{}}' } }, 'additionalFields.creditRulesJson', /cannot both be set/],
		['a missing merchant', { merchantId: '={{ 0 }}' }, 'data.customerId', /^Merchant ID must be a positive/],
	])('fails the item before sending for %s', async (_what, overrides, field, problem) => {
		await expectRefused(createMethod(overrides), field, problem);
	});

	it("surfaces the platform's refusal of a financial entity of another country", async () => {
		const result = await run(createMethod({ additionalFields: { financialEntity: 201 } }));
		// The documents show a refusal's status only: its message is the platform's words.
		expect(result.error?.message).toMatch(/^The platform refused the request: Invalid data\.financialEntity: financial entity 201 does not belong/);
		expect(result.error?.description).toMatch(/Platform answer: HTTP 400 FAILED, reason XN/);
		expect(result.error?.httpCode).toBe('400');
		expect(apiCalls()).toHaveLength(1);
	});

	it('with Continue On Fail, fails only the bad item and creates the others, each paired with its input', async () => {
		const result = await run(createMethod({ commissionModel: '={{ $json.model }}' }), {
			items: [{ model: 'P' }, { model: 'Q' }, { model: 'F' }],
			continueOnFail: true,
		});
		expect(result.error).toBeUndefined();
		const items = result.output('Method');
		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(items[1].json.error).toBe("Commission Model must be P or F; got 'Q' (item 1)");
		expect(apiCalls().map((call) => call.body.data.commissionModel)).toEqual(['P', 'F']);
	});
});

describe('Merchant Payment Method > Update', () => {
	it('sends only the fields set, and creditRules null with Remove Credit Rules', async () => {
		const result = await run({
			resource: 'merchantPaymentMethod',
			operation: 'update',
			paymentMethodId: 506,
			updateFields: { commissionModel: 'P', commissionValue: 3.1, removeCreditRules: true },
		});
		expect(result.error).toBeUndefined();
		expect(withoutAuth(apiCalls()[0].body)).toEqual({ id: 506, data: { commissionModel: 'P', commissionValue: 3.1, creditRules: null } });
		expect(json(result)[0]).toMatchObject({ id: 506 });
		const stored = (await sandboxState()).merchantPaymentMethods.find((entry) => entry.id === 506);
		expect(stored).toMatchObject({ commissionValue: 3.1, creditRules: {} });
	});

	it('sends new settings and credit rules', async () => {
		const result = await run({
			resource: 'merchantPaymentMethod',
			operation: 'update',
			paymentMethodId: 501,
			updateFields: { creditRulesJson: { CRA: { DEFAULT: { '6': { minimum: '50' } } } } },
			settings: { retailCode: 'R-1' },
		});
		expect(result.error).toBeUndefined();
		expect(withoutAuth(apiCalls()[0].body)).toEqual({ id: 501, data: { settings: { retailCode: 'R-1' }, creditRules: { CRA: { DEFAULT: { '6': { minimum: '50' } } } } } });
	});

	it.each([
		['nothing to update', {}, 'data', /at least one field/],
		['an account number over 20 characters', { updateFields: { accountNumber: 'x'.repeat(21) } }, 'data.accountNumber', /at most 20/],
		['both credit rules and their removal', { updateFields: { creditRules: { rule: [{ code: 'CRA', cardGroup: 'DEFAULT', installment: 1, minimum: '1' }] }, removeCreditRules: true } }, 'data.creditRules', /not both/],
	])('fails the item before sending for %s', async (_what, overrides, field, problem) => {
		await expectRefused({ resource: 'merchantPaymentMethod', operation: 'update', paymentMethodId: 501, ...overrides }, field, problem);
	});
});

describe('Merchant Payment Method > Delete', () => {
	it('sends the ID, the method is gone and the item says deleted: true beside the platform answer', async () => {
		const result = await run({ resource: 'merchantPaymentMethod', operation: 'delete', paymentMethodId: 505 });
		expect(result.error).toBeUndefined();
		expect(withoutAuth(apiCalls()[0].body)).toEqual({ id: 505 });
		expect(json(result)).toEqual([{ deleted: true, status: expect.objectContaining({ status: 'OK' }), id: 505 }]);
		expect((await sandboxState()).merchantPaymentMethods.map((entry) => entry.id)).not.toContain(505);
		await expectRefused({ resource: 'merchantPaymentMethod', operation: 'delete', paymentMethodId: '={{ "abc" }}' }, 'id', /whole number/);
	});
});

describe('Merchant Payment Method > Get Many', () => {
	const search = (overrides: IDataObject = {}) => ({ resource: 'merchantPaymentMethod', operation: 'getMany', merchantId: sandbox.credentials.customerId, ...overrides });

	it('returns every method of the merchant with Return All, one item per method', async () => {
		const result = await run(search({ returnAll: true }));
		expect(result.error).toBeUndefined();
		expect(json(result).map((method) => method.id)).toEqual([501, 502, 503, 504, 505, 506]);
		expect(result.output('Method').every((item) => (item.pairedItem as { item: number }).item === 0)).toBe(true);
		expect(withoutAuth(apiCalls()[0].body)).toEqual({ customerId: sandbox.credentials.customerId, pagination: { perPage: 100, currentPage: 1 } });
	});

	it('pages up to the limit', async () => {
		const result = await run(search({ limit: 4 }));
		expect(json(result)).toHaveLength(4);
		expect(withoutAuth(apiCalls()[0].body)).toEqual({ customerId: sandbox.credentials.customerId, pagination: { perPage: 4, currentPage: 1 } });
	});

	it('sends the filters set and nothing else', async () => {
		const result = await run(search({ limit: 10, filters: { name: 'debit', franchise: 'CARD_B' } }));
		expect(json(result)).toEqual([expect.objectContaining({ id: 506, code: 'DBB', franchise: 'CARD_B' })]);
		expect(withoutAuth(apiCalls()[0].body)).toEqual({ customerId: sandbox.credentials.customerId, name: 'debit', franchise: 'CARD_B', pagination: { perPage: 10, currentPage: 1 } });
	});

	it.each([
		['a name under 3 characters', { filters: { name: 'ab' } }, 'name', /3 to 50/],
		['a code over 5 characters', { filters: { code: 'TOOLONG' } }, 'code', /at most 5/],
		['a missing merchant', { merchantId: '={{ 0 }}' }, 'customerId', /^Merchant ID must be a positive/],
	])('fails the item before sending for %s', async (_what, overrides, field, problem) => {
		await expectRefused(search(overrides), field, problem);
	});
});

describe('Site Payment Method > Add to Site', () => {
	const addToSite = (overrides: IDataObject = {}): IDataObject => ({
		resource: 'sitePaymentMethod',
		operation: 'addToSite',
		siteId: sandbox.credentials.siteId,
		paymentMethodId: 502,
		...overrides,
	});

	it('sends the pairs together with the other fields and outputs the association ID', async () => {
		const result = await run(
			addToSite({
				additionalFields: { minAmount: 10, maxAmount: 2500.5, accountType: 1, accountNumber: '987654', financialEntity: 102, order: 2, commissionModel: 'P', commissionValue: 1.9 },
				settings: { terminalNumber: 'T-7' },
			}),
		);
		expect(result.error).toBeUndefined();
		expect(withoutAuth(apiCalls()[0].body)).toEqual({
			data: {
				siteId: sandbox.credentials.siteId,
				customerPaymentId: 502,
				minAmount: 10,
				maxAmount: 2500.5,
				accountType: 1,
				accountNumber: '987654',
				financialEntity: 102,
				order: 2,
				commissionModel: 'P',
				commissionValue: 1.9,
				settings: { terminalNumber: 'T-7' },
			},
		});
		expect(result.output('Method')[0].pairedItem).toEqual({ item: 0 });
		const id = json(result)[0].id;
		expect((await sandboxState()).sitePaymentMethods).toEqual([expect.objectContaining({ id, siteId: sandbox.credentials.siteId, customerPaymentId: 502 })]);
	});

	it.each([
		['a minimum amount without a maximum', { additionalFields: { minAmount: 5 } }, 'data.maxAmount', /minAmount/],
		['a maximum amount without a minimum', { additionalFields: { maxAmount: 5 } }, 'data.minAmount', /maxAmount/],
		['an account type without an account number', { additionalFields: { accountType: 1 } }, 'data.accountNumber', /accountType/],
		['an account number without an account type', { additionalFields: { accountNumber: '1' } }, 'data.accountType', /accountNumber/],
		['an account number over 20 characters', { additionalFields: { accountType: 1, accountNumber: '9'.repeat(21) } }, 'data.accountNumber', /at most 20/],
		['a missing site', { siteId: '={{ 0 }}' }, 'data.siteId', /positive/],
	])('fails the item before sending for %s', async (_what, overrides, field, problem) => {
		await expectRefused(addToSite(overrides), field, problem);
	});

	it("surfaces the platform's refusal of another merchant's payment method", async () => {
		const result = await run(addToSite({ paymentMethodId: 507 }));
		expect(result.error?.message).toMatch(/^The platform refused the request: Invalid data\.customerPaymentId: is not a payment method of the merchant/);
		expect(result.error?.description).toMatch(/Platform answer: HTTP 400 FAILED, reason XN/);
	});
});

describe('Merchant Payment Method > Get Many, Simplify', () => {
	const search = () => ({ resource: 'merchantPaymentMethod', operation: 'getMany', merchantId: sandbox.credentials.customerId, limit: 1 });

	it('on (the default): flat records with the merchant as merchantId and no settings', async () => {
		const result = await run(search());
		expect(json(result)).toEqual([
			{
				id: 501,
				name: 'Credit card A',
				code: 'CRA',
				merchantId: sandbox.credentials.customerId,
				franchise: 'CARD_A',
				commissionModel: 'P',
				commissionValue: 2.5,
				order: 1,
				disabled: false,
				financialEntity: 101,
				hasCreditRules: false,
			},
		]);
	});

	it("off: the platform's records, settings included", async () => {
		const result = await run({ ...search(), simple: false });
		expect(json(result)[0]).toMatchObject({ id: 501, customerId: sandbox.credentials.customerId, settings: { merchantCode: 'M-001' }, creditRules: {} });
	});

	it('reads a Payment Method ID filter picked from the list', async () => {
		const result = await run({ ...search(), filters: { id: { __rl: true, mode: 'list', value: '503' } } });
		expect(json(result)).toEqual([expect.objectContaining({ id: 503 })]);
		expect(withoutAuth(apiCalls()[0].body)).toMatchObject({ id: 503 });
	});
});

describe('Payment methods: the lists of the editor', () => {
	const merchant = (id: unknown = sandbox.credentials.customerId) => ({ __rl: true, mode: 'id', value: id });
	const list = (parameters: IDataObject, filter?: string, paginationToken?: string) =>
		runNodeMethod<INodeListSearchResult>('listSearch', 'searchMerchantPaymentMethods', {
			node: METHOD,
			parameters: { resource: 'merchantPaymentMethod', operation: 'update', ...parameters },
			credentials: paySuiteApi(sandbox),
			filter,
			paginationToken,
		});
	const options = (method: string, parameters: IDataObject, secretKey?: string) =>
		runNodeMethod<INodePropertyOptions[]>('loadOptions', method, {
			node: METHOD,
			parameters: { resource: 'merchantPaymentMethod', operation: 'getMany', ...parameters },
			credentials: paySuiteApi(sandbox, secretKey ? { secretKey } : {}),
		});

	it("lists the chosen merchant's payment methods only, by name, code and ID", async () => {
		const { results, paginationToken } = await list({ merchantId: merchant() });
		expect(results.map((entry) => entry.value)).toEqual(['501', '502', '503', '504', '505', '506']);
		expect(results[0]).toEqual({ name: 'Credit card A · CRA (ID 501)', value: '501' });
		expect(results[3].name).toBe('Credit card D · CRD (ID 504) · disabled');
		expect(paginationToken).toBeUndefined();
		expect(withoutAuth(apiCalls()[0].body)).toEqual({ customerId: sandbox.credentials.customerId, pagination: { perPage: 50, currentPage: 1 } });
	});

	it('narrows to the name typed, sending it only from 3 characters', async () => {
		const { results } = await list({ merchantId: merchant() }, 'debit');
		expect(results.map((entry) => entry.value)).toEqual(['505', '506']);
		expect(withoutAuth(apiCalls()[0].body)).toMatchObject({ name: 'debit' });
		sandbox.clearLedger();
		expect((await list({ merchantId: merchant() }, 'de')).results).toHaveLength(6);
		expect(withoutAuth(apiCalls()[0].body)).not.toHaveProperty('name');
	});

	it('gives the next page with its token when the merchant has more than a page holds', async () => {
		await control(sandbox, '/__sandbox/core/seed', { paymentMethods: 60 });
		const first = await list({ merchantId: merchant() });
		expect(first.results).toHaveLength(50);
		expect(first.paginationToken).toBe('2');
		const second = await list({ merchantId: merchant() }, undefined, first.paginationToken);
		expect(second.results).toHaveLength(16);
		expect(second.paginationToken).toBeUndefined();
	});

	it('asks for the Merchant ID first when none is chosen, or an expression is', async () => {
		await expect(list({ merchantId: merchant('') })).rejects.toThrow('Choose the Merchant ID first');
		await expect(list({})).rejects.toThrow('Choose the Merchant ID first');
		await expect(options('getFranchises', { merchantId: merchant('={{ $json.merchantId }}') })).rejects.toThrow('Choose the Merchant ID first');
		expect(apiCalls()).toEqual([]);
	});

	it("offers the codes and franchises the merchant's payment methods have", async () => {
		expect(await options('getPaymentMethodCodes', { merchantId: merchant() })).toEqual([
			{ name: 'Credit card A (CRA)', value: 'CRA' },
			{ name: 'Credit card B (CRB)', value: 'CRB' },
			{ name: 'Credit card C (CRC)', value: 'CRC' },
			{ name: 'Credit card D (CRD)', value: 'CRD' },
			{ name: 'Debit card A (DBA)', value: 'DBA' },
			{ name: 'Debit card B (DBB)', value: 'DBB' },
		]);
		expect((await options('getFranchises', { merchantId: merchant(1002) })).map((option) => option.value)).toEqual(['CARD_A', 'CARD_B']);
	});

	it('says so when the credential is wrong', async () => {
		await expect(options('getFranchises', { merchantId: merchant() }, 'wrong-secret')).rejects.toThrow(/credential|secret|login|authentic/i);
	});
});

describe('Merchant Payment Method > Update, a Payment Method ID picked from the list', () => {
	it('sends the picked ID', async () => {
		const result = await run({
			resource: 'merchantPaymentMethod',
			operation: 'update',
			merchantId: { __rl: true, mode: 'id', value: String(sandbox.credentials.customerId) },
			paymentMethodId: { __rl: true, mode: 'list', value: '502' },
			updateFields: { order: 9 },
		});
		expect(result.error).toBeUndefined();
		expect(withoutAuth(apiCalls()[0].body)).toEqual({ id: 502, data: { order: 9 } });
	});
});
