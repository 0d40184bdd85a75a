import { sleep, type IExecuteFunctions } from 'n8n-workflow';

import { readParam } from './itemContext';
import type { FieldNames } from './validation';

/** The error is thrown when the item reads that field. */
export type Prefetched = { value: unknown } | { error: unknown };

/**
 * Reads every item's fields ahead, as n8n's HTTP Request node does, so a batch's requests are not held back by
 * expressions (in n8n 2.x each is a synchronous call into a separate isolate, about a millisecond). Reads run an
 * item at a time between answers; a failed expression keeps its error, thrown only if and when its item reads it.
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

	/** Read now if not yet; handed over once. */
	take(itemIndex: number): Map<string, Prefetched> {
		const read = this.read[itemIndex] ?? this.evaluate(itemIndex);
		this.read[itemIndex] = new Map();
		return read;
	}

	/** One item per turn of the event loop, so answers are handled between. */
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

/** Only fields the node holds; each error kept in its place. */
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
