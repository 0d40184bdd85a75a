import type { IDataObject } from 'n8n-workflow';

// Its secrets (tranKeys, settings) are hidden by the node's executor with the others: see shared/redact.ts.
export type MerchantOutput = 'merchant' | 'sites' | 'paymentMethods';

/** One item for the merchant, or one item per site / per payment method (each with the merchant's ID). */
export function splitMerchant(merchant: IDataObject, output: MerchantOutput): IDataObject[] {
	if (output === 'merchant') return [merchant];
	const list = merchant[output];
	if (!Array.isArray(list)) return [];
	return (list as IDataObject[]).map((entry) => ({ merchantId: merchant.id, ...entry }));
}
