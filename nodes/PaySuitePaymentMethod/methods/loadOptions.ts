/**
 * The Payment Method node's dropdowns: the codes and the franchises of the chosen merchant's payment methods (the
 * platform lists no catalogue of them: it answers with those the merchant has).
 */
import type { IDataObject, ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { paySuiteRequest } from '../../shared/transport/request';
import { SEARCH_PATH, chosenMerchant } from './listSearch';

export const GET_PAYMENT_METHOD_CODES = 'getPaymentMethodCodes';
export const GET_FRANCHISES = 'getFranchises';

/** At most this many pages are read for a dropdown (50 methods each): a merchant has far fewer. */
const MAX_PAGES = 10;

/** Every payment method of the chosen merchant (a dropdown shows them all, not a page). */
async function merchantMethods(this: ILoadOptionsFunctions): Promise<IDataObject[]> {
	const customerId = chosenMerchant.call(this);
	const methods: IDataObject[] = [];
	for (let currentPage = 1; currentPage <= MAX_PAGES; currentPage++) {
		const { body } = (await paySuiteRequest(this, {
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

async function getPaymentMethodCodes(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const methods = await merchantMethods.call(this);
	return distinct(methods.map((method) => [method.code, typeof method.name === 'string' ? `${method.name} (${String(method.code)})` : String(method.code)]));
}

async function getFranchises(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const methods = await merchantMethods.call(this);
	return distinct(methods.map((method) => [method.franchise, String(method.franchise)]));
}

export const loadOptions = { [GET_PAYMENT_METHOD_CODES]: getPaymentMethodCodes, [GET_FRANCHISES]: getFranchises };
