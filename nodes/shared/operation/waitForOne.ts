/**
 * What the Create and Wait for Payment operations share: one payment per execution, never as an AI tool, and what
 * goes on when n8n ends a wait by its own time limit.
 */
import type { IDataObject } from 'n8n-workflow';

import type { OperationContext } from './types';

/**
 * Fails the item before anything is sent when the node would wait for more than one payment: n8n resumes a waiting
 * execution once, and an AI agent cannot wait. `instead` says what to use then.
 */
export function refuseAllButOneItem(ctx: OperationContext, instead: string): void {
	if (ctx.node.type.endsWith('Tool')) {
		ctx.fail('Create and Wait for Payment cannot be used by an AI agent', `An agent cannot wait for a payment: give it ${instead}.`);
	}
	const count = ctx.fn.getInputData().length;
	if (count > 1) {
		ctx.fail(
			`Create and Wait for Payment takes one item per execution; got ${count}`,
			`It waits for one payment. Put Loop Over Items (batch size 1) before this node, or use ${instead}.`,
		);
	}
}

/**
 * n8n's own time limit runs none of the node's code: it disables the waiting node, which passes on its pending input
 * (where a resuming call's items go too), so that input becomes the item that goes on then.
 */
export function passOnAtTimeLimit(ctx: OperationContext, json: IDataObject): void {
	ctx.fn.getExecuteData().data = { main: [[{ json, pairedItem: { item: 0 } }]] };
}
