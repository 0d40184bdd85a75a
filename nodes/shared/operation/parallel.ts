/** Items a few at a time (Options › Requests in Parallel), results in item order, and the queue for plain writes. */
import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { optionsCollection } from '../descriptions/collections';

const PARALLEL_OPTIONS = 'options';
const IN_PARALLEL = 'requestsInParallel';
export const MAX_IN_PARALLEL = 10;
/** Deduplicated writes (payments): one at a time unless the user chooses more. */
const DEFAULT_IN_PARALLEL = { read: 5, deduplicated: 1 } as const;

function parallelProperty(kind: 'read' | 'deduplicated'): INodeProperties {
	const stops =
		kind === 'read'
			? ''
			:  " If an item fails and the node stops the workflow, the items sent beside it may have been done: set Settings › On Error to Continue to get each item's result.";
	const field: INodeProperties = {
		displayName: 'Requests in Parallel',
		name: IN_PARALLEL,
		type: 'number',
		typeOptions: { minValue: 1, maxValue: MAX_IN_PARALLEL, numberPrecision: 0 },
		// A literal for n8n's lint; the kind's default below.
		default: 5,
		description: `How many items are sent to the platform at the same time (1 to ${MAX_IN_PARALLEL}; ${DEFAULT_IN_PARALLEL[kind]} when not set). More is faster with many items. The results keep the order of the input items, each paired with its item. When the platform asks to slow down, all of them wait.${stops}`,
	};
	return { ...field, default: DEFAULT_IN_PARALLEL[kind] };
}

/** The Options collection is added when the operation has none. */
export function withParallelOption(properties: INodeProperties[], kind: 'read' | 'deduplicated'): INodeProperties[] {
	const field = parallelProperty(kind);
	const existing = properties.find((property) => property.name === PARALLEL_OPTIONS);
	if (!existing) return [...properties, optionsCollection([field])];
	if (existing.type !== 'collection') throw new Error(`The field "${PARALLEL_OPTIONS}" must be the Options collection`);
	const options = [...((existing.options ?? []) as INodeProperties[]), field].sort((a, b) => a.displayName.localeCompare(b.displayName));
	return properties.map((property) => (property === existing ? { ...existing, options } : property));
}

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
	let last: Promise<unknown> = Promise.resolve();
	return <T>(task: () => Promise<T>) => {
		const run = last.then(task);
		last = run.catch(() => undefined);
		return run;
	};
}
