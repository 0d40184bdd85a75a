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
import { checkProcess, processPolling, type SendRequest } from '../shared/onboardingProcess';
import { asNodeError } from '../shared/nodeErrors';
import { pollUntilDone, type PollResult } from '../shared/polling';
import { headerValue, paySuiteRequest, type PaySuiteResponse } from '../shared/transport';
import {
	acknowledgeAndRun,
	acknowledgeUnhandled,
	manualRegistration,
	parseJsonObject,
	rawBodyOf,
	refuseWebhook,
	REFUSAL_REASON,
	webhookUrlNotice,
} from '../shared/webhookReply';
import { verifyOnboardingSignature } from '../shared/webhookSignatures';
import { checkProcessNotification, matchesProcessFilters, outcomeOf, SIGNATURE_PROBLEM_WORDS } from './processNotification';

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
		credentials: [{ name: 'paySuiteOnboardingApi', required: true }],
		webhooks: [{ name: 'default', httpMethod: 'POST', responseMode: 'onReceived', path: 'onboarding' }],
		properties: [
			webhookUrlNotice('notification.url in the body of a merchant create or update (PaySuite Merchant node, Notification URL)'),
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
						'Only when the credential has a notification secret: the key ID (kid) the X-Signature header must name. Empty accepts any key ID.',
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

	webhookMethods = manualRegistration;

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		const credentials = await this.getCredentials('paySuiteOnboardingApi');
		const options = this.getNodeParameter('options', {}) as TriggerOptions;
		const raw = rawBodyOf(this);

		const secret = String(credentials.notificationSecret ?? '');
		let keyId: string | undefined;
		if (secret) {
			const verdict = verifyOnboardingSignature(headerValue(this.getHeaderData(), 'x-signature'), raw, secret, { keyId: options.keyId || undefined });
			if (!verdict.ok) return refuseWebhook(this, 401, REFUSAL_REASON.badSignature, SIGNATURE_PROBLEM_WORDS[verdict.problem]);
			keyId = verdict.keyId;
		}

		const check = checkProcessNotification(parseJsonObject(raw));
		if (!check.ok) return refuseWebhook(this, 400, REFUSAL_REASON.badBody, check.message);

		// The process query is the source of truth: the body only says which process to read.
		const send: SendRequest = (request) => paySuiteRequest.call(this, request) as Promise<PaySuiteResponse>;
		const waitSeconds = Math.max(0, Math.min(Number(options.waitSeconds ?? 10), 60));
		let polled: PollResult<IDataObject>;
		try {
			polled = await pollUntilDone(() => checkProcess(send, check.processId), {
				timeoutMs: waitSeconds * 1000,
				defaultDelayMs: processPolling.intervalSeconds * 1000,
				// At least a second between queries, whatever Retry-After says: the notification's sender is waiting.
				minDelayMs: 1000,
			});
		} catch (error) {
			if (error instanceof NodeApiError && error.httpCode === '404') {
				return refuseWebhook(this, 400, REFUSAL_REASON.badBody, `The platform does not know the process ${check.processId}`);
			}
			throw asNodeError(this.getNode(), error);
		}
		if (!polled.done) {
			return refuseWebhook(this, 503, REFUSAL_REASON.notReady, `The process ${check.processId} is not final yet`, {
				'retry-after': String(Math.ceil(polled.retryAfterSeconds ?? processPolling.intervalSeconds)),
			});
		}
		const process = polled.value;

		const filters = {
			actions: this.getNodeParameter('actions', []) as string[],
			outcomes: this.getNodeParameter('outcomes', []) as string[],
		};
		if (!matchesProcessFilters(process, filters)) return acknowledgeUnhandled('Process result received');
		return acknowledgeAndRun(this, 'Process result received', {
			...process,
			outcome: outcomeOf(process),
			signatureVerified: Boolean(secret),
			...(keyId ? { signatureKeyId: keyId } : {}),
		});
	}
}
