/**
 * No secret in an output unless Include Secrets is on, and never in a node used as an AI tool: every operation
 * whose answer carries one, run by n8n's real engine against the sandbox, which answers them where the API
 * documents say the platform does (a site's tranKey and credentials, payment method settings, a merchant read,
 * an account validation token, a subscription's token). Each is run three ways: Include Secrets on (the
 * secrets are there: the test can fail), off (none is, a marker says where), and as the `...Tool` variant with
 * Include Secrets on (none is).
 */
/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import type { IDataObject } from 'n8n-workflow';

import { outputJson, runNode, type RunResult } from '../helpers/engine';
import { merchantCreateParameters } from '../helpers/fixtures';
import { control, onboardingApi, paySuiteApi, withSandbox } from '../helpers/sandbox';

const sandbox = withSandbox({ processPendingPolls: 1, retryAfterSeconds: 0 });

const HIDDEN = '[hidden: turn on Include Secrets]';
const HIDDEN_FROM_TOOL = '[hidden: never given to an AI tool]';

interface NodeKind {
	name: string;
	type: string;
	credentialType: 'paySuiteApi' | 'paySuiteOnboardingApi';
}
const SITE: NodeKind = { name: 'Site', type: 'paySuiteSite', credentialType: 'paySuiteApi' };
const METHOD: NodeKind = { name: 'Method', type: 'paySuitePaymentMethod', credentialType: 'paySuiteApi' };
const GATEWAY: NodeKind = { name: 'Gateway', type: 'paySuiteGateway', credentialType: 'paySuiteApi' };
const SESSION: NodeKind = { name: 'Session', type: 'paySuiteSession', credentialType: 'paySuiteApi' };
const MERCHANT: NodeKind = { name: 'Merchant', type: 'paySuiteMerchant', credentialType: 'paySuiteOnboardingApi' };

const credentialsFor = (node: NodeKind) => (node.credentialType === 'paySuiteApi' ? paySuiteApi(sandbox) : onboardingApi(sandbox));
const run = (node: NodeKind, parameters: IDataObject, asTool = false) =>
	runNode({ ...node, type: asTool ? `${node.type}Tool` : node.type }, parameters, credentialsFor(node));
const json = (result: RunResult, node: NodeKind) => {
	expect(result.error).toBeUndefined();
	return outputJson(result, node.name);
};

const PASSWORD = 'acquirer-pass-77';
const THREE_DS_KEY = `threeds-${'k'.repeat(40)}`;
const CARD = '4111111111111111';
const CVV = '987';

/** Every secret the sandbox holds or was given, as text: its sites' secret keys, the credentials, the test's own. */
function knownSecrets(): string[] {
	return [
		sandbox.credentials.secretKey,
		sandbox.credentials.accessToken,
		...sandbox.world.sites.map((site) => site.secretKey),
		PASSWORD,
		THREE_DS_KEY,
		CARD,
	];
}

/** The secrets found in an output: the known ones, plus `extra` (tokens read from the output with secrets on). */
function secretsIn(items: IDataObject[], extra: string[] = []): string[] {
	const text = JSON.stringify(items);
	const found = [...knownSecrets(), ...extra].filter((secret) => secret && text.includes(secret));
	// A CVV is short: look for it as a whole JSON value only.
	if (text.includes(`"${CVV}"`)) found.push(CVV);
	return found;
}

/**
 * Runs an operation with Include Secrets on, off, and as an AI tool with it on. `secretsOf` reads the secrets
 * out of the output with secrets on (they must be there); none may be in the two others.
 */
