import type { IDataObject } from 'n8n-workflow';

import { parseDateTimeInput } from '../schemas/dateTime';
import { isoInZone } from '../schemas/timeZone';

/**
 * Each date as the platform gave it, and beside it (`<name>Iso`) in ISO 8601 with `zone`'s offset; a date without
 * an offset is read on `zone`'s clock. Null when absent or unreadable. Pure.
 */
export function datesWithIso(dates: Record<string, unknown>, zone: string): IDataObject {
	const fields: IDataObject = {};
	for (const [name, value] of Object.entries(dates)) {
		const instant = parseDateTimeInput(value, zone);
		fields[name] = (value as IDataObject[string]) ?? null;
		fields[`${name}Iso`] = instant ? isoInZone(instant, zone) : null;
	}
	return fields;
}
