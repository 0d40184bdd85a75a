/**
 * The PaySuite Site node run by n8n's real engine against the sandbox: what the sandbox received, what the
 * node output, and that bad input fails the item before anything is sent.
 */
import type { IDataObject, INodeListSearchResult } from 'n8n-workflow';

import { expectFieldRefused, outputJson, runNode, runNodeMethod, type NodeRunOptions, type RunResult } from '../helpers/engine';
import { apiCallsOf, control, paySuiteApi, withoutAuth, withSandbox } from '../helpers/sandbox';

const sandbox = withSandbox();

const SITE = { name: 'Site', type: 'paySuiteSite', credentialType: 'paySuiteApi' };
const run = (parameters: IDataObject, options: NodeRunOptions & { as?: { login: string; secretKey: string } } = {}) =>
	runNode(SITE, parameters, paySuiteApi(sandbox, options.as), options);
const json = (result: RunResult) => outputJson(result, 'Site');
const apiCalls = () => apiCallsOf(sandbox);

async function storedSite(id: number): Promise<IDataObject> {
	const answer = (await (await fetch(`${sandbox.url}/__sandbox/core/sites/${id}`)).json()) as IDataObject;
	return answer;
}

/** The item failed before anything was sent: the message names the field and the item, the ledger is empty. */
async function expectRefused(parameters: IDataObject, field: string, problem: RegExp) {
	sandbox.clearLedger();
	const result = await run(parameters);
	const error = expectFieldRefused(result, field, apiCalls());
	expect(`${error.message}\n${error.description ?? ''}`).toMatch(problem);
}

const createSite = (overrides: IDataObject = {}): IDataObject => ({
	resource: 'site',
	operation: 'create',
	merchantId: sandbox.credentials.customerId,
	name: 'Shoe shop',
	...overrides,
});

