import { sleep, type IExecuteFunctions } from 'n8n-workflow';

import { readParam } from './itemContext';
import type { FieldNames } from './validation';

/** A field read ahead of its item's turn: its value, or the error reading it threw (thrown when the item reads it). */
export type Prefetched = { value: unknown } | { error: unknown };

/**
 * Reads every item's fields ahead of their turn, as n8n's HTTP Request node does before it sends anything, so
 * that the requests of a batch are not held back by expressions (in n8n 2.x each one is a synchronous call into
 * a separate isolate, about a millisecond). The reading runs an item at a time between the answers:
 * while requests are in flight, later items are read; an item whose turn comes first is read at once. Nothing is
 * lost: a field whose expression fails keeps its error, thrown when (and only if) its item reads that field, in
 * its place, as before.
 */
export class ParameterPrefetch {
	private readonly read: Array<Map<string, Prefetched> | undefined>;
	private next = 0;
	private stopped = false;

	constructor(
		private readonly evaluate: (itemIndex: number) => Map<string, Prefetched>,
		count: number,
	) {
		this.read = new Array<Map<string, Prefetched> | undefined>(count);
	}

	/** The fields read for this item (read now if not yet), handed over once. */
	take(itemIndex: number): Map<string, Prefetched> {
		const read = this.read[itemIndex] ?? this.evaluate(itemIndex);
		this.read[itemIndex] = new Map();
		return read;
	}

	/** Starts reading ahead, one item per turn of the event loop (answers handled between), until all are read or stop(). */
	start(): void {
		void (async () => {
			for (;;) {
				await sleep(0);
				if (this.stopped) return;
				while (this.next < this.read.length && this.read[this.next] !== undefined) this.next++;
				if (this.next >= this.read.length) return;
				this.read[this.next] = this.evaluate(this.next);
			}
		})();
	}

	stop(): void {
		this.stopped = true;
	}
}

/** Reads the fields an item of an operation may read, that the node holds, keeping each error in its place. */
export function prefetchFields(fn: IExecuteFunctions, fields: string[], names: FieldNames): (itemIndex: number) => Map<string, Prefetched> {
	const node = fn.getNode();
	const held = fields.filter((name) => node.parameters?.[name] !== undefined);
	return (itemIndex) => {
		const read = new Map<string, Prefetched>();
		for (const name of held) {
			try {
				read.set(name, { value: readParam(fn, node, name, itemIndex, undefined, names) });
			} catch (error) {
				read.set(name, { error });
			}
		}
		return read;
	};
}
