/**
 * The PaySuite Payment Link node run by n8n's real engine against the sandbox: what the sandbox received,
 * what the node output, and that bad input fails the item before anything is sent.
 */
import type { IDataObject } from 'n8n-workflow';

import { startSandbox, type RunningSandbox } from '../../sandbox';
import { expectFieldRefused, outputJson, runNode, type RunResult } from '../helpers/engine';
import { apiCallsOf, control, paySuiteApi, withoutAuth, withSandbox } from '../helpers/sandbox';

const sandbox = withSandbox({}, 'clearLedger');

const LINK = { name: 'Link', type: 'paySuitePaymentLink', credentialType: 'paySuiteApi' };
const run = (parameters: IDataObject, target: RunningSandbox = sandbox, continueOnFail = false) =>
	runNode(LINK, parameters, paySuiteApi(target), { continueOnFail });
const json = (result: RunResult) => outputJson(result, 'Link');
/** A resource locator's value as the panel saves it. */
const byId = (id: unknown) => ({ __rl: true, mode: 'id', value: String(id) });
const byUrl = (url: string) => ({ __rl: true, mode: 'url', value: url });
const apiCalls = (target: RunningSandbox = sandbox) => apiCallsOf(target);

/** Picker text (no offset): sent as typed, whatever the workflow's time zone. */
const nextYear = new Date().getUTCFullYear() + 1;
const EXPIRES = `${nextYear}-03-01T10:15:00`;
const EXPIRES_SENT = `${nextYear}-03-01 10:15:00`;

let referenceCounter = 0;
const linkParameters = (overrides: IDataObject = {}): IDataObject => ({
	resource: 'paymentLink',
	operation: 'create',
	name: 'Spring sale',
	reference: `LINK-${Date.now() % 1_000_000}-${++referenceCounter}`,
	description: 'Concert ticket',
	currency: 'COP',
	total: 150000,
	expirationDate: EXPIRES,
	paymentExpiration: 30,
	...overrides,
});

async function createLink(overrides: IDataObject = {}, target: RunningSandbox = sandbox): Promise<number> {
	const result = await run(linkParameters(overrides), target);
	expect(result.error).toBeUndefined();
	return Number(json(result)[0].id);
}

const pay = (id: number, body: IDataObject = {}) => control(sandbox, `/__sandbox/payment-links/${id}/pay`, body);

async function expectRefused(parameters: IDataObject, field: string, problem: RegExp) {
	sandbox.clearLedger();
	const result = await run(parameters);
	const error = expectFieldRefused(result, field, apiCalls());
	expect(error.description).toMatch(problem);
	expect(error.description).toContain('Nothing was sent to the platform');
}

