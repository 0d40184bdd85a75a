import {
	NodeConnectionTypes,
	type IDataObject,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeType,
	type INodeTypeDescription,
	type IWebhookFunctions,
	type IWebhookResponseData,
} from 'n8n-workflow';

import { headerValue } from '../shared/transport/answerBody';
import { receiveDelivery, type DeliveryDeclaration, type SignedBytes } from '../shared/webhooks/delivery';
import { webhookAnswer } from '../shared/webhooks/acknowledge';
import { passDeliveryRun } from '../shared/webhooks/runGate';
import { manualRegistration } from '../shared/webhooks/reply';
import { credentialTest } from '../shared/transport/credentialTest';
import { simplifiedOutput, TRIGGER_VERSIONS } from '../shared/webhooks/simplify';
import { onboardingTriggerProperties, type OnboardingTriggerOptions } from './descriptions/fields';
import { readFinalProcess } from './lookup';
import { matchesProcessFilters, processItem, simpleProcessItem } from './output';
import { checkNotificationSignature, readProcessNotification, type NotificationSignature, type ProcessDelivery } from './schemas';

/** The X-Signature header over the raw body, checked before the body is read (unless Verify Signature is off). */
const signedNotification: SignedBytes<ProcessDelivery, NotificationSignature> = {
	covers: 'bytes',
	credentialType: 'paySuiteOnboardingApi',
	required: (fn) => fn.getNodeParameter('verifySignature', true) as boolean,
	check: (raw, credentials, fn) =>
		checkNotificationSignature(
			headerValue(fn.getHeaderData(), 'x-signature'),
			raw,
			String(credentials.notificationSecret ?? ''),
			(fn.getNodeParameter('options', {}) as OnboardingTriggerOptions).keyId,
		),
	read: readProcessNotification,
};

/** An onboarding notification: names a process; the workflow gets its final result, read from the platform. */
const onboardingDelivery: DeliveryDeclaration<ProcessDelivery, IDataObject> = {
	signature: signedNotification,
	// A process finishes once: its ID names the delivery, whatever the time of the signature.
	identity: ({ processId }) => [processId.toLowerCase()],
	received: () => 'Process result received',
	lookup: readFinalProcess,
	wanted: (fn, _notification, process) =>
		matchesProcessFilters(process, {
			actions: fn.getNodeParameter('actions', []) as string[],
			outcomes: fn.getNodeParameter('outcomes', []) as string[],
		}),
	// The onboarding credential names no site time zone: dates are written in the workflow's.
	output: (fn, notification, process) =>
		simplifiedOutput(fn) ? simpleProcessItem(process, notification, fn.getTimezone()) : processItem(process, notification),
};

export class PaySuiteOnboardingTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'PaySuite Onboarding Trigger',
		name: 'paySuiteOnboardingTrigger',
		icon: { light: 'file:../../icons/onboarding-trigger.svg', dark: 'file:../../icons/onboarding-trigger.dark.svg' },
		group: ['trigger'],
		...TRIGGER_VERSIONS,
		subtitle: 'Merchant process finished',
		description: 'Starts the workflow when a merchant create or update process finishes, with the result read from the platform',
		defaults: { name: 'PaySuite Onboarding Trigger' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'paySuiteOnboardingApi', required: true, testedBy: 'paySuiteOnboardingApiTest' }],
		webhooks: [{ name: 'default', httpMethod: 'POST', ...webhookAnswer, path: 'onboarding' }],
		properties: onboardingTriggerProperties,
	};

	/** The credential's Test button (see credentialTest.ts). */
	methods = { credentialTest };

	webhookMethods = manualRegistration;

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		return await receiveDelivery(this, onboardingDelivery);
	}

	/** The start of each run a delivery started, on the worker: one run per delivery does the work (runGate.ts). */
	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await passDeliveryRun(this);
	}
}
