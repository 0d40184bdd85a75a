/**
 * The PaySuite Merchant node run by n8n's real engine against the sandbox: what the sandbox received (path,
 * headers, body), what the node output, the process polling that follows Retry-After, the idempotent re-run,
 * failed processes, the platform's 422 / 404 / 403, and that bad input fails the item before anything is sent.
 */
/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import type { IDataObject, INodeListSearchResult } from 'n8n-workflow';

import { startSandbox, type RunningSandbox } from '../../sandbox';
import { expectFieldRefused, outputJson, retryExecution, runNode, runNodeMethod, runWorkflow, type NodeRunOptions, type RunResult } from '../helpers/engine';
import { merchantBody, merchantCreateParameters } from '../helpers/fixtures';
import { apiCallsOf, control as sandboxControl, onboardingApi, paySuiteApi, withSandbox } from '../helpers/sandbox';

const sandbox = withSandbox({ processPendingPolls: 2, retryAfterSeconds: 0 });

const KEY_PATTERN = /^[A-Za-z0-9_.:-]{16,64}$/;

const MERCHANT = { name: 'Merchant', type: 'paySuiteMerchant', credentialType: 'paySuiteOnboardingApi' };
const run = (parameters: IDataObject, options: NodeRunOptions & { token?: string; target?: RunningSandbox } = {}) =>
	runNode(MERCHANT, parameters, onboardingApi(options.target ?? sandbox, { accessToken: options.token }), options);
const json = (result: RunResult) => outputJson(result, 'Merchant');
/** A resource locator's "By ID" value, as the editor stores it. */
const byId = (value: unknown) => ({ __rl: true, mode: 'id', value: String(value) });
const apiCalls = (target: RunningSandbox = sandbox) => apiCallsOf(target);
/** A control call under /__sandbox/onboarding/ (GET, or POST with a JSON body). */
const control = (path: string, body?: IDataObject) => sandboxControl(sandbox, `/__sandbox/onboarding/${path}`, body);

/** The create parameters of a complete merchant, field by field. */
const createParameters = (overrides: IDataObject = {}, additionalFields: IDataObject = {}): IDataObject =>
	merchantCreateParameters({ additionalFields, ...overrides });

/** What the create parameters above must put on the wire, exactly. */
const expectedBody = merchantBody();

async function createMerchant(additionalFields: IDataObject = {}): Promise<number> {
	const result = await run(createParameters({}, additionalFields));
	expect(result.error).toBeUndefined();
	return json(result)[0].merchantId as number;
}

/** The item failed before anything was sent: the message names the field and the item, the ledger is empty. */
async function expectRefused(parameters: IDataObject, field: string, problem?: RegExp) {
	sandbox.clearLedger();
	const result = await run(parameters);
	const error = expectFieldRefused(result, field, apiCalls());
	if (problem) expect(error.description).toMatch(problem);
}

