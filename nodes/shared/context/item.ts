/**
 * What an operation sees of one input item (made by operation/itemContext.ts). Types only, at the bottom of
 * nodes/shared/ so every role may name the item it works for.
 */
import type { IExecuteFunctions, INode } from 'n8n-workflow';
import type { ZodType, ZodTypeDef } from 'zod/v3';

export interface OperationContext {
	readonly fn: IExecuteFunctions;
	readonly node: INode;
	readonly itemIndex: number;
	/** `fallback` when it is not shown. */
	param<T = unknown>(name: string, fallback?: T): T;
	/** JSON text or object, parsed. */
	jsonParam<T = unknown>(name: string, fallback?: T): T;
	/** Nothing is sent when it fails. */
	validate<Output, Input = Output>(schema: ZodType<Output, ZodTypeDef, Input>, value: unknown): Output;
	fail(message: string, description?: string): never;
	/**
	 * Refuses the item before anything is sent: `problem` follows the field's name as the panel shows it; `path` is
	 * where it goes in the body.
	 */
	refuse(path: string, problem: string): never;
	/** Resolved by the executor for operations that declare `siteClock`; undefined for the others. */
	readonly clock?: SiteClock;
	/** Kept by paySuiteRequest; operations never read it. */
	readonly sending: ItemSending;
}

/** How many plain writes the item sent (their ordinals), and the run's queue. */
export interface ItemSending {
	writesSent: number;
	/** One per node run: a plain write is never in flight beside another one. */
	readonly oneAtATime: <T>(task: () => Promise<T>) => Promise<T>;
}

type SiteClockSource = 'node' | 'credential' | 'workflow';

export interface SiteClock {
	zone: string;
	source: SiteClockSource;
}
