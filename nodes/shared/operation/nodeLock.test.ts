import { isDuplicateKey, lockKeys } from './nodeLock';

describe("the node's lock in n8n's store", () => {
	it('knows a second insert of the row as SQLite and PostgreSQL report it, and nothing else', () => {
		expect(isDuplicateKey(new Error('SQLITE_CONSTRAINT: UNIQUE constraint failed: processed_data.workflowId, processed_data.context'))).toBe(true);
		expect(isDuplicateKey(new Error('duplicate key value violates unique constraint "PK_2b1a9a4e4bd5d8e0f3b3a0c5e8b"'))).toBe(true);
		expect(isDuplicateKey(new Error('the database system is starting up'))).toBe(false);
		expect(isDuplicateKey(new Error('Connection terminated unexpectedly'))).toBe(false);
	});

	it('writes the lock key and the holder’s number of marks, so a count tells holders apart', () => {
		expect(lockKeys(2)).toEqual(['paysuite:lock', 'paysuite:lock:0', 'paysuite:lock:1']);
		expect(lockKeys(5)).toHaveLength(6);
	});
});
