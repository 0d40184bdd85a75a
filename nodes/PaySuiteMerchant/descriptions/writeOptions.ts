/** What Create and Update share after the merchant: the wait for the process, and the Idempotency Key option. */
import type { INodeProperties } from 'n8n-workflow';

import { optionsCollection } from '../../shared/descriptions/collections';
import { DEFAULT_PROCESS_TIMEOUT_SECONDS } from '../../shared/schemas/onboardingProcess';
import { timeoutProperty } from '../../shared/descriptions/commonFields';

/** Whether a write waits for its process, and for how long. */
export const waitProperties: INodeProperties[] = [
	{
		displayName: 'Wait for Completion',
		name: 'waitForCompletion',
		type: 'boolean',
		default: true,
		description:
			'Whether to wait until the process is final (asking again while the platform answers Retry-After) and output it with the merchant ID. Off: output the accepted process right away.',
	},
	{
		...timeoutProperty({
			name: 'timeoutSeconds',
			default: DEFAULT_PROCESS_TIMEOUT_SECONDS,
			description: 'How long to wait for the process before the item fails (the process goes on; check it later with Process → Get)',
		}),
		displayOptions: { show: { waitForCompletion: [true] } },
	},
];

export const writeOptionsProperty = optionsCollection([
	{
		displayName: 'Idempotency Key',
		name: 'idempotencyKey',
		type: 'string',
		default: '',
		description:
			'16 to 64 characters of letters, digits and _ . : -. Leave empty to use one derived from the body, so that running the same item again returns the original process instead of doing the work twice.',
	},
]);
