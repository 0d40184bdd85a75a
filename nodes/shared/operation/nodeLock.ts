/**
 * A lock per node of a workflow, made of n8n's deduplication store (docs/scaling.md, "Money sent once"). The node's
 * own row (scope 'node') exists only while a run holds the lock. n8n inserts that row when it finds none, and the
 * table's primary key (workflow, context) lets only one of two inserts succeed, on SQLite and PostgreSQL alike; the
 * other gets a duplicate-key error, or finds the row and is told the lock key is there already. Releasing deletes
 * the row.
 * Lease: the row holds the lock key and a random number of marks. A waiter that sees the same number for LEASE_MS
 * takes the holder for dead (a process killed while holding) and deletes the row. Holds last two store calls, far
 * below the lease; the bound is a holder stalled past it.
 */
import { randomInt } from 'crypto';
import { sleep, type DeduplicationHelperFunctions, type ICheckProcessedOptions } from 'n8n-workflow';

export type LockStore = Pick<DeduplicationHelperFunctions, 'checkProcessedAndRecord' | 'getProcessedDataCount' | 'clearAllProcessedItems'>;

const LOCK_KEY = 'paysuite:lock';
const OPTIONS: ICheckProcessedOptions = { mode: 'entries' };
const LEASE_MS = 30_000;
/** Waits between looks at a held lock: short first (holds take milliseconds), at most a second. */
const WAITS_MS = [5, 10, 20, 50, 100, 200, 500, 1_000];
const MAX_MARKS = 64;

/** The row's content at insert: the lock key and `marks` marks (the holder's number, read by a count). */
export const lockKeys = (marks: number): string[] => [LOCK_KEY, ...Array.from({ length: marks }, (_, i) => `${LOCK_KEY}:${i}`)];

/** A second insert of the row, as SQLite, PostgreSQL and MySQL word it. */
export const isDuplicateKey = (error: unknown): boolean =>
	/UNIQUE constraint failed|SQLITE_CONSTRAINT|duplicate key value|Duplicate entry|23505/i.test(String((error as Error)?.message ?? error));

/** True when this call inserted the row; any other error than the second insert's goes on. */
async function tryInsert(store: LockStore, marks: number): Promise<boolean> {
	const found = await store
		.checkProcessedAndRecord(lockKeys(marks), 'node', OPTIONS)
		.then((result) => result, async (error: unknown) => (isDuplicateKey(error) ? undefined : Promise.reject(error)));
	return found !== undefined && found.new.map(String).includes(LOCK_KEY);
}

async function acquireNodeLock(store: LockStore): Promise<void> {
	const marks = randomInt(1, MAX_MARKS + 1);
	if (await tryInsert(store, marks)) return;
	let holder: { count: number; since: number } | undefined;
	for (let look = 0; ; look++) {
		const count = await store.getProcessedDataCount('node', OPTIONS);
		if (count === 0) {
			if (await tryInsert(store, marks)) return;
			continue;
		}
		if (holder?.count !== count) holder = { count, since: Date.now() };
		else if (Date.now() - holder.since >= LEASE_MS && (await store.getProcessedDataCount('node', OPTIONS)) === count) {
			await store.clearAllProcessedItems('node', OPTIONS);
			holder = undefined;
			continue;
		}
		await sleep(WAITS_MS[Math.min(look, WAITS_MS.length - 1)] * (0.5 + Math.random()));
	}
}

const releaseNodeLock = (store: LockStore): Promise<void> => store.clearAllProcessedItems('node', OPTIONS);

/** `step` while this run holds the node's lock. */
export async function withNodeLock<T>(store: LockStore, step: () => Promise<T>): Promise<T> {
	await acquireNodeLock(store);
	try {
		return await step();
	} finally {
		// A release that fails leaves the row to the lease; the step's work stands.
		await releaseNodeLock(store).catch(() => undefined);
	}
}