describe('Payment Link > Create', () => {
	it('sends name, reference and description at the top level, the amount in payment, and the date as YYYY-MM-DD HH:MM:SS', async () => {
		const parameters = linkParameters();
		const result = await run(parameters);
		expect(result.error).toBeUndefined();
		const calls = apiCalls();
		expect(calls).toHaveLength(1);
		expect(calls[0]).toMatchObject({ method: 'POST', path: '/api/payment-link' });
		expect(calls[0].auth).toMatchObject({ ok: true });
		expect(withoutAuth(calls[0].body)).toEqual({
			name: 'Spring sale',
			reference: parameters.reference,
			description: 'Concert ticket',
			payment: { amount: { currency: 'COP', total: 150000 } },
			expirationDate: EXPIRES_SENT,
			paymentExpiration: 30,
		});
		const items = result.output('Link');
		expect(items).toHaveLength(1);
		expect(items[0].pairedItem).toEqual({ item: 0 });
		expect(items[0].json.id).toEqual(expect.any(Number));
		expect(items[0].json.url).toEqual(expect.any(String));
	});

	it('sends every additional field: lists as arrays, additional as name/value pairs', async () => {
		const parameters = linkParameters({
			additionalFields: {
				additional: { pair: [{ keyword: 'campaign', value: 'spring', displayOn: 'both' }, { keyword: 'seller', value: 'Eva' }] },
				isGeneric: true,
				locale: 'es_CO',
				modifiers: { modifier: [{ type: 'FEDERAL_GOVERNMENT', code: '17934', additional: '{"invoice":"123"}' }] },
				notificationUrl: 'https://crm.example.com/hooks/links',
				paymentMethod: 'visa, master',
				paymentsAllowed: 3,
				receiverEmails: 'ana@example.com,luis@example.com',
			},
		});
		const result = await run(parameters);
		expect(result.error).toBeUndefined();
		expect(withoutAuth(apiCalls()[0].body)).toEqual({
			name: 'Spring sale',
			reference: parameters.reference,
			description: 'Concert ticket',
			payment: {
				amount: { currency: 'COP', total: 150000 },
				modifiers: [{ type: 'FEDERAL_GOVERNMENT', code: 17934, additional: { invoice: '123' } }],
			},
			expirationDate: EXPIRES_SENT,
			paymentExpiration: 30,
			paymentsAllowed: 3,
			isGeneric: true,
			receiverEmails: ['ana@example.com', 'luis@example.com'],
			paymentMethod: ['visa', 'master'],
			additional: [
				{ keyword: 'campaign', value: 'spring', displayOn: 'both' },
				{ keyword: 'seller', value: 'Eva' },
			],
			notificationUrl: 'https://crm.example.com/hooks/links',
			locale: 'es_CO',
		});
	});

	it('accepts an ISO date-time with an offset from an expression', async () => {
		const result = await run(linkParameters({ expirationDate: `${nextYear}-03-01T10:15:00Z` }));
		expect(result.error).toBeUndefined();
		const sent = withoutAuth(apiCalls()[0].body).expirationDate as string;
		expect(sent).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
	});

	describe('refuses bad input before sending anything', () => {
		it.each<[string, IDataObject, string, RegExp]>([
			['an expiration date in the past', { expirationDate: '2020-01-01T00:00:00' }, 'expirationDate', /later than now/],
			['an expiration date that is not a date-time', { expirationDate: 'next month' }, 'expirationDate', /YYYY-MM-DD HH:MM:SS/],
			['no expiration date (from an expression)', { expirationDate: '={{ "" }}' }, 'expirationDate', /is required/],
			['a reference over 32 characters', { reference: 'R'.repeat(33) }, 'reference', /at most 32 characters/],
			['a description over 255 characters', { description: 'd'.repeat(256) }, 'description', /at most 255 characters/],
			['no description (from an expression)', { description: '={{ "" }}' }, 'description', /^Description is required/],
			['no name (from an expression)', { name: '={{ "" }}' }, 'name', /is required/],
			['a currency that is not ISO 4217', { currency: 'pesos' }, 'payment.amount.currency', /ISO 4217/],
			['a payment expiration of 0 minutes', { paymentExpiration: 0 }, 'paymentExpiration', /more than 0/],
			['payments allowed of 0', { additionalFields: { paymentsAllowed: 0 } }, 'paymentsAllowed', /more than 0/],
			['payments allowed that are not whole', { additionalFields: { paymentsAllowed: 1.5 } }, 'paymentsAllowed', /whole number/],
			['a receiver that is not an e-mail', { additionalFields: { receiverEmails: 'ana@example.com, luis' } }, 'receiverEmails.1', /e-mail/],
			['a notification URL that is not a URL', { additionalFields: { notificationUrl: 'crm/hooks' } }, 'notificationUrl', /must be a URL/],
			[
				'a repeated additional keyword',
				{ additionalFields: { additional: { pair: [{ keyword: 'seller', value: 'Eva' }, { keyword: 'seller', value: 'Max' }] } } },
				'additional.1.keyword',
				/'seller' is already used by additional\.0; each keyword must be unique within the link/,
			],
		])('%s', async (_what, overrides, field, problem) => {
			await expectRefused(linkParameters(overrides), field, problem);
		});

		it("a modifier's additional data that is not JSON, or not an object", async () => {
			const notJson = await run(linkParameters({ additionalFields: { modifiers: { modifier: [{ type: 'T', code: '1', additional: '{' }] } } }));
			expect(notJson.error!.message).toMatch(/^Additional Fields › Modifiers › Data \(JSON\) \(entry 1\) must be JSON, .*\(item 0\)$/);
			const notObject = await run(linkParameters({ additionalFields: { modifiers: { modifier: [{ type: 'T', code: '1', additional: '[1]' }] } } }));
			expect(notObject.error!.message).toMatch(/^Additional Fields › Modifiers › Data \(JSON\) \(entry 1\) must be a JSON object/);
			expect(apiCalls()).toEqual([]);
		});
	});
});

