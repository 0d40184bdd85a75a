/**
 * "From list" of the chosen merchant's payment methods. loadOptions.ts reads the same list: the platform has no
 * catalogue of codes or franchises, only those the merchant has.
 */
import { NodeOperationError, type IDataObject, type ILoadOptionsFunctions, type INodeListSearchResult } from 'n8n-workflow';

import { namedEntry, searchListPage } from '../../shared/methods/listSearch';

export const SEARCH_MERCHANT_PAYMENT_METHODS = 'searchMerchantPaymentMethods';

/** Read by the list and the dropdowns. */
export const SEARCH_PATH = '/core/merchant/payment-methods/search';
/** The platform's name filter takes 3 to 50 characters: a shorter or longer search lists everything. */
const NAME_FILTER = { min: 3, max: 50 };

/** All its digits kept; a clear error when none is chosen yet. */
export function chosenMerchant(this: ILoadOptionsFunctions): number {
	let value: unknown;
	try {
		value = this.getCurrentNodeParameter('merchantId', { extractValue: true });
	} catch {
		value = undefined;
	}
	const id = typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
	if (!/^\d+$/.test(id)) {
		// n8n's list shows the message alone (not the description): it says all there is to do.
		throw new NodeOperationError(
			this.getNode(),
			id.startsWith('=')
				? 'Choose the Merchant ID first as a fixed ID: an expression is only known when the workflow runs. Type the ID, or use By ID for this field too.'
				: 'Choose the Merchant ID first: the list shows the payment methods of that merchant.',
		);
	}
	// A bigint goes out with all its digits.
	return (Number.isSafeInteger(Number(id)) ? Number(id) : BigInt(id)) as number;
}

/** "Credit card A · CRA (ID 501)", and "disabled" when it is. */
function methodEntry(method: IDataObject) {
	const entry = namedEntry(method);
	const code = typeof method.code === 'string' ? ` · ${method.code}` : '';
	const name = entry.name.replace(/ \(ID /, `${code} (ID `);
	return { ...entry, name: method.disabled === true ? `${name} · disabled` : name };
}

async function searchMerchantPaymentMethods(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	const customerId = chosenMerchant.call(this);
	const name = filter?.trim() ?? '';
	const named = name.length >= NAME_FILTER.min && name.length <= NAME_FILTER.max;
	return searchListPage.call(
		this,
		{ api: 'core', path: SEARCH_PATH, body: { customerId, ...(named ? { name } : {}) }, toItem: methodEntry },
		paginationToken,
	);
}

export const listSearch = { [SEARCH_MERCHANT_PAYMENT_METHODS]: searchMerchantPaymentMethods };
