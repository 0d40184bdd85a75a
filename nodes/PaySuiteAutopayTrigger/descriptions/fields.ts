/** The Autopay Trigger's panel: how to set it up, what the signature covers, and which events start the workflow. */
import type { INodeProperties } from 'n8n-workflow';

import { optionsCollection } from '../../shared/descriptions/collections';
import { acknowledgeOption } from '../../shared/webhooks/acknowledge';
import { webhookSetupNotice } from '../../shared/webhooks/setupNotice';
import { triggerSimplifyProperty } from '../../shared/webhooks/simplify';
import { AUTOPAY_EVENT_TYPES } from '../schemas';

const EVENT_NAMES: Record<(typeof AUTOPAY_EVENT_TYPES)[number], { name: string; description: string }> = {
	AUTOPAY_CREATED: { name: 'Autopay Created', description: 'Registration finished and the autopay is active' },
	AUTOPAY_UPDATED: { name: 'Autopay Updated', description: 'The payment method or the rules were updated' },
	AUTOPAY_TRANSACTION_FAILED: { name: 'Autopay Transaction Failed', description: 'An automatic charge attempt failed' },
	AUTOPAY_CANCELED: { name: 'Autopay Canceled', description: 'The autopay was canceled' },
};

export const autopayTriggerProperties: INodeProperties[] = [
	webhookSetupNotice({
		page: 'autopay-trigger',
		register:
			"Give it to the platform as the autopay webhook URL of the site whose secret key is in the credential. No node or API call sets it: ask the platform's support or use its autopay set-up.",
		tryIt: 'have the platform send an autopay event to it',
	}),
	{
		displayName:
			"The signature covers only the event's ID, type and date. Its reference and additional data are not signed: anyone who copied an event can change them and keep its signature, so do not rely on them alone.",
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
	triggerSimplifyProperty('the event as received, split into what its signature covers (signed) and the rest (unsigned)'),
	optionsCollection([acknowledgeOption]),
];
