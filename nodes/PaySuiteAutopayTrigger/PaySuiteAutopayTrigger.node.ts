import {
	NodeConnectionTypes,
	type INodeType,
	type INodeTypeDescription,
	type IWebhookFunctions,
	type IWebhookResponseData,
} from 'n8n-workflow';

import {
	acknowledgeAndRun,
	acknowledgeUnhandled,
	manualRegistration,
	parseJsonObject,
	rawBodyOf,
	refuseFailedCheck,
	webhookUrlNotice,
} from '../shared/webhookReply';
import { AUTOPAY_EVENT_TYPES, checkAutopayEvent } from './autopayEvent';

const EVENT_NAMES: Record<(typeof AUTOPAY_EVENT_TYPES)[number], { name: string; description: string }> = {
	AUTOPAY_CREATED: { name: 'Autopay Created', description: 'Registration finished and the autopay is active' },
	AUTOPAY_UPDATED: { name: 'Autopay Updated', description: 'The payment method or the rules were updated' },
	AUTOPAY_TRANSACTION_FAILED: { name: 'Autopay Transaction Failed', description: 'An automatic charge attempt failed' },
	AUTOPAY_CANCELED: { name: 'Autopay Canceled', description: 'The autopay was canceled' },
};

export class PaySuiteAutopayTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'PaySuite Autopay Trigger',
		name: 'paySuiteAutopayTrigger',
		icon: { light: 'file:../../icons/paysuite.svg', dark: 'file:../../icons/paysuite.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: '={{"Autopay events: " + ($parameter["events"].length ? $parameter["events"].join(", ") : "all")}}',
		description: 'Starts the workflow when the platform sends an autopay event (created, updated, charge failed, canceled)',
		defaults: { name: 'PaySuite Autopay Trigger' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'paySuiteApi', required: true }],
		webhooks: [{ name: 'default', httpMethod: 'POST', responseMode: 'onReceived', path: 'autopay' }],
		properties: [
			webhookUrlNotice("the autopay webhook URL of the site whose secret key is in the credential (the platform's autopay set-up)"),
			{
				displayName: 'Events',
				name: 'events',
				type: 'multiOptions',
				options: AUTOPAY_EVENT_TYPES.map((value) => ({ value, ...EVENT_NAMES[value] })),
				default: [],
				description:
					'Which events start the workflow. Leave empty for all. Other events are still acknowledged, so the platform does not send them again.',
			},
		],
	};

	webhookMethods = manualRegistration;

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		const credentials = await this.getCredentials('paySuiteApi');
		const check = checkAutopayEvent(parseJsonObject(rawBodyOf(this)), String(credentials.secretKey ?? ''));
		if (!check.ok) return refuseFailedCheck(this, check);
		const wanted = this.getNodeParameter('events', []) as string[];
		if (wanted.length && !wanted.includes(check.event.type)) return acknowledgeUnhandled(`Event ${check.event.type} received`);
		return acknowledgeAndRun(this, `Event ${check.event.type} received`, { ...check.event, signatureVerified: true });
	}
}
