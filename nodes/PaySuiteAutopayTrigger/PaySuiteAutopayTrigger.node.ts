import {
	NodeConnectionTypes,
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
import { autopayTriggerProperties } from './descriptions/fields';
import { autopayItem, simpleAutopayItem } from './output';
import { checkAutopayEvent, type AutopayDelivery } from './schemas';

/** An autopay event: signed in its body; the workflow gets the event itself. */
const autopayDelivery: DeliveryDeclaration<WithSiteTimeZone<AutopayDelivery>> = {
	signature: {
		covers: 'fields',
		credentialType: 'paySuiteApi',
		check: (body, credentials) => withSiteTimeZone(checkAutopayEvent(body, String(credentials.secretKey ?? '')), credentials),
	},
	// What the signature covers names the delivery: the platform sends it again as it was.
	identity: ({ event: { signed } }) => [signed.id, signed.type, signed.date],
	received: ({ event: { signed } }) => `Event ${signed.type} received`,
	wanted: (fn, { event: { signed } }) => chosenOrAll(fn.getNodeParameter('events', []) as string[], signed.type),
	output: (fn, event) => (simplifiedOutput(fn) ? simpleAutopayItem(event, outputTimeZone(fn, event.siteTimeZone)) : autopayItem(event)),
};

export class PaySuiteAutopayTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'PaySuite Autopay Trigger',
		name: 'paySuiteAutopayTrigger',
		icon: { light: 'file:../../icons/autopay-trigger.svg', dark: 'file:../../icons/autopay-trigger.dark.svg' },
		group: ['trigger'],
		...TRIGGER_VERSIONS,
		subtitle: '={{"Autopay events: " + ($parameter["events"].length ? $parameter["events"].join(", ") : "all")}}',
		description: 'Starts the workflow when the platform sends an autopay event (created, updated, charge failed, canceled)',
		defaults: { name: 'PaySuite Autopay Trigger' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'paySuiteApi', required: true, testedBy: 'paySuiteApiTest' }],
		webhooks: [{ name: 'default', httpMethod: 'POST', ...webhookAnswer, path: 'autopay' }],
		properties: autopayTriggerProperties,
	};

	/** The credential's Test button (see credentialTest.ts). */
	methods = { credentialTest };

	webhookMethods = manualRegistration;

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		return await receiveDelivery(this, autopayDelivery);
	}

	/** The start of each run a delivery started, on the worker: one run per delivery does the work (runGate.ts). */
	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await passDeliveryRun(this);
	}
}
