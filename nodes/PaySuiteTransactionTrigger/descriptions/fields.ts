/** The Transaction Trigger's panel: what starts the workflow, which transactions, the output and the options. */
import type { INodeProperties } from 'n8n-workflow';

import { TRANSACTION_STATUSES_HINT, TRANSACTION_TYPES_HINT, transactionStatusOptions, transactionTypeOptions } from '../../shared/descriptions/choices';
import { optionsCollection } from '../../shared/descriptions/collections';

export const DEFAULT_OVERLAP_MINUTES = 10;
export const DEFAULT_FOLLOW_PENDING_HOURS = 24;

export const transactionTriggerProperties: INodeProperties[] = [
	{
		displayName:
			"Reads the site's transaction reports at the times above: every transaction of every channel (gateway, checkout pages, payment links, automatic charges, refunds), with nothing to set up on the platform. A report takes a moment to be ready, so a transaction arrives one or two polls after it happens: every 5 to 15 minutes suits most workflows. For at once, on one site's checkouts, use the PaySuite Checkout Trigger.",
		name: 'pollNotice',
		type: 'notice',
		default: '',
	},
	{
		displayName:
			'A transaction is output once: when a later step fails, n8n does not read it again. To get it back, fix the step, save and publish, then open the failed execution and choose Retry › With currently saved workflow; to be told, set an Error Workflow in the workflow\'s settings. A step that writes rows is safest when it cannot fail on column names (map them yourself).',
		name: 'failedRunNotice',
		type: 'notice',
		default: '',
	},
	{
		displayName: 'Trigger On',
		name: 'triggerOn',
		type: 'options',
		options: [
			{
				name: 'New Transactions',
				value: 'newTransaction',
				description: 'Each new transaction once, and again when a pending one settles (once per status)',
			},
			{
				name: 'Status Changed',
				value: 'statusChanged',
				description: 'A transaction seen pending that became approved, rejected or failed',
			},
		],
		default: 'newTransaction',
	},
	{
		displayName: 'Statuses',
		name: 'statuses',
		type: 'multiOptions',
		options: transactionStatusOptions,
		default: [],
		description: `${TRANSACTION_STATUSES_HINT} For Status Changed: the status they changed to. Leave empty for all.`,
	},
	{
		displayName: 'Transaction Types',
		name: 'types',
		type: 'multiOptions',
		options: transactionTypeOptions,
		default: [],
		description: TRANSACTION_TYPES_HINT,
	},
	// Version 1: `simplify`, the name its saved workflows hold (versions.ts).
	{
		displayName: 'Simplify',
		name: 'simplify',
		type: 'boolean',
		default: true,
		displayOptions: { show: { '@version': [1] } },
		description:
			"Whether to output each transaction as Report › Request and Wait's rows: its kind (payment, refund...) and the payment it belongs to, its dates on the site's clock (and in UTC), without the report file's row numbers (ID, Batch Number, Line Number), instead of the row as the report gives it",
	},
	{
		displayName: 'Simplify',
		name: 'simple',
		type: 'boolean',
		default: true,
		displayOptions: { show: { '@version': [{ _cnd: { gte: 2 } }] } },
		description: 'Whether to return a simplified version of the response instead of the raw data',
		hint: "On: each transaction as Report › Request and Wait's rows: its kind (payment, refund...) and the payment it belongs to, its dates on the site's clock (and in UTC), without the report file's row numbers (ID, Batch Number, Line Number). Off: the row as the report gives it.",
	},
	optionsCollection([
		{
			displayName: 'Follow Pending For (Hours)',
			name: 'followPendingHours',
			type: 'number',
			typeOptions: { minValue: 0, maxValue: 240 },
			default: DEFAULT_FOLLOW_PENDING_HOURS,
			description: 'How long a pending transaction is watched for its final status; each poll then reads back to the oldest one still watched',
		},
		{
			displayName: 'Overlap (Minutes)',
			name: 'overlapMinutes',
			type: 'number',
			typeOptions: { minValue: 1, maxValue: 1440 },
			default: DEFAULT_OVERLAP_MINUTES,
			description: 'Each poll reads again the last minutes of the one before, so that a transaction that reaches the report late is not missed; none is output twice',
		},
		{
			displayName: 'Start From',
			name: 'startFrom',
			type: 'dateTime',
			default: '',
			description:
				"Output the transactions made since this date (the site's time zone when no offset is given) at the first poll after publishing, instead of only those made from then on. A period of more than 10 days is read in several reports, one per poll.",
		},
	]),
];
