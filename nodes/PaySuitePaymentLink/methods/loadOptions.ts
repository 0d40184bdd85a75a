/** The Payment Link node's editor methods. */
import type { IDataObject, ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { CREDENTIAL_TIME_ZONE_OPTION } from '../../shared/operation/siteClock';
import { formatSpaced } from '../../shared/schemas/dateTime';
import { allTimeZones, canonicalTimeZone, credentialTimeZone, timeZoneOptions } from '../../shared/schemas/timeZone';
import { onSiteClock } from '../versions';

/** The credential's Site Time Zone, or undefined when it names none or cannot be read (no credential chosen yet). */
async function credentialZone(fn: ILoadOptionsFunctions): Promise<string | undefined> {
	try {
		return credentialTimeZone((await fn.getCredentials('paySuiteApi')) as IDataObject);
	} catch {
		return undefined;
	}
}

/**
 * Version 2's list: the credential's zone first (the default), then every zone with the time its clocks show now, so
 * that the site's zone is recognised by its time. Pure.
 */
export function siteZoneOptions(fromCredential: string | undefined, workflowZone: string, now: Date): INodePropertyOptions[] {
	const workflow = canonicalTimeZone(workflowZone) ?? 'UTC';
	const first: INodePropertyOptions = fromCredential
		? { name: `From the Credential (${fromCredential})`, value: CREDENTIAL_TIME_ZONE_OPTION, description: "The credential's Site Time Zone" }
		: {
				name: `From the Credential (None Set: the Workflow's ${workflow})`,
				value: CREDENTIAL_TIME_ZONE_OPTION,
				description: "The credential has no Site Time Zone: set it there, so that every node uses the site's clock",
			};
	return [first, ...allTimeZones().map((zone) => ({ name: zone, value: zone, description: `Now ${formatSpaced(now, zone).slice(0, 16)} there` }))];
}

export const loadOptions = {
	/**
	 * Every zone. Version 1: the workflow's first, each saying what the expiration date picked would be sent as.
	 * Version 2: the credential's first, each with its time now.
	 */
	async getSiteTimeZones(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
		if (!onSiteClock(this.getNode().typeVersion)) return timeZoneOptions(this.getTimezone(), this.getCurrentNodeParameter('expirationDate'));
		return siteZoneOptions(await credentialZone(this), this.getTimezone(), new Date());
	},
};
