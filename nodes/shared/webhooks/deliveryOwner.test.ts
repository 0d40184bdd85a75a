import { sentRecord, type RecordHost, type SentRecord } from '../transport/repeatGuard';
import { allOwnerKeys, namedAtKey, namedLately, ownerFrom, ownerKeys, readOwner, writeOwner } from './deliveryOwner';

const KEY = 'k'.repeat(16);
/** On a minute: the record keeps minutes. */
const NOW = Date.UTC(2026, 11, 7, 12, 0);

/** n8n's record over a set of keys, as a node's helpers give it: adding a key tells whether it was there. */
function record(held: Set<string>): SentRecord {
	const host = {
		getWorkflow: () => ({ id: 'wf' }),
		getNode: () => ({ id: 'trigger' }),
		helpers: {
			checkProcessedAndRecord: async (keys: string[]) => {
				const found = { new: keys.filter((k) => !held.has(k)), processed: keys.filter((k) => held.has(k)) };
				keys.forEach((k) => held.add(k));
				return found;
			},
			removeProcessed: async (keys: string[]) => keys.forEach((k) => held.delete(k)),
			getProcessedDataCount: async () => 0,
			clearAllProcessedItems: async () => undefined,
		},
	} as unknown as RecordHost;
	return sentRecord(host)!;
}

describe("a delivery's owner in n8n's record", () => {
	it('names any execution id, and none before one is named', () => {
		for (const id of [1, 2, 7, 4_096, 123_456_789, 2 ** 40 - 1]) expect(ownerFrom(KEY, ownerKeys(KEY, id))).toBe(id);
		expect(ownerFrom(KEY, [])).toBeUndefined();
		expect(ownerFrom(KEY, ownerKeys('x'.repeat(16), 7))).toBeUndefined();
		expect(allOwnerKeys(KEY)).toHaveLength(41);
	});

	it('is read without changing the record, and a new owner replaces the old one', async () => {
		const held = new Set(['other', ...ownerKeys(KEY, 12)]);
		const before = [...held].sort();
		expect(await readOwner(record(held), KEY)).toBe(12);
		expect([...held].sort()).toEqual(before);
		await writeOwner(record(held), KEY, 5, NOW);
		expect(await readOwner(record(held), KEY)).toBe(5);
		expect([...held].sort()).toEqual(['other', ...ownerKeys(KEY, 5), namedAtKey(KEY, NOW)].sort());
		expect(await readOwner(record(new Set()), KEY)).toBeUndefined();
	});

	it('tells an owner named in the last 5 to 6 minutes from one named before, without changing the record', async () => {
		const held = new Set([namedAtKey(KEY, NOW)]);
		expect(await namedLately(record(held), KEY, NOW + 5 * 60_000)).toBe(true);
		expect(await namedLately(record(held), KEY, NOW + 6 * 60_000)).toBe(false);
		expect(await namedLately(record(held), 'x'.repeat(16), NOW)).toBe(false);
		expect([...held]).toEqual([namedAtKey(KEY, NOW)]);
	});
});
