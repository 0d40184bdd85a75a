import {
	NodeConnectionTypes,
	type IDataObject,
	type INodeType,
	type INodeTypeDescription,
	type IWebhookFunctions,
	type IWebhookResponseData,
} from 'n8n-workflow';

import { optionsCollection } from '../shared/descriptions/collections';
import { includeSecretsProperty } from '../shared/operation/properties';
import { hideSecrets } from '../shared/transport/redact';
import { SESSION_STATUSES } from './sessionStatuses';
import { paySuiteRequest } from '../shared/transport/request';
import {
	acknowledgeAndRun,
	acknowledgeDuplicate,
	acknowledgeUnhandled,
	answerFailures,
	manualRegistration,
	parseJsonBody,
	rawBodyOf,
	refuseFailedCheck,
	refuseNotVerified,
	webhookAnswer,
	sandboxCommand,
	webhookUrlNotice,
} from '../shared/webhooks/reply';
import { checkWithCredential } from '../shared/webhooks/credential';
import { oncePerDelivery } from '../shared/webhooks/replay';
import { checkCheckoutNotification } from './checkoutNotification';
import { credentialTest } from '../shared/transport/credentialTest';

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
		credentials: [{ name: 'paySuiteApi', required: true, testedBy: 'paySuiteApiTest' }],
		webhooks: [{ name: 'default', httpMethod: 'POST', ...webhookAnswer, path: 'checkout' }],
		properties: [
			webhookUrlNotice({
				register:
					"Paste it as the site's <b>Notification URL</b> (every checkout of the site is notified there): <b>PaySuite Site</b> node, Site › Update All › Integration › Notification URL, for the site whose login is in the credential. For one payment link only: the <b>Notification URL</b> of Payment Link › Create (Additional Fields).",
				sandbox: `${sandboxCommand('/__sandbox/webhooks/checkout', '{"url": "(Test URL)", "requestId": (Request ID)}')}, with the Request ID of a session made with PaySuite Session › Create. Or set the URL as above and pay a session's Process URL or a link's URL in the browser with a test card.`,
			}),			{
				displayName: 'Statuses',
				name: 'statuses',
				type: 'multiOptions',
				options: [...SESSION_STATUSES],
				default: [],
				description:
					'Which session statuses (as the platform reports them when queried) start the workflow. Leave empty for all.',
			},
			{
				...includeSecretsProperty,
				description:
					'Whether to output the token and subtoken of a subscription session as the platform reports them (to charge it later). Off: each is replaced by "[hidden: turn on Include Secrets]". Executions store their output, so turn it on only when the next node needs them.',
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

	/** The credential's Test button (see credentialTest.ts). */
	methods = { credentialTest };

	webhookMethods = manualRegistration;

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		return await answerFailures(this, async () => {
			const parsed = parseJsonBody(rawBodyOf(this));
			if (!parsed.ok) return refuseFailedCheck(this, parsed);
			const options = this.getNodeParameter('options', {}) as TriggerOptions;
			const check = await checkWithCredential(this, 'paySuiteApi', (credentials) =>
				checkCheckoutNotification(parsed.body, String(credentials.secretKey ?? ''), options.acceptSha1 !== false),
			);
			if (!check.ok) return refuseFailedCheck(this, check);

			const { signed, unsigned } = check.notification;
			const what = `Notification of session ${signed.requestId} received`;
			// What the signature covers names the delivery: the platform sends it again as it was.
			return await oncePerDelivery(
				this,
				[signed.requestId, signed.status, signed.date],
				() => acknowledgeDuplicate(what),
				async () => {
					// The notification says which session changed; the session query says what it now is. A failed
					// query throws: answered 503 by answerFailures, so the platform sends the notification again.
					const answer = await paySuiteRequest.call(this, {
						api: 'checkout',
						path: `/api/session/${signed.requestId}`,
						safety: 'read',
						passThroughStatuses: [404],
						// A session whose status is FAILED or ERROR is a result to emit, not a failed query.
						acceptFailedStatus: true,
					});
					// Signed, yet unknown to the platform: answered as a forgery, so the answer never tells what exists.
					if (answer.statusCode === 404) return refuseNotVerified(this, `the platform does not know the session ${signed.requestId}`);
					const session = answer.body as IDataObject;
					const sessionStatus = String((session.status as { status?: unknown } | undefined)?.status ?? '');
					const wanted = this.getNodeParameter('statuses', []) as string[];
					if (wanted.length && !wanted.includes(sessionStatus)) return acknowledgeUnhandled(what);
					const shown = this.getNodeParameter('includeSecrets', false) === true ? session : hideSecrets(session);
					return acknowledgeAndRun(this, what, {
						...shown,
						notification: { signed, unsigned },
						signatureVerified: true,
						signatureAlgorithm: check.algorithm,
					});
				},
			);
		});
	}
}
