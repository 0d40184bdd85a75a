/**
 * n8n's record of what these nodes sent, kept through n8n's deduplication helpers so every process reads it across
 * restarts; one per workflow (scope 'workflow'). The helpers only read-and-add or remove, so a look-up adds and
 * takes back. n8n writes the set's row whole, so two processes at once can erase each other's additions: additions
 * are read back and made again. This process's calls on one record go one at a time.
 */
import { sleep, type DeduplicationHelperFunctions, type ICheckProcessedOptions } from 'n8n-workflow';

import type { OperationContext } from './types';

/** A Remove Duplicates node with scope "Workflow" shares the set: this is above its default history (10,000). */
const MAX_RECORDED = 50_000;
const OPTIONS: ICheckProcessedOptions = { mode: 'entries', maxEntries: MAX_RECORDED };
/** Before an addition is taken as kept. */
const READ_BACKS = 3;

type Helpers = Pick<DeduplicationHelperFunctions, 'checkProcessedAndRecord' | 'removeProcessed'>;

export interface SentRecord {
	/** `keep` is added and stays (one call: a claim). */
	lookUp(probe: string[], keep?: string[]): Promise<Set<string>>;
	/** Read back until they stay. */
	add(keys: string[]): Promise<void>;
	remove(keys: string[]): Promise<void>;
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

/** Undefined where n8n offers none (an AI agent's tool, a workflow without an ID, an engine without a database). */
export function sentRecord(ctx: OperationContext): SentRecord | undefined {
	const helpers = ctx.fn.helpers as Partial<Helpers> | undefined;
	const workflowId = ctx.fn.getWorkflow?.().id;
	if (!workflowId || typeof helpers?.checkProcessedAndRecord !== 'function' || typeof helpers.removeProcessed !== 'function') return undefined;
	const store = helpers as Helpers;
	const check = async (keys: string[]) => {
		const found = await store.checkProcessedAndRecord(keys, 'workflow', OPTIONS);
		return { added: found.new.map(String), held: new Set(found.processed.map(String)) };
	};
	const remove = async (keys: string[]) => {
		if (keys.length) await store.removeProcessed(keys, 'workflow', OPTIONS);
	};
	const add = async (keys: string[]) => {
		await check(keys);
		let erased = keys;
		for (let read = 1; read <= READ_BACKS && erased.length; read++) {
			await sleep(20 * read);
			// Reported new: another process's write had erased it, and this call added it again.
			erased = (await check(erased)).added;
		}
	};
	return {
		lookUp: (probe, keep = []) =>
			inTurn(workflowId, async () => {
				const { added, held } = await check([...new Set([...probe, ...keep])]);
				const kept = new Set(keep);
				await remove(added.filter((key) => !kept.has(key)));
				return new Set(probe.filter((key) => held.has(key)));
			}),
		add: (keys) => inTurn(workflowId, () => add(keys)),
		remove: (keys) => inTurn(workflowId, () => remove(keys)),
	};
}