describe('Merchant → Create', () => {
	it('sends the body per spec with a derived Idempotency-Key, follows Retry-After until it is gone, outputs the merchant id', async () => {
		const result = await run(createParameters({}, { mcc: '5411', size: 'S', timezone: 'America/Bogota', url: 'https://acme.example.com', travelAgency: { iata: 'IATA1' } }));
		expect(result.error).toBeUndefined();

		const calls = apiCalls();
		expect(calls.map((call) => `${call.method} ${call.path} ${call.status}`)).toEqual([
			'POST /api/merchants 202',
			`GET /api/processes/${calls[1].path.split('/').pop()} 200`,
			`GET /api/processes/${calls[1].path.split('/').pop()} 200`,
			`GET /api/processes/${calls[1].path.split('/').pop()} 200`,
		]);
		expect(calls[0].body).toEqual({
			...expectedBody,
			mcc: '5411',
			size: 'S',
			timezone: 'America/Bogota',
			url: 'https://acme.example.com',
			travelAgency: { iata: 'IATA1' },
		});
		expect(calls[0].headers['idempotency-key']).toMatch(KEY_PATTERN);
		expect(calls[0].headers['content-type']).toMatch(/^application\/json/);
		expect(calls[0].headers.authorization).toBe('Bearer ***');

		const [item] = result.output('Merchant');
		expect(item.pairedItem).toEqual({ item: 0 });
		expect(item.json).toMatchObject({
			status: { status: 'OK' },
			action: 'merchant.create',
			processId: calls[1].path.split('/').pop(),
			merchantId: expect.any(Number),
			result: { merchantId: item.json.merchantId },
			idempotencyKey: calls[0].headers['idempotency-key'],
		});
		const merchants = (await control('merchants')).merchants as IDataObject[];
		expect(merchants.map((merchant) => merchant.id)).toEqual([item.json.merchantId]);
	});

	it('without waiting outputs the accepted process and sends nothing else', async () => {
		const result = await run(createParameters({ waitForCompletion: false }));
		expect(result.error).toBeUndefined();
		expect(apiCalls().map((call) => call.path)).toEqual(['/api/merchants']);
		expect(json(result)).toEqual([
			expect.objectContaining({ status: expect.objectContaining({ status: 'OK' }), action: 'merchant.create', result: null, processId: expect.any(String) }),
		]);
		expect(json(result)[0].merchantId).toBeUndefined();
	});

	it('re-running the same item returns the same process: one merchant, two identical keys', async () => {
		const first = await run(createParameters());
		const second = await run(createParameters());
		expect(json(second)[0].processId).toBe(json(first)[0].processId);
		expect(json(second)[0].merchantId).toBe(json(first)[0].merchantId);
		const posts = apiCalls().filter((call) => call.method === 'POST');
		expect(posts).toHaveLength(2);
		expect(posts[1].headers['idempotency-key']).toBe(posts[0].headers['idempotency-key']);
		expect((await control('merchants')).merchants).toHaveLength(1);

		await run(createParameters({ brand: 'Acme Two' }));
		const third = apiCalls().filter((call) => call.method === 'POST')[2];
		expect(third.headers['idempotency-key']).not.toBe(posts[0].headers['idempotency-key']);
		expect((await control('merchants')).merchants).toHaveLength(2);
	});

	it('sends the Idempotency-Key the user gives; the same key with other content is a clear 409 error', async () => {
		const key = 'my-own-key-0000000001';
		await run(createParameters({ options: { idempotencyKey: key } }));
		expect(apiCalls()[0].headers['idempotency-key']).toBe(key);
		const clash = await run(createParameters({ brand: 'Other', options: { idempotencyKey: key } }));
		expect(clash.error?.message).toBe(
			`This Idempotency Key (${key}) was already used for a different merchant: leave the Idempotency Key option empty (one is made from the merchant's details) or give this request its own.`,
		);
		expect(clash.error?.httpCode).toBe('409');
		expect(clash.error?.description).toBe('Platform answer: HTTP 409 FAILED, reason IDEMPOTENCY_CONFLICT: The Idempotency-Key was already used with different content');
	});

	it('takes the whole body as JSON, with a notification URL, sites and payment methods', async () => {
		const body = {
			...expectedBody,
			paymentMethods: [{ code: 'VISA', commissionModel: 'P', commissionValue: 2.5 }],
			integrations: [{ type: 'crm', settings: { account: 'a1' } }],
			sites: [{ name: 'Web store', currency: 'USD' }],
			notification: { url: 'http://127.0.0.1:9/hook' },
		};
		const result = await run({ ...createParameters(), specifyBody: 'json', merchantJson: JSON.stringify(body) });
		expect(result.error).toBeUndefined();
		expect(apiCalls()[0].body).toEqual(body);
		expect(json(result)[0]).toMatchObject({ result: { siteIds: [expect.any(Number)] }, notification: { url: 'http://127.0.0.1:9/hook' } });
	});

	it('sends the fields the onboarding document names in collections: sites[].languages, login, tranKey, md5Hash, customerId, ids', async () => {
		const body = {
			...expectedBody,
			paymentMethods: [{ code: 'VISA', customerId: 1001 }],
			integrations: [{ id: 5, customerId: 1001, type: 'crm', settings: { account: 'a1' } }],
			sites: [
				{
					name: 'Web store',
					languages: ['es', 'en'],
					login: 'web-store-login',
					tranKey: 'web-store-key',
					md5Hash: 'abc123',
					customerId: 1001,
					customBatch: 7,
					paymentMethods: [{ code: 'VISA', siteId: 2001 }],
					integrations: [{ id: 6, siteId: 2001, type: 'notifier', settings: { enabled: true } }],
				},
			],
		};
		const result = await run({ ...createParameters(), specifyBody: 'json', merchantJson: JSON.stringify(body) });
		expect(result.error).toBeUndefined();
		// The sandbox's ledger masks the site's transactional key.
		expect(apiCalls()[0].body).toEqual({ ...body, sites: [{ ...body.sites[0], tranKey: '***' }] });
		const merchantId = json(result)[0].merchantId as number;
		const read = await run({ resource: 'merchant', operation: 'get', merchantId: byId(merchantId), simple: false });
		// The read shape spells a site's languages upper case.
		expect((json(read)[0].sites as IDataObject[])[0]).toMatchObject({ name: 'Web store', languages: ['ES', 'EN'], login: 'web-store-login', customBatch: 7 });
	});

	it('a failed process fails the item, naming the body paths of its errors', async () => {
		const result = await run(createParameters({}, { mcc: '0000' }));
		expect(result.error?.message).toMatch(/Process [0-9a-f-]+ \(merchant\.create\) ended FAILED with errors in mcc \(item 0\)/);
		expect(result.error?.description).toContain('mcc: is not in the catalog of merchant category codes');
	});

	it('with Continue On Fail a failed process becomes an error item paired with its input, next to good items', async () => {
		const result = await run(createParameters({ name: '={{ "Acme " + $json.mcc }}' }, { mcc: '={{ $json.mcc }}' }), {
			items: [{ mcc: '5411' }, { mcc: '0000' }],
			continueOnFail: true,
		});
		const items = result.output('Merchant');
		expect(items).toHaveLength(2);
		expect(items[0]).toMatchObject({ json: { merchantId: expect.any(Number) }, pairedItem: { item: 0 } });
		expect(items[1].pairedItem).toEqual({ item: 1 });
		expect(items[1].json.error).toContain('errors in mcc (item 1)');
		expect(items[1].json.description).toContain('mcc: is not in the catalog');
	});

	it('maps the 422 of a catalog the node cannot know to an error naming the body path', async () => {
		const result = await run(createParameters({ currencies: '={{ ["USD", "XXX"] }}' }));
		expect(result.error?.message).toBe('The platform refused a field: Currencies › entry 2: is not in the catalog of currencies: correct it and run the item again.');
		expect(result.error?.httpCode).toBe('422');
		expect(result.error?.description).toContain('Currencies › entry 2 (currencies.1): is not in the catalog of currencies');
		expect(apiCalls().map((call) => call.path)).toEqual(['/api/merchants']);
	});

	it('says a token without onboarding:create is refused (403)', async () => {
		const result = await run(createParameters(), { token: sandbox.credentials.readOnlyToken });
		expect(result.error?.message).toBe(
			'The access token is not allowed to create merchants: it lacks the onboarding:create permission. Use a credential whose token has it (ask whoever issues your tokens).',
		);
		expect(result.error?.httpCode).toBe('403');
		expect(JSON.stringify(result.error)).not.toContain(sandbox.credentials.readOnlyToken);
	});

	describe('fails before sending', () => {
		it.each([
			['name over 80 characters', { name: 'n'.repeat(81) }, {}, 'name', /at most 80/],
			['brand over 60 characters', { brand: 'b'.repeat(61) }, {}, 'brand', /at most 60/],
			['a brand that resolves to nothing', { brand: '={{ "" }}' }, {}, 'brand', /required/],
			['url over 255 characters', {}, { url: `https://acme.example.com/${'p'.repeat(240)}` }, 'url', /at most 255/],
			['url that is not a URL', {}, { url: 'acme dot com' }, 'url', /URL/],
			['a language twice ignoring case', { languages: ['es', 'EN', 'en'] }, {}, 'languages.2', /set/],
			['a currency twice ignoring case', { currencies: '={{ ["usd", "USD"] }}' }, {}, 'currencies.1', /set/],
			['a currency that is not an ISO code', { currencies: '={{ ["US Dollar"] }}' }, {}, 'currencies.0', /ISO/],
			['languages that resolve to nothing', { languages: '={{ " , " }}' }, {}, 'languages', /is required/],
			['no document', { document: {} }, {}, 'document', /is required/],
			['no control', { control: {} }, {}, 'control', /is required/],
			['a payment method with id and code', {}, { paymentMethods: { paymentMethod: [{ id: '4', code: 'VISA' }] } }, 'paymentMethods.0.id', /not both/],
			['a payment method with neither', {}, { paymentMethods: { paymentMethod: [{ id: '', code: '', details: { name: 'Visa' } }] } }, 'paymentMethods.0.code', /an ID .* or a code/],
			['the same integration type twice', {}, { integrations: { integration: [{ type: 'crm' }, { type: 'crm', settings: '' }] } }, 'integrations.1.type', /give each integration type once/],
			['an unknown key in a site', {}, { sites: { site: [{ name: 'Web', configuration: '{"colour": "red"}' }] } }, 'sites.0', /colour/],
			['a notification URL that is not a URL', {}, { notificationUrl: 'not a url' }, 'notification.url', /URL/],
			['payment method settings that are not JSON', {}, { paymentMethods: { paymentMethod: [{ code: 'VISA', settings: '{' }] } }, 'paymentMethods.0.settings', /JSON object/],
		])('%s', async (_label, overrides, additional, field, problem) => {
			await expectRefused(createParameters(overrides as IDataObject, additional as IDataObject), field, problem);
		});

		it('an Idempotency Key outside the pattern', async () => {
			await expectRefused(createParameters({ options: { idempotencyKey: 'too short' } }), 'options.idempotencyKey', /16 to 64/);
		});

		it('an unknown key in an integration of the JSON body', async () => {
			const body = { ...expectedBody, integrations: [{ type: 'crm', colour: 'red' }] };
			await expectRefused({ ...createParameters(), specifyBody: 'json', merchantJson: JSON.stringify(body) }, 'integrations.0', /colour/);
		});

		it('an unknown key at the root of the JSON body', async () => {
			await expectRefused({ ...createParameters(), specifyBody: 'json', merchantJson: JSON.stringify({ ...expectedBody, nmae: 'typo' }) }, '(input)', /nmae/);
		});
	});
});

