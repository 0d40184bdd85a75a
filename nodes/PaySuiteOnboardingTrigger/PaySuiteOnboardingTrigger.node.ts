import {
	NodeApiError,
	NodeConnectionTypes,
	type IDataObject,
	type INodeType,
	type INodeTypeDescription,
	type IWebhookFunctions,
	type IWebhookResponseData,
} from 'n8n-workflow';

import { optionsCollection } from '../shared/descriptions/collections';
import { asNodeError } from '../shared/transport/nodeErrors';
import { checkProcess, processPolling, type SendRequest } from '../shared/schemas/onboardingProcess';
import { pollUntilDone, type PollResult } from '../shared/operation/polling';
import { headerValue } from '../shared/transport/answerBody';
import { paySuiteRequest } from '../shared/transport/request';
import type { PaySuiteResponse } from '../shared/transport/types';
import {
	acknowledgeAndRun,
	acknowledgeDuplicate,
	acknowledgeUnhandled,
	answerFailures,
	checkBodySize,
	manualRegistration,
	parseJsonBody,
	rawBodyOf,
	refuseFailedCheck,
	refuseNotVerified,
	refuseWebhook,
	REFUSAL_REASON,
	webhookAnswer,
	sandboxCommand,
	webhookUrlNotice,
} from '../shared/webhooks/reply';
import { checkWithCredential } from '../shared/webhooks/credential';
import { oncePerDelivery } from '../shared/webhooks/replay';
import { verifyOnboardingSignature } from '../shared/webhooks/signatures';
import { checkProcessNotification, matchesProcessFilters, outcomeOf, SIGNATURE_PROBLEM_WORDS } from './processNotification';
import { credentialTest } from '../shared/transport/credentialTest';

interface TriggerOptions {
	keyId?: string;
	waitSeconds?: number;
}

