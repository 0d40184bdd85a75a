/**
 * What the triggers share from type version 2: Simplify (on by default: one flat item of what a workflow maps),
 * the full delivery when it is off, and Include Secrets only where that full delivery can hold a secret. Version 1
 * keeps the output saved workflows were built on, whatever these fields say.
 */
import type { IDataObject, INodeProperties, IWebhookFunctions } from 'n8n-workflow';

import { credentialTimeZone } from '../schemas/timeZone';
import { simplifyProperty } from '../descriptions/simplify';
import { includeSecretsProperty } from '../descriptions/commonFields';

/** The triggers' versions: 1 outputs the delivery as it always did; 2 adds Simplify. */
export const TRIGGER_VERSIONS = { version: [1, 2], defaultVersion: 2 };

const SINCE_VERSION_2 = { '@version': [{ _cnd: { gte: 2 } }] };

/** The Simplify switch of a trigger (version 2 on), saying what the full delivery is. */
export function triggerSimplifyProperty(fullDelivery: string): INodeProperties {
	return {
		...simplifyProperty,
		description: `Whether to output one flat item (status, amount, reference...) instead of ${fullDelivery}. Each date comes as sent and, with Iso added to its name (such as dateIso), in the credential's Site Time Zone (else the workflow's).`,
		displayOptions: { show: SINCE_VERSION_2 },
	};
}

const HIDDEN_WORDS = 'are output as "[hidden: turn on Include Secrets]". Turn it on only when the next node needs them.';

/**
 * Include Secrets where a trigger's output can hold a secret: always at version 1, and from version 2 only with
 * Simplify off (the flat item never holds one). `secret` names it for the hint.
 */
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

/** Whether this node outputs the flat item: version 2 on, Simplify on (its default). */
export function simplifiedOutput(fn: IWebhookFunctions): boolean {
	return fn.getNode().typeVersion >= 2 && fn.getNodeParameter('simple', true) !== false;
}

/** A delivery with the site's time zone of the credential that verified it, when the credential names one. */
export type WithSiteTimeZone<T> = T & { siteTimeZone?: string };

/** Adds the credential's site time zone to an accepted delivery; a refusal passes unchanged. */
export function withSiteTimeZone<T extends { ok: boolean }>(check: T, credentials: IDataObject): WithSiteTimeZone<T> {
	const zone = check.ok ? credentialTimeZone(credentials) : undefined;
	return zone ? { ...check, siteTimeZone: zone } : check;
}

/** The zone a trigger writes ISO dates in: the site's, else the workflow's. */
export function outputTimeZone(fn: IWebhookFunctions, siteTimeZone?: string): string {
	return siteTimeZone ?? fn.getTimezone();
}