describe('Merchant → Create and Update with the groups and lists of fields', () => {
	/** Every group and list of the panel, filled as the editor stores it. */
	const fullAdditional: IDataObject = {
		billing: { contact: 'Luis Perez', mail: 'billing@acme.example.com', registrationNumber: 'RM-1', taxType: 1, taxRegime: 2, organizationType: 3, ciiu: '4711' },
		travelAgency: { dispersion: true, iata: 'IATA1' },
		incrementType: 'IPC',
		timezone: 'America/Lima',
		size: 'M',
		paymentMethods: {
			paymentMethod: [{ id: '', code: 'VISA', details: { commissionModel: 'P', commissionValue: 2.5, order: 1 }, settings: '{"merchantCode": "M1"}' }],
		},
		integrations: { integration: [{ type: 'crm', settings: '{"account": "a1"}' }] },
		sites: {
			site: [
				{
					id: '',
					name: 'Web store',
					details: { currency: 'USD', languages: ['es', 'en'], displayName: 'Acme Web', onTest: true, email: 'web@acme.example.com' },
					configuration: '{"branding": {"buttonColor": "#ff6600"}, "integrations": [{"type": "notifier", "settings": {"enabled": true}}]}',
				},
			],
		},
	};
	const fullBody = {
		billing: { contact: 'Luis Perez', mail: 'billing@acme.example.com', registrationNumber: 'RM-1', taxType: 1, taxRegime: 2, organizationType: 3, ciiu: '4711' },
		travelAgency: { dispersion: true, iata: 'IATA1' },
		incrementType: 'IPC',
		timezone: 'America/Lima',
		size: 'M',
		paymentMethods: [{ code: 'VISA', commissionModel: 'P', commissionValue: 2.5, order: 1, settings: { merchantCode: 'M1' } }],
		integrations: [{ type: 'crm', settings: { account: 'a1' } }],
		sites: [
			{
				name: 'Web store',
				currency: 'USD',
				languages: ['es', 'en'],
				displayName: 'Acme Web',
				onTest: true,
				email: 'web@acme.example.com',
				branding: { buttonColor: '#ff6600' },
				integrations: [{ type: 'notifier', settings: { enabled: true } }],
			},
		],
	};

	it('Create sends each group and list in the documented shape, and the sandbox registers the merchant', async () => {
		const result = await run(
			createParameters({ control: { seller: 'direct', reseller: 'R1', paymentFacilitator: { __rl: true, mode: 'list', value: '3', cachedResultName: 'Sandbox Facilitator 03 (ID 3)' } } }, fullAdditional),
		);
		expect(result.error).toBeUndefined();
		expect(apiCalls()[0].body).toEqual({ ...expectedBody, control: { seller: 'direct', reseller: 'R1', paymentFacilitator: '3' }, ...fullBody });
		const merchantId = json(result)[0].merchantId as number;
		const stored = ((await control('merchants')).merchants as IDataObject[]).find((merchant) => merchant.id === merchantId)!;
		expect(stored).toMatchObject({ incrementType: 'IPC', timezone: 'America/Lima', billing: { ciiu: '4711' }, travelAgency: { iata: 'IATA1' } });
		expect((stored.sites as IDataObject[])[0]).toMatchObject({ name: 'Web store', currency: 'USD' });
	});

	it('an empty Payment Facilitator, blank entry fields and unset groups are not sent', async () => {
		const result = await run(
			createParameters({ control: { seller: 'direct', paymentFacilitator: { __rl: true, mode: 'list', value: '' } } }, { paymentMethods: { paymentMethod: [{ id: '', code: 'VISA', settings: '' }] }, billing: {} }),
		);
		expect(result.error).toBeUndefined();
		expect(apiCalls()[0].body).toEqual({ ...expectedBody, paymentMethods: [{ code: 'VISA' }] });
	});

	it('Update sends only the groups given, the facilitator given By ID, and a site changed by its ID', async () => {
		const merchantId = await createMerchant({ sites: { site: [{ name: 'Web store', details: { currency: 'USD' } }] } });
		const siteId = ((((await control('merchants')).merchants as IDataObject[])[0].sites as IDataObject[])[0].id) as number;
		sandbox.clearLedger();
		const result = await run({
			resource: 'merchant',
			operation: 'update',
			merchantId: byId(merchantId),
			specifyBody: 'fields',
			updateFields: {
				address: { city: 'Medellin', state: 5 },
				control: { paymentFacilitator: { __rl: true, mode: 'id', value: ' 7 ' } },
				legalRepresentative: { documentType: 'CE', document: 'E-1' },
				sites: { site: [{ id: String(siteId), name: '', details: { displayName: 'Acme Online' } }] },
			},
			waitForCompletion: true,
			timeoutSeconds: 30,
		});
		expect(result.error).toBeUndefined();
		expect(apiCalls()[0].body).toEqual({
			address: { city: 'Medellin', state: 5 },
			control: { paymentFacilitator: '7' },
			legalRepresentative: { documentType: 'CE', document: 'E-1' },
			sites: [{ id: siteId, displayName: 'Acme Online' }],
		});
		expect(json(result)[0]).toMatchObject({ action: 'merchant.update', merchantId });
	});

	it.each([
		['a new site without a name', { sites: { site: [{ id: '', name: '', details: { currency: 'USD' } }] } }, 'sites.0.name', /required for a new site/],
		['a site language twice', { sites: { site: [{ name: 'Web', details: { languages: ['es', 'ES'] } }] } }, 'sites.0.languages.1', /set/],
		['site configuration that is not JSON', { sites: { site: [{ name: 'Web', configuration: '{"branding": ' }] } }, 'sites.0.configuration', /JSON object/],
		['a billing e-mail that is not an address', { billing: { mail: 'billing' } }, 'billing.mail', /e-mail/],
	])('refuses before sending: %s', async (_label, additional, field, problem) => {
		await expectRefused(createParameters({}, additional as IDataObject), field, problem);
	});

	it('a Payment Facilitator that is not an ID is refused in the words of the panel', async () => {
		sandbox.clearLedger();
		const result = await run(createParameters({ control: { seller: 'direct', paymentFacilitator: { __rl: true, mode: 'id', value: '={{ {"a": 1} }}' } } }));
		expect(result.error?.message).toMatch(/^Control › Payment Facilitator /);
		expect(apiCalls()).toEqual([]);
	});
});

