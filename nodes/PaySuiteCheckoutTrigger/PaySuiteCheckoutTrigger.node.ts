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
import { linkResult, sessionResult } from '../shared/output/paymentResult';
import { outputTimeZone, simplifiedOutput, TRIGGER_VERSIONS, withSiteTimeZone, type WithSiteTimeZone } from '../shared/webhooks/simplify';
import { checkoutTriggerProperties, type CheckoutTriggerOptions } from './descriptions/fields';
import { readRecord } from './lookup';
import { checkoutItem, deliveryStatusOf, linkItem } from './output';
import { checkTriggerDelivery, type TriggerDelivery } from './schemas';

/** The flat item (Simplify) or the record as the platform reports it, with the notification. */
function outputOf(fn: IWebhookFunctions, delivery: WithSiteTimeZone<TriggerDelivery>, found: IDataObject): IDataObject {
	const zone = outputTimeZone(fn, delivery.siteTimeZone);
	if (delivery.kind === 'link') {
		return simplifiedOutput(fn) ? linkResult(found, delivery.notification.signed.date, zone) : linkItem(found, delivery);
	}
	return simplifiedOutput(fn) ? sessionResult(found, zone) : checkoutItem(found, delivery, fn.getNodeParameter('includeSecrets', false) === true);
}

/**
 * A checkout notification or a payment link's: signed in its body; the workflow gets the session or link it names, read from the platform.
 */
const checkoutDelivery: DeliveryDeclaration<WithSiteTimeZone<TriggerDelivery>, IDataObject> = {
	signature: {
		covers: 'fields',
		credentialType: 'paySuiteApi',
		check: (body, credentials, fn) =>
			withSiteTimeZone(
				checkTriggerDelivery(
					body,
					String(credentials.secretKey ?? ''),
					(fn.getNodeParameter('options', {}) as CheckoutTriggerOptions).acceptSha1 !== false,
				),
				credentials,
			),
	},
	// What the signature covers names the delivery: the platform sends it again as it was.
	identity: (delivery) =>
		delivery.kind === 'link'
			? ['link', delivery.notification.signed.linkId, delivery.notification.signed.status, delivery.notification.signed.date]
			: [delivery.notification.signed.requestId, delivery.notification.signed.status, delivery.notification.signed.date],
	received: (delivery) =>
		delivery.kind === 'link'
			? `Notification of payment link ${delivery.notification.signed.linkId} received`
			: `Notification of session ${delivery.notification.signed.requestId} received`,
	lookup: readRecord,
	wanted: (fn, delivery, found) => chosenOrAll(fn.getNodeParameter('statuses', []) as string[], deliveryStatusOf(delivery, found)),
	output: outputOf,
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
			'Starts the workflow when the platform notifies a checkout session result or a paid or expired payment link, with the session or link read from the platform',
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
