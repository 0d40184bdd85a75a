/**
 * What an operation sees of one input item (made by contextFor, operation/itemContext.ts). Types only, at the
 * bottom of nodes/shared/ so that every role may name the item it works for.
 */
import type { IExecuteFunctions, INode } from 'n8n-workflow';
import type { ZodType, ZodTypeDef } from 'zod/v3';

export interface OperationContext {
	readonly fn: IExecuteFunctions;
	readonly node: INode;
	readonly itemIndex: number;
	/** The node parameter for this item; `fallback` when it is not shown. */
	param<T = unknown>(name: string, fallback?: T): T;
	/** A parameter that holds JSON (text or object), parsed. */
	jsonParam<T = unknown>(name: string, fallback?: T): T;
	/** Validates what is about to be sent; nothing is sent when it fails. */
	validate<Output, Input = Output>(schema: ZodType<Output, ZodTypeDef, Input>, value: unknown): Output;
	/** Fails this item with a message that names it. */
	fail(message: string, description?: string): never;
	/**
	 * Refuses this item before anything is sent, as validation does: `problem` follows the field's name as the
	 * panel shows it ("needs a value when ..."); `path` is where it goes in the body.
	 */
	refuse(path: string, problem: string): never;
	/**
	 * The site's clock, resolved by the executor before an operation that declares `siteClock` runs
	 * (operation/siteClock.ts); undefined for the others.
	 */
	readonly clock?: SiteClock;
	/** What sendRequest (operation/send.ts) keeps for this item; operations send with sendRequest, never read it. */
	readonly sending: ItemSending;
}

/** What sendRequest keeps for one item: how many plain writes it sent (their ordinals), and the run's queue. */
export interface ItemSending {
	writesSent: number;
	/** One queue for the node run: a plain write is never in flight beside another one. */
	readonly oneAtATime: <T>(task: () => Promise<T>) => Promise<T>;
}

/** Where the site's zone came from: the node's own field, the credential's Site Time Zone, or the workflow's settings. */
type SiteClockSource = 'node' | 'credential' | 'workflow';

/** The time zone the platform reads and writes a site's wall-clock times in, and where it came from. */
export interface SiteClock {
	zone: string;
	source: SiteClockSource;
}