describe('Control › Payment Facilitator › From List', () => {
	const FACILITATORS = { ...MERCHANT, credentialType: 'paySuiteApi' };
	const parameters = { resource: 'merchant', operation: 'create', specifyBody: 'fields' };
	const list = (options: { filter?: string; paginationToken?: string; credentials?: IDataObject; node?: typeof MERCHANT } = {}) =>
		runNodeMethod<INodeListSearchResult>('listSearch', 'searchPaymentFacilitators', {
			node: options.node ?? FACILITATORS,
			parameters,
			credentials: (options.credentials ?? { ...onboardingApi(sandbox), ...paySuiteApi(sandbox) }) as never,
			filter: options.filter,
			paginationToken: options.paginationToken,
		});

	it("lists the platform's facilitators by name and ID with the signed credential; the search narrows by name or ID", async () => {
		const all = await list();
		expect(all.results).toHaveLength(20);
		expect(all.results[0]).toEqual({ name: expect.stringMatching(/^Sandbox Facilitator 01 · [A-Z]{2} \(ID 1\)$/), value: '1' });
		expect(all.results[3].name).toMatch(/ · inactive \(ID 4\)$/);
		expect(all.paginationToken).toBeUndefined();
		const named = await list({ filter: 'facilitator 1' });
		expect(named.results.map((entry) => entry.value)).toEqual(['10', '11', '12', '13', '14', '15', '16', '17', '18', '19']);
		expect((await list({ filter: '7' })).results.map((entry) => entry.value)).toEqual(['7']);
		const searches = apiCalls().map((call) => call.path);
		expect(new Set(searches)).toEqual(new Set(['/core/tools/payment-facilitator/search']));
	});

	it('pages: the second page comes with the token of the first', async () => {
		await sandboxControl(sandbox, '/__sandbox/core');
		const core = sandbox.state.slice<{ facilitators: IDataObject[] }>('core', () => ({ facilitators: [] }));
		for (let id = 21; id <= 70; id++) core.facilitators.push({ id, name: `Extra Facilitator ${id}`, active: true, country: 'CO', networkIdA: id, networkIdB: id });
		const first = await list();
		expect(first.results).toHaveLength(50);
		expect(first.paginationToken).toBe('2');
		const second = await list({ paginationToken: first.paginationToken });
		expect(second.results.map((entry) => entry.value)).toEqual(Array.from({ length: 20 }, (_, index) => String(51 + index)));
		expect(second.paginationToken).toBeUndefined();
	});

	it('without the signed credential says to choose one or to pick By ID, and sends nothing', async () => {
		await expect(list({ node: MERCHANT, credentials: onboardingApi(sandbox) })).rejects.toThrow(
			'To list payment facilitators, choose a PaySuite API credential (the signed one) for this node, or pick By ID',
		);
		expect(apiCalls()).toEqual([]);
	});

	it('a wrong signed credential gives an error that says the credential was refused', async () => {
		await expect(list({ credentials: { ...onboardingApi(sandbox), ...paySuiteApi(sandbox, { secretKey: 'not-the-secret-key-000' }) } })).rejects.toThrow(/credential|login|secret/i);
	});
});

