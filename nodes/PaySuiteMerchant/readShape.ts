import type { IDataObject } from 'n8n-workflow';

export const HIDDEN = '[hidden]';

const SECRET_SETTING = /pass|secret|token|key|pwd|credential|private/i;

function hideSettings(value: unknown): unknown {
	if (Array.isArray(value)) return value.map(hideSettings);
	if (value && typeof value === 'object') {
		const out: IDataObject = {};
		for (const [key, entry] of Object.entries(value as IDataObject)) {
			out[key] = SECRET_SETTING.test(key) && entry !== null && typeof entry !== 'object' ? HIDDEN : (hideSettings(entry) as IDataObject);
		}
		return out;
	}
	return value;
}

function hideInSettingsOwners(list: unknown): unknown {
	if (!Array.isArray(list)) return list;
	return list.map((owner: IDataObject) => (owner && typeof owner === 'object' && 'settings' in owner ? { ...owner, settings: hideSettings(owner.settings) } : owner));
}

/**
 * The merchant read shape with its credentials hidden: each site's tranKey, and the secret-looking entries
 * (password, secret, token, key...) of the settings of payment methods and integrations, at every level.
 */
export function hideCredentials(merchant: IDataObject): IDataObject {
	const sites = Array.isArray(merchant.sites)
		? (merchant.sites as IDataObject[]).map((site) => ({
				...site,
				...(site.tranKey !== undefined && site.tranKey !== null ? { tranKey: HIDDEN } : {}),
				paymentMethods: hideInSettingsOwners(site.paymentMethods),
				integrations: hideInSettingsOwners(site.integrations),
			}))
		: merchant.sites;
	return {
		...merchant,
		paymentMethods: hideInSettingsOwners(merchant.paymentMethods),
		integrations: hideInSettingsOwners(merchant.integrations),
		sites,
	} as IDataObject;
}

export type MerchantOutput = 'merchant' | 'sites' | 'paymentMethods';

/** One item for the merchant, or one item per site / per payment method (each with the merchant's ID). */
export function splitMerchant(merchant: IDataObject, output: MerchantOutput): IDataObject[] {
	if (output === 'merchant') return [merchant];
	const list = merchant[output];
	if (!Array.isArray(list)) return [];
	return (list as IDataObject[]).map((entry) => ({ merchantId: merchant.id, ...entry }));
}
