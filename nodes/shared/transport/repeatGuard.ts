/**
 * n8n runs a node again (Execute step, a second run, a queue-mode copy): a write the platform does not deduplicate is
 * kept in n8n's record of the workflow, which every process reads, and refused when found there (docs/scaling.md).
 */
import { createHash, randomInt } from 'crypto';
import { sleep, type DeduplicationHelperFunctions, type ICheckProcessedOptions, type IExecuteFunctions } from 'n8n-workflow';

import type { OperationContext } from '../context/item';
import { sentEarlierInThisRun } from './retryMemory';
import type { PaySuiteRequest } from './types';

export type LockStore = Pick<DeduplicationHelperFunctions, 'checkProcessedAndRecord' | 'getProcessedDataCount' | 'clearAllProcessedItems'>;

const LOCK_KEY = 'paysuite:lock';
const LOCK_OPTIONS: ICheckProcessedOptions = { mode: 'entries' };
/** Holds last two store calls: a lock row unchanged for this long was left by a process that died. */
const LEASE_MS = 30_000;
/** Holds take milliseconds: short waits first, at most a second. */
const WAITS_MS = [5, 10, 20, 50, 100, 200, 500, 1_000];
const MAX_MARKS = 64;
/** A Remove Duplicates node with scope "Workflow" shares the set: this is above its default history (10,000). */
export const RECORD_OPTIONS: ICheckProcessedOptions = { mode: 'entries', maxEntries: 50_000 };
const REPEAT_WINDOW_MS = 15 * 60_000;
const MINUTE_MS = 60_000;

/** Options › Allow Repeat (descriptions/repeat.ts) is on. */
export const wantsRepeat = (ctx: OperationContext): boolean => (ctx.param<{ allowRepeat?: boolean }>('options', {}) ?? {}).allowRepeat === true;

/** A random number of marks, so that a count tells one holder from the next. */
export const lockKeys = (marks: number): string[] => [LOCK_KEY, ...Array.from({ length: marks }, (_, i) => `${LOCK_KEY}:${i}`)];

/** The primary key lets one of two inserts of the lock row win; the other fails so (SQLite, PostgreSQL, MySQL). */
export const isDuplicateKey = (error: unknown): boolean =>
	/UNIQUE constraint failed|SQLITE_CONSTRAINT|duplicate key value|Duplicate entry|23505/i.test(String((error as Error)?.message ?? error));

/**
 * n8n writes a row whole, so writes at once can drop each other's additions: a node's copies write under its lock.
 * A process asks for it one call at a time (`node`: the workflow's and node's ids), so that when a dead holder's lease
 * ends, one waiter per process, not each, takes it (two processes at that moment can both: docs/scaling.md).
 */
export function withNodeLock<T>(store: LockStore, node: string, step: () => Promise<T>): Promise<T> {
	return inTurn(`lock:${node}`, () => lockedStep(store, step));
}

async function lockedStep<T>(store: LockStore, step: () => Promise<T>): Promise<T> {
	const marks = randomInt(1, MAX_MARKS + 1);
	const inserted = () =>
		store.checkProcessedAndRecord(lockKeys(marks), 'node', LOCK_OPTIONS).then(
			(found) => found.new.map(String).includes(LOCK_KEY),
			(error: unknown) => (isDuplicateKey(error) ? false : Promise.reject(error)),
		);
	let holder: { count: number; since: number } | undefined;
	// Inserts only when the row is gone (count 0).
	for (let look = 0, count = 0; count !== 0 || !(await inserted()); look++) {
		count = await store.getProcessedDataCount('node', LOCK_OPTIONS);
		if (count === 0) continue;
		if (holder?.count !== count) holder = { count, since: Date.now() };
		else if (Date.now() - holder.since >= LEASE_MS && (await store.getProcessedDataCount('node', LOCK_OPTIONS)) === count) {
			await store.clearAllProcessedItems('node', LOCK_OPTIONS);
			holder = undefined;
			continue;
		}
		await sleep(WAITS_MS[Math.min(look, WAITS_MS.length - 1)] * (0.5 + Math.random()));
	}
	try {
		return await step();
	} finally {
		// A release that fails leaves the row to the lease; the step's work stands.
		await store.clearAllProcessedItems('node', LOCK_OPTIONS).catch(() => undefined);
	}
}

const queues = new Map<string, Promise<unknown>>();
/** For the same reason, `call` after this process's earlier calls on the same row (`turn`) have ended. */
export function inTurn<T>(turn: string, call: () => Promise<T>): Promise<T> {
	const next = (queues.get(turn) ?? Promise.resolve()).then(call, call);
	const settled = next.catch(() => undefined);
	queues.set(turn, settled);
	void settled.then(() => queues.get(turn) === settled && queues.delete(turn));
	return next;
}

