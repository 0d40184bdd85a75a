/** The Checkout Trigger's panel: how to set it up, which session statuses start the workflow, and its options. */
import type { INodeProperties } from 'n8n-workflow';

import { optionsCollection } from '../../shared/descriptions/collections';
import { includeSecretsProperty } from '../../shared/operation/properties';
import { sandboxCommand, webhookUrlNotice } from '../../shared/webhooks/reply';
import { SESSION_STATUSES } from './sessionStatuses';

/** The parameter `options`. */
export interface CheckoutTriggerOptions {
	acceptSha1?: boolean;
}

export const checkoutTriggerProperties: INodeProperties[] = [
	webhookUrlNotice({
		register:
			"Paste it as the site's <b>Notification URL</b> (every checkout of the site is notified there): <b>PaySuite Site</b> node, Site › Update All › Integration › Notification URL, for the site whose login is in the credential. For one payment link only: the <b>Notification URL</b> of Payment Link › Create (Additional Fields).",
		sandbox: `${sandboxCommand('/__sandbox/webhooks/checkout', '{"url": "(Test URL)", "requestId": (Request ID)}')}, with the Request ID of a session made with PaySuite Session › Create. Or set the URL as above and pay a session's Process URL or a link's URL in the browser with a test card.`,
	}),
	{
		displayName: 'Statuses',
		name: 'statuses',
		type: 'multiOptions',
		options: [...SESSION_STATUSES],
		default: [],
		description: 'Which session statuses (as the platform reports them when queried) start the workflow. Leave empty for all.',
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
];
