/**
 * What the outbound webhooks carry: the autopay event (payment-processing-api.md, "Events"), the checkout and
 * payment link notifications (DESIGN.md facts), and, where the documents do not show the payload, the sandbox's
 * own (onboarding process notification, report callback).
 */
import { documented, fact, sandboxChoice, STATUS, type WebhookEntry } from './shapes';

export const WEBHOOKS: WebhookEntry[] = [
	{
		kind: 'autopay',
		document: 'payment-processing-api.md, Events (autopay webhook body)',
		body: [
			documented('id', 'type', 'date', 'signature', 'reference', 'additional'),
			sandboxChoice(
				'docs/sandbox/events.md',
				'"Content of additional per autopay event: not shown": the sandbox sends {autopayId, reference, event} unless a test gives its own',
				'additional.*',
			),
		],
	},
	{ kind: 'checkout', document: 'DESIGN.md facts: checkout notifications', body: [fact(STATUS, 'requestId', 'reference', 'signature')] },
	{ kind: 'link', document: 'DESIGN.md facts: payment link notifications', body: [fact(STATUS, 'linkId', 'reference', 'signature')] },
	{
		kind: 'onboarding',
		document: 'merchant-onboarding-api.md, Events ("Shape of the webhook payload: not shown")',
		body: [
			sandboxChoice(
				'docs/sandbox/events.md',
				'The document does not show the process notification: the sandbox sends the process id, action and status, and the date',
				'processId',
				'action',
				STATUS,
				'date',
			),
		],
	},
	{
		kind: 'report',
		document: 'payment-processing-api.md, POST /gateway/report (callbackUrl; no body shown)',
		body: [sandboxChoice('docs/sandbox/gateway.md', 'The document shows no callback body: the sandbox sends the report id and a status', 'id', STATUS)],
	},
];