const HELPER_NAMES = ['checkProcessedAndRecord', 'removeProcessed', 'getProcessedDataCount', 'clearAllProcessedItems'] as const;
/** What the record needs of a node's run: an operation's `ctx.fn`, or a trigger's `this`. */
export type RecordHost = Pick<IExecuteFunctions, 'helpers' | 'getWorkflow' | 'getNode'>;

/**
 * n8n's record of the workflow (Remove Duplicates' *Workflow* scope), and the node's lock over it. Undefined where n8n
 * offers none (an AI agent's tool, a workflow without an ID, an engine without a database).
 */
export function sentRecord(fn: RecordHost) {
	const store = fn.helpers as (LockStore & Pick<DeduplicationHelperFunctions, 'removeProcessed'>) | undefined;
	const workflowId = fn.getWorkflow?.().id;
	if (!workflowId || !store || !HELPER_NAMES.every((name) => typeof store[name] === 'function')) return undefined;
	const lookAndAdd = async (keys: string[]) => {
		const found = await inTurn(workflowId, () => store.checkProcessedAndRecord(keys, 'workflow', RECORD_OPTIONS));
		return { added: found.new.map(String), held: new Set(found.processed.map(String)) };
	};
	const takeBack = (keys: string[]) => (keys.length ? inTurn(workflowId, () => store.removeProcessed(keys, 'workflow', RECORD_OPTIONS)) : Promise.resolve());
	return {
		lookAndAdd,
		takeBack,
		/** n8n's helpers look only by adding: what the look added is taken back. */
		lookByAdding: async (probe: string[]) => {
			const { added, held } = await lookAndAdd([...new Set(probe)]);
			await takeBack(added);
			return held;
		},
		locked: <T>(step: () => Promise<T>) => withNodeLock(store, `${workflowId}:${fn.getNode().id}`, step),
	};
}

/** 96 bits of SHA-256: n8n's database keeps this, not the write (no message text, phone number or address). */
export const writeKey = (parts: ReadonlyArray<string>): string => createHash('sha256').update(parts.join('\u0000'), 'utf8').digest('base64url').slice(0, 16);

/** The current minute last. */
export function minuteKeys(key: string, now: number): string[] {
	const minutes = REPEAT_WINDOW_MS / MINUTE_MS;
	return Array.from({ length: minutes + 1 }, (_, i) => `${key}@${Math.floor(now / MINUTE_MS) - minutes + i}`);
}
export const minuteOf = (minuteKey: string): number => Number(minuteKey.slice(minuteKey.lastIndexOf('@') + 1)) * MINUTE_MS;

/** The same write was recorded at `at`: the record knows the minute, not the second. */
export type Earlier = { at: number };
export function sentWhenText(at: number, now = Date.now()): string {
	const minutes = Math.floor((now - at) / MINUTE_MS) + 1;
	return minutes <= 1 ? 'within the last minute' : `within the last ${minutes} minutes`;
}
export const earlierText = (earlier: Earlier, verb: string): string => `was already ${verb} ${sentWhenText(earlier.at)}`;

export interface RepeatCheck {
	key: string;
	/** A later try of n8n's Retry On Fail reuses its answer and is never refused. */
	request: PaySuiteRequest;
	refuse(earlier: Earlier): never;
	/** Run under the lock before the look: keys kept with the write's record (a refund's amount: refundsMade.ts). */
	alsoRecord?: () => Promise<string[]>;
}

export type GuardedWrite = { notMade(): Promise<void> };
export const NOTHING_KEPT: GuardedWrite = { notMade: async () => undefined };

/** Under the node's lock, so that of two copies the second finds the first's record. */
export async function guardWrite(ctx: OperationContext, check: RepeatCheck): Promise<GuardedWrite> {
	const record = sentRecord(ctx.fn);
	if (!record) return NOTHING_KEPT;
	const window = minuteKeys(check.key, Date.now());
	const look = wantsRepeat(ctx) || sentEarlierInThisRun(ctx, check.request) ? [] : window.slice(0, -1);
	const { earlier, kept } = await record
		.locked(async () => {
			const keep = [window[window.length - 1], ...((await check.alsoRecord?.()) ?? [])];
			const { held, added } = await record.lookAndAdd([...look, ...keep]);
			const found = look.length ? window.filter((key) => held.has(key)) : [];
			const keeping = new Set(found.length ? [] : keep);
			await record.takeBack(added.filter((key) => !keeping.has(key)));
			return { earlier: found, kept: added.filter((key) => keeping.has(key)) };
		})
		.catch((error: unknown) =>
			ctx.fail(
				"Not sent: n8n's database could not be read to check for an earlier send",
				`Nothing was sent. n8n answered: ${(error as Error)?.message ?? String(error)}. Run this step again once n8n's database is back.`,
			),
		);
	if (earlier.length) check.refuse({ at: Math.max(...earlier.map(minuteOf)) });
	return { notMade: () => record.locked(() => record.takeBack(kept)) };
}

/** n8n's record of the workflow, as sentRecord gives it. */
export type SentRecord = NonNullable<ReturnType<typeof sentRecord>>;