describe('Merchant → Update', () => {
	it('PUTs /api/merchants/{id} (as the platform publishes it) with only the changed fields and waits; integrations upsert by type', async () => {
		const merchantId = await createMerchant({ integrations: { integration: [{ type: 'crm', settings: '{"a": 1}' }] } });
		sandbox.clearLedger();
		const result = await run({
			resource: 'merchant',
			operation: 'update',
			merchantId: byId(merchantId),
			specifyBody: 'fields',
			updateFields: { brand: 'Acme New', languages: ['pt'], integrations: { integration: [{ type: 'crm', settings: '{"b": 2}' }] } },
			waitForCompletion: true,
			timeoutSeconds: 30,
		});
		expect(result.error).toBeUndefined();
		const calls = apiCalls();
		expect(calls[0]).toMatchObject({ method: 'PUT', path: `/api/merchants/${merchantId}`, status: 202 });
		expect(calls[0].headers['content-type']).toMatch(/^application\/json/);
		expect(calls[0].body).toEqual({ brand: 'Acme New', languages: ['pt'], integrations: [{ type: 'crm', settings: { b: 2 } }] });
		expect(calls[0].headers['idempotency-key']).toMatch(KEY_PATTERN);
		expect(calls.slice(1).map((call) => call.method + ' ' + call.path.split('/').slice(0, 3).join('/'))).toEqual([
			'GET /api/processes',
			'GET /api/processes',
			'GET /api/processes',
		]);
		expect(json(result)[0]).toMatchObject({ action: 'merchant.update', status: { status: 'OK' }, merchantId });

		const stored = ((await control('merchants')).merchants as IDataObject[])[0];
		expect(stored).toMatchObject({ brand: 'Acme New', languages: ['pt'], integrations: [{ type: 'crm', settings: { a: 1, b: 2 } }] });
	});

	it('without waiting outputs the accepted update process', async () => {
		const merchantId = await createMerchant();
		sandbox.clearLedger();
		const result = await run({ resource: 'merchant', operation: 'update', merchantId: byId(merchantId), specifyBody: 'json', merchantJson: '{"active": false}', waitForCompletion: false });
		expect(json(result)[0]).toMatchObject({ action: 'merchant.update', result: null });
		expect(apiCalls().map((call) => `${call.method} ${call.path}`)).toEqual([`PUT /api/merchants/${merchantId}`]);
		expect(apiCalls()[0].body).toEqual({ active: false });
	});

	it("keeps its Idempotency-Key across n8n's Retry of the execution, and a new input makes a new one", async () => {
		const merchantId = await createMerchant();
		sandbox.clearLedger();
		const update = { resource: 'merchant', operation: 'update', merchantId: byId(merchantId), specifyBody: 'json', merchantJson: '{"brand": "Retried"}', waitForCompletion: false };
		sandbox.setFaults([{ path: `/api/merchants/${merchantId}`, method: 'PUT', kind: 'status', status: 503, when: 'after' }]);
		const failed = await run(update, { executionId: 'execution-1', items: [{ at: '10:00' }] });
		expect(failed.error?.message).toBe("The merchant update may have been accepted: the platform's answer was lost (HTTP 503: Injected fault) (item 0)");
		sandbox.clearFaults();
		const processes = async () => (await control('processes')).processes as IDataObject[];
		const before = await processes();
		const retried = await retryExecution(failed, 'execution-2');
		expect(retried.error).toBeUndefined();
		const keys = apiCalls().map((call) => call.headers['idempotency-key']);
		expect(keys).toHaveLength(5);
		expect(new Set(keys).size).toBe(1);
		// The platform answered the process of the first attempt: no new one.
		expect(await processes()).toHaveLength(before.length);
		expect(json(retried)[0].processId).toBe(before.at(-1)!.processId);
		const later = await run(update, { executionId: 'execution-3', items: [{ at: '11:00' }] });
		expect(later.error).toBeUndefined();
		expect(apiCalls().at(-1)!.headers['idempotency-key']).not.toBe(keys[0]);
	});

	it('an unknown payment method id fails the process, naming paymentMethods.0.id', async () => {
		const merchantId = await createMerchant();
		const result = await run({
			resource: 'merchant',
			operation: 'update',
			merchantId: byId(merchantId),
			specifyBody: 'fields',
			updateFields: { paymentMethods: { paymentMethod: [{ id: '987654', code: '', details: { disabled: true } }] } },
			waitForCompletion: true,
			timeoutSeconds: 30,
		});
		expect(result.error?.message).toContain('ended FAILED with errors in paymentMethods.0.id');
	});

	it.each([
		['PUT', ['PUT 202']],
		['PATCH', ['PUT 405', 'PATCH 202']],
	] as const)('Merchant › Update succeeds against a server that accepts only %s', async (served, sent) => {
		const only = await startSandbox({ port: 0, processPendingPolls: 0, retryAfterSeconds: 0, merchantUpdateMethods: served });
		try {
			const created = await run(createParameters(), { target: only });
			const merchantId = json(created)[0].merchantId as number;
			only.clearLedger();
			const result = await run(
				{ resource: 'merchant', operation: 'update', merchantId: byId(merchantId), specifyBody: 'json', merchantJson: '{"brand": "Only One Way"}', waitForCompletion: true, timeoutSeconds: 30 },
				{ target: only },
			);
			expect(result.error).toBeUndefined();
			expect(json(result)[0]).toMatchObject({ action: 'merchant.update', status: { status: 'OK' }, merchantId });
			const writes = apiCalls(only).filter((call) => call.path === `/api/merchants/${merchantId}`);
			expect(writes.map((call) => `${call.method} ${call.status}`)).toEqual(sent);
			// The same change with the same key, whichever method took it.
			expect(new Set(writes.map((call) => call.headers['idempotency-key'])).size).toBe(1);
			expect(writes.every((call) => JSON.stringify(call.body) === '{"brand":"Only One Way"}')).toBe(true);
			const read = await fetch(`${only.url}/api/merchants/${merchantId}`, { headers: { authorization: `Bearer ${only.credentials.accessToken}` } });
			expect(((await read.json()) as IDataObject).brand).toBe('Only One Way');
		} finally {
			await only.stop();
		}
	});

	it('tries PATCH when the server answers 404 to PUT, and never after an answer that could mean the update was done', async () => {
		const merchantId = await createMerchant();
		const update = { resource: 'merchant', operation: 'update', merchantId: byId(merchantId), specifyBody: 'json', merchantJson: '{"brand": "Fallback"}', waitForCompletion: false };
		const sent = () =>
			apiCalls()
				.filter((call) => call.path === `/api/merchants/${merchantId}`)
				.map((call) => `${call.method} ${call.status}${call.fault ? ` (${call.fault})` : ''}`);

		// A server without the PUT path (404, as a proxy or an older platform may answer): the PATCH is sent.
		sandbox.clearLedger();
		sandbox.setFaults([{ path: `/api/merchants/${merchantId}`, method: 'PUT', kind: 'status', status: 404 }]);
		expect((await run(update, { items: [{ n: 1 }] })).error).toBeUndefined();
		expect(sent()).toEqual(['PUT 404 (status)', 'PATCH 202']);

		// The PUT did the work, then its answer was a 503: the same PUT again (same key, replayed), never a PATCH.
		sandbox.clearLedger();
		sandbox.setFaults([{ path: `/api/merchants/${merchantId}`, method: 'PUT', kind: 'status', status: 503, when: 'after', count: 1 }]);
		expect((await run(update, { items: [{ n: 2 }] })).error).toBeUndefined();
		expect(sent()).toEqual(['PUT 202 (status-after-processing)', 'PUT 200']);

		// A refusal (the key of another change: 409) is final too.
		const usedKey = String(apiCalls().at(-1)!.headers['idempotency-key']);
		sandbox.clearLedger();
		sandbox.clearFaults();
		const reused = await run({ ...update, merchantJson: '{"brand": "Other"}', options: { idempotencyKey: usedKey } });
		expect(reused.error?.httpCode).toBe('409');
		expect(sent()).toEqual(['PUT 409']);
	});

	it('an unknown merchant on a server without PATCH: the 404 of the PUT is the answer', async () => {
		const only = await startSandbox({ port: 0, processPendingPolls: 0, retryAfterSeconds: 0, merchantUpdateMethods: 'PUT' });
		try {
			const result = await run({ resource: 'merchant', operation: 'update', merchantId: byId('424242'), specifyBody: 'json', merchantJson: '{"brand": "x"}' }, { target: only });
			expect(result.error?.message).toBe('Merchant 424242 was not found: check the Merchant ID.');
			expect(result.error?.httpCode).toBe('404');
			expect(apiCalls(only).map((call) => `${call.method} ${call.status}`)).toEqual(['PUT 404', 'PATCH 405']);
		} finally {
			await only.stop();
		}
	});

	it('maps the 404 of an unknown merchant', async () => {
		const result = await run({ resource: 'merchant', operation: 'update', merchantId: byId('424242'), specifyBody: 'json', merchantJson: '{"brand": "x"}' });
		expect(result.error?.message).toBe('Merchant 424242 was not found: check the Merchant ID.');
		expect(result.error?.httpCode).toBe('404');
	});

	it.each([
		['a non-numeric merchant id', { merchantId: 'abc', updateFields: { brand: 'x' } }, 'merchantId'],
		['nothing to change', { merchantId: '1', updateFields: {} }, '(input)'],
		['a brand over 60', { merchantId: '1', updateFields: { brand: 'b'.repeat(61) } }, 'brand'],
	])('fails before sending: %s', async (_label, parameters, field) => {
		await expectRefused({ resource: 'merchant', operation: 'update', specifyBody: 'fields', ...parameters }, field);
	});
});

