/**
 * `YYYY-MM-DD HH:MM:SS` without an offset, as the platform reads it: wall-clock time of a site's IANA time
 * zone (a payment link's `expirationDate`). The sandbox's own conversion: it imports nothing from nodes/.
 */
const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

const formats = new Map<string, Intl.DateTimeFormat>();
function formatOf(zone: string): Intl.DateTimeFormat {
	let format = formats.get(zone);
	if (!format) {
		format = new Intl.DateTimeFormat('en-US', {
			timeZone: zone,
			hourCycle: 'h23',
			year: 'numeric',
			month: '2-digit',
			day: '2-digit',
			hour: '2-digit',
			minute: '2-digit',
			second: '2-digit',
		});
		formats.set(zone, format);
	}
	return format;
}

/** The zone's clocks at an instant, as the UTC milliseconds of the same wall-clock reading. */
function wallAsUtcMs(ms: number, zone: string): number {
	const parts = Object.fromEntries(formatOf(zone).formatToParts(new Date(ms)).map((part) => [part.type, Number(part.value)]));
	return Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour % 24, parts.minute, parts.second);
}

/** The instant the zone's clocks show `text`; undefined when it is not a real `YYYY-MM-DD HH:MM:SS`. */
export function wallClockMs(text: string, zone: string): number | undefined {
	const match = WALL_CLOCK.exec(text);
	if (!match) return undefined;
	const [year, month, day, hour, minute, second] = match.slice(1).map(Number);
	const asUtc = Date.UTC(year, month - 1, day, hour, minute, second);
	const back = new Date(asUtc);
	if (back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day || hour > 23 || minute > 59 || second > 59) return undefined;
	// The zone's offset near the reading, then once more at the instant found (it differs across a change).
	const first = asUtc - (wallAsUtcMs(asUtc, zone) - asUtc);
	return asUtc - (wallAsUtcMs(first, zone) - first);
}

/** `YYYY-MM-DD HH:MM:SS` as the zone's clocks show an instant. */
export function wallClockText(ms: number, zone: string): string {
	return new Date(wallAsUtcMs(ms, zone)).toISOString().slice(0, 19).replace('T', ' ');
}