describe("Payment Link > Create: the expiration is sent as the site's clocks show it", () => {
	// The sandbox's sites are in America/Bogota (UTC-5, no daylight saving); the workflow runs in Los Angeles.
	const WORKFLOW_ZONE = 'America/Los_Angeles';
	const runIn = (parameters: IDataObject) => runNode(LINK, parameters, paySuiteApi(sandbox), { timezone: WORKFLOW_ZONE });
	const bogotaInstant = (wallTime: string) => Date.parse(`${wallTime.replace(' ', 'T')}-05:00`);
	const TWO_HOURS = 2 * 3_600_000;
	const inTwoHours = "={{ $now.plus({ hours: 2 }).toISO() }}";

	it('a link "2 hours ahead" in Los Angeles for a Bogota site expires 2 hours from now, and the output says what was sent', async () => {
		const before = Date.now();
		const result = await runIn(linkParameters({ expirationDate: inTwoHours, siteTimeZone: 'America/Bogota' }));
		const after = Date.now();
		expect(result.error).toBeUndefined();
		const sent = withoutAuth(apiCalls()[0].body).expirationDate as string;
		const expiresAt = bogotaInstant(sent);
		// Seconds are what the platform keeps: the instant is within the run, to the second.
		expect(expiresAt).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 + TWO_HOURS);
		expect(expiresAt).toBeLessThanOrEqual(after + TWO_HOURS);
		const [item] = json(result);
		expect(item.expirationSentAs).toBe(`${sent} (America/Bogota)`);
		const read = json(await runIn({ resource: 'paymentLink', operation: 'get', linkId: String(item.id) }));
		expect(read[0]).toMatchObject({ status: 'ACTIVE', expirationDate: sent });
	});

	it("left on the workflow's zone, the same link is refused by the platform: Los Angeles' clocks are 3 hours behind the site's", async () => {
		const result = await runIn(linkParameters({ expirationDate: inTwoHours }));
		expect(apiCalls()).toHaveLength(1);
		expect(result.error?.description ?? result.error?.message).toMatch(/later than the current time/);
	});

	it("writes a picked date (no offset, the workflow's zone) in the site's zone", async () => {
		// 1 March is standard time in Los Angeles (UTC-8): 10:15 there is 13:15 in Bogota.
		const result = await runIn(linkParameters({ siteTimeZone: 'America/Bogota' }));
		expect(result.error).toBeUndefined();
		expect(withoutAuth(apiCalls()[0].body).expirationDate).toBe(`${nextYear}-03-01 13:15:00`);
		expect(json(result)[0].expirationSentAs).toBe(`${nextYear}-03-01 13:15:00 (America/Bogota)`);
	});

	it('refuses a time zone that does not exist before sending anything', async () => {
		const result = await runIn(linkParameters({ siteTimeZone: 'Bogota' }));
		expect(apiCalls()).toHaveLength(0);
		expect(result.error?.message).toMatch(/Site Time Zone Name or ID must be a time zone name such as America\/Bogota or Europe\/Madrid; got 'Bogota'/);
	});
});

