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

/** The package's own errors already name the node and the item; anything else is wrapped. */
export function asNodeError(node: INode, error: unknown, itemIndex?: number): NodeApiError | NodeOperationError {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) return error;
	return new NodeOperationError(node, error as Error, { itemIndex });
}

type PropertyEntry = INodeProperties | INodePropertyCollection | INodePropertyOptions;

/** At any depth. */
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
 * n8n keeps a failed node's error with its parameters and logs it, so a card number, CVV or key typed into a field
 * must not go with it: password fields become '[redacted]' and `redact` masks the others.
 */
export function nodeForError(node: INode, passwords: Set<string>): INode {
	const mask = (value: unknown, key = ''): unknown => {
		// An expression holds no value: it stays as typed.
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
		// `redact` decides by the field name (secret keys) and the text (card numbers).
		return key ? (redact({ [key]: value }) as Record<string, unknown>)[key] : redact(value);
	};
	return { ...node, parameters: mask(node.parameters) as INodeParameters };
}

/** Its node carries no secret. */
export function failedItemError(node: INode, error: unknown, itemIndex: number, passwords: Set<string>): NodeApiError | NodeOperationError {
	const nodeError = asNodeError(node, error, itemIndex);
	(nodeError as { node: INode }).node = nodeForError(nodeError.node ?? node, passwords);
	return nodeError;
}
