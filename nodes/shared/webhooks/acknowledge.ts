/**
 * When a trigger acknowledges a delivery that starts a run (Options › Acknowledge Delivery; docs/nodes/triggers.md):
 * on receipt, the run's first step answers once n8n has recorded the run (`responseNode`, runGate.ts), so an
 * acknowledged delivery is never one n8n could not start; after the run (`lastNode`, `noData`), 200 on success and
 * n8n's 500 when it failed or was lost. Either way a 500 makes the platform send again. n8n reads the mode from the
 * webhook description, which sees the node's parameters only through an expression, and an expression per delivery
 * costs an isolate per call and answers 500 while n8n stops. So each field carries the expression (the editor, n8n
 * before 2.40) and a resolver under `Symbol.for('n8n.webhookDescriptionResolvers')`, used by n8n 2.40+ when no
 * parameter is an expression (`resolveWebhookDescriptionField`). The two must agree (acknowledge.test.ts).
 */
import type { INodeParameters, INodeProperties, IWebhookDescription, IWebhookFunctions } from 'n8n-workflow';

const ACKNOWLEDGE = { received: 'received', finished: 'finished' } as const;

export const acknowledgeOption: INodeProperties = {
	displayName: 'Acknowledge Delivery',
	name: 'acknowledge',
	type: 'options',
	options: [
		{
			name: 'When Received',
			value: 'received',
			description:
				'Answer as soon as n8n has recorded the run (or HTTP 503 or 500 when it could not, so the platform sends it again). A run lost afterwards with its worker is not sent again.',
		},
		{
			name: 'When the Workflow Has Finished',
			value: 'finished',
			description:
				'Answer once the run succeeded (an empty HTTP 200), or HTTP 500 when it failed or was lost, so the platform sends the delivery again and the workflow runs again for it',
		},
	],
	default: 'received',
	description:
		"When the platform gets its acknowledgement of a delivery that starts the workflow. After the run, the platform's sender waits for the whole run: a run longer than its timeout is sent again.",
};

/** Self-contained: it is also the template. */
export function acknowledgesWhenFinished(parameters: INodeParameters): boolean {
	const options = parameters.options;
	return typeof options === 'object' && options !== null && !Array.isArray(options) && (options as INodeParameters).acknowledge === 'finished';
}

export function acknowledgesAfterRun(fn: IWebhookFunctions): boolean {
	return fn.getNodeParameter('options.acknowledge', ACKNOWLEDGE.received) === ACKNOWLEDGE.finished;
}

/** A registered symbol: the same in every copy of n8n-workflow. */
const WEBHOOK_RESOLVERS = Symbol.for('n8n.webhookDescriptionResolvers');

const chosen = '($parameter["options"] || {})["acknowledge"] === "finished"';

/** A field n8n reads as the expression `template`, or natively with `resolve`: `finished` after the run, else `received`. */
const field = (finished: string, received: string) => ({
	template: `={{${chosen} ? "${finished}" : "${received}"}}`,
	resolve: (parameters: INodeParameters): string => (acknowledgesWhenFinished(parameters) ? finished : received),
});

const fields = {
	responseMode: field('lastNode', 'responseNode'),
	// On receipt n8n sends what the run's first step gives; a call that starts no run gets the trigger's own answer,
	// which an empty value lets through (unset would send the text "firstEntryJson"). After the run: no data.
	responseData: field('noData', ''),
};

/** How n8n answers a call that starts a run. */
export const webhookAnswer = {
	responseMode: fields.responseMode.template,
	responseData: fields.responseData.template,
	[WEBHOOK_RESOLVERS]: fields,
} as Pick<IWebhookDescription, 'responseMode' | 'responseData'>;