describe('Payment Link > Get', () => {
	it('outputs the link as one item', async () => {
		const parameters = linkParameters();
		const id = await createLink(parameters);
		sandbox.clearLedger();
		const result = await run({ resource: 'paymentLink', operation: 'get', linkId: byId(id), simple: false });
		expect(result.error).toBeUndefined();
		const calls = apiCalls();
		expect(calls).toHaveLength(1);
		expect(calls[0]).toMatchObject({ method: 'POST', path: `/api/payment-link/${id}` });
		expect(withoutAuth(calls[0].body)).toEqual({});
		const items = json(result);
		expect(items).toHaveLength(1);
		expect(items[0]).toMatchObject({ id, reference: parameters.reference, name: 'Spring sale', description: 'Concert ticket', payments: [] });
	});

	it('with One Item per Payment, outputs each payment with the link id, reference and status', async () => {
		const parameters = linkParameters({ additionalFields: { isGeneric: true, paymentsAllowed: 5 } });
		const id = await createLink(parameters);
		await pay(id);
		await pay(id);
		const result = await run({ resource: 'paymentLink', operation: 'get', linkId: byId(id), simple: false, options: { splitPayments: true } });
		expect(result.error).toBeUndefined();
		const items = result.output('Link');
		expect(items).toHaveLength(2);
		for (const item of items) {
			expect(item.pairedItem).toEqual({ item: 0 });
			expect(item.json).toMatchObject({ linkId: id, linkReference: parameters.reference, requestId: expect.anything() });
		}
		expect(new Set(items.map((item) => item.json.id)).size).toBe(2);
	});

	it('with One Item per Payment, outputs nothing for a link without payments', async () => {
		const id = await createLink();
		const result = await run({ resource: 'paymentLink', operation: 'get', linkId: String(id), options: { splitPayments: true } });
		expect(result.error).toBeUndefined();
		expect(result.output('Link')).toEqual([]);
	});

	it('refuses a link ID that is not a number before sending anything', async () => {
		await expectRefused({ resource: 'paymentLink', operation: 'get', linkId: '../session/1' }, 'linkId', /whole number/);
	});
});

describe('Payment Link > Disable', () => {
	it('uses the path as the spec spells it (disalbe) when the platform answers there', async () => {
		const spelled = await startSandbox({ port: 0, disablePathSpelling: 'disalbe' });
		try {
			const id = await createLink({}, spelled);
			spelled.clearLedger();
			const result = await run({ resource: 'paymentLink', operation: 'disable', linkId: String(id) }, spelled);
			expect(result.error).toBeUndefined();
			const calls = apiCalls(spelled);
			expect(calls.map((call) => [call.path, call.status])).toEqual([[`/api/payment-link/disalbe/${id}`, 200]]);
			expect(withoutAuth(calls[0].body)).toEqual({});
			expect(Number(json(result)[0].id)).toBe(id);

			const after = await run({ resource: 'paymentLink', operation: 'get', linkId: String(id) }, spelled);
			expect(json(after)[0].status).toBe('INACTIVE');
		} finally {
			await spelled.stop();
		}
	});

	it('tries the corrected spelling (disable) once when the platform answers 404 at disalbe', async () => {
		const corrected = await startSandbox({ port: 0, disablePathSpelling: 'disable' });
		try {
			const id = await createLink({}, corrected);
			corrected.clearLedger();
			const result = await run({ resource: 'paymentLink', operation: 'disable', linkId: String(id) }, corrected);
			expect(result.error).toBeUndefined();
			expect(apiCalls(corrected).map((call) => [call.path, call.status])).toEqual([
				[`/api/payment-link/disalbe/${id}`, 404],
				[`/api/payment-link/disable/${id}`, 200],
			]);
			expect(Number(json(result)[0].id)).toBe(id);
			const after = await run({ resource: 'paymentLink', operation: 'get', linkId: String(id) }, corrected);
			expect(json(after)[0].status).toBe('INACTIVE');
		} finally {
			await corrected.stop();
		}
	});

	it('reports the platform answer when the link does not exist under either spelling', async () => {
		const result = await run({ resource: 'paymentLink', operation: 'disable', linkId: '987654' });
		expect(result.error).toBeDefined();
		expect(result.error!.message).toBe('Payment link 987654 was not found: check the Payment Link ID.');
		expect(result.error!.httpCode).toBe('404');
		const paths = apiCalls().map((call) => call.path);
		expect(paths.length).toBeLessThanOrEqual(2);
		expect(paths[0]).toBe('/api/payment-link/disalbe/987654');
	});

	it('refuses a link ID that is not a number before sending anything', async () => {
		await expectRefused({ resource: 'paymentLink', operation: 'disable', linkId: 'abc' }, 'linkId', /whole number/);
	});
});

