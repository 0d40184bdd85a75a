import { formatSpaced, parseDateTimeInput } from './dateTime';
import { allTimeZones, canonicalTimeZone, credentialTimeZone, isoInZone, resolveTimeZone, sentAs, timeZoneOptions, WORKFLOW_TIME_ZONE } from './timeZone';

describe('time zones', () => {
	it('spells a zone canonically and knows an unknown one', () => {
		expect(canonicalTimeZone('america/bogota')).toBe('America/Bogota');
		expect(canonicalTimeZone(' Europe/Madrid ')).toBe('Europe/Madrid');
		expect(canonicalTimeZone('Mars/Olympus')).toBeUndefined();
		expect(canonicalTimeZone('')).toBeUndefined();
	});

	it("resolves the workflow option (or nothing) to the workflow's zone and refuses an unknown zone", () => {
		expect(resolveTimeZone(WORKFLOW_TIME_ZONE, 'America/Los_Angeles')).toEqual({ zone: 'America/Los_Angeles' });
		expect(resolveTimeZone('', 'America/Los_Angeles')).toEqual({ zone: 'America/Los_Angeles' });
		expect(resolveTimeZone('America/Bogota', 'America/Los_Angeles')).toEqual({ zone: 'America/Bogota' });
		expect(resolveTimeZone('Bogota', 'UTC')).toEqual({
			error: "must be a time zone name such as America/Bogota or Europe/Madrid; got 'Bogota'",
		});
	});

	it('lists every zone once, UTC first', () => {
		const zones = allTimeZones();
		expect(zones[0]).toBe('UTC');
		expect(zones).toEqual(expect.arrayContaining(['America/Bogota', 'America/Los_Angeles', 'Europe/Madrid', 'Asia/Tokyo']));
		expect(new Set(zones).size).toBe(zones.length);
	});

	it('offers the workflow zone first and says what each option sends for a picked date', () => {
		const options = timeZoneOptions('America/Los_Angeles', '2026-11-24T08:00:00');
		expect(options[0]).toEqual({ name: 'Workflow Time Zone (America/Los_Angeles)', value: WORKFLOW_TIME_ZONE, description: 'Sends 2026-11-24 08:00:00' });
		expect(options.find((option) => option.value === 'America/Bogota')?.description).toBe('Sends 2026-11-24 11:00:00');
		expect(options.find((option) => option.value === 'UTC')?.description).toBe('Sends 2026-11-24 16:00:00');
	});

	it('says nothing of what is sent while the date is an expression (it resolves when the node runs)', () => {
		const options = timeZoneOptions('UTC', "={{ $now.plus(2, 'hours') }}");
		expect(options[0].description).toBe("The time zone in the workflow's settings");
		expect(options.find((option) => option.value === 'America/Bogota')?.description).toBeUndefined();
	});

	it('names the zone next to what is sent', () => {
		expect(sentAs('2026-11-24 10:00:00', 'America/Bogota')).toBe('2026-11-24 10:00:00 (America/Bogota)');
	});
});

describe("an instant written as a site's wall-clock time, across daylight-saving changes", () => {
	// Madrid: 2026-03-29 clocks jump 02:00 → 03:00 (01:00 UTC); 2026-10-25 they fall back 03:00 → 02:00 (01:00 UTC).
	const wall = (iso: string, zone: string) => formatSpaced(new Date(iso), zone);

	it('jumps over the hour that does not exist, and reads back as the same instant', () => {
		expect(wall('2026-03-29T00:59:59Z', 'Europe/Madrid')).toBe('2026-03-29 01:59:59');
		expect(wall('2026-03-29T01:00:00Z', 'Europe/Madrid')).toBe('2026-03-29 03:00:00');
		for (const iso of ['2026-03-29T00:59:59Z', '2026-03-29T01:00:00Z', '2026-03-29T01:30:00Z']) {
			expect(parseDateTimeInput(wall(iso, 'Europe/Madrid'), 'Europe/Madrid')?.toISOString()).toBe(new Date(iso).toISOString());
		}
	});

	it('writes the repeated hour twice: the same text for two instants an hour apart (the document names no offset)', () => {
		expect(wall('2026-10-25T00:30:00Z', 'Europe/Madrid')).toBe('2026-10-25 02:30:00');
		expect(wall('2026-10-25T01:30:00Z', 'Europe/Madrid')).toBe('2026-10-25 02:30:00');
		// Outside the repeated hour every instant reads back exactly.
		for (const iso of ['2026-10-24T23:59:59Z', '2026-10-25T02:00:00Z']) {
			expect(parseDateTimeInput(wall(iso, 'Europe/Madrid'), 'Europe/Madrid')?.toISOString()).toBe(new Date(iso).toISOString());
		}
	});

	it("reads a picked wall time in the workflow's zone on both sides of its change (Los Angeles, 2026-03-08 and 2026-11-01)", () => {
		// Before and after the spring change: 01:59 PST is 09:59 UTC, 03:00 PDT is 10:00 UTC.
		expect(parseDateTimeInput('2026-03-08T01:59:00', 'America/Los_Angeles')?.toISOString()).toBe('2026-03-08T09:59:00.000Z');
		expect(parseDateTimeInput('2026-03-08T03:00:00', 'America/Los_Angeles')?.toISOString()).toBe('2026-03-08T10:00:00.000Z');
		// After the autumn change: 02:00 PST is 10:00 UTC, written in Bogota (UTC-5, no daylight saving) as 05:00.
		const instant = parseDateTimeInput('2026-11-01T02:00:00', 'America/Los_Angeles');
		expect(instant?.toISOString()).toBe('2026-11-01T10:00:00.000Z');
		expect(formatSpaced(instant!, 'America/Bogota')).toBe('2026-11-01 05:00:00');
	});
});

describe('the site time zone of a credential', () => {
	it('reads the canonical zone, or nothing for a credential without one', () => {
		expect(credentialTimeZone({ timeZone: 'america/bogota' })).toBe('America/Bogota');
		expect(credentialTimeZone({ timeZone: '' })).toBeUndefined();
		expect(credentialTimeZone({})).toBeUndefined();
		expect(credentialTimeZone(undefined)).toBeUndefined();
	});

	it('isoInZone writes the instant with the zone offset', () => {
		const instant = new Date('2026-12-01T23:00:00Z');
		expect(isoInZone(instant, 'America/Bogota')).toBe('2026-12-01T18:00:00-05:00');
		expect(isoInZone(instant, 'UTC')).toBe('2026-12-01T23:00:00+00:00');
		expect(isoInZone(instant, 'Asia/Kolkata')).toBe('2026-12-02T04:30:00+05:30');
		expect(isoInZone(new Date('2026-07-01T12:00:00Z'), 'Europe/Madrid')).toBe('2026-07-01T14:00:00+02:00');
	});
});
