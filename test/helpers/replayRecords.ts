/** What a trigger's replay records hold, read for tests (nodes/shared/webhooks/replayRecords.ts keeps them). */
import { keysOf, LEGACY_RECORDS_KEY, readRecords, RECORDS_KEY } from '../../nodes/shared/webhooks/replayRecords';

type RecordLimits = Parameters<typeof readRecords>[3];

/** Every key a node's static data records, in either format. */
export function recordedKeys(nodeStaticData: Record<string, unknown>, nowSeconds: number, limits: RecordLimits): string[] {
	return Object.values(readRecords(nodeStaticData[RECORDS_KEY], nodeStaticData[LEGACY_RECORDS_KEY], nowSeconds, limits)).flatMap(keysOf);
}
