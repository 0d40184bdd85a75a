/**
 * The node's router: runs the chosen operation once per input item (a few at a time where it may), and
 * owns what every operation shares: the secrets switch, continue-on-fail, pairing, and one failing item never
 * hiding the others' results.
 */
import {
	NodeOperationError,
	type IExecuteFunctions,
	type INodeExecutionData,
	type IWebhookFunctions,
	type IWebhookResponseData,
} from 'n8n-workflow';

import { failedItemError, passwordParameters } from '../transport/nodeErrors';
import { HIDDEN_FROM_TOOL, HIDDEN_SECRET, hideSecrets } from '../transport/redact';
import { contextFor, fieldNamesOf } from './itemContext';
import { ParameterPrefetch, prefetchFields } from './prefetch';
import { DEFAULT_IN_PARALLEL, IN_PARALLEL, MAX_IN_PARALLEL, PARALLEL_OPTIONS, withParallelOption } from './properties';
import { INCLUDE_SECRETS } from '../descriptions/commonFields';
import { siteClock, withSiteDates } from './siteClock';
import type { OperationContext, PaySuiteOperation, PaySuiteResource } from './types';

/** The output keeps the items' order, each paired with its item. */
export async function executeResources(this: IExecuteFunctions, resources: PaySuiteResource[]): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const operation = chosenOperation(this, resources);
	// n8n's getNode() gives a deep copy of the node on every call: one for the run, shared by its items.
	const node = this.getNode();
	// n8n names the AI-tool variant of a node `<type>Tool`: a tool never gives a secret to a model.
	const asTool = node.type.endsWith('Tool');
	const names = fieldNamesOf(operation);
	const oneAtATime = oneAtATimeQueue();
	const inParallel = operation.parallel ? requestsInParallel(this, operation.parallel) : 1;
	// Reads only: their fields are read ahead while requests are in flight. Writes read theirs in turn.
	const prefetch =
		operation.parallel === 'read' && items.length > 1
			? new ParameterPrefetch(prefetchFields(this, fieldsOf(operation), names), items.length)
			: undefined;
	const runItem = async (itemIndex: number): Promise<INodeExecutionData[]> => {
		try {
			const ctx = await onItsClock(operation, contextFor(this, node, itemIndex, names, oneAtATime, prefetch?.take(itemIndex)));
			const items = await operation.execute(ctx);
			const produced = operation.siteClock ? withSiteDates(ctx, items, operation.siteClock) : items;
			return this.helpers.constructExecutionMetaData(withSecretsSwitch(ctx, produced, asTool), { itemData: { item: itemIndex } });
		} catch (error) {
			return failedItem(this, resources, error, itemIndex);
		}
	};
	prefetch?.start();
	try {
		return [(await runInOrder(items.length, inParallel, runItem)).flat()];
	} finally {
		prefetch?.stop();
	}
}

/** n8n calls it only on the resume URL of an execution waiting on this node (`restartWebhook: true`). */
export async function resumeResources(this: IWebhookFunctions, resources: PaySuiteResource[]): Promise<IWebhookResponseData> {
	const operation = chosenOperation(this, resources);
	if (!operation.resume) throw new NodeOperationError(this.getNode(), `The operation "${operation.name}" does not wait for a notification`);
	return await operation.resume(this);
}

/** Resolved once, before the operation runs. */
async function onItsClock(operation: PaySuiteOperation, ctx: OperationContext): Promise<OperationContext> {
	if (!operation.siteClock) return ctx;
	return { ...ctx, clock: await siteClock(ctx, operation.siteClock.override?.(ctx)) };
}

