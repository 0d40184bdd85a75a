/**
 * n8n's record of what these nodes sent, kept through n8n's deduplication helpers so every process reads it across
 * restarts; one per workflow (scope 'workflow'). The helpers only read-and-add or remove: a look-up adds what it
 * looks for and takes it back. n8n writes the row whole, so two writes at the same moment can drop each other's
 * additions: copies of one node write it under the node's lock (nodeLock.ts), and this process's writes go one at a
 * time. What is left is another node of the workflow writing at the same moment (docs/scaling.md).
 */
import type { DeduplicationHelperFunctions, ICheckProcessedOptions } from 'n8n-workflow';

import { withNodeLock, type LockStore } from './nodeLock';
import type { OperationContext } from './types';

/** A Remove Duplicates node with scope "Workflow" shares the set: this is above its default history (10,000). */
const MAX_RECORDED = 50_000;
export const RECORD_OPTIONS: ICheckProcessedOptions = { mode: 'entries', maxEntries: MAX_RECORDED };

type Helpers = Pick<DeduplicationHelperFunctions, 'checkProcessedAndRecord' | 'removeProcessed'> & LockStore;

export interface SentRecord {
	/** Which keys are held; all are added (`added` says which were new). One call. */
	check(keys: string[]): Promise<{ held: Set<string>; added: string[] }>;
	/** Which of `probe` are held, the record left as it was. Two calls. */
	lookUp(probe: string[]): Promise<Set<string>>;
	remove(keys: string[]): Promise<void>;
	/** `step` while this run holds the node's lock. */
	locked<T>(step: () => Promise<T>): Promise<T>;
}

const queues = new Map<string, Promise<unknown>>();

/** `call` after this process's earlier calls in the same turn (one row of n8n's store) have ended. */
export function inTurn<T>(turn: string, call: () => Promise<T>): Promise<T> {
	const previous = queues.get(turn) ?? Promise.resolve();
	const next = previous.then(call, call);
	const settled = next.catch(() => undefined);
	queues.set(turn, settled);
	void settled.then(() => {
		if (queues.get(turn) === settled) queues.delete(turn);
	});
	return next;
}

const HELPER_NAMES = ['checkProcessedAndRecord', 'removeProcessed', 'getProcessedDataCount', 'clearAllProcessedItems'] as const;

/** Undefined where n8n offers none (an AI agent's tool, a workflow without an ID, an engine without a database). */
export function sentRecord(ctx: OperationContext): SentRecord | undefined {
	const helpers = ctx.fn.helpers as Partial<Helpers> | undefined;
	const workflowId = ctx.fn.getWorkflow?.().id;
	if (!workflowId || !HELPER_NAMES.every((name) => typeof helpers?.[name] === 'function')) return undefined;
	const store = helpers as Helpers;
	const check = (keys: string[]) =>
		inTurn(workflowId, async () => {
			const found = await store.checkProcessedAndRecord(keys, 'workflow', RECORD_OPTIONS);
			return { added: found.new.map(String), held: new Set(found.processed.map(String)) };
		});
	const remove = (keys: string[]) => (keys.length ? inTurn(workflowId, () => store.removeProcessed(keys, 'workflow', RECORD_OPTIONS)) : Promise.resolve());
	return {
		check,
		lookUp: async (probe) => {
			const { added, held } = await check([...new Set(probe)]);
			await remove(added);
			return held;
		},
		remove,
		locked: (step) => withNodeLock(store, step),
	};
}
