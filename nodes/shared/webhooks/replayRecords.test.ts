import { recordedKeys } from '../../../test/helpers/replayRecords';
import { addRecords, hasRecord, hourOf, KEY_LENGTH, readRecords } from './replayRecords';

const HOUR = 3600;
const DAY = 24 * HOUR;
/** 2025-05-01T12:00:00Z */
const NOW = Date.UTC(2025, 4, 1, 12, 0, 0) / 1000;
const LIMITS = { keepSeconds: 8 * DAY, maxRecords: 2000 };
/** A key of KEY_LENGTH characters. */
const k = (name: string) => name.padEnd(KEY_LENGTH, '_');

describe('hourOf', () => {
	it('names the UTC hour a time falls in', () => {
		expect(hourOf(NOW)).toBe('2025-05-01T12');
		expect(hourOf(NOW - 1)).toBe('2025-05-01T11');
		expect(hourOf(NOW + HOUR - 1)).toBe('2025-05-01T12');
	});
});

describe('addRecords', () => {
	it('adds each key to its hour once, in the order received, and the hours in order', () => {
		const hours = addRecords({ '2025-05-01T12': k('a') }, [[k('c'), NOW + 20], [k('b'), NOW + 10], [k('a'), NOW + 30], [k('z'), NOW - 10]], NOW + 30, LIMITS);
		expect(hours).toEqual({ '2025-05-01T11': k('z'), '2025-05-01T12': k('a') + k('b') + k('c') });
		expect(Object.keys(hours)).toEqual(['2025-05-01T11', '2025-05-01T12']);
	});

	it('keeps an hour while any of its records is within keepSeconds, and drops it after', () => {
		const received = NOW - LIMITS.keepSeconds;
		const hours = addRecords({}, [[k('old'), received]], NOW, LIMITS);
		expect(hasRecord(hours, k('old'))).toBe(true);
		// The hour's last second is still within the window: kept.
		const hourEnd = Date.parse(`${hourOf(received)}:59:59Z`) / 1000;
		expect(hasRecord(addRecords(hours, [], hourEnd + LIMITS.keepSeconds, LIMITS), k('old'))).toBe(true);
		expect(addRecords(hours, [], hourEnd + LIMITS.keepSeconds + 1, LIMITS)).toEqual({});
	});

	it('keeps the newest maxRecords: whole old hours go first, then the oldest keys of the next', () => {
		const limits = { ...LIMITS, maxRecords: 3 };
		const hours = addRecords({}, [[k('a'), NOW - 2 * HOUR], [k('b'), NOW - HOUR], [k('c'), NOW - HOUR + 1], [k('d'), NOW]], NOW, limits);
		expect(recordedKeys({ receivedByHour: hours }, NOW, limits)).toEqual([k('b'), k('c'), k('d')]);
		const fewer = addRecords(hours, [], NOW, { ...LIMITS, maxRecords: 2 });
		expect(fewer).toEqual({ '2025-05-01T11': k('c'), '2025-05-01T12': k('d') });
	});

	it('leaves out keys of another length', () => {
		expect(addRecords({}, [['short', NOW]], NOW, LIMITS)).toEqual({});
	});
});

describe('hasRecord', () => {
	it('finds a key only at a key boundary', () => {
		const hours = { '2025-05-01T12': k('ab') + k('cd') };
		expect(hasRecord(hours, k('cd'))).toBe(true);
		// The same characters across two keys are not a key.
		const across = (k('ab') + k('cd')).slice(8, 8 + KEY_LENGTH);
		expect(hasRecord(hours, across)).toBe(false);
		expect(hasRecord({}, k('ab'))).toBe(false);
	});
});

describe('readRecords', () => {
	it("reads the first versions' records (key → seconds) into hours, with those already in this form", () => {
		const legacy = { [k('far')]: 1e300, [k('x')]: NOW - 2 * HOUR, [k('y')]: NOW - 10, old: NOW - 9 * DAY, [k('gone')]: NOW - 9 * DAY, [k('text')]: '1', [k('nan')]: Number.NaN };
		const hours = readRecords({ '2025-05-01T12': k('n') }, legacy, NOW + 5, LIMITS);
		expect(hours).toEqual({ '2025-05-01T10': k('x'), '2025-05-01T11': k('y'), '2025-05-01T12': k('n') });
	});

	it('reads whatever is malformed as no records', () => {
		for (const stored of [undefined, null, 'x', 5, [k('a')]]) expect(readRecords(stored, stored, NOW, LIMITS)).toEqual({});
		const malformed = { 'not an hour': k('a'), '2025-05-01T12': 'cut', '2025-05-01T11': 7, '2025-05-01T10': k('b') };
		expect(readRecords(malformed, undefined, NOW, LIMITS)).toEqual({ '2025-05-01T10': k('b') });
	});

	it('keeps 2,000 records of a day as 24 strings, about 16 bytes of JSON a record', () => {
		const records = Array.from({ length: 2000 }, (_, i): [string, number] => [k(`r${i}`), NOW - DAY + Math.floor((i * DAY) / 2000)]);
		const hours = addRecords({}, records, NOW, LIMITS);
		expect(Object.keys(hours)).toHaveLength(24);
		expect(JSON.stringify(hours).length).toBeLessThan(2000 * KEY_LENGTH + 24 * 20);
		expect(records.every(([key]) => hasRecord(hours, key))).toBe(true);
	});
});
