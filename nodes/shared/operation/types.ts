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
	 * For body paths no field names (a JSON field merged into an object): `{ payment: 'Additional Fields › Payment
	 * Extras' }`.
	 */
	fieldLabels?: Record<string, string>;
	/**
	 * Every request is a read or deduplicated, so items may run a few at a time (Options › Requests in Parallel).
	 * `deduplicated` defaults to one at a time: a payment that stops the run must not leave later ones already sent.
	 */
	parallel?: 'read' | 'deduplicated';
	/**
	 * The executor resolves the site's clock before (`ctx.clock`) and adds the dates' site-offset forms after
	 * (siteClock.ts).
	 */
	siteClock?: SiteClockUse;
	execute(ctx: OperationContext): Promise<INodeExecutionData[]>;
	/** Answers a call to the waiting execution's resume URL (the node's `webhook()`, see resumeResources). */
	resume?(fn: IWebhookFunctions): Promise<IWebhookResponseData>;
}

export interface PaySuiteResource {
	value: string;
	name: string;
	description?: string;
	operations: PaySuiteOperation[];
	/**
	 * A read, so that adding a node never puts a charge or a refund on the canvas. `since` is the node version that
	 * brought it; older versions keep the first operation, as saved workflows leave defaults out.
	 */
	defaultOperation?: { value: string; since: number };
	/**
	 * The operation the resource's first version starts on (its default, which saved workflows leave out), when the
	 * list no longer starts with it: lists show reads before writes, so the first action offered never moves money.
	 */
	firstDefault?: string;
}

export type OperationLabels = Pick<PaySuiteOperation, 'value' | 'name' | 'action' | 'description' | 'properties' | 'fieldLabels' | 'siteClock'>;

export const labelsOf = ({ value, name, action, description, fieldLabels, siteClock }: OperationLabels) => ({ value, name, action, description, fieldLabels, siteClock });
