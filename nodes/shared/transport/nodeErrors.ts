import {
	NodeApiError,
	NodeOperationError,
	type INode,
	type INodeParameters,
	type INodeProperties,
	type INodePropertyCollection,
	type INodePropertyOptions,
} from 'n8n-workflow';

import { redact } from './redact';

/**
 * An error as a node hands it to n8n. The package's own errors (the transport's NodeApiError, the validation's and
 * `ctx.fail`'s NodeOperationError) already name the node and the item, so they go on as they are; anything else
 * (a bug, an error of a library) is wrapped in a NodeOperationError of the node.
 */
export function asNodeError(node: INode, error: unknown, itemIndex?: number): NodeApiError | NodeOperationError {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) return error;
	return new NodeOperationError(node, error as Error, { itemIndex });
}

type PropertyEntry = INodeProperties | INodePropertyCollection | INodePropertyOptions;

/** Names of the parameters typed as passwords, at any depth (collections and fixed collections included). */
export function passwordParameters(properties: PropertyEntry[]): Set<string> {
	const names = new Set<string>();
	const visit = (entries: PropertyEntry[]) => {
		for (const entry of entries) {
			if ('typeOptions' in entry && entry.typeOptions?.password) names.add(entry.name);
			if ('options' in entry && Array.isArray(entry.options)) visit(entry.options as PropertyEntry[]);
			if ('values' in entry && Array.isArray(entry.values)) visit(entry.values);
		}
	};
	visit(properties);
	return names;
}

/**
 * The node as an error carries it to n8n. n8n keeps a failed node's error with the execution, node and parameters
 * included, and logs it ("Workflow execution finished with error"): a card number, CVV or key typed into a field
 * must not go with it. A field typed as a password becomes '[redacted]' (an expression stays: it holds no value),
 * and `redact` masks card numbers and secret keys in the others.
 */
export function nodeForError(node: INode, passwords: Set<string>): INode {
	const mask = (value: unknown, key = ''): unknown => {
		// An expression holds no value: it stays as typed, whatever its field.
		if (typeof value === 'string' && value.startsWith('=')) return value;
		if (Array.isArray(value)) return value.map((entry) => mask(entry, key));
		if (value && typeof value === 'object') {
			return Object.fromEntries(
				Object.entries(value).map(([name, entry]) => [
					name,
					passwords.has(name) && typeof entry === 'string' && entry !== '' && !entry.startsWith('=') ? '[redacted]' : mask(entry, name),
				]),
			);
		}
		// A value: `redact` decides by its field name (secret keys) and its text (card numbers).
		return key ? (redact({ [key]: value }) as Record<string, unknown>)[key] : redact(value);
	};
	return { ...node, parameters: mask(node.parameters) as INodeParameters };
}

/** The error of a failed item as the node throws it to n8n: a node error whose node carries no secret. */
export function failedItemError(node: INode, error: unknown, itemIndex: number, passwords: Set<string>): NodeApiError | NodeOperationError {
	const nodeError = asNodeError(node, error, itemIndex);
	(nodeError as { node: INode }).node = nodeForError(nodeError.node ?? node, passwords);
	return nodeError;
}