describe('Payment Link > Get / Disable: the link ID by URL', () => {
	it("reads the ID from the link's address, as Create output it", async () => {
		const created = await run(linkParameters());
		const { id, url } = json(created)[0] as { id: number; url: string };
		expect(url).toMatch(new RegExp(`/payment-link/${id}/`));
		sandbox.clearLedger();
		const got = await run({ resource: 'paymentLink', operation: 'get', linkId: byUrl(url) });
		expect(got.error).toBeUndefined();
		expect(apiCalls()[0].path).toBe(`/api/payment-link/${id}`);
		expect(json(got)[0]).toMatchObject({ id, status: 'ACTIVE', url });

		sandbox.clearLedger();
		const disabled = await run({ resource: 'paymentLink', operation: 'disable', linkId: byUrl(`https://links.example.com/app/payment-links/${id}`) });
		expect(disabled.error).toBeUndefined();
		expect(apiCalls()[0].path).toMatch(new RegExp(`/${id}$`));
	});

	it.each(['get', 'disable'])('%s refuses an address without a link ID, naming the field, before sending anything', async (operation) => {
		sandbox.clearLedger();
		// From an expression (the panel checks a typed address before the run): the item is refused at run time.
		const result = await run({ resource: 'paymentLink', operation, linkId: byUrl('={{ "https://links.example.com/payment-link/abc" }}') });
		expect(result.error!.message).toMatch(/^Payment Link ID must be a link that holds the ID .*\(item 0\)$/);
		expect(apiCalls()).toEqual([]);
	});
});

describe('Payment Link > Get: Simplify', () => {
	it('on (the default): one flat item with the amount as a number, the payment counts and the latest approved payment', async () => {
		const parameters = linkParameters({ additionalFields: { isGeneric: true, paymentsAllowed: 5 } });
		const id = await createLink(parameters);
		await pay(id);
		const raw = json(await run({ resource: 'paymentLink', operation: 'get', linkId: byId(id), simple: false, includeSecrets: true }))[0];
		const paid = (raw.payments as IDataObject[])[0];
		const [item] = json(await run({ resource: 'paymentLink', operation: 'get', linkId: byId(id) }));
		expect(item).toEqual({
			id,
			status: 'ACTIVE',
			state: 'Open: takes payments (4 more allowed)',
			acceptsPayments: true,
			url: raw.url,
			name: 'Spring sale',
			reference: parameters.reference,
			description: 'Concert ticket',
			amount: 150000,
			currency: 'COP',
			expirationDate: raw.expirationDate,
			// The expiry on the site's clock (Bogota, UTC-5) with its offset, and in UTC.
			expirationDateIso: `${String(raw.expirationDate).replace(' ', 'T')}-05:00`,
			expirationDateUtc: new Date(Date.parse(`${String(raw.expirationDate).replace(' ', 'T')}-05:00`)).toISOString().slice(0, 19) + '+00:00',
			paymentExpiration: 30,
			isGeneric: true,
			totalPayments: 1,
			availablePayments: 4,
			paymentCount: 1,
			internalReference: paid.internalReference,
			authorization: paid.authorization,
			receipt: paid.receipt ?? null,
			paymentMethod: paid.paymentMethod ?? null,
			franchise: paid.franchise ?? null,
			issuerName: paid.issuerName ?? null,
			lastDigits: paid.lastDigits ?? null,
			paymentDate: paid.paymentDate ?? null,
			paymentDateIso: `${String(paid.paymentDate).replace(' ', 'T')}-05:00`,
		});
		// The payment was just made: its date on the site's clock is now, give or take the run.
		expect(Math.abs(Date.parse(String(item.paymentDateIso)) - Date.now())).toBeLessThan(60_000);
	});

	it('on, with One Item per Payment: each payment flat, with the link id, reference and status', async () => {
		const parameters = linkParameters({ additionalFields: { isGeneric: true, paymentsAllowed: 5 } });
		const id = await createLink(parameters);
		await pay(id);
		const items = json(await run({ resource: 'paymentLink', operation: 'get', linkId: byId(id), options: { splitPayments: true } }));
		expect(items).toHaveLength(1);
		expect(items[0]).toMatchObject({ linkId: id, linkReference: parameters.reference, linkStatus: 'ACTIVE', status: 'APPROVED', amount: 150000, currency: 'COP' });
	});
});