async function expectHiddenUnlessIncluded(node: NodeKind, parameters: IDataObject, secretsOf: (items: IDataObject[]) => unknown[]) {
	const shown = json(await run(node, { ...parameters, includeSecrets: true }), node);
	const read = secretsOf(shown);
	expect(read.length).toBeGreaterThan(0);
	// Each is a real value (a string of some length, not a marker): the sandbox answers them.
	for (const secret of read) expect(secret).toEqual(expect.stringMatching(/^[^[]{8,}$/));
	const extra = read as string[];
	expect(secretsIn(shown, extra)).toEqual(expect.arrayContaining(extra));

	const hidden = json(await run(node, parameters), node);
	expect(secretsIn(hidden, extra)).toEqual([]);
	expect(JSON.stringify(hidden)).toContain(HIDDEN);

	const tool = json(await run(node, { ...parameters, includeSecrets: true }, true), node);
	expect(secretsIn(tool, extra)).toEqual([]);
	expect(JSON.stringify(tool)).toContain(HIDDEN_FROM_TOOL);
	expect(JSON.stringify(tool)).not.toContain(HIDDEN);
	return { shown, hidden, tool };
}

const at = (value: unknown, ...path: Array<string | number>): unknown =>
	path.reduce<unknown>((current, key) => (current as Record<string | number, unknown> | undefined)?.[key], value);

describe('Site', () => {
	it('Create: the new site tranKey only with Include Secrets', async () => {
		let count = 0;
		const { hidden } = await expectHiddenUnlessIncluded(
			SITE,
			{ resource: 'site', operation: 'create', merchantId: sandbox.credentials.customerId, name: '={{ "Shop " + $now.toMillis() }}' },
			(items) => {
				count++;
				return [items[0].tranKey];
			},
		);
		expect(count).toBe(1);
		expect(hidden[0]).toMatchObject({ login: expect.any(String), tranKey: HIDDEN });
	});

	it('Update Branding: the credentials, md5Hash of the site read only with Include Secrets', async () => {
		const { hidden } = await expectHiddenUnlessIncluded(
			SITE,
			{ resource: 'site', operation: 'updateBranding', siteId: sandbox.credentials.siteId, branding: { sidebarColor: '#abcdef' }, simple: false },
			(items) => [at(items[0], 'credentials', 0, 'tranKey'), items[0].md5Hash, items[0].onboardingToken],
		);
		expect(at(hidden[0], 'credentials', 0)).toMatchObject({ login: sandbox.credentials.login, tranKey: HIDDEN });
		expect(hidden[0].onboardingToken).toBe(HIDDEN);
	});
});

describe('Payment Method', () => {
	it('Get Many: settings.password and settings.3DSApiKey only with Include Secrets', async () => {
		const created = json(
			await run(METHOD, {
				resource: 'merchantPaymentMethod',
				operation: 'create',
				merchantId: sandbox.credentials.customerId,
				code: 'CRA',
				commissionModel: 'F',
				commissionValue: 0.35,
				accountType: 2,
				accountNumber: '00123456789012345678',
				settings: { username: 'acquirer-user', password: PASSWORD, threeDSApiKey: THREE_DS_KEY, MID: 'MID-9' },
			}),
			METHOD,
		);
		const id = String(created[0].id);
		const { hidden } = await expectHiddenUnlessIncluded(
			METHOD,
			{ resource: 'merchantPaymentMethod', operation: 'getMany', merchantId: sandbox.credentials.customerId, filters: { id }, simple: false },
			(items) => [at(items[0], 'settings', 'password'), at(items[0], 'settings', '3DSApiKey')],
		);
		expect(hidden[0].settings).toMatchObject({ username: 'acquirer-user', MID: 'MID-9', password: HIDDEN, '3DSApiKey': HIDDEN });
	});
});

describe('Merchant', () => {
	it('Get: site tranKeys and provider settings only with Include Secrets', async () => {
		const created = json(
			await run(
				MERCHANT,
				merchantCreateParameters({
					additionalFields: {
						sites: { site: [{ name: 'Web store', details: { currency: 'USD' } }] },
						paymentMethods: { paymentMethod: [{ code: 'VISA', settings: `{"password": "${PASSWORD}", "merchantCode": "M1"}` }] },
					},
				}),
			),
			MERCHANT,
		);
		const merchantId = String(created[0].merchantId);
		for (const output of ['merchant', 'sites']) {
			await expectHiddenUnlessIncluded(MERCHANT, { resource: 'merchant', operation: 'get', merchantId, simple: false, options: { output } }, (items) =>
				output === 'merchant' ? [at(items[0], 'sites', 0, 'tranKey'), at(items[0], 'paymentMethods', 0, 'settings', 'password')] : [items[0].tranKey],
			);
		}
	});
});

describe('Gateway and Session', () => {
	it('Account Validation > Get Session: the token and subtoken only with Include Secrets', async () => {
		const created = json(
			await run(GATEWAY, { resource: 'accountValidation', operation: 'createSession', email: 'ana@example.com', returnUrl: 'https://shop.example.com/done' }),
			GATEWAY,
		);
		const requestId = String(at(created[0], 'data', 'requestId'));
		await control(sandbox, `/__sandbox/gateway/account-validations/${requestId}/complete`, { balance: 250 });
		const { hidden } = await expectHiddenUnlessIncluded(GATEWAY, { resource: 'accountValidation', operation: 'getSession', requestId, simple: false }, (items) => [
			at(items[0], 'data', 'token', 'token'),
			at(items[0], 'data', 'token', 'subtoken'),
		]);
		expect(at(hidden[0], 'data', 'token')).toMatchObject({ token: HIDDEN, lastDigits: expect.any(String) });
	});

	it('Session > Get of a subscription: the token pairs only with Include Secrets', async () => {
		const created = json(
			await run(SESSION, {
				resource: 'session',
				operation: 'create',
				sessionType: 'subscription',
				returnUrl: 'https://shop.example.com/return',
				ipAddress: '203.0.113.7',
				userAgent: 'Mozilla/5.0 (X11; Linux x86_64)',
				subscriptionReference: 'SUB-77',
				subscriptionDescription: 'Monthly plan',
			}),
			SESSION,
		);
		const requestId = String(created[0].requestId);
		await control(sandbox, `/__sandbox/sessions/${requestId}/pay`, {});
		const pairs = (items: IDataObject[]) => (at(items[0], 'subscription', 'instrument') as Array<{ keyword: string; value: unknown }>) ?? [];
		const { hidden } = await expectHiddenUnlessIncluded(SESSION, { resource: 'session', operation: 'get', requestId, simple: false }, (items) =>
			pairs(items)
				.filter((pair) => pair.keyword === 'token' || pair.keyword === 'subtoken')
				.map((pair) => pair.value),
		);
		expect(pairs(hidden).find((pair) => pair.keyword === 'token')?.value).toBe(HIDDEN);
		expect(pairs(hidden).find((pair) => pair.keyword === 'lastDigits')?.value).toEqual(expect.any(String));
	});

	it('Process: neither the card number nor the CVV comes back, with or without Include Secrets, tool or not', async () => {
		const parameters = {
			resource: 'transaction',
			operation: 'process',
			cardNumber: CARD,
			expiration: '12/30',
			cvv: CVV,
			reference: '={{ "SECRETS-" + $now.toMillis() }}',
			description: 'Shoes',
			currency: 'USD',
			total: 120.5,
			payer: { name: 'Ana', surname: 'Gomez', email: 'ana@example.com', document: '1020304050', documentType: 'CC' },
		};
		for (const asTool of [false, true]) {
			// Simplify off: the platform's whole answer; on: the flat transaction.
			const items = json(await run(GATEWAY, { ...parameters, simple: false }, asTool), GATEWAY);
			expect(items[0].status).toMatchObject({ status: 'APPROVED' });
			expect(secretsIn(items)).toEqual([]);
			const simplified = json(await run(GATEWAY, parameters, asTool), GATEWAY);
			expect(simplified[0]).toMatchObject({ status: 'APPROVED', lastDigits: '1111' });
			expect(secretsIn(simplified)).toEqual([]);
		}
	});
});
