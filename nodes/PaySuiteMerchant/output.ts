import type { IDataObject } from 'n8n-workflow';

import { orNull } from '../shared/descriptions/simplify';

// Its secrets (tranKeys, settings) are hidden by the node's executor with the others: see shared/transport/redact.ts.
export type MerchantOutput = 'merchant' | 'sites' | 'paymentMethods';

/** One item for the merchant, or one item per site / per payment method (each with the merchant's ID). */
export function splitMerchant(merchant: IDataObject, output: MerchantOutput): IDataObject[] {
	if (output === 'merchant') return [merchant];
	const list = merchant[output];
	if (!Array.isArray(list)) return [];
	return (list as IDataObject[]).map((entry) => ({ merchantId: merchant.id, ...entry }));
}

const listOf = (value: unknown): IDataObject[] => (Array.isArray(value) ? (value as IDataObject[]) : []);
const objectOf = (value: unknown): IDataObject => (value && typeof value === 'object' && !Array.isArray(value) ? (value as IDataObject) : {});

/**
 * Merchant › Get simplified: one flat record of what a workflow uses, without any credential (no site keys, no
 * settings). The fields are listed in docs/nodes/merchant.md.
 */
export function simplifyMerchant(merchant: IDataObject): IDataObject {
	const document = objectOf(merchant.document);
	const address = objectOf(merchant.address);
	const sites = listOf(merchant.sites);
	return {
		id: merchant.id,
		name: merchant.name,
		brand: merchant.brand,
		active: merchant.active,
		...orNull(merchant, 'mcc', 'size', 'timezone', 'incrementType', 'url'),
		languages: merchant.languages ?? [],
		currencies: merchant.currencies ?? [],
		documentType: document.type ?? null,
		documentNumber: document.number ?? null,
		country: address.country ?? null,
		city: address.city ?? null,
		siteCount: sites.length,
		paymentMethodCount: listOf(merchant.paymentMethods).length,
		integrationCount: listOf(merchant.integrations).length,
		siteIds: sites.map((site) => site.id),
		siteNames: sites.map((site) => site.name),
	};
}
