/**
 * When a trigger acknowledges a delivery that starts a run (Options › Acknowledge Delivery):
 *  - When Received (the default, what n8n's triggers do): n8n answers once the run is queued (`onReceived`), with
 *    the trigger's own acknowledgement. A run lost afterwards (its worker killed) is not sent again by the
 *    platform.
 *  - When the Workflow Has Finished: n8n answers after the run (`lastNode`): HTTP 200 with an empty body when it
 *    succeeded (`noData`: never the workflow's own data), n8n's HTTP 500 when it failed or was lost, so that the
 *    platform sends the delivery again. Calls that start no run (refused, filtered out, already received) are
 *    answered at once either way.
 *
 * n8n reads the mode from the webhook description, which cannot see the node's parameters except through an
 * expression. An expression evaluated per delivery needs n8n's expression engine: an isolate per call, and an error
 * answered 500 when a call arrives while n8n stops. So each field carries both the expression (what the editor and
 * n8n versions before 2.40 read) and a resolver under n8n's `Symbol.for('n8n.webhookDescriptionResolvers')`, with
 * which n8n 2.40 and later compute the field from the parameters themselves, without the engine, whenever none of
 * the node's parameters is an expression (n8n-workflow's `resolveWebhookDescriptionField`). The two must agree
 * (acknowledge.test.ts evaluates both with n8n's engine).
 */
import type { INodeParameters, INodeProperties, IWebhookDescription, IWebhookFunctions } from 'n8n-workflow';

/** The option's values. */
const ACKNOWLEDGE = { received: 'received', finished: 'finished' } as const;

/** Options › Acknowledge Delivery, in each webhook trigger's Options. */
export const acknowledgeOption: INodeProperties = {
	displayName: 'Acknowledge Delivery',
	name: 'acknowledge',
	type: 'options',
	options: [
		{
			name: 'When Received',
			value: 'received',
			description: 'Answer as soon as the run is queued. A run lost afterwards (n8n or its worker stopped) is not sent again.',
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

/** Whether a node's parameters ask for the acknowledgement after the run. Self-contained: it is also the template. */
export function acknowledgesWhenFinished(parameters: INodeParameters): boolean {
	const options = parameters.options;
	return typeof options === 'object' && options !== null && !Array.isArray(options) && (options as INodeParameters).acknowledge === 'finished';
}

/** Whether this call's node acknowledges after the run. */
export function acknowledgesAfterRun(fn: IWebhookFunctions): boolean {
	return fn.getNodeParameter('options.acknowledge', ACKNOWLEDGE.received) === ACKNOWLEDGE.finished;
}

/** n8n-workflow's key for the resolvers of a webhook description (a registered symbol: the same in every copy). */
const WEBHOOK_RESOLVERS = Symbol.for('n8n.webhookDescriptionResolvers');

const chosen = '($parameter["options"] || {})["acknowledge"] === "finished"';

/** A field n8n reads as the expression `template`, or natively with `resolve`. */
interface Field {
	template: string;
	resolve(parameters: INodeParameters): string;
}

const fields = {
	responseMode: {
		template: `={{${chosen} ? "lastNode" : "onReceived"}}`,
		resolve: (parameters) => (acknowledgesWhenFinished(parameters) ? 'lastNode' : 'onReceived'),
	},
	// On receipt: empty, so that n8n sends the trigger's own acknowledgement (an unset value would send the text
	// "firstEntryJson"). After the run: nothing, rather than the last node's data.
	responseData: {
		template: `={{${chosen} ? "noData" : ""}}`,
		resolve: (parameters) => (acknowledgesWhenFinished(parameters) ? 'noData' : ''),
	},
} satisfies Record<'responseMode' | 'responseData', Field>;

/** What the three triggers' webhook descriptions carry: how n8n answers a call that starts a run. */
export const webhookAnswer = {
	responseMode: fields.responseMode.template,
	responseData: fields.responseData.template,
	[WEBHOOK_RESOLVERS]: fields,
} as Pick<IWebhookDescription, 'responseMode' | 'responseData'>;
