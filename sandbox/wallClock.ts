/**
 * `YYYY-MM-DD HH:MM:SS` without an offset, as the platform reads it: wall-clock time of a site's IANA time
 * zone (a payment link's `expirationDate`). The sandbox's own reading, with luxon: it imports nothing from nodes/.
 */
import { DateTime } from 'luxon';

const WALL_CLOCK = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const FORMAT = 'yyyy-MM-dd HH:mm:ss';

/**
 * The instant the zone's clocks show `text`; undefined when it is not a real `YYYY-MM-DD HH:MM:SS`. A reading
 * the clocks show twice (they go back) is the first; one they skip is moved forward, as luxon does.
 */
export function wallClockMs(text: string, zone: string): number | undefined {
	const asUtc = WALL_CLOCK.test(text) ? DateTime.fromFormat(text, FORMAT, { zone: 'UTC' }) : undefined;
	// Luxon also takes 24:00:00 (the next day's midnight): a reading that does not come back as written is refused.
	if (!asUtc?.isValid || asUtc.toFormat(FORMAT) !== text) return undefined;
	const near = asUtc.setZone(zone);
	const shown = [near.minus({ days: 1 }).offset, near.plus({ days: 1 }).offset]
		.map((offset) => asUtc.minus({ minutes: offset }))
		.filter((candidate) => candidate.setZone(zone).toFormat(FORMAT) === text)
		.map((candidate) => candidate.toMillis());
	return shown.length ? Math.min(...shown) : DateTime.fromFormat(text, FORMAT, { zone }).toMillis();
}

/** `YYYY-MM-DD HH:MM:SS` as the zone's clocks show an instant. */
export function wallClockText(ms: number, zone: string): string {
	return DateTime.fromMillis(ms, { zone }).toFormat(FORMAT);
}
