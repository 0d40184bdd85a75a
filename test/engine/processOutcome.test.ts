/**
 * One rule for "the merchant process succeeded" (status OK and no errors): Merchant › Process › Wait for
 * Completion and the Onboarding Trigger read the same process from the sandbox and must call it the same.
 * The sandbox finishes a process with errors when its mcc is outside the catalog (status FAILED, `errors.mcc`).
 */
import type { IDataObject } from 'n8n-workflow';

import { outputJson, runNode } from '../helpers/engine';
import { control, onboardingApi, withSandbox } from '../helpers/sandbox';
import { startTriggerServer } from './triggerHarness';

const sandbox = withSandbox({ processPendingPolls: 0, retryAfterSeconds: 0 });

const MERCHANT = { name: 'Merchant', type: 'paySuiteMerchant', credentialType: 'paySuiteOnboardingApi' };
const merchant = (parameters: IDataObject) => runNode(MERCHANT, parameters, onboardingApi(sandbox));

/** A merchant create the platform accepts; its process runs when it is first read. */
async function acceptedCreate(mcc: string): Promise<string> {
	const result = await merchant({
		resource: 'merchant',
		operation: 'create',
		specifyBody: 'fields',
		name: 'Acme Holdings S.A.S.',
		brand: 'Acme',
		languages: ['es'],
		currencies: ['USD'],
		document: { type: 'NIT', number: '900123456' },
		address: { city: 'Bogota', state: 11, country: 'CO' },
		legalRepresentative: { name: 'Ana', surname: 'Lopez' },
		control: { seller: 'direct' },
		additionalFields: { mcc },
		waitForCompletion: false,
	});
	expect(result.error).toBeUndefined();
	return String(outputJson(result, 'Merchant')[0].processId);
}

/** What the Onboarding Trigger (with the given Outcomes filter) does with the notification of a process. */
async function triggerOn(processId: string, outcomes: string[]) {
	const trigger = await startTriggerServer({ type: 'paySuiteOnboardingTrigger', parameters: { outcomes }, credentials: onboardingApi(sandbox) });
	try {
		const sent = await control(sandbox, '/__sandbox/webhooks/onboarding', { url: trigger.url, processId });
		await trigger.idle();
		return {
			httpStatus: (sent.delivery as IDataObject).status,
			items: trigger.runs().flatMap((run) => trigger.output(run, 'Received').map((item) => item.json)),
		};
	} finally {
		await trigger.stop();
	}
}

describe('Merchant › Wait for Completion and the Onboarding Trigger', () => {
	it('agree that a process that finished with errors failed', async () => {
		const processId = await acceptedCreate('0000');

		const waited = await merchant({ resource: 'process', operation: 'waitForCompletion', processId: { __rl: true, mode: 'id', value: processId }, timeoutSeconds: 30 });
		expect(waited.error?.message).toMatch(/ended FAILED with errors in mcc/);
		expect(waited.error?.description).toMatch(/^mcc: /m);

		const unfiltered = await triggerOn(processId, []);
		expect(unfiltered.httpStatus).toBe(200);
		expect(unfiltered.items).toEqual([expect.objectContaining({ processId, outcome: 'failed', errors: { mcc: [expect.any(String)] } })]);

		// Filtered to successes, the same process is acknowledged without a run; filtered to failures, it runs.
		const successesOnly = await triggerOn(processId, ['succeeded']);
		expect(successesOnly).toEqual({ httpStatus: 200, items: [] });
		expect((await triggerOn(processId, ['failed'])).items).toHaveLength(1);
	});
});
