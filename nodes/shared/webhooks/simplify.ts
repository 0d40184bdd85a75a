/** The triggers' Simplify (from type version 2), and Include Secrets only where the full delivery can hold a secret; version 1 keeps the output saved workflows were built on. */
import type { IDataObject, INodeProperties, IWebhookFunctions } from 'n8n-workflow';

import { credentialTimeZone } from '../schemas/timeZone';
import { simplifyOn, simplifyProperty } from '../descriptions/simplify';
import { includeSecretsProperty } from '../descriptions/commonFields';

export const TRIGGER_VERSIONS = { version: [1, 2], defaultVersion: 2 };

const SINCE_VERSION_2 = { '@version': [{ _cnd: { gte: 2 } }] };

export function triggerSimplifyProperty(fullDelivery: string): INodeProperties {
	return {
		...simplifyProperty,
		description: `Whether to output one flat item (status, amount, reference...) instead of ${fullDelivery}. Each date comes as sent and, with Iso added to its name (such as dateIso), in the credential's Site Time Zone (else the workflow's).`,
		displayOptions: { show: SINCE_VERSION_2 },
	};
}

const HIDDEN_WORDS = 'are output as "[hidden: turn on Include Secrets]". Turn it on only when the next node needs them.';

/** Always at version 1; from version 2 only with Simplify off (the flat item never holds one). */
export function triggerIncludeSecretsProperties(secret: string): INodeProperties[] {
	const shown: INodeProperties = {
		...includeSecretsProperty,
		description: `Whether to output ${secret} as the platform reports them. Executions store their output.`,
		hint: `Off: ${secret} ${HIDDEN_WORDS}`,
	};
	return [
		{ ...shown, displayOptions: { show: { '@version': [1] } } },
		{ ...shown, displayOptions: { show: { ...SINCE_VERSION_2, simple: [false] } } },
	];
}

export const simplifiedOutput = (fn: IWebhookFunctions): boolean => fn.getNode().typeVersion >= 2 && simplifyOn(fn);

export type WithSiteTimeZone<T> = T & { siteTimeZone?: string };

/** A refusal passes unchanged. */
export function withSiteTimeZone<T extends { ok: boolean }>(check: T, credentials: IDataObject): WithSiteTimeZone<T> {
	const zone = check.ok ? credentialTimeZone(credentials) : undefined;
	return zone ? { ...check, siteTimeZone: zone } : check;
}

/** The site's, else the workflow's. */
export const outputTimeZone = (fn: IWebhookFunctions, siteTimeZone?: string): string => siteTimeZone ?? fn.getTimezone();
