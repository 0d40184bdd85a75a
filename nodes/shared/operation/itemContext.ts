/** One item's OperationContext: its fields read once each, validated, refused or failed in its name. */
import { deepCopy, NodeOperationError, type IExecuteFunctions, type INode, type INodeParameterResourceLocator } from 'n8n-workflow';

import { keptWith } from '../context/runMemory';
import type { OneAtATime } from './execute';
import type { Prefetched } from './prefetch';
import type { OperationContext, PaySuiteOperation } from './types';
import { FieldNames, parseJsonParameter, refuseField, validateInput } from './validation';

export const fieldNamesOf = (operation: Pick<PaySuiteOperation, 'properties' | 'fieldLabels'>): FieldNames =>
	new FieldNames(operation.properties, operation.fieldLabels);

const isLocatorValue = (value: unknown): value is INodeParameterResourceLocator =>
	typeof value === 'object' && value !== null && (value as { __rl?: unknown }).__rl === true;

/** The ID n8n extracts from a "By URL" link; a link holding no ID refuses the item in the panel's words. */
function locatorValue(fn: IExecuteFunctions, name: string, itemIndex: number, names: FieldNames): unknown {
	try {
		const value = fn.getNodeParameter(name, itemIndex, undefined, { extractValue: true });
		return typeof value === 'string' ? value.trim() : value;
	} catch {
		return refuseField(fn.getNode(), itemIndex, names, name, 'must be a link that holds the ID (or pick "By ID" and give its digits)');
	}
}

/** Whether any text of a field's saved value is an expression (starts with "="): only those differ by item. Pure. */
export function holdsExpression(value: unknown): boolean {
	if (typeof value === 'string') return value.startsWith('=');
	if (Array.isArray(value)) return value.some(holdsExpression);
	if (value !== null && typeof value === 'object') return Object.values(value).some(holdsExpression);
	return false;
}

/**
 * A field without an expression has one value for every item: n8n's read of it (a copy of the node's value, its
 * checks) is paid once per run, each item getting its own copy.
 */
export function readParam(fn: IExecuteFunctions, node: INode, name: string, itemIndex: number, fallback: unknown, names: FieldNames): unknown {
	const saved = node.parameters?.[name];
	if (saved === undefined || holdsExpression(saved)) return readParamOfItem(fn, node, name, itemIndex, fallback, names);
	const same = keptWith(fn, 'sameForEveryItem', () => new Map<string, unknown>());
	if (!same.has(name)) same.set(name, readParamOfItem(fn, node, name, itemIndex, fallback, names));
	const value = same.get(name);
	return value !== null && typeof value === 'object' ? deepCopy(value) : value;
}

/**
 * A locator's ID (trimmed), anything else as n8n gives it. A locator is evaluated once, not whole and again for its
 * ID; on failure the long way throws what it always threw.
 */
function readParamOfItem(fn: IExecuteFunctions, node: INode, name: string, itemIndex: number, fallback: unknown, names: FieldNames): unknown {
	if (isLocatorValue(node.parameters?.[name])) {
		try {
			const value = fn.getNodeParameter(name, itemIndex, undefined, { extractValue: true });
			return typeof value === 'string' ? value.trim() : value;
		} catch {
			/* the long way */
		}
	}
	const value = fn.getNodeParameter(name, itemIndex, fallback as never);
	return isLocatorValue(value) ? locatorValue(fn, name, itemIndex, names) : value;
}

/** `prefetched`: its fields read ahead (ParameterPrefetch). */
export function contextFor(
	fn: IExecuteFunctions,
	node: INode,
	itemIndex: number,
	names: FieldNames,
	oneAtATime: OneAtATime,
	prefetched: Map<string, Prefetched> = new Map(),
): OperationContext {
	const read = new Map<string, { fallback: unknown; value: unknown }>();
	/** Handed out once: a later read of an object reads it again. */
	const takePrefetched = (name: string): Prefetched | undefined => {
		const ahead = prefetched.get(name);
		prefetched.delete(name);
		return ahead;
	};
	return {
		fn,
		node,
		itemIndex,
		param: <T>(name: string, fallback?: T) => {
			// n8n 2.x evaluates an expression in a separate isolate on every read: most of an item's time. So a field read
			// twice for an item is evaluated once. Only plain values are kept: an object is a fresh copy per read.
			const kept = read.get(name);
			if (kept && kept.fallback === fallback) return kept.value as T;
			const ahead = takePrefetched(name);
			if (ahead && 'error' in ahead) throw ahead.error;
			const value = ahead ? ahead.value : readParam(fn, node, name, itemIndex, fallback, names);
			if (value === null || typeof value !== 'object') read.set(name, { fallback, value });
			return value as T;
		},
		jsonParam: <T>(name: string, fallback?: T) => {
			const ahead = isLocatorValue(node.parameters?.[name]) ? undefined : takePrefetched(name);
			if (ahead && 'error' in ahead) throw ahead.error;
			const raw = ahead ? ahead.value : fn.getNodeParameter(name, itemIndex, fallback as never);
			const parsed = parseJsonParameter(node, name, raw, itemIndex, names);
			return (parsed === undefined ? fallback : parsed) as T;
		},
		validate: (schema, value) => validateInput(node, schema, value, itemIndex, names),
		refuse: (path: string, problem: string) => refuseField(node, itemIndex, names, path, problem),
		fail: (message: string, description?: string) => {
			throw new NodeOperationError(node, `${message} (item ${itemIndex})`, { itemIndex, description });
		},
		sending: { writesSent: 0, oneAtATime },
	};
}
