import { NodeApiError, NodeOperationError, type INode } from 'n8n-workflow';

/**
 * An error as a node hands it to n8n. The package's own errors (the transport's NodeApiError, the validation's and
 * `ctx.fail`'s NodeOperationError) already name the node and the item, so they go on as they are; anything else
 * (a bug, an error of a library) is wrapped in a NodeOperationError of the node.
 */
export function asNodeError(node: INode, error: unknown, itemIndex?: number): NodeApiError | NodeOperationError {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) return error;
	return new NodeOperationError(node, error as Error, { itemIndex });
}
