/** The Checkout Trigger's panel: how to set it up, which statuses start the workflow, and its options. */
import type { INodeProperties } from 'n8n-workflow';

import { optionsCollection } from '../../shared/descriptions/collections';
import { acknowledgeOption } from '../../shared/webhooks/acknowledge';
import { webhookSetupNotice } from '../../shared/webhooks/setupNotice';
import { triggerIncludeSecretsProperties, triggerSimplifyProperty } from '../../shared/webhooks/simplify';
import { SESSION_STATUSES } from './sessionStatuses';

/** The parameter `options`. */
export interface CheckoutTriggerOptions {
	acceptSha1?: boolean;
	acknowledge?: string;
}

export const checkoutTriggerProperties: INodeProperties[] = [
	webhookSetupNotice({
		page: 'checkout-trigger',
		register:
			"Paste it as the site's Notification URL (PaySuite Site node: Site › Update All › Integration › Notification URL), for the site whose login is in the credential. For one payment link only: Payment Link › Create › Additional Fields › Notification URL (or, to wait for that link's payment in the same workflow with nothing to paste, Payment Link › Create and Wait for Payment).",
		tryIt: 'pay a session or a payment link whose notifications go to the Test URL',
	}),
	{
		displayName: 'Statuses',
		name: 'statuses',
		type: 'multiOptions',
		options: [...SESSION_STATUSES],
		default: [],
		description:
			'Which statuses start the workflow: the session\'s, or for a payment link what it says of its payment (Approved once paid, Expired when it expired unpaid), as the platform reports them when read. Leave empty for all.',
	},
	triggerSimplifyProperty('the session as the platform reports it (its request, every payment, a subscription) with the notification'),
	...triggerIncludeSecretsProperties("a subscription session's token and subtoken (what charges the registered card again)"),
	optionsCollection([
		{
			displayName: 'Accept Legacy SHA-1 Signatures',
			name: 'acceptSha1',
			type: 'boolean',
			default: true,
			description:
				'Whether to accept the older unprefixed SHA-1 signature. Turn it off when the site signs its notifications with SHA-256 only.',
		},
		acknowledgeOption,
	]),
];