describe('Merchant → Get', () => {
	async function merchantWithSite(): Promise<number> {
		return createMerchant({
			sites: { site: [{ name: 'Web store', details: { currency: 'USD' } }] },
			paymentMethods: { paymentMethod: [{ code: 'VISA', settings: '{"password": "provider-pass", "merchantCode": "M1"}' }] },
		});
	}

	it('outputs the read shape with credentials hidden', async () => {
		const merchantId = await merchantWithSite();
		sandbox.clearLedger();
		const result = await run({ resource: 'merchant', operation: 'get', merchantId: byId(merchantId), simple: false });
		expect(apiCalls().map((call) => `${call.method} ${call.path}`)).toEqual([`GET /api/merchants/${merchantId}`]);
		const [merchant] = json(result);
		expect(merchant).toMatchObject({ id: merchantId, name: 'Acme Holdings S.A.S.', currencies: ['COP', 'USD'], languages: ['en', 'es'] });
		expect((merchant.sites as IDataObject[])[0]).toMatchObject({ name: 'Web store', tranKey: '[hidden: turn on Include Secrets]' });
		expect((merchant.paymentMethods as IDataObject[])[0].settings).toEqual({ password: '[hidden: turn on Include Secrets]', merchantCode: 'M1' });
		expect(JSON.stringify(merchant)).not.toContain('provider-pass');
	});

	it('includes secrets on request (Include Secrets) and splits sites or payment methods into items', async () => {
		const merchantId = await merchantWithSite();
		const stored = ((await control('merchants')).merchants as IDataObject[])[0];
		const withSecrets = json(await run({ resource: 'merchant', operation: 'get', merchantId: byId(merchantId), simple: false, includeSecrets: true }))[0];
		expect((withSecrets.sites as IDataObject[])[0].tranKey).toBe((stored.sites as IDataObject[])[0].tranKey);

		const sites = await run({ resource: 'merchant', operation: 'get', merchantId: byId(merchantId), options: { output: 'sites' } });
		expect(sites.output('Merchant')).toEqual([
			expect.objectContaining({ json: expect.objectContaining({ merchantId, name: 'Web store', tranKey: '[hidden: turn on Include Secrets]' }), pairedItem: { item: 0 } }),
		]);
		const methods = json(await run({ resource: 'merchant', operation: 'get', merchantId: byId(merchantId), options: { output: 'paymentMethods' } }));
		expect(methods).toEqual([expect.objectContaining({ merchantId, code: 'VISA' })]);
	});

	it('Simplify (on by default) outputs one flat record without credentials; off gives the whole merchant', async () => {
		const merchantId = await merchantWithSite();
		const [simple] = json(await run({ resource: 'merchant', operation: 'get', merchantId: byId(merchantId) }));
		const siteId = ((((await control('merchants')).merchants as IDataObject[])[0].sites as IDataObject[])[0].id) as number;
		expect(simple).toEqual({
			id: merchantId,
			name: 'Acme Holdings S.A.S.',
			brand: 'Acme',
			active: true,
			mcc: null,
			size: null,
			timezone: null,
			incrementType: 'SMLMV',
			url: null,
			languages: ['en', 'es'],
			currencies: ['COP', 'USD'],
			documentType: 'NIT',
			documentNumber: '900123456',
			country: 'CO',
			city: 'Bogota',
			siteCount: 1,
			paymentMethodCount: 1,
			integrationCount: 0,
			siteIds: [siteId],
			siteNames: ['Web store'],
		});
		expect(JSON.stringify(simple)).not.toMatch(/provider-pass|tranKey|settings/);
		const [whole] = json(await run({ resource: 'merchant', operation: 'get', merchantId: byId(merchantId), simple: false }));
		expect(whole).toMatchObject({ id: merchantId, document: { type: 'NIT' }, sites: [expect.objectContaining({ id: siteId })] });
		// Simplify is for the Merchant output: one item per site stays the site.
		const [site] = json(await run({ resource: 'merchant', operation: 'get', merchantId: byId(merchantId), options: { output: 'sites' } }));
		expect(site).toMatchObject({ merchantId, id: siteId, name: 'Web store' });
	});

	it('checks the numeric id before sending and maps the 404 of an unknown merchant', async () => {
		await expectRefused({ resource: 'merchant', operation: 'get', merchantId: byId('={{ "12a" }}') }, 'merchantId', /whole number/);
		const missing = await run({ resource: 'merchant', operation: 'get', merchantId: byId('99999') });
		expect(missing.error?.message).toBe('Merchant 99999 was not found: check the Merchant ID.');
		expect(missing.error?.httpCode).toBe('404');
	});
});

