import { siteZoneOptions } from './loadOptions';

describe("version 2's Site Time Zone list", () => {
	const now = new Date('2026-11-26T17:01:00Z');

	it("puts the credential's zone first, then every zone with its time now", () => {
		const options = siteZoneOptions('America/Bogota', 'UTC', now);
		expect(options[0]).toEqual({ name: 'From the Credential (America/Bogota)', value: 'credential', description: "The credential's Site Time Zone" });
		expect(options).toContainEqual({ name: 'America/Bogota', value: 'America/Bogota', description: 'Now 2026-11-26 12:01 there' });
		expect(options).toContainEqual({ name: 'Asia/Tokyo', value: 'Asia/Tokyo', description: 'Now 2026-11-27 02:01 there' });
	});

	it("says when the credential names no zone, and which zone is used instead", () => {
		expect(siteZoneOptions(undefined, 'Europe/Madrid', now)[0]).toMatchObject({ name: "From the Credential (None Set: the Workflow's Europe/Madrid)", value: 'credential' });
	});
});
