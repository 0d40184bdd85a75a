import {
	NodeConnectionTypes,
	type INodeType,
	type INodeTypeDescription,
	type IWebhookFunctions,
	type IWebhookResponseData,
} from 'n8n-workflow';

import {
	acknowledgeAndRun,
	acknowledgeDuplicate,
	acknowledgeUnhandled,
	answerFailures,
	manualRegistration,
	parseJsonBody,
	rawBodyOf,
	refuseFailedCheck,
	webhookAnswer,
	sandboxCommand,
	webhookUrlNotice,
} from '../shared/webhooks/reply';
import { checkWithCredential } from '../shared/webhooks/credential';
import { oncePerDelivery } from '../shared/webhooks/replay';
import { AUTOPAY_EVENT_TYPES, checkAutopayEvent } from './autopayEvent';
import { credentialTest } from '../shared/transport/credentialTest';

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
		credentials: [{ name: 'paySuiteApi', required: true, testedBy: 'paySuiteApiTest' }],
		webhooks: [{ name: 'default', httpMethod: 'POST', ...webhookAnswer, path: 'autopay' }],
		properties: [
			webhookUrlNotice({
				register:
					"Give it to the platform as the <b>autopay webhook URL</b> of the site whose secret key is in the credential. No node or API call sets it: ask the platform's support or use its autopay set-up.",
				sandbox: `${sandboxCommand('/__sandbox/webhooks/autopay', '{"url": "(Test URL)", "type": "AUTOPAY_TRANSACTION_FAILED"}')} (or another event type).`,
			}),
			{
				displayName:
					'The signature covers only the event\'s ID, type and date (output under "signed"). Its reference and additional data are output under "unsigned": anyone who copied an event can change them and keep its signature, so do not rely on them alone.',
				name: 'unsignedNotice',
				type: 'notice',
				default: '',
			},
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

	/** The credential's Test button (see credentialTest.ts). */
	methods = { credentialTest };

	webhookMethods = manualRegistration;

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		return await answerFailures(this, async () => {
			const parsed = parseJsonBody(rawBodyOf(this));
			if (!parsed.ok) return refuseFailedCheck(this, parsed);
			const check = await checkWithCredential(this, 'paySuiteApi', (credentials) =>
				checkAutopayEvent(parsed.body, String(credentials.secretKey ?? '')),
			);
			if (!check.ok) return refuseFailedCheck(this, check);

			const { signed, unsigned } = check.event;
			const what = `Event ${signed.type} received`;
			const wanted = this.getNodeParameter('events', []) as string[];
			if (wanted.length && !wanted.includes(signed.type)) return acknowledgeUnhandled(what);
			// What the signature covers names the delivery: the platform sends it again as it was.
			return await oncePerDelivery(
				this,
				[signed.id, signed.type, signed.date],
				() => acknowledgeDuplicate(what),
				async () => acknowledgeAndRun(this, what, { signed, unsigned, signatureVerified: true }),
			);
		});
	}
}