export class PaySuiteOnboardingTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'PaySuite Onboarding Trigger',
		name: 'paySuiteOnboardingTrigger',
		icon: { light: 'file:../../icons/paysuite.svg', dark: 'file:../../icons/paysuite.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: 'Merchant process finished',
		description:
			'Starts the workflow when a merchant create or update process finishes, with the result read from the platform',
		defaults: { name: 'PaySuite Onboarding Trigger' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'paySuiteOnboardingApi', required: true, testedBy: 'paySuiteOnboardingApiTest' }],
		webhooks: [{ name: 'default', httpMethod: 'POST', ...webhookAnswer, path: 'onboarding' }],
		properties: [
			webhookUrlNotice({
				register:
					'Paste it into the <b>Notification URL</b> of each merchant write: <b>PaySuite Merchant</b> node, Merchant › Create or Update. The platform calls it once the process is final.',
				sandbox: `create a merchant with PaySuite Merchant › Create and the Test URL as its Notification URL: the sandbox calls it when the process is final. Or ${sandboxCommand('/__sandbox/webhooks/onboarding', '{"url": "(Test URL)", "processId": "(process ID)"}')}. The credential needs the sandbox's Notification Secret, shown at (Base URL)/__sandbox/credentials.`,
			}),
			{
				displayName: 'Verify Signature',
				name: 'verifySignature',
				type: 'boolean',
				default: true,
				description:
					'Whether to run only for notifications signed with the Notification Secret of the credential (X-Signature header). Leave it on.',
			},
			{
				displayName:
					'Set the Notification Secret in the credential (the secret the platform signs its notifications with). Without it every notification is refused with HTTP 401.',
				name: 'secretNotice',
				type: 'notice',
				default: '',
				displayOptions: { show: { verifySignature: [true] } },
			},
			{
				displayName:
					'Signature verification is off: anyone who knows this URL can send notifications. The workflow still gets the result read from the platform, but anyone can make it run for a finished process whose ID they know, and learn from the answer whether a process ID exists. Turn it back on once the credential has the Notification Secret.',
				name: 'unverifiedNotice',
				type: 'notice',
				default: '',
				displayOptions: { show: { verifySignature: [false] } },
			},
			{
				displayName: 'Actions',
				name: 'actions',
				type: 'multiOptions',
				options: [
					{ name: 'Create', value: 'merchant.create', description: 'A merchant creation process' },
					{ name: 'Update', value: 'merchant.update', description: 'A merchant update process' },
				],
				default: [],
				description: 'Which processes start the workflow. Leave empty for both.',
			},
			{
				displayName: 'Outcomes',
				name: 'outcomes',
				type: 'multiOptions',
				options: [
					{ name: 'Succeeded', value: 'succeeded', description: 'The process status is OK and it has no errors' },
					{ name: 'Failed', value: 'failed', description: 'The process finished with any other status, or with errors' },
				],
				default: [],
				description: 'Which results start the workflow. Leave empty for both.',
			},
			optionsCollection([
				{
					displayName: 'Key ID',
					name: 'keyId',
					type: 'string',
					default: '',
					description:
						'The key ID (kid) the X-Signature header must name, when the signature is verified. Empty accepts any key ID.',
				},
				{
					displayName: 'Wait for Final Result (Seconds)',
					name: 'waitSeconds',
					type: 'number',
					typeOptions: { minValue: 0, maxValue: 60 },
					default: 10,
					description:
						'How long to keep querying the process while the platform still says it is pending. After that the call is answered HTTP 503 with Retry-After and the workflow does not run.',
				},
			]),
		],
	};

	/** The credential's Test button (see credentialTest.ts). */
	methods = { credentialTest };

	webhookMethods = manualRegistration;

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		return await answerFailures(this, async () => {
			const raw = rawBodyOf(this);
			const tooLarge = checkBodySize(raw);
			if (tooLarge) return refuseFailedCheck(this, tooLarge);
			const options = this.getNodeParameter('options', {}) as TriggerOptions;

			const verify = this.getNodeParameter('verifySignature', true) as boolean;
			let keyId: string | undefined;
			if (verify) {
				const header = headerValue(this.getHeaderData(), 'x-signature');
				const verdict = await checkWithCredential(this, 'paySuiteOnboardingApi', (credentials) => {
					const secret = String(credentials.notificationSecret ?? '');
					return secret ? verifyOnboardingSignature(header, raw, secret, { keyId: options.keyId || undefined }) : ({ ok: false, problem: 'no secret' } as const);
				});
				if (!verdict.ok && verdict.problem === 'no secret') {
					// The owner must hear of it: every notification is refused until the secret is set.
					this.logger.warn(`${this.getNode().name} refused a notification: its credential has no Notification Secret (set it, or turn Verify Signature off)`);
					return refuseNotVerified(this, 'no notification secret');
				}
				if (!verdict.ok) return refuseFailedCheck(this, { httpStatus: 401, message: SIGNATURE_PROBLEM_WORDS[verdict.problem] });
				keyId = verdict.keyId;
			}

			const parsed = parseJsonBody(raw);
			if (!parsed.ok) return refuseFailedCheck(this, parsed);
			const check = checkProcessNotification(parsed.body);
			if (!check.ok) return refuseFailedCheck(this, { httpStatus: 400, message: check.message });

			const what = 'Process result received';
			// A process finishes once: its ID names the delivery, whatever the time of the signature.
			return await oncePerDelivery(
				this,
				[check.processId.toLowerCase()],
				() => acknowledgeDuplicate(what),
				async () => {
					const polled = await pollProcess(this, check.processId, options);
					if (polled === 'unknown') return refuseNotVerified(this, `the platform does not know the process ${check.processId}`);
					if (!polled.done) {
						return refuseWebhook(this, 503, REFUSAL_REASON.notReady, 'The process is not final yet', {
							'retry-after': String(Math.ceil(polled.retryAfterSeconds ?? processPolling.intervalSeconds)),
						});
					}
					const process = polled.value;
					const filters = {
						actions: this.getNodeParameter('actions', []) as string[],
						outcomes: this.getNodeParameter('outcomes', []) as string[],
					};
					if (!matchesProcessFilters(process, filters)) return acknowledgeUnhandled(what);
					return acknowledgeAndRun(this, what, {
						...process,
						outcome: outcomeOf(process),
						signatureVerified: verify,
						...(keyId ? { signatureKeyId: keyId } : {}),
					});
				},
			);
		});
	}
}

/**
 * Reads the process, the source of truth (the body only says which one), while the platform says it is pending, up
 * to the wait the options allow. `unknown` when the platform does not know it; any other failure throws.
 */
async function pollProcess(fn: IWebhookFunctions, processId: string, options: TriggerOptions): Promise<PollResult<IDataObject> | 'unknown'> {
	const send: SendRequest = (request) => paySuiteRequest.call(fn, request) as Promise<PaySuiteResponse>;
	const waitSeconds = Math.max(0, Math.min(Number(options.waitSeconds ?? 10), 60));
	try {
		return await pollUntilDone(() => checkProcess(send, processId), {
			timeoutMs: waitSeconds * 1000,
			defaultDelayMs: processPolling.intervalSeconds * 1000,
			// At least a second between queries, whatever Retry-After says: the notification's sender is waiting.
			minDelayMs: 1000,
		});
	} catch (error) {
		if (error instanceof NodeApiError && error.httpCode === '404') return 'unknown';
		throw asNodeError(fn.getNode(), error);
	}
}
