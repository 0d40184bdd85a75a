/**
 * Which execution does a delivery's work, kept in n8n's record of the workflow beside the delivery's run key, so
 * that a copy finds it at once however many executions lie between (scanning them one by one took a busy process
 * past the platform's timeout). The record only answers "was this key there" while adding it, so the id is kept as
 * one key per set bit, read by adding all of them and taking back the ones that were new, under the node's lock.
 */
import type { SentRecord } from '../transport/repeatGuard';

/** Execution ids below 2^40. */
const OWNER_BITS = 40;

const knownKey = (runKey: string) => `${runKey}#owner`;
const bitKey = (runKey: string, bit: number) => `${runKey}#owner:${bit}`;
const BITS = Array.from({ length: OWNER_BITS }, (_, bit) => bit);

/** Every key the owner of a delivery can have. Pure. */
export const allOwnerKeys = (runKey: string): string[] => [knownKey(runKey), ...BITS.map((bit) => bitKey(runKey, bit))];

/** The keys that name `id` as the delivery's owner. Pure. */
export const ownerKeys = (runKey: string, id: number): string[] => [
	knownKey(runKey),
	...BITS.filter((bit) => Math.floor(id / 2 ** bit) % 2 === 1).map((bit) => bitKey(runKey, bit)),
];

/** The owner named by the keys found in the record, undefined when none is. Pure. */
export function ownerFrom(runKey: string, found: Iterable<unknown>): number | undefined {
	const keys = new Set([...found].map(String));
	if (!keys.has(knownKey(runKey))) return undefined;
	return BITS.reduce((id, bit) => (keys.has(bitKey(runKey, bit)) ? id + 2 ** bit : id), 0);
}

/** Read with the node's lock held. A probe key that cannot be taken back stays: a later reader then finds an id that is not a run of the delivery, which the gate checks (runGate.ts). */
export async function readOwner(record: SentRecord, runKey: string): Promise<number | undefined> {
	return ownerFrom(runKey, await record.lookByAdding(allOwnerKeys(runKey)));
}

/** Names `id` the delivery's owner, in place of any earlier one, from `now` (the node's lock held). */
export async function writeOwner(record: SentRecord, runKey: string, id: number, now: number): Promise<void> {
	await record.takeBack(allOwnerKeys(runKey));
	await record.lookAndAdd([...ownerKeys(runKey, id), namedAtKey(runKey, now)]);
}

/**
 * An owner still going this long after it was named is taken for lost: n8n keeps nothing of a run between its start
 * and end, and an end it could not save (PostgreSQL away just then) leaves it "running" for good. Whole minutes: the
 * record keeps the minute.
 */
export const OWNER_LOST_AFTER_MINUTES = 5;
const MINUTE_MS = 60_000;

/** The minute an owner was named, written in the same call that names it. Pure. */
export const namedAtKey = (runKey: string, now: number): string => `${runKey}#named@${Math.floor(now / MINUTE_MS)}`;

/** Whether the owner was named in the last OWNER_LOST_AFTER_MINUTES minutes (5 to 6: whole minutes), the lock held. */
export async function namedLately(record: SentRecord, runKey: string, now: number): Promise<boolean> {
	const minutes = Array.from({ length: OWNER_LOST_AFTER_MINUTES + 1 }, (_, i) => namedAtKey(runKey, now - i * MINUTE_MS));
	return (await record.lookByAdding(minutes)).size > 0;
}