/** Item 0's: Resource and Operation take no expression. */
function chosenOperation(fn: IExecuteFunctions | IWebhookFunctions, resources: PaySuiteResource[]): PaySuiteOperation {
	const resourceValue = fn.getNodeParameter('resource', 0) as string;
	const operationValue = fn.getNodeParameter('operation', 0) as string;
	const operation = resources.find((r) => r.value === resourceValue)?.operations.find((o) => o.value === operationValue);
	if (!operation) {
		throw new NodeOperationError(fn.getNode(), `The operation "${operationValue}" of "${resourceValue}" is not supported`);
	}
	return operation;
}

/** Secrets shown only when Include Secrets is on and the node is not an AI tool. */
function withSecretsSwitch(ctx: OperationContext, produced: INodeExecutionData[], asTool: boolean): INodeExecutionData[] {
	const showSecrets = !asTool && ctx.param<unknown>(INCLUDE_SECRETS, false) === true;
	return showSecrets ? produced : produced.map((item) => ({ ...item, json: hideSecrets(item.json, asTool ? HIDDEN_FROM_TOOL : HIDDEN_SECRET) }));
}

/** Its error item when the node continues on fail, else the error that stops the node. */
function failedItem(fn: IExecuteFunctions, resources: PaySuiteResource[], error: unknown, itemIndex: number): INodeExecutionData[] {
	if (!fn.continueOnFail()) {
		const fields = resources.flatMap((resource) => resource.operations.flatMap((entry) => entry.properties));
		throw failedItemError(fn.getNode(), error, itemIndex, passwordParameters(fields));
	}
	const failure = error as { message?: string; description?: string | null; httpCode?: string | null };
	return [
		{
			json: {
				error: failure.message ?? String(error),
				...(failure.description ? { description: failure.description } : {}),
				...(failure.httpCode ? { httpCode: failure.httpCode } : {}),
			},
			pairedItem: { item: itemIndex },
		},
	];
}

/** Its own, and Options with Requests in Parallel. */
const fieldsOf = (operation: PaySuiteOperation): string[] => [
	...new Set([
		...(operation.parallel ? withParallelOption(operation.properties, operation.parallel) : operation.properties).map((property) => property.name),
		INCLUDE_SECRETS,
	]),
];

/** Set once for the node: item 0's. */
export function requestsInParallel(fn: IExecuteFunctions, kind: 'read' | 'deduplicated'): number {
	const chosen = Number(fn.getNodeParameter(`${PARALLEL_OPTIONS}.${IN_PARALLEL}`, 0, DEFAULT_IN_PARALLEL[kind]));
	return Number.isFinite(chosen) ? Math.min(MAX_IN_PARALLEL, Math.max(1, Math.floor(chosen))) : DEFAULT_IN_PARALLEL[kind];
}

/**
 * Started and resolved in item order. After a failure no further item starts; those in flight finish, and the first
 * failed item's error is thrown, as a run one at a time would have stopped on it.
 */
export async function runInOrder<T>(count: number, inParallel: number, run: (index: number) => Promise<T>): Promise<T[]> {
	const results: T[] = new Array<T>(count);
	const failures = new Map<number, unknown>();
	let next = 0;
	const worker = async () => {
		while (next < count && failures.size === 0) {
			const index = next++;
			try {
				results[index] = await run(index);
			} catch (error) {
				failures.set(index, error);
			}
		}
	};
	await Promise.all(Array.from({ length: Math.max(1, Math.min(inParallel, count)) }, worker));
	if (failures.size > 0) throw failures.get(Math.min(...failures.keys()));
	return results;
}

/** In the order given, whatever order their callers finish in. */
export type OneAtATime = <T>(task: () => Promise<T>) => Promise<T>;

export function oneAtATimeQueue(): OneAtATime {
	let last: Promise<void> = Promise.resolve();
	// Awaited, with no other handler on the caller's promise: the task's call stack then shows who queued it
	// (test/engine/callPath.test.ts).
	return async <T>(task: () => Promise<T>) => {
		const before = last;
		let release!: () => void;
		last = new Promise<void>((resolve) => (release = resolve));
		try {
			await before;
			return await task();
		} finally {
			release();
		}
	};
}