describe('Process', () => {
	it('Get answers once: pending with its Retry-After, and final once the platform stops sending it', async () => {
		const accepted = json(await run(createParameters({ waitForCompletion: false })))[0];
		sandbox.clearLedger();
		const pending = json(await run({ resource: 'process', operation: 'get', processId: byId(accepted.processId) }))[0];
		expect(pending).toMatchObject({ processId: accepted.processId, final: false, retryAfterSeconds: 0, result: null, status: { status: 'PENDING' } });
		await run({ resource: 'process', operation: 'get', processId: byId(accepted.processId) });
		const final = json(await run({ resource: 'process', operation: 'get', processId: String(accepted.processId).toUpperCase() }))[0];
		expect(final).toMatchObject({ final: true, status: { status: 'OK' }, merchantId: expect.any(Number) });
		expect(final.retryAfterSeconds).toBeUndefined();
		expect(apiCalls().map((call) => call.path)).toEqual(Array(3).fill(`/api/processes/${accepted.processId}`));
	});

	it('Get outputs a failed process as it is (HTTP 200), not as an error', async () => {
		const accepted = json(await run(createParameters({ waitForCompletion: false }, { mcc: '0000' })))[0];
		await control(`processes/${accepted.processId}/finish`, {});
		const result = await run({ resource: 'process', operation: 'get', processId: byId(accepted.processId) });
		expect(result.error).toBeUndefined();
		expect(json(result)[0]).toMatchObject({ final: true, status: { status: 'FAILED' }, errors: { mcc: [expect.any(String)] } });
	});

	it('Wait for Completion polls until final and outputs the merchant id; a failed one fails naming its fields', async () => {
		const accepted = json(await run(createParameters({ waitForCompletion: false })))[0];
		sandbox.clearLedger();
		const done = await run({ resource: 'process', operation: 'waitForCompletion', processId: byId(accepted.processId), timeoutSeconds: 30 });
		expect(json(done)[0]).toMatchObject({ processId: accepted.processId, merchantId: expect.any(Number) });
		expect(apiCalls()).toHaveLength(3);

		const failed = json(await run(createParameters({ waitForCompletion: false, brand: 'Failing' }, { mcc: '0000' })))[0];
		const result = await run({ resource: 'process', operation: 'waitForCompletion', processId: failed.processId, timeoutSeconds: 30 });
		expect(result.error?.message).toContain('errors in mcc');
	});

	it('honours the Retry-After value: a wait longer than the timeout is not attempted, the item fails and says how to look later', async () => {
		const slow = await startSandbox({ port: 0, processPendingPolls: 5, retryAfterSeconds: 120 });
		try {
			const accepted = json(await run(createParameters({ waitForCompletion: false }), { target: slow }))[0];
			slow.clearLedger();
			const result = await run({ resource: 'process', operation: 'waitForCompletion', processId: accepted.processId, timeoutSeconds: 60 }, { target: slow });
			expect(result.error?.message).toMatch(/^Process [0-9a-f-]+ was still pending at the end of the 60 s timeout \(item 0\)$/);
			expect(result.error?.description).toMatch(/^Checked once; the platform asked to wait 120 s before the next check, which would have passed the 60 s timeout\. .*Process → Get/);
			expect(apiCalls(slow)).toHaveLength(1);
		} finally {
			await slow.stop();
		}
	});

	it('checks the process id before sending', async () => {
		await expectRefused({ resource: 'process', operation: 'get', processId: '../merchants/1' }, 'processId');
		await expectRefused({ resource: 'process', operation: 'waitForCompletion', processId: '={{ "" }}' }, 'processId');
	});
});