describe('Site > Create', () => {
	it('sends the merchant and name only when nothing else is set, and outputs the new credentials (Include Secrets on)', async () => {
		const result = await run(createSite({ includeSecrets: true }));
		expect(result.error).toBeUndefined();
		const calls = apiCalls();
		expect(calls).toHaveLength(1);
		expect(calls[0]).toMatchObject({ method: 'POST', path: '/core/site/create', status: 200, auth: { ok: true } });
		expect(withoutAuth(calls[0].body)).toEqual({ data: { customerId: sandbox.credentials.customerId, name: 'Shoe shop' } });

		const items = result.output('Site');
		expect(items).toHaveLength(1);
		expect(items[0].pairedItem).toEqual({ item: 0 });
		expect(items[0].json).toMatchObject({ status: { status: 'OK', reason: '00' }, active: true });
		expect(items[0].json.login).toEqual(expect.any(String));
		expect(items[0].json.tranKey).toEqual(expect.any(String));

		// The created site's login and tranKey sign its own calls.
		const asNewSite = { login: String(items[0].json.login), secretKey: String(items[0].json.tranKey) };
		const search = await run({ resource: 'paymentFacilitator', operation: 'getMany', limit: 1 }, { as: asNewSite });
		expect(search.error).toBeUndefined();
		expect(apiCalls().at(-1)?.auth).toMatchObject({ login: asNewSite.login, ok: true });
	});

	it('sends the whole write shape: fields, integration, branding and the JSON configuration merged', async () => {
		const result = await run(
			createSite({
				includeSecrets: true,
				additionalFields: {
					active: false,
					email: 'shop@example.com',
					currency: 'USD',
					expiration: '2030-01-31T10:00:00+00:00',
					login: 'shoe-shop',
					tranKey: 'my-new-site-secret',
					configuration: JSON.stringify({
						integration: { checkoutVersion: 'v3', analyticsCode: 'G-1,GTM-2' },
						control: { minAmount: 10, maxAmount: 5000, allowedHours: 'FFFFFF', allowedBankCountries: ['US', 'CO'], exceptionBinsList: [411111] },
						threeDS: { setting: 'LOW', minAmount: 100 },
						historic: { behaviour: 'IGNORE', lowerScore: null, rejectionScore: 80 },
						creditBureau: { behaviours: { onFailed: 'REJECTED', onNoMatch: 'PROCESS', onMatch: 'PROCESS' }, paymentGroups: ['CASH'], minAmount: 1 },
						riskEngine: { behaviours: { onHighRisk: 'REJECTED', onMediumRisk: 'MANUAL' }, onCalibration: true },
						securityFilters: { forceIPMatch: true, dayMax: 10, dayMaxAmount: 1000.5 },
						operation: { calculateTax: true, taxPercentage: 19 },
						subscriptionValidation: { enable: true, amount: 1 },
						branding: { sidebarColor: '#000000' },
					}),
				},
				integration: { initiatorIndicator: 'CIT', checkoutVersion: 'v4', notificationUrl: 'https://shop.example.com/notify', allowPartial: false },
				branding: { buttonColor: '#1A2B3C' },
			}),
		);
		expect(result.error).toBeUndefined();
		const [call] = apiCalls();
		expect(withoutAuth(call.body)).toEqual({
			data: {
				customerId: sandbox.credentials.customerId,
				name: 'Shoe shop',
				active: false,
				email: 'shop@example.com',
				currency: 'USD',
				expiration: '2030-01-31T10:00:00+00:00',
				login: 'shoe-shop',
				tranKey: '***', // the ledger masks it; it was sent
				integration: {
					checkoutVersion: 'v4',
					analyticsCode: 'G-1,GTM-2',
					initiatorIndicator: 'CIT',
					notificationUrl: 'https://shop.example.com/notify',
					allowPartial: false,
				},
				control: { minAmount: 10, maxAmount: 5000, allowedHours: 'FFFFFF', allowedBankCountries: ['US', 'CO'], exceptionBinsList: [411111] },
				threeDS: { setting: 'LOW', minAmount: 100 },
				historic: { behaviour: 'IGNORE', lowerScore: null, rejectionScore: 80 },
				creditBureau: { behaviours: { onFailed: 'REJECTED', onNoMatch: 'PROCESS', onMatch: 'PROCESS' }, paymentGroups: ['CASH'], minAmount: 1 },
				riskEngine: { behaviours: { onHighRisk: 'REJECTED', onMediumRisk: 'MANUAL' }, onCalibration: true },
				securityFilters: { forceIPMatch: true, dayMax: 10, dayMaxAmount: 1000.5 },
				operation: { calculateTax: true, taxPercentage: 19 },
				subscriptionValidation: { enable: true, amount: 1 },
				branding: { sidebarColor: '#000000', buttonColor: '#1A2B3C' },
			},
		});
		expect(json(result)[0]).toMatchObject({ active: false, login: 'shoe-shop', tranKey: 'my-new-site-secret' });
		const stored = await storedSite(Number(json(result)[0].id));
		expect(stored.site).toMatchObject({ state: 'INACTIVE', customerId: sandbox.credentials.customerId });
		expect((stored.configuration as IDataObject).integration).toMatchObject({ initiatorIndicator: 'CIT' });
	});

	it.each([
		['a button colour that is not #rrggbb', { branding: { buttonColor: 'blue' } }, 'data.branding.buttonColor', /#rrggbb/],
		['allowed hours that are not hexadecimal', { additionalFields: { configuration: '{"control":{"allowedHours":"nine"}}' } }, 'data.control.allowedHours', /hexadecimal/],
		['a field the write shape does not have', { additionalFields: { configuration: '{"control":{"maxAmmount":5}}' } }, 'data.control.maxAmmount', /^Control › Max Ammount is not a field .*; got 5 \(item 0\)/],
		['update-all only productionDate in the JSON', { additionalFields: { configuration: '{"productionDate":"2030-01-01"}' } }, 'data.productionDate', /not a field/],
		['a configuration that is not JSON', { additionalFields: { configuration: '{control:' } }, 'additionalFields.configuration', /JSON/],
		['a configuration that is a list', { additionalFields: { configuration: '[1]' } }, 'configuration', /JSON object/],
		['a missing merchant', { merchantId: '={{ 0 }}' }, 'data.customerId', /^Merchant ID must be a positive/],
		['an e-mail that is not one', { additionalFields: { email: 'nope' } }, 'data.email', /e-mail/],
		['a notification URL that is not one', { integration: { notificationUrl: 'shop/notify' } }, 'data.integration.notificationUrl', /URL/],
	])('fails the item before sending for %s', async (_what, overrides, field, problem) => {
		await expectRefused(createSite(overrides), field, problem);
	});

	it('with Continue On Fail, fails only the bad item and creates the others, each paired with its input', async () => {
		const result = await run(createSite({ name: '={{ $json.name }}', branding: { buttonColor: '={{ $json.colour }}' } }), {
			items: [
				{ name: 'Good one', colour: '#00ff00' },
				{ name: 'Bad one', colour: 'green' },
				{ name: 'Good two', colour: '#0000FF' },
			],
			continueOnFail: true,
		});
		expect(result.error).toBeUndefined();
		const items = result.output('Site');
		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(items[1].json.error).toMatch(/^Branding › Button Color must be a colour .*; got 'green'/);
		expect(items[1].json.error).toContain('item 1');
		expect(items[0].json.id).toEqual(expect.any(Number));
		expect(items[2].json.id).toEqual(expect.any(Number));
		expect(apiCalls().map((call) => call.body.data.name)).toEqual(['Good one', 'Good two']);
	});
});

describe('Site > Update Branding', () => {
	it('sends the colours and checkout version and outputs the site read shape', async () => {
		const result = await run({
			resource: 'site',
			operation: 'updateBranding',
			siteId: sandbox.credentials.siteId,
			branding: { buttonColor: '#112233', sidebarColor: '#ffffff' },
			checkoutVersion: 'v3',
			simple: false,
		});
		expect(result.error).toBeUndefined();
		const [call] = apiCalls();
		expect(call).toMatchObject({ path: '/core/site/update', status: 200 });
		expect(withoutAuth(call.body)).toEqual({ id: sandbox.credentials.siteId, branding: { buttonColor: '#112233', sidebarColor: '#ffffff' }, checkoutVersion: 'v3' });
		const items = result.output('Site');
		expect(items).toHaveLength(1);
		expect(items[0].pairedItem).toEqual({ item: 0 });
		expect(items[0].json).toMatchObject({
			id: sandbox.credentials.siteId,
			state: 'ACTIVE',
			checkoutVersion: 'v3',
			branding: { buttonColor: '#112233', sidebarColor: '#ffffff' },
			credentials: [{ login: sandbox.credentials.login }],
		});
	});

	it('sends only the site ID and what is set', async () => {
		const result = await run({ resource: 'site', operation: 'updateBranding', siteId: sandbox.credentials.siteId, branding: { sidebarColor: '#abcdef' } });
		expect(result.error).toBeUndefined();
		expect(withoutAuth(apiCalls()[0].body)).toEqual({ id: sandbox.credentials.siteId, branding: { sidebarColor: '#abcdef' } });
	});

	it('fails before sending for a colour that is not #rrggbb or a missing site ID', async () => {
		await expectRefused({ resource: 'site', operation: 'updateBranding', siteId: 2001, branding: { sidebarColor: '#12345' } }, 'branding.sidebarColor', /#rrggbb/);
		await expectRefused({ resource: 'site', operation: 'updateBranding', siteId: '={{ 0 }}', checkoutVersion: 'v4' }, 'id', /positive/);
	});

	it('reports a site the platform does not know as a clear error', async () => {
		const result = await run({ resource: 'site', operation: 'updateBranding', siteId: 987654, checkoutVersion: 'v4' });
		expect(result.error?.message).toBe('Site 987654 was not found: check the Site ID.');
		expect(result.error?.httpCode).toBe('404');
		expect(result.error?.description).toMatch(/Platform answer: HTTP 404 FAILED, reason NF: Site 987654 was not found$/);
	});
});

describe('Site > Update All', () => {
	async function newSite(): Promise<number> {
		const result = await run(createSite({ integration: { initiatorIndicator: 'CIT' } }));
		expect(result.error).toBeUndefined();
		sandbox.clearLedger();
		return Number(json(result)[0].id);
	}
	const integrationOf = async (id: number) => ((await storedSite(id)).configuration as IDataObject).integration as IDataObject;

	it('keeps the initiator indicator when it is not sent', async () => {
		const id = await newSite();
		const result = await run({ resource: 'site', operation: 'updateAll', siteId: id, integration: { allowWallet: true } });
		expect(result.error).toBeUndefined();
		expect(withoutAuth(apiCalls()[0].body)).toEqual({ id, data: { integration: { allowWallet: true } } });
		expect(json(result)[0]).toMatchObject({ id, state: 'ACTIVE' });
		expect(await integrationOf(id)).toMatchObject({ initiatorIndicator: 'CIT', allowWallet: true });
	});

	it('removes the initiator indicator by sending null', async () => {
		const id = await newSite();
		const result = await run({ resource: 'site', operation: 'updateAll', siteId: id, initiatorIndicatorAction: 'remove' });
		expect(result.error).toBeUndefined();
		expect(withoutAuth(apiCalls()[0].body)).toEqual({ id, data: { integration: { initiatorIndicator: null } } });
		expect(await integrationOf(id)).not.toHaveProperty('initiatorIndicator');
	});

	it('sets a new initiator indicator, the production date as a date, and other fields', async () => {
		const id = await newSite();
		const result = await run({
			resource: 'site',
			operation: 'updateAll',
			siteId: id,
			initiatorIndicatorAction: 'set',
			initiatorIndicator: 'MIT',
			updateFields: {
				active: false,
				productionDate: '2030-02-01',
				name: 'Renamed shop',
				configuration: '{"securityFilters":{"onlyWhitelisted":true},"control":{"filterByBin":true}}',
			},
			integration: { sourceRestriction: 'NONE' },
		});
		expect(result.error).toBeUndefined();
		expect(withoutAuth(apiCalls()[0].body)).toEqual({
			id,
			data: {
				active: false,
				productionDate: '2030-02-01',
				name: 'Renamed shop',
				securityFilters: { onlyWhitelisted: true },
				control: { filterByBin: true },
				integration: { sourceRestriction: 'NONE', initiatorIndicator: 'MIT' },
			},
		});
		expect(json(result)[0]).toMatchObject({ id, state: 'INACTIVE' });
		expect(await integrationOf(id)).toMatchObject({ initiatorIndicator: 'MIT' });
	});

	it.each([
		['nothing to update', {}, 'data', /at least one field/],
		['the create-only merchant in the JSON', { updateFields: { configuration: '{"customerId":5}' } }, 'data.customerId', /not a field/],
		['a production date that is not a date', { updateFields: { productionDate: 'soon' } }, 'data.productionDate', /YYYY-MM-DD/],
		['Set without a value', { initiatorIndicatorAction: 'set', initiatorIndicator: '={{ $json.missing }}' }, 'initiatorIndicator', /^Initiator Indicator Value needs a value when Initiator Indicator is 'Set'/],
	])('fails the item before sending for %s', async (_what, overrides, field, problem) => {
		await expectRefused({ resource: 'site', operation: 'updateAll', siteId: sandbox.credentials.siteId, ...overrides }, field, problem);
	});
});

describe('Payment Facilitator > Get Many (against the sandbox)', () => {
	it('returns every facilitator with Return All, one item per facilitator', async () => {
		const result = await run({ resource: 'paymentFacilitator', operation: 'getMany', returnAll: true });
		expect(result.error).toBeUndefined();
		const items = result.output('Site');
		expect(items).toHaveLength(20);
		expect(items.every((item) => (item.pairedItem as { item: number }).item === 0)).toBe(true);
		expect(items[0].json).toEqual(expect.objectContaining({ id: 1, name: 'Sandbox Facilitator 01', active: true, country: expect.any(String) }));
	});

	it('pages up to the limit and sends the filters as the spec types them', async () => {
		const result = await run({ resource: 'paymentFacilitator', operation: 'getMany', limit: 3, filters: { active: false } });
		expect(json(result).map((f) => f.active)).toEqual([false, false, false]);
		expect(withoutAuth(apiCalls()[0].body)).toEqual({ active: false, pagination: { perPage: 3, currentPage: 1 } });
		sandbox.clearLedger();
		const byId = await run({ resource: 'paymentFacilitator', operation: 'getMany', limit: 5, filters: { id: '7' } });
		expect(json(byId)).toEqual([expect.objectContaining({ id: 7 })]);
		expect(withoutAuth(apiCalls()[0].body)).toMatchObject({ id: '7' });
	});
});

describe('Site > configuration fields', () => {
	it('sends each section of the configuration from its fields: countries as lists, BINs and payment groups split at commas', async () => {
		const result = await run(
			createSite({
				additionalFields: { currency: 'COP', language: 'es' },
				control: { minAmount: 10, allowedBankCountries: ['US', 'CO'], exceptionBinsList: '411111, 422222', filterByBin: true },
				threeDS: { setting: 'LOW', minAmount: 100 },
				creditBureau: { behaviours: { onFailed: 'REJECTED', onMatch: 'PROCESS' }, paymentGroups: 'CASH, CARD' },
				securityFilters: { excludeIPCountry: ['VE'], allowedIPCountries: [], dayMax: 10 },
				operationSettings: { calculateTax: true, taxPercentage: 19 },
				subscriptionValidation: { enable: true, amount: 1 },
			}),
		);
		expect(result.error).toBeUndefined();
		expect(withoutAuth(apiCalls()[0].body)).toEqual({
			data: {
				customerId: sandbox.credentials.customerId,
				name: 'Shoe shop',
				currency: 'COP',
				language: 'es',
				control: { minAmount: 10, allowedBankCountries: ['US', 'CO'], exceptionBinsList: [411111, 422222], filterByBin: true },
				threeDS: { setting: 'LOW', minAmount: 100 },
				creditBureau: { behaviours: { onFailed: 'REJECTED', onMatch: 'PROCESS' }, paymentGroups: ['CASH', 'CARD'] },
				securityFilters: { excludeIPCountry: ['VE'], dayMax: 10 },
				operation: { calculateTax: true, taxPercentage: 19 },
				subscriptionValidation: { enable: true, amount: 1 },
			},
		});
	});

	it('lets a field win over the same field of Configuration (JSON)', async () => {
		const result = await run(createSite({ control: { maxAmount: 900 }, additionalFields: { configuration: '{"control":{"maxAmount":5,"minAmount":1}}' } }));
		expect(result.error).toBeUndefined();
		expect(withoutAuth(apiCalls()[0].body).data).toMatchObject({ control: { maxAmount: 900, minAmount: 1 } });
	});

	it('names the field of a bad BIN in the panel words and sends nothing', async () => {
		await expectRefused(createSite({ control: { exceptionBinsList: '411111, abc' } }), 'data.control.exceptionBinsList.1', /^Control › Exception BINs .*whole number/);
	});
});

describe('Site > Update Branding, Simplify', () => {
	it('on (the default): a flat site with its login and no transactional key, even with Include Secrets', async () => {
		const result = await run({ resource: 'site', operation: 'updateBranding', siteId: sandbox.credentials.siteId, checkoutVersion: 'v3', includeSecrets: true });
		expect(result.error).toBeUndefined();
		const [site] = json(result);
		expect(site).toMatchObject({ id: sandbox.credentials.siteId, active: true, state: 'ACTIVE', login: sandbox.credentials.login, checkoutVersion: 'v3' });
		expect(Object.keys(site)).toEqual([
			'id', 'name', 'displayName', 'active', 'state', 'login', 'merchant', 'currency', 'country', 'language', 'email', 'expiration', 'expirationIso',
			'checkoutVersion', 'notificationUrl', 'timezone', 'paymentMethodCodes',
		]);
		expect(JSON.stringify(site)).not.toContain(sandbox.credentials.secretKey);
	});

	it("gives the site's expiry as the platform writes it (its own clock) and with its offset (expirationIso)", async () => {
		const created = json(await run(createSite({ name: 'Expiring shop', additionalFields: { expiration: '2030-01-31T10:00:00+00:00' } })))[0];
		const result = await run({ resource: 'site', operation: 'updateBranding', siteId: created.siteId ?? created.id, checkoutVersion: 'v3' });
		expect(result.error).toBeUndefined();
		expect(json(result)[0]).toMatchObject({ timezone: 'America/Bogota', expiration: '2030-01-31 05:00:00', expirationIso: '2030-01-31T05:00:00-05:00' });
	});

	it("off: the platform's site read shape", async () => {
		const result = await run({ resource: 'site', operation: 'updateBranding', siteId: sandbox.credentials.siteId, checkoutVersion: 'v3', simple: false });
		expect(json(result)[0]).toMatchObject({ id: sandbox.credentials.siteId, credentials: [{ login: sandbox.credentials.login }], services: expect.any(Array) });
	});
});

describe('Site > a site ID By ID', () => {
	it('reads the locator value', async () => {
		const result = await run({ resource: 'site', operation: 'updateBranding', siteId: { __rl: true, mode: 'id', value: ` ${sandbox.credentials.siteId} ` }, checkoutVersion: 'v4' });
		expect(result.error).toBeUndefined();
		expect(withoutAuth(apiCalls()[0].body)).toEqual({ id: sandbox.credentials.siteId, checkoutVersion: 'v4' });
	});
});

describe('Payment facilitators: the list of the editor', () => {
	const list = (filter?: string, paginationToken?: string, as?: { secretKey: string }) =>
		runNodeMethod<INodeListSearchResult>('listSearch', 'searchPaymentFacilitators', {
			node: SITE,
			parameters: { resource: 'paymentFacilitator', operation: 'getMany' },
			credentials: paySuiteApi(sandbox, as),
			filter,
			paginationToken,
		});

	it("lists the platform's facilitators by name and ID, inactive ones said so", async () => {
		const { results, paginationToken } = await list();
		expect(results).toHaveLength(20);
		expect(results[0]).toEqual({ name: expect.stringMatching(/^Sandbox Facilitator 01 · [A-Z]{2} \(ID 1\)$/), value: '1' });
		expect(results[3]).toEqual({ name: expect.stringMatching(/^Sandbox Facilitator 04 · [A-Z]{2} · inactive \(ID 4\)$/), value: '4' });
		expect(paginationToken).toBeUndefined();
	});

	it('narrows to the name typed, or to the ID when digits are typed', async () => {
		const byId = await list('12');
		expect(byId.results.map((entry) => entry.value)).toEqual(['12']);
		const { results } = await list('facilitator 1');
		expect(results.map((entry) => entry.value)).toEqual(['10', '11', '12', '13', '14', '15', '16', '17', '18', '19']);
		expect(withoutAuth(apiCalls().at(-1)!.body)).toMatchObject({ name: 'facilitator 1' });
		expect(withoutAuth(apiCalls()[0].body)).toMatchObject({ id: '12' });
	});

	it('gives the next page with its token when there are more than a page holds', async () => {
		await control(sandbox, '/__sandbox/core/seed', { facilitators: 60 });
		const first = await list();
		expect(first.results).toHaveLength(50);
		expect(first.paginationToken).toBe('2');
		const second = await list(undefined, first.paginationToken);
		expect(second.results.map((entry) => entry.value)).toEqual(Array.from({ length: 30 }, (_, index) => String(index + 51)));
		expect(second.paginationToken).toBeUndefined();
	});

	it('says so when the credential is wrong', async () => {
		await expect(list(undefined, undefined, { secretKey: 'wrong-secret' })).rejects.toThrow(/credential|secret|login|authentic/i);
	});

	it('is the ID filter of Get Many: its value is sent as the ID', async () => {
		const result = await run({ resource: 'paymentFacilitator', operation: 'getMany', limit: 5, filters: { id: { __rl: true, mode: 'list', value: '7' } } });
		expect(json(result)).toEqual([expect.objectContaining({ id: 7 })]);
		expect(withoutAuth(apiCalls()[0].body)).toEqual({ id: '7', pagination: { perPage: 5, currentPage: 1 } });
	});
});
