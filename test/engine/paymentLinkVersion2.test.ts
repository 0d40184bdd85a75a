/**
 * Payment Link › Create, version 2, run by n8n's engine against the sandbox (its site in America/Bogota, the
 * credential's Site Time Zone the same): valid 14 days unless given a date, every date on the site's clock, the
 * output the link's reference, amount and expiry; and version 1's saved parameters sending what they sent.
 */
import type { IDataObject } from 'n8n-workflow';

import { outputJson, runNode, type RunResult } from '../helpers/engine';
import { apiCallsOf, paySuiteApi, withoutAuth, withSandbox } from '../helpers/sandbox';

const sandbox = withSandbox({}, 'clearLedger');

const LINK = { name: 'Link', type: 'paySuitePaymentLink', credentialType: 'paySuiteApi' };
/** Version 2 in a workflow whose zone is UTC (n8n's default on a fresh server), unless told otherwise. */
const runV2 = (parameters: IDataObject, options: { timezone?: string; timeZone?: string } = {}) =>
	runNode(LINK, parameters, paySuiteApi(sandbox, { timeZone: options.timeZone }), { typeVersion: 2, timezone: options.timezone ?? 'UTC' });
const json = (result: RunResult) => outputJson(result, 'Link');
const sentBody = () => withoutAuth(apiCallsOf(sandbox)[0].body);

const nextYear = new Date().getUTCFullYear() + 1;
const DAY = 86_400_000;
const HOUR = 3_600_000;
/** Bogota's wall clock at an instant (UTC-5 all year), as the platform's link dates: `YYYY-MM-DD HH:MM:SS`. */
const bogotaWall = (ms: number) => new Date(ms - 5 * HOUR).toISOString().slice(0, 19).replace('T', ' ');

let counter = 0;
const linkParameters = (overrides: IDataObject = {}): IDataObject => ({
	resource: 'paymentLink',
	operation: 'create',
	name: 'Annual plan',
	reference: `DEAL-${Date.now() % 1_000_000}-${++counter}`,
	description: 'Annual plan for ACME',
	currency: 'COP',
	total: 150000,
	...overrides,
});

