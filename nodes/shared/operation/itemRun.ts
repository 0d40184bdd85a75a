import { createHash, randomUUID } from 'crypto';

import { canonicalJson } from '../transport/canonicalJson';
import type { OperationContext } from './types';

/**
 * What n8n's Retry of a failed execution keeps identical for one item: it starts a new execution from the stored
 * run data, so the node runs again in the same workflow, at the same run index (the failed run is dropped first),
 * on the same input item. See PaySuiteGateway/processIdempotencyKey.ts.
 */
export interface ItemRun {
	workflowId: string;
	nodeId: string;
	runIndex: number;
	itemIndex: number;
	/** The json of the node's input item. */
	input: unknown;
}

export function itemRun(ctx: OperationContext): ItemRun {
	return {
		workflowId: ctx.fn.getWorkflow().id ?? '',
		// Never the case in a real workflow; a random one avoids false deduplication.
		nodeId: ctx.node.id || randomUUID(),
		runIndex: Number(ctx.fn.getWorkflowDataProxy(ctx.itemIndex).$runIndex ?? 0),
		itemIndex: ctx.itemIndex,
		input: ctx.fn.getInputData()[ctx.itemIndex]?.json ?? {},
	};
}

/** The input read back from JSON as n8n stores it, so a Retry gives the same text. */
export function itemRunDigest(run: ItemRun): string {
	const input = run.input === undefined ? null : (JSON.parse(JSON.stringify(run.input) ?? 'null') as unknown);
	const text = [run.workflowId, run.nodeId, String(run.runIndex), String(run.itemIndex), canonicalJson(input)].join('\n');
	return createHash('sha256').update(text, 'utf8').digest('hex');
}