describe('Account → Get Current User', () => {
	it('outputs the consumer of the token', async () => {
		const result = await run({ resource: 'account', operation: 'getCurrentUser' }, { token: sandbox.credentials.readOnlyToken });
		expect(json(result)).toEqual([expect.objectContaining({ id: 8, username: 'sandbox-reader', environment: 'sandbox', active: true })]);
		expect(apiCalls().map((call) => `${call.method} ${call.path}`)).toEqual(['GET /api/user']);
	});

	it('maps an invalid token to a 401 without the token in the error', async () => {
		const result = await run({ resource: 'account', operation: 'getCurrentUser' }, { token: 'sbx_wrong_token_123' });
		expect(result.error?.message).toBe(
			'The access token was refused: it is missing, not valid or expired. Check the Access Token of the credential, or ask for a new one.',
		);
		expect(result.error?.httpCode).toBe('401');
		expect(JSON.stringify({ message: result.error?.message, description: result.error?.description })).not.toContain('sbx_wrong_token_123');
	});
});

describe('docs/nodes/merchant.md example: create a merchant, wait, then configure its site', () => {
	it('Merchant Create (wait) → Merchant Get (one item per site) → Site Update Branding', async () => {
		const result = await runWorkflow({
			nodes: [
				{
					name: 'Create Merchant',
					type: 'paySuiteMerchant',
					credentials: ['paySuiteOnboardingApi'],
					parameters: createParameters({}, { sites: { site: [{ id: '', name: 'Web store', details: { currency: 'USD' }, configuration: '' }] } }) as never,
				},
				{
					name: 'Get Sites',
					type: 'paySuiteMerchant',
					credentials: ['paySuiteOnboardingApi'],
					parameters: { resource: 'merchant', operation: 'get', merchantId: byId('={{ $json.merchantId }}'), options: { output: 'sites' } } as never,
				},
				{
					name: 'Brand Site',
					type: 'paySuiteSite',
					credentials: ['paySuiteApi'],
					parameters: { resource: 'site', operation: 'updateBranding', siteId: '={{ $json.id }}', branding: { buttonColor: '#ff6600' }, checkoutVersion: 'v4' } as never,
				},
			],
			credentials: { ...onboardingApi(sandbox), ...paySuiteApi(sandbox) },
		});
		expect(result.error).toBeUndefined();
		const merchantId = result.output('Create Merchant')[0].json.merchantId;
		const site = result.output('Get Sites')[0].json;
		expect(site).toMatchObject({ merchantId, name: 'Web store', tranKey: '[hidden: turn on Include Secrets]' });
		const calls = apiCalls().map((call) => `${call.method} ${call.path}`);
		expect(calls[0]).toBe('POST /api/merchants');
		expect(calls.slice(-2)).toEqual([`GET /api/merchants/${merchantId}`, 'POST /core/site/update']);
		const branding = apiCalls().pop()!;
		expect(branding.body).toMatchObject({ id: site.id, branding: { buttonColor: '#ff6600' }, checkoutVersion: 'v4' });
		expect(branding.status).toBe(200);
		expect(result.output('Brand Site')).toHaveLength(1);
	});
});
