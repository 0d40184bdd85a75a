/**
 * What the user reads when the platform refuses, run by n8n's real engine against the sandbox: each status gets
 * words that say what happened and what to do; the HTTP status and the platform's own words stay in the
 * error's httpCode and in the "Platform answer" line of its details. (The onboarding API's 401, 403, 404, 409
 * and 422 are in merchant.test.ts, the report wait's timeout in gateway.test.ts.)
 */
import type { IDataObject } from 'n8n-workflow';

import { outputJson, runNode, type NodeRunOptions } from '../helpers/engine';
import { apiCallsOf, paySuiteApi, withSandbox } from '../helpers/sandbox';

const sandbox = withSandbox({ retryAfterSeconds: 0 }, (box) => {
	box.clearLedger();
	box.clearFaults();
});

const SESSION = { name: 'Session', type: 'paySuiteSession', credentialType: 'paySuiteApi' };
const session = (parameters: IDataObject, credentials = paySuiteApi(sandbox), options: NodeRunOptions = {}) => runNode(SESSION, parameters, credentials, options);

describe('error words against the sandbox', () => {
	it('401 of the signed APIs: the words of the reason, the platform answer in the details, no secret', async () => {
		const result = await session({ resource: 'session', operation: 'get', requestId: '1' }, paySuiteApi(sandbox, { secretKey: 'not-the-secret-key' }));
		expect(result.error?.message).toBe('Wrong secret key: the tranKey did not match. Check the Secret Key and the Digest Algorithm of the credential.');
		expect(result.error?.description).toMatch(/^Platform answer: HTTP 401 FAILED, reason 102/);
		expect(result.error?.httpCode).toBe('401');
		expect(JSON.stringify(result.run.data)).not.toContain('not-the-secret-key');
	});

	it('404 names the record and the field that gave it', async () => {
		const result = await session({ resource: 'session', operation: 'get', requestId: '424242' });
		expect(result.error?.message).toBe('Session 424242 was not found: check the Request ID.');
		expect(result.error?.httpCode).toBe('404');
		expect(result.error?.description).toMatch(/does not know it.*\nPlatform answer: HTTP 404 FAILED, reason NF: /s);
	});

	it('with Continue On Fail the item carries the words, the details and the status', async () => {
		const result = await session({ resource: 'session', operation: 'get', requestId: '424243' }, paySuiteApi(sandbox), { continueOnFail: true });
		expect(outputJson(result, 'Session')).toEqual([
			{ error: 'Session 424243 was not found: check the Request ID.', description: expect.stringContaining('Platform answer: HTTP 404'), httpCode: '404' },
		]);
	});

	it('429 on a read: asked again, then words about the rate limit and what to do', async () => {
		sandbox.setFaults([{ path: '/api/session/*', kind: 'status', status: 429, retryAfter: 0 }]);
		const result = await session({ resource: 'session', operation: 'get', requestId: '1' });
		expect(result.error?.message).toBe(
			'The platform is receiving too many requests (rate limit): wait a moment and run it again, or send fewer requests at a time (Loop Over Items with a Wait).',
		);
		expect(result.error?.httpCode).toBe('429');
		expect(result.error?.description).toBe('Platform answer: HTTP 429 ERROR, reason 429: Injected fault');
		expect(apiCallsOf(sandbox).length).toBeGreaterThan(1);
	});

	it('a credential without a Base URL: nothing is sent, and the words say where to set it', async () => {
		const credentials = paySuiteApi(sandbox);
		const result = await session({ resource: 'session', operation: 'get', requestId: '1' }, { paySuiteApi: { ...credentials.paySuiteApi, baseUrl: '' } });
		expect(result.error?.message).toBe('The credential has no Base URL: open the credential and set it');
		expect(result.error?.description).toContain('http://127.0.0.1:8765');
		expect(apiCallsOf(sandbox)).toEqual([]);
	});
});
