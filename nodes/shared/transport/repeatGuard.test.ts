import { earlierText, isDuplicateKey, lockKeys, minuteKeys, minuteOf, sentWhenText, writeKey } from './repeatGuard';

const NOW = Date.parse('2026-11-26T17:00:00Z');
const MINUTE = Math.floor(NOW / 60_000);

describe("the record in n8n's database", () => {
	it('names a write by a short hash of its parts, the same for the same parts', () => {
		expect(writeKey(['message', 'cred-1', '{"message":"Hi"}'])).toMatch(/^[A-Za-z0-9_-]{16}$/);
		expect(writeKey(['message', 'cred-1', '{"message":"Hi"}'])).toBe(writeKey(['message', 'cred-1', '{"message":"Hi"}']));
		expect(writeKey(['message', 'cred-2', '{"message":"Hi"}'])).not.toBe(writeKey(['message', 'cred-1', '{"message":"Hi"}']));
	});

	it('a check looks for the key in each minute of the window: sent in minute m, found up to minute m + 15', () => {
		const keys = minuteKeys('k', NOW);
		expect(keys).toHaveLength(16);
		expect(keys[15]).toBe(`k@${MINUTE}`);
		expect(keys[0]).toBe(`k@${MINUTE - 15}`);
		expect(minuteOf(keys[15])).toBe(MINUTE * 60_000);
		// 15 minutes and 59 seconds later the minute it was sent in is still looked for; 16 minutes later, no more.
		expect(minuteKeys('k', NOW + 15 * 60_000)).toContain(`k@${MINUTE}`);
		expect(minuteKeys('k', (MINUTE + 16) * 60_000)).not.toContain(`k@${MINUTE}`);
	});

	it('says when, to the minute, what the database recorded', () => {
		expect(sentWhenText(NOW - 20_000, NOW)).toBe('within the last minute');
		expect(sentWhenText(NOW - 4 * 60_000 - 1, NOW)).toBe('within the last 5 minutes');
		expect(earlierText({ at: Date.now() - 1000 }, 'sent')).toBe('was already sent within the last minute');
	});
});

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
