/**
 * The credential tests as n8n runs them (a function called with n8n-core's own CredentialTestContext, whose
 * request goes through n8n's HTTP client), against the sandbox and against an address where nothing listens.
 */
/* eslint-disable @n8n/community-nodes/no-restricted-imports -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import { CredentialTestContext } from 'n8n-core';
import type { ICredentialDataDecryptedObject, ICredentialTestFunctions, IWorkflowExecuteAdditionalData } from 'n8n-workflow';

import { paySuiteApiTest, paySuiteOnboardingApiTest } from '../../nodes/shared/transport/credentialTest';
import { apiCallsOf, onboardingApi, paySuiteApi, withSandbox } from '../helpers/sandbox';

const sandbox = withSandbox({}, 'clearLedger');

const context = () => new CredentialTestContext({} as IWorkflowExecuteAdditionalData) as unknown as ICredentialTestFunctions;
const testSigned = (data: ICredentialDataDecryptedObject) => paySuiteApiTest.call(context(), { id: '1', name: 'c', type: 'paySuiteApi', data });
const testOnboarding = (data: ICredentialDataDecryptedObject) =>
	paySuiteOnboardingApiTest.call(context(), { id: '2', name: 'c', type: 'paySuiteOnboardingApi', data });

/** A loopback port where nothing listens (taken, then closed). */
async function closedPort(): Promise<number> {
	const server = createServer();
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	await new Promise<void>((resolve) => server.close(() => resolve()));
	return port;
}

describe('credential tests run as n8n runs them', () => {
	it('the signed credential: good passes, a wrong secret says so, signed requests really reached the sandbox', async () => {
		const good = paySuiteApi(sandbox).paySuiteApi;
		expect(await testSigned(good)).toEqual({ status: 'OK', message: "Connection successful. Site Time Zone: America/Bogota: the nodes read and write the site's times on its clock." });
		const wrong = await testSigned({ ...good, secretKey: 'not-the-secret-key' });
		expect(wrong).toEqual({ status: 'Error', message: expect.stringMatching(/^Wrong secret key: the tranKey did not match/) });
		expect(wrong.message).not.toContain('not-the-secret-key');
		expect(apiCallsOf(sandbox).map((call) => [call.path, call.status, call.auth?.ok])).toEqual([
			['/core/tools/payment-facilitator/search', 200, true],
			['/core/tools/payment-facilitator/search', 401, false],
		]);
	});

	it('a credential saved before Site Time Zone existed connects, and the test says that no zone is set', async () => {
		const older = await testSigned(paySuiteApi(sandbox, { timeZone: '' }).paySuiteApi);
		expect(older).toEqual({ status: 'Error', message: expect.stringMatching(/^The connection works, but no Site Time Zone is set/) });
		expect(apiCallsOf(sandbox).map((call) => [call.path, call.status])).toEqual([['/core/tools/payment-facilitator/search', 200]]);
	});

	it('an address where nothing listens: which URL, and why', async () => {
		const url = `http://127.0.0.1:${await closedPort()}`;
		const result = await testSigned({ ...paySuiteApi(sandbox).paySuiteApi, baseUrl: url });
		expect(result).toEqual({
			status: 'Error',
			message: `Could not reach ${url} (connection refused): nothing answers at that address. Check the Base URL, its port, and that the platform (or the sandbox) is running.`,
		});
		const onboarding = await testOnboarding({ ...onboardingApi(sandbox).paySuiteOnboardingApi, baseUrl: `${url}/` });
		expect(onboarding.message).toBe(result.message);
	});

	it('an empty Base URL or one without https:// is refused before anything is sent', async () => {
		expect((await testSigned({ ...paySuiteApi(sandbox).paySuiteApi, baseUrl: '' })).message).toMatch(/^The Base URL is empty/);
		expect((await testOnboarding({ ...onboardingApi(sandbox).paySuiteOnboardingApi, baseUrl: 'onboarding.example.com' })).message).toMatch(/is not a web address/);
		expect(apiCallsOf(sandbox)).toEqual([]);
	});

	it('the onboarding credential: good passes, a wrong token says so', async () => {
		const good = onboardingApi(sandbox).paySuiteOnboardingApi;
		expect(await testOnboarding(good)).toEqual({ status: 'OK', message: 'Connection successful' });
		expect((await testOnboarding({ ...good, accessToken: 'sbx_not_a_token' })).message).toMatch(/^The access token is not valid or has expired/);
	});
});
