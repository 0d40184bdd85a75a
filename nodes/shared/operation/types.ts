import type { INodeExecutionData, INodeProperties, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import type { OperationContext } from '../context/item';

import type { SiteClockUse } from './siteClock';

export type { OperationContext } from '../context/item';

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
	/**
	 * The operation runs on the site's clock: the executor resolves it before (`ctx.clock`, read with clockOf) and,
	 * with Simplify on, gives each listed date of its items with the site's offset after (siteClock.ts).
	 */
	siteClock?: SiteClockUse;
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
export type OperationLabels = Pick<PaySuiteOperation, 'value' | 'name' | 'action' | 'description' | 'properties' | 'fieldLabels' | 'siteClock'>;

export const labelsOf = ({ value, name, action, description, fieldLabels, siteClock }: OperationLabels) => ({ value, name, action, description, fieldLabels, siteClock });
