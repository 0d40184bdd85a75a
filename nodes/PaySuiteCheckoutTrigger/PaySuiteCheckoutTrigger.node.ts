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

import { chosenOrAll, receiveDelivery, type DeliveryDeclaration } from '../shared/webhooks/delivery';
import { webhookAnswer } from '../shared/webhooks/acknowledge';
import { passDeliveryRun } from '../shared/webhooks/runGate';
import { manualRegistration } from '../shared/webhooks/reply';
import { credentialTest } from '../shared/transport/credentialTest';
import { outputTimeZone, simplifiedOutput, TRIGGER_VERSIONS, withSiteTimeZone, type WithSiteTimeZone } from '../shared/webhooks/simplify';
import { checkoutTriggerProperties, type CheckoutTriggerOptions } from './descriptions/fields';
import { readSession } from './lookup';
import { checkoutItem, sessionStatusOf, simpleCheckoutItem } from './output';
import { checkCheckoutNotification, type CheckoutDelivery } from './schemas';

/** A checkout notification: signed in its body; the workflow gets the session it names, read from the platform. */
const checkoutDelivery: DeliveryDeclaration<WithSiteTimeZone<CheckoutDelivery>, IDataObject> = {
	signature: {
		covers: 'fields',
		credentialType: 'paySuiteApi',
		check: (body, credentials, fn) =>
			withSiteTimeZone(
				checkCheckoutNotification(
					body,
					String(credentials.secretKey ?? ''),
					(fn.getNodeParameter('options', {}) as CheckoutTriggerOptions).acceptSha1 !== false,
				),
				credentials,
			),
	},
	// What the signature covers names the delivery: the platform sends it again as it was.
	identity: ({ notification: { signed } }) => [signed.requestId, signed.status, signed.date],
	received: ({ notification: { signed } }) => `Notification of session ${signed.requestId} received`,
	lookup: readSession,
	wanted: (fn, _notification, session) => chosenOrAll(fn.getNodeParameter('statuses', []) as string[], sessionStatusOf(session)),
	output: (fn, notification, session) =>
		simplifiedOutput(fn)
			? simpleCheckoutItem(session, outputTimeZone(fn, notification.siteTimeZone))
			: checkoutItem(session, notification, fn.getNodeParameter('includeSecrets', false) === true),
};

export class PaySuiteCheckoutTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'PaySuite Checkout Trigger',
		name: 'paySuiteCheckoutTrigger',
		icon: { light: 'file:../../icons/checkout-trigger.svg', dark: 'file:../../icons/checkout-trigger.dark.svg' },
		group: ['trigger'],
		...TRIGGER_VERSIONS,
		subtitle: 'Checkout session notification',
		description:
			'Starts the workflow when the platform notifies a checkout session result, with the session and its payments read from the platform',
		defaults: { name: 'PaySuite Checkout Trigger' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'paySuiteApi', required: true, testedBy: 'paySuiteApiTest' }],
		webhooks: [{ name: 'default', httpMethod: 'POST', ...webhookAnswer, path: 'checkout' }],
		properties: checkoutTriggerProperties,
	};

	/** The credential's Test button (see credentialTest.ts). */
	methods = { credentialTest };

	webhookMethods = manualRegistration;

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		return await receiveDelivery(this, checkoutDelivery);
	}

	/** The start of each run a delivery started, on the worker: one run per delivery does the work (runGate.ts). */
	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await passDeliveryRun(this);
	}
}
