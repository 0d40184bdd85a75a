/**
 * The sandbox's Core Administration routes over raw HTTP, signed by this folder's own signer written from
 * DESIGN.md (signer.ts, not the nodes' one): the spec's field rules are refusals, and the state behaves as
 * the spec says.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import { withSandbox } from '../helpers/sandbox';
import { expectFieldRefusal, get, post } from './client';
import { auth } from './signer';

const sandbox = withSandbox();

async function call(path: string, body: Record<string, unknown>, as?: { login: string; secretKey: string }) {
	const who = as ?? sandbox.credentials;
	const response = await post(`${sandbox.url}${path}`, { auth: auth(who.login, who.secretKey), ...body });
	return { status: response.status, json: response.json<Record<string, any>>() };
}

async function control(path: string) {
	return (await get(`${sandbox.url}${path}`)).json<Record<string, any>>();
}


describe('sites', () => {
	it('creates an active site by default whose returned login and tranKey sign later calls', async () => {
		const created = await call('/core/site/create', {
			data: { customerId: sandbox.credentials.customerId, name: 'New shop', integration: { initiatorIndicator: 'MIT' } },
		});
		expect(created.status).toBe(200);
		expect(created.json).toMatchObject({ status: { status: 'OK', reason: '00' }, active: true });
		expect(typeof created.json.id).toBe('number');
		const asNewSite = { login: created.json.login, secretKey: created.json.tranKey };
		const search = await call('/core/tools/payment-facilitator/search', {}, asNewSite);
		expect(search.status).toBe(200);
		expect(sandbox.ledger().at(-1)?.auth).toMatchObject({ login: created.json.login, ok: true });
	});

	it('creates an inactive site when active is false: its credentials answer 104', async () => {
		const created = await call('/core/site/create', { data: { customerId: sandbox.credentials.customerId, active: false } });
		expect(created.json.active).toBe(false);
		const refused = await call('/core/tools/payment-facilitator/search', {}, { login: created.json.login, secretKey: created.json.tranKey });
		expect(refused.status).toBe(401);
		expect(refused.json.status.reason).toBe('104');
	});

	it.each([
		['a colour that is not #rrggbb', { branding: { buttonColor: 'red' } }, 'data.branding.buttonColor'],
		['allowedHours that are not hexadecimal', { control: { allowedHours: 'xyz' } }, 'data.control.allowedHours'],
		['a field the write shape does not have', { integration: { colour: 'blue' } }, 'data.integration.colour'],
		['productionDate (update-all only)', { productionDate: '2030-01-01' }, 'data.productionDate'],
		['an expiration that is not a date-time', { expiration: 'tomorrow' }, 'data.expiration'],
	])('refuses %s on create', async (_what, extra, field) => {
		const answer = await call('/core/site/create', { data: { customerId: sandbox.credentials.customerId, ...extra } });
		expectFieldRefusal(answer, field);
	});

	it('requires customerId on create and refuses it on update-all', async () => {
		expectFieldRefusal(await call('/core/site/create', { data: { name: 'x' } }), 'data.customerId', /required/);
		const answer = await call('/core/site/update-all', { id: sandbox.credentials.siteId, data: { customerId: 5 } });
		expectFieldRefusal(answer, 'data.customerId', /only accepted on create/);
	});

	it('updates branding and checkout version and answers the read shape with the credentials in clear', async () => {
		const answer = await call('/core/site/update', {
			id: sandbox.credentials.siteId,
			branding: { buttonColor: '#112233', sidebarColor: '#AABBCC' },
			checkoutVersion: 'v3',
		});
		expect(answer.status).toBe(200);
		expect(answer.json).toMatchObject({
			id: sandbox.credentials.siteId,
			state: 'ACTIVE',
			checkoutVersion: 'v3',
			branding: { buttonColor: '#112233', sidebarColor: '#AABBCC' },
			credentials: [{ login: sandbox.credentials.login, tranKey: sandbox.credentials.secretKey }],
		});
		expectFieldRefusal(await call('/core/site/update', { id: sandbox.credentials.siteId, branding: { sidebarColor: '#12345' } }), 'branding.sidebarColor');
		expect((await call('/core/site/update', { id: 999999 })).status).toBe(404);
	});

	it('keeps initiatorIndicator when update-all omits it and removes it when it is null', async () => {
		const created = await call('/core/site/create', { data: { customerId: sandbox.credentials.customerId, integration: { initiatorIndicator: 'CIT' } } });
		const id = created.json.id as number;
		const stored = async () => (await control(`/__sandbox/core/sites/${id}`)).configuration.integration;

		const kept = await call('/core/site/update-all', { id, data: { integration: { allowPartial: true } } });
		expect(kept.json).toMatchObject({ id, state: 'ACTIVE' });
		expect(await stored()).toMatchObject({ initiatorIndicator: 'CIT', allowPartial: true });

		await call('/core/site/update-all', { id, data: { integration: { initiatorIndicator: null } } });
		expect(await stored()).not.toHaveProperty('initiatorIndicator');
		expect(await stored()).toMatchObject({ allowPartial: true });
	});

	it('moves the site state with update-all data.active', async () => {
		const created = await call('/core/site/create', { data: { customerId: sandbox.credentials.customerId } });
		const answer = await call('/core/site/update-all', { id: created.json.id, data: { active: false } });
		expect(answer.json.state).toBe('INACTIVE');
	});
});

describe('merchant payment methods', () => {
	const validMethod = () => ({
		customerId: sandbox.credentials.customerId,
		code: 'CRA',
		commissionModel: 'P',
		commissionValue: 1.5,
		accountType: 1,
		accountNumber: '12345678901234567890',
	});

	it('creates a method and finds it by the search filters', async () => {
		const created = await call('/core/merchant/payment-methods/create', { data: { ...validMethod(), settings: { username: 'u', '3DSVersion': 'v2' } } });
		expect(created.status).toBe(200);
		const found = await call('/core/merchant/payment-methods/search', { customerId: sandbox.credentials.customerId, id: created.json.id });
		expect(found.json.data).toEqual([expect.objectContaining({ id: created.json.id, code: 'CRA', commissionModel: 'P', settings: { username: 'u', '3DSVersion': 'v2' } })]);
		expect(found.json.pagination).toEqual({ total: 1, perPage: 15, currentPage: 1, lastPage: 1 });
	});

	it.each([
		['commissionModel other than P or F', { commissionModel: 'X' }, 'data.commissionModel'],
		['an accountNumber over 20 characters', { accountNumber: '1'.repeat(21) }, 'data.accountNumber'],
		['a code over 5 characters', { code: 'ABCDEF' }, 'data.code'],
		['a username over 30 characters', { settings: { username: 'u'.repeat(31) } }, 'data.settings.username'],
		['a retailCode over 10 characters', { settings: { retailCode: 'r'.repeat(11) } }, 'data.settings.retailCode'],
		['a 3DSApiKey over 380 characters', { settings: { '3DSApiKey': 'k'.repeat(381) } }, 'data.settings.3DSApiKey'],
		['a 3DSVersion other than v1 or v2', { settings: { '3DSVersion': 'v3' } }, 'data.settings.3DSVersion'],
		['a credit rule minimum that is not a string', { creditRules: { CRA: { G1: { '3': { minimum: 10 } } } } }, 'data.creditRules.CRA.G1.3.minimum'],
		['a financial entity of another country', { financialEntity: 201 }, 'data.financialEntity'],
		['a missing accountType', { accountType: undefined }, 'data.accountType'],
	])('refuses %s on create', async (_what, change, field) => {
		const answer = await call('/core/merchant/payment-methods/create', { data: { ...validMethod(), ...change } });
		expectFieldRefusal(answer, field);
	});

	it('updates with creditRules null (removing them) and deletes', async () => {
		const updated = await call('/core/merchant/payment-methods/update', { id: 506, data: { creditRules: null, order: 9 } });
		expect(updated.json.id).toBe(506);
		const found = await call('/core/merchant/payment-methods/search', { customerId: sandbox.credentials.customerId, id: 506 });
		expect(found.json.data[0]).toMatchObject({ creditRules: {}, order: 9 });
		expect((await call('/core/merchant/payment-methods/delete', { id: 506 })).json.id).toBe(506);
		expect((await call('/core/merchant/payment-methods/delete', { id: 506 })).status).toBe(404);
	});

	it('pages the search and applies the name, code and franchise rules', async () => {
		const page = await call('/core/merchant/payment-methods/search', { customerId: sandbox.credentials.customerId, pagination: { perPage: 4, currentPage: 2 } });
		expect(page.json.pagination).toEqual({ total: 6, perPage: 4, currentPage: 2, lastPage: 2 });
		expect(page.json.data.map((m: { id: number }) => m.id)).toEqual([505, 506]);
		const byName = await call('/core/merchant/payment-methods/search', { customerId: sandbox.credentials.customerId, name: 'debit' });
		expect(byName.json.data.map((m: { code: string }) => m.code)).toEqual(['DBA', 'DBB']);
		expectFieldRefusal(await call('/core/merchant/payment-methods/search', { customerId: 1001, name: 'ab' }), 'name', /3 to 50/);
		expectFieldRefusal(await call('/core/merchant/payment-methods/search', { customerId: 1001, code: 'TOOLONG' }), 'code');
		expectFieldRefusal(await call('/core/merchant/payment-methods/search', { customerId: 1001, franchise: 'NOPE' }), 'franchise');
		expectFieldRefusal(await call('/core/merchant/payment-methods/search', {}), 'customerId', /required/);
	});
});

describe('site payment methods', () => {
	const siteId = () => sandbox.credentials.siteId;

	it('adds a merchant method of the site owner', async () => {
		const answer = await call('/core/site/payment-methods/create', {
			data: { siteId: siteId(), customerPaymentId: 501, minAmount: 1, maxAmount: 100, accountType: 2, accountNumber: '99', financialEntity: 102 },
		});
		expect(answer.status).toBe(200);
		expect(typeof answer.json.id).toBe('number');
		const site = await control(`/__sandbox/core/sites/${siteId()}`);
		expect(site.readShape.services).toEqual([expect.objectContaining({ code: 'CRA', minPayment: '1', maxPayment: '100', accountNumber: '99', bankCode: 'SSB' })]);
	});

	it.each([
		['minAmount without maxAmount', { minAmount: 1 }, 'data.maxAmount'],
		['maxAmount without minAmount', { maxAmount: 1 }, 'data.minAmount'],
		['accountType without accountNumber', { accountType: 1 }, 'data.accountNumber'],
		['accountNumber without accountType', { accountNumber: '1' }, 'data.accountType'],
		['a method of another merchant', { customerPaymentId: 507 }, 'data.customerPaymentId'],
		['a site that does not exist', { siteId: 999999 }, 'data.siteId'],
		['a financial entity of another country', { financialEntity: 202 }, 'data.financialEntity'],
		['commissionModel other than P or F', { commissionModel: 'PF' }, 'data.commissionModel'],
	])('refuses %s', async (_what, change, field) => {
		const answer = await call('/core/site/payment-methods/create', { data: { siteId: siteId(), customerPaymentId: 502, ...change } });
		expectFieldRefusal(answer, field);
	});
});

describe('payment facilitators', () => {
	it('pages with the defaults perPage 15 and currentPage 1, and filters', async () => {
		const first = await call('/core/tools/payment-facilitator/search', {});
		expect(first.json.data).toHaveLength(15);
		expect(first.json.pagination).toEqual({ total: 20, perPage: 15, currentPage: 1, lastPage: 2 });
		const second = await call('/core/tools/payment-facilitator/search', { pagination: { currentPage: 2 } });
		expect(second.json.data.map((f: { id: number }) => f.id)).toEqual([16, 17, 18, 19, 20]);
		const inactive = await call('/core/tools/payment-facilitator/search', { active: false });
		expect(inactive.json.data.every((f: { active: boolean }) => !f.active)).toBe(true);
		expect(inactive.json.pagination.total).toBe(5);
		const byId = await call('/core/tools/payment-facilitator/search', { id: '7' });
		expect(byId.json.data).toEqual([expect.objectContaining({ id: 7, name: 'Sandbox Facilitator 07' })]);
		expectFieldRefusal(await call('/core/tools/payment-facilitator/search', { id: 7 }), 'id', /string/);
		expectFieldRefusal(await call('/core/tools/payment-facilitator/search', { active: 'yes' }), 'active');
	});
});
