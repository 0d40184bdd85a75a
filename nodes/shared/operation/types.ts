import type { IExecuteFunctions, INode, INodeExecutionData, INodeProperties, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';
import type { ZodType, ZodTypeDef } from 'zod/v3';

import type { OneAtATime } from './parallel';

/** What an operation sees of one input item (made by contextFor, itemContext.ts). */
export interface OperationContext {
	readonly fn: IExecuteFunctions;
	readonly node: INode;
	readonly itemIndex: number;
	/** The node parameter for this item; `fallback` when it is not shown. */
	param<T = unknown>(name: string, fallback?: T): T;
	/** A parameter that holds JSON (text or object), parsed. */
	jsonParam<T = unknown>(name: string, fallback?: T): T;
	/** Validates what is about to be sent; nothing is sent when it fails. */
	validate<Output, Input = Output>(schema: ZodType<Output, ZodTypeDef, Input>, value: unknown): Output;
	/** Fails this item with a message that names it. */
	fail(message: string, description?: string): never;
	/**
	 * Refuses this item before anything is sent, as validation does: `problem` follows the field's name as the
	 * panel shows it ("needs a value when ..."); `path` is where it goes in the body.
	 */
	refuse(path: string, problem: string): never;
	/** What sendRequest (send.ts) keeps for this item; operations send with sendRequest, never read it. */
	readonly sending: ItemSending;
}

/** What sendRequest keeps for one item: how many plain writes it sent (their ordinals), and the run's queue. */
export interface ItemSending {
	writesSent: number;
	/** One queue for the node run: a plain write is never in flight beside another one. */
	readonly oneAtATime: OneAtATime;
}

export interface PaySuiteOperation {
	value: string;
	name: string;
	action: string;
	description: string;
	properties: INodeProperties[];
	/**
	 * Labels of body paths that no field of `properties` names (a JSON field merged into an object), by path
	 * without list positions: `{ payment: 'Additional Fields › Payment Extras' }`. Validation errors use them.
	 */
	fieldLabels?: Record<string, string>;
	/**
	 * Every request it sends is a read or a write the platform deduplicates: its items may be run a few at a time
	 * (the Options › Requests in Parallel field, see parallelProperty). `read` runs them 5 at a time unless the
	 * user says otherwise; `deduplicated` one at a time unless the user chooses more (a payment that stops the run
	 * must not leave later ones already sent). Set by requestOperation and listOperation from the request's safety.
	 */
	parallel?: 'read' | 'deduplicated';
	execute(ctx: OperationContext): Promise<INodeExecutionData[]>;
	/**
	 * An operation that puts its execution to wait for the platform's notification (Create and Wait for Payment):
	 * what answers a call to the execution's resume URL (the node's `webhook()`, see resumeResources).
	 */
	resume?(fn: IWebhookFunctions): Promise<IWebhookResponseData>;
}

export interface PaySuiteResource {
	value: string;
	name: string;
	description?: string;
	operations: PaySuiteOperation[];
	/**
	 * The operation a new node starts on when it is not the first one listed: a read, so that adding a node never
	 * puts a charge or a refund on the canvas. `since` is the node version that brought it in; older versions keep
	 * the first operation, so a saved workflow (which leaves defaults out) keeps doing what it did.
	 */
	defaultOperation?: { value: string; since: number };
}

/** What an operation made by requestOperation, listOperation or pollingOperation says of itself in the panel. */
export type OperationLabels = Pick<PaySuiteOperation, 'value' | 'name' | 'action' | 'description' | 'properties' | 'fieldLabels'>;

export const labelsOf = ({ value, name, action, description, fieldLabels }: OperationLabels) => ({ value, name, action, description, fieldLabels });