describe('Payment Link › Create v2: an expiry date on the site clock', () => {
	it('"12-01 18:00" (next year) for a Bogota site is sent as such, and the checkout page shows "Valid until ... 18:00"', async () => {
		const parameters = linkParameters({ validity: 'date', expirationDate: `${nextYear}-12-01T18:00:00` });
		const result = await runV2(parameters);
		expect(result.error).toBeUndefined();
		expect(sentBody()).toEqual({
			name: 'Annual plan',
			reference: parameters.reference,
			description: 'Annual plan for ACME',
			payment: { amount: { currency: 'COP', total: 150000 } },
			expirationDate: `${nextYear}-12-01 18:00:00`,
			paymentExpiration: 30,
		});
		const [item] = json(result);
		expect(item).toEqual({
			id: expect.any(Number),
			url: expect.stringMatching(/\/payment-link\/\d+\//),
			reference: parameters.reference,
			name: 'Annual plan',
			amount: 150000,
			currency: 'COP',
			expirationDate: `${nextYear}-12-01 18:00:00`,
			expirationDateIso: `${nextYear}-12-01T18:00:00-05:00`,
			expirationDateUtc: `${nextYear}-12-01T23:00:00+00:00`,
			siteTimeZone: 'America/Bogota',
			siteTimeZoneSource: 'credential',
		});
		const page = await (await fetch(String(item.url))).text();
		expect(page).toContain(`Valid until ${nextYear}-12-01 18:00 (America/Bogota)`);
	});

	it("an expression's instant (with an offset) is written on the site's clock", async () => {
		const result = await runV2(linkParameters({ validity: 'date', expirationDate: `${nextYear}-12-01T23:00:00Z` }));
		expect(result.error).toBeUndefined();
		expect(sentBody().expirationDate).toBe(`${nextYear}-12-01 18:00:00`);
	});

	it('a date already past on the site clock is refused before anything is sent, naming the zone', async () => {
		const result = await runV2(linkParameters({ validity: 'date', expirationDate: '2020-01-01T00:00:00' }));
		expect(result.error?.message).toMatch(/^Expiration Date must be later than now \(it is 2020-01-01 00:00:00, time zone America\/Bogota/);
		expect(apiCallsOf(sandbox)).toEqual([]);
	});
});

describe('Payment Link › Create v2: valid for a number of days', () => {
	it('by default, 14 days from now on the site clock', async () => {
		const before = Math.floor(Date.now() / 1000) * 1000;
		const result = await runV2(linkParameters());
		const after = Date.now();
		expect(result.error).toBeUndefined();
		const sent = String(sentBody().expirationDate);
		expect(sent >= bogotaWall(before + 14 * DAY)).toBe(true);
		expect(sent <= bogotaWall(after + 14 * DAY)).toBe(true);
		const [item] = json(result);
		expect(item).toMatchObject({ expirationDate: sent, expirationDateIso: `${sent.replace(' ', 'T')}-05:00`, siteTimeZoneSource: 'credential' });
		expect(Date.parse(String(item.expirationDateUtc)) - Date.parse(String(item.expirationDateIso))).toBe(0);
	});

	it('Days: 3 expires 3 days from now', async () => {
		const before = Math.floor(Date.now() / 1000) * 1000;
		const result = await runV2(linkParameters({ validity: 'days', validDays: 3 }));
		expect(result.error).toBeUndefined();
		const sent = String(sentBody().expirationDate);
		expect(sent >= bogotaWall(before + 3 * DAY) && sent <= bogotaWall(Date.now() + 3 * DAY)).toBe(true);
	});

	it('Days that are not a whole number of days 1 or more fail the item before anything is sent', async () => {
		const result = await runV2(linkParameters({ validDays: '={{ 0 }}' }));
		expect(result.error?.message).toMatch(/^Days must be a whole number of days, 1 or more; got '0' \(item 0\)$/);
		expect(apiCallsOf(sandbox)).toEqual([]);
	});
});

describe('Payment Link › Create v2: which clock', () => {
	it("a credential saved before Site Time Zone existed: the workflow's zone, and the output says so", async () => {
		const result = await runV2(linkParameters({ validity: 'date', expirationDate: `${nextYear}-12-01T18:00:00` }), { timeZone: '', timezone: 'Europe/Madrid' });
		expect(result.error).toBeUndefined();
		expect(sentBody().expirationDate).toBe(`${nextYear}-12-01 18:00:00`);
		expect(json(result)[0]).toMatchObject({ expirationDateIso: `${nextYear}-12-01T18:00:00+01:00`, siteTimeZone: 'Europe/Madrid', siteTimeZoneSource: 'workflow' });
	});

	it("the node's Site Time Zone overrides the credential's", async () => {
		const result = await runV2(linkParameters({ validity: 'date', expirationDate: `${nextYear}-12-01T18:00:00`, siteTimeZone: 'Asia/Tokyo' }));
		expect(result.error).toBeUndefined();
		expect(json(result)[0]).toMatchObject({ expirationDateUtc: `${nextYear}-12-01T09:00:00+00:00`, siteTimeZone: 'Asia/Tokyo', siteTimeZoneSource: 'node' });
	});

	it('an override that is not a zone fails the item before anything is sent', async () => {
		const result = await runV2(linkParameters({ siteTimeZone: 'Bogota' }));
		expect(result.error?.message).toMatch(/^Site Time Zone Name or ID must be a time zone name such as America\/Bogota or Europe\/Madrid; got 'Bogota'/);
		expect(apiCallsOf(sandbox)).toEqual([]);
	});

	it("Simplify off: the platform's answer, with the expiry and the zone", async () => {
		const result = await runV2(linkParameters({ validity: 'date', expirationDate: `${nextYear}-12-01T18:00:00`, simple: false }));
		expect(json(result)[0]).toEqual({
			status: expect.objectContaining({ status: 'OK' }),
			id: expect.any(Number),
			url: expect.any(String),
			expirationDate: `${nextYear}-12-01 18:00:00`,
			expirationDateIso: `${nextYear}-12-01T18:00:00-05:00`,
			expirationDateUtc: `${nextYear}-12-01T23:00:00+00:00`,
			siteTimeZone: 'America/Bogota',
			siteTimeZoneSource: 'credential',
		});
	});

	it('Get gives the expiry with the site offset and in UTC', async () => {
		const created = json(await runV2(linkParameters({ validity: 'date', expirationDate: `${nextYear}-12-01T18:00:00` })))[0];
		const read = json(await runV2({ resource: 'paymentLink', operation: 'get', linkId: String(created.id) }))[0];
		expect(read).toMatchObject({
			expirationDate: `${nextYear}-12-01 18:00:00`,
			expirationDateIso: `${nextYear}-12-01T18:00:00-05:00`,
			expirationDateUtc: `${nextYear}-12-01T23:00:00+00:00`,
		});
		expect(Object.keys(read).indexOf('expirationDateIso')).toBe(Object.keys(read).indexOf('expirationDate') + 1);
	});
});

describe('Payment Link › Create v1: saved parameters send what they sent', () => {
	// A version-1 node as a saved workflow holds it: no Valid For, no Site Time Zone (so the workflow's).
	const saved = (reference: string): IDataObject => ({
		resource: 'paymentLink',
		operation: 'create',
		name: 'Spring sale',
		reference,
		description: 'Concert ticket',
		currency: 'COP',
		total: 150000,
		expirationDate: `${nextYear}-03-01T10:15:00`,
		paymentExpiration: 30,
		additionalFields: { paymentsAllowed: 3, isGeneric: true },
	});

	it("the date picked is read and written in the workflow's zone, whatever the credential's Site Time Zone", async () => {
		const reference = `V1-${Date.now() % 1_000_000}`;
		const result = await runNode(LINK, saved(reference), paySuiteApi(sandbox), { timezone: 'America/Los_Angeles' });
		expect(result.error).toBeUndefined();
		expect(sentBody()).toEqual({
			name: 'Spring sale',
			reference,
			description: 'Concert ticket',
			payment: { amount: { currency: 'COP', total: 150000 } },
			expirationDate: `${nextYear}-03-01 10:15:00`,
			paymentExpiration: 30,
			paymentsAllowed: 3,
			isGeneric: true,
		});
		expect(json(result)).toEqual([
			{ status: expect.objectContaining({ status: 'OK' }), id: expect.any(Number), url: expect.any(String), expirationSentAs: `${nextYear}-03-01 10:15:00 (America/Los_Angeles)` },
		]);
	});
});
