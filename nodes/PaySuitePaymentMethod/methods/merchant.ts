/**
 * The editor's lists of the Payment Method node, all from the chosen merchant's payment methods (the platform
 * lists no catalogue of codes or franchises: it answers with those the merchant has).
 */
import {
	NodeOperationError,
	type IDataObject,
	type ILoadOptionsFunctions,
	type INodeListSearchResult,
	type INodePropertyOptions,
} from 'n8n-workflow';

import { namedEntry, searchListPage } from '../../shared/methods/listSearch';
import { paySuiteRequest } from '../../shared/transport/request';

export const SEARCH_MERCHANT_PAYMENT_METHODS = 'searchMerchantPaymentMethods';
export const GET_PAYMENT_METHOD_CODES = 'getPaymentMethodCodes';
export const GET_FRANCHISES = 'getFranchises';

const SEARCH_PATH = '/core/merchant/payment-methods/search';
/** The platform's name filter takes 3 to 50 characters: a shorter or longer search lists everything. */
const NAME_FILTER = { min: 3, max: 50 };
/** At most this many pages are read for a dropdown (50 methods each): a merchant has far fewer. */
const MAX_PAGES = 10;

/** The merchant chosen in the panel, as the platform's number (all its digits); a clear error when there is none yet. */
export function chosenMerchant(this: ILoadOptionsFunctions): number {
	let value: unknown;
	try {
		value = this.getCurrentNodeParameter('merchantId', { extractValue: true });
	} catch {
		value = undefined;
	}
	const id = typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
	if (!/^\d+$/.test(id)) {
		throw new NodeOperationError(this.getNode(), 'Choose the Merchant ID first', {
			description: id.startsWith('=')
				? 'The list needs a fixed Merchant ID: an expression is only known when the workflow runs. Type the ID, or use "By ID" for this field too.'
				: 'The list shows the payment methods of one merchant: fill in Merchant ID above, then open this list again.',
		});
	}
	// A bigint goes out with all its digits (the transport writes it as a bare integer).
	return (Number.isSafeInteger(Number(id)) ? Number(id) : BigInt(id)) as number;
}

/** "Credit card A · CRA (ID 501)": name, code and ID; "disabled" when it is. */
function methodEntry(method: IDataObject) {
	const entry = namedEntry(method);
	const code = typeof method.code === 'string' ? ` · ${method.code}` : '';
	const name = entry.name.replace(/ \(ID /, `${code} (ID `);
	return { ...entry, name: method.disabled === true ? `${name} · disabled` : name };
}

export async function searchMerchantPaymentMethods(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	const customerId = chosenMerchant.call(this);
	const name = filter?.trim() ?? '';
	const named = name.length >= NAME_FILTER.min && name.length <= NAME_FILTER.max;
	return searchListPage.call(
		this,
		{ api: 'core', path: SEARCH_PATH, body: { customerId, ...(named ? { name } : {}) }, toItem: methodEntry },
		paginationToken,
	);
}

/** Every payment method of the chosen merchant (a dropdown shows them all, not a page). */
async function merchantMethods(this: ILoadOptionsFunctions): Promise<IDataObject[]> {
	const customerId = chosenMerchant.call(this);
	const methods: IDataObject[] = [];
	for (let currentPage = 1; currentPage <= MAX_PAGES; currentPage++) {
		const { body } = (await paySuiteRequest.call(this, {
			api: 'core',
			method: 'POST',
			path: SEARCH_PATH,
			body: { customerId, pagination: { perPage: 50, currentPage } },
			safety: 'read',
		})) as { body: IDataObject };
		const page = Array.isArray(body.data) ? (body.data as IDataObject[]) : [];
		methods.push(...page);
		if (page.length === 0 || currentPage >= Number((body.pagination as IDataObject | undefined)?.lastPage ?? currentPage)) break;
	}
	return methods;
}

/** One option per distinct value, sorted by what the user reads. */
function distinct(values: Array<[value: unknown, name: string]>): INodePropertyOptions[] {
	const seen = new Map<string, string>();
	for (const [value, name] of values) if (typeof value === 'string' && value && !seen.has(value)) seen.set(value, name);
	return [...seen.entries()].map(([value, name]) => ({ name, value })).sort((a, b) => a.name.localeCompare(b.name));
}

export async function getPaymentMethodCodes(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const methods = await merchantMethods.call(this);
	return distinct(methods.map((method) => [method.code, typeof method.name === 'string' ? `${method.name} (${String(method.code)})` : String(method.code)]));
}

export async function getFranchises(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const methods = await merchantMethods.call(this);
	return distinct(methods.map((method) => [method.franchise, String(method.franchise)]));
}
