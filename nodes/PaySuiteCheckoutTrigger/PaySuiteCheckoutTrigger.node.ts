import {
	NodeConnectionTypes,
	type IDataObject,
	type INodeType,
	type INodeTypeDescription,
	type IWebhookFunctions,
	type IWebhookResponseData,
} from 'n8n-workflow';

import { optionsCollection } from '../shared/descriptions/collections';
import { SESSION_STATUSES } from '../shared/sessionStatuses';
import { paySuiteRequest } from '../shared/transport';
import {
	acknowledgeAndRun,
	acknowledgeUnhandled,
	manualRegistration,
	parseJsonObject,
	rawBodyOf,
	refuseFailedCheck,
	refuseWebhook,
	REFUSAL_REASON,
	webhookUrlNotice,
} from '../shared/webhookReply';
import { checkCheckoutNotification } from './checkoutNotification';

interface TriggerOptions {
	acceptSha1?: boolean;
}

export class PaySuiteCheckoutTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'PaySuite Checkout Trigger',
		name: 'paySuiteCheckoutTrigger',
		icon: { light: 'file:../../icons/paysuite.svg', dark: 'file:../../icons/paysuite.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: 'Checkout session notification',
		description:
			'Starts the workflow when the platform notifies a checkout session result, with the session and its payments read from the platform',
		defaults: { name: 'PaySuite Checkout Trigger' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'paySuiteApi', required: true }],
		webhooks: [{ name: 'default', httpMethod: 'POST', responseMode: 'onReceived', path: 'checkout' }],
		properties: [
			webhookUrlNotice(
				'the notification URL of the site whose login and secret key are in the credential (the Notification URL of the PaySuite Site node)',
			),
			{
				displayName: 'Statuses',
				name: 'statuses',
				type: 'multiOptions',
				options: [...SESSION_STATUSES],
				default: [],
				description:
					'Which session statuses (as the platform reports them when queried) start the workflow. Leave empty for all.',
			},
			optionsCollection([
				{
					displayName: 'Accept Legacy SHA-1 Signatures',
					name: 'acceptSha1',
					type: 'boolean',
					default: true,
					description:
						'Whether to accept the older unprefixed SHA-1 signature. Turn it off when the site signs its notifications with SHA-256 only.',
				},
			]),
		],
	};

	webhookMethods = manualRegistration;

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		const credentials = await this.getCredentials('paySuiteApi');
		const options = this.getNodeParameter('options', {}) as TriggerOptions;
		const check = checkCheckoutNotification(
			parseJsonObject(rawBodyOf(this)),
			String(credentials.secretKey ?? ''),
			options.acceptSha1 !== false,
		);
		if (!check.ok) return refuseFailedCheck(this, check);

		// The notification says which session changed; the session query says what it now is.
		const { requestId } = check.notification;
		const answer = await paySuiteRequest.call(this, {
			api: 'checkout',
			path: `/api/session/${requestId}`,
			safety: 'read',
			passThroughStatuses: [404],
		});
		if (answer.statusCode === 404) {
			return refuseWebhook(this, 400, REFUSAL_REASON.badBody, `The platform does not know the session ${requestId}`);
		}
		const session = answer.body as IDataObject;
		const sessionStatus = String((session.status as { status?: unknown } | undefined)?.status ?? '');
		const wanted = this.getNodeParameter('statuses', []) as string[];
		if (wanted.length && !wanted.includes(sessionStatus)) return acknowledgeUnhandled(`Session ${requestId} is ${sessionStatus}`);
		return acknowledgeAndRun(this, `Notification of session ${requestId} received`, {
			...session,
			notification: check.notification,
			signatureVerified: true,
			signatureAlgorithm: check.algorithm,
		});
	}
}
