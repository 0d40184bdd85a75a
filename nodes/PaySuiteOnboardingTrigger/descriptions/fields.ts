/** The Onboarding Trigger's panel: how to set it up, the signature check, which results start the workflow, options. */
import type { INodeProperties } from 'n8n-workflow';

import { optionsCollection } from '../../shared/descriptions/collections';
import { acknowledgeOption } from '../../shared/webhooks/acknowledge';
import { webhookSetupNotice } from '../../shared/webhooks/setupNotice';
import { triggerSimplifyProperty } from '../../shared/webhooks/simplify';
import { textField as text } from '../../shared/descriptions/fields';

/** The parameter `options`. */
export interface OnboardingTriggerOptions {
	acknowledge?: string;
	keyId?: string;
	waitSeconds?: number;
}

const signatureProperties: INodeProperties[] = [
	{
		displayName: 'Verify Signature',
		name: 'verifySignature',
		type: 'boolean',
		default: true,
		description:
			'Whether to run only for notifications signed with the Notification Secret of the credential (X-Signature header). Leave it on.',
	},
	{
		displayName:
			'Set the Notification Secret in the credential (the secret the platform signs its notifications with). Without it every notification is refused with HTTP 401.',
		name: 'secretNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: { verifySignature: [true] } },
	},
	{
		displayName:
			'Signature verification is off: anyone who knows this URL can send notifications. The workflow still gets the result read from the platform, but anyone can make it run for a finished process whose ID they know, and learn from the answer whether a process ID exists. Turn it back on once the credential has the Notification Secret.',
		name: 'unverifiedNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: { verifySignature: [false] } },
	},
];

const filterProperties: INodeProperties[] = [
	{
		displayName: 'Actions',
		name: 'actions',
		type: 'multiOptions',
		options: [
			{ name: 'Create', value: 'merchant.create', description: 'A merchant creation process' },
			{ name: 'Update', value: 'merchant.update', description: 'A merchant update process' },
		],
		default: [],
		description: 'Which processes start the workflow. Leave empty for both.',
	},
	{
		displayName: 'Outcomes',
		name: 'outcomes',
		type: 'multiOptions',
		options: [
			{ name: 'Succeeded', value: 'succeeded', description: 'The process status is OK and it has no errors' },
			{ name: 'Failed', value: 'failed', description: 'The process finished with any other status, or with errors' },
		],
		default: [],
		description: 'Which results start the workflow. Leave empty for both.',
	},
];

const options: INodeProperties = optionsCollection([
	acknowledgeOption,
	text('Key ID', 'keyId', 'The key ID (kid) the X-Signature header must name, when the signature is verified. Empty accepts any key ID.'),
	{
		displayName: 'Wait for Final Result (Seconds)',
		name: 'waitSeconds',
		type: 'number',
		typeOptions: { minValue: 0, maxValue: 60 },
		default: 10,
		description:
			'How long to keep querying the process while the platform still says it is pending. After that the call is answered HTTP 503 with Retry-After and the workflow does not run.',
	},
]);

export const onboardingTriggerProperties: INodeProperties[] = [
	webhookSetupNotice({
		page: 'onboarding-trigger',
		register:
			'Paste it as the Notification URL of each merchant write: PaySuite Merchant node, Merchant › Create or Update. The platform calls it once the process is final.',
		tryIt: 'create a merchant with PaySuite Merchant › Create and the Test URL as its Notification URL',
	}),
	...signatureProperties,
	...filterProperties,
	triggerSimplifyProperty('the process as the platform reports it (its result and errors as objects) with its outcome'),
	options,
];
