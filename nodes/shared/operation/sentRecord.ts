/**
 * n8n's record of what these nodes sent (writes guarded against repeats, refunds made), kept in n8n's database
 * through the deduplication helpers n8n gives nodes, so that every n8n process (main, workers; manual and
 * production runs) reads the same record, across restarts. One record per workflow (scope 'workflow'): two nodes
 * of a workflow see each other's writes; another workflow does not.
 *
 * The helpers keep a set of strings per workflow, with one call that reads and adds (checkProcessedAndRecord) and
 * one that removes: to look a key up is to add it and take it back. n8n reads and writes the set's database row
 * whole, so two processes writing at the same moment can erase each other's additions: what is added is read back
 * and added again. Within this process, calls on one workflow's record are made one at a time (the only state kept
 * in this module).
 */
import { sleep, type DeduplicationHelperFunctions, type ICheckProcessedOptions } from 'n8n-workflow';

import type { OperationContext } from './types';

/**
 * How many strings the record keeps (the oldest go first). A Remove Duplicates node of the same workflow with
 * scope "Workflow" shares the set: this limit is above its default history (10,000), so these nodes never cut it.
 */
const MAX_RECORDED = 50_000;
const OPTIONS: ICheckProcessedOptions = { mode: 'entries', maxEntries: MAX_RECORDED };
/** Times an addition is read back (and made again) before it is taken as kept. */
const READ_BACKS = 3;

type Helpers = Pick<DeduplicationHelperFunctions, 'checkProcessedAndRecord' | 'removeProcessed'>;

export interface SentRecord {
	/** The keys of `probe` the record holds; `keep` is added and stays (one call: a claim). */
	lookUp(probe: string[], keep?: string[]): Promise<Set<string>>;
	/** Adds the keys, read back until they stay. */
	add(keys: string[]): Promise<void>;
	remove(keys: string[]): Promise<void>;
}

/** One queue per workflow: this process's calls on a record never overlap. */
const queues = new Map<string, Promise<unknown>>();

function inTurn<T>(workflowId: string, call: () => Promise<T>): Promise<T> {
	const previous = queues.get(workflowId) ?? Promise.resolve();
	const next = previous.then(call, call);
	const settled = next.catch(() => undefined);
	queues.set(workflowId, settled);
	void settled.then(() => {
		if (queues.get(workflowId) === settled) queues.delete(workflowId);
	});
	return next;
}

/**
 * The workflow's record, or undefined where n8n offers none (an AI agent's tool, a workflow without an ID, an
 * engine without a database): the caller then says it cannot remember.
 */
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
			// A key reported new had been erased by another process's write; this call has just added it again.
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
