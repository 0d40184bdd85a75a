/**
 * "From list" of a payment facilitator: the platform's facilitator search, paged, narrowed by what is typed in the
 * search box (digits: the ID; other text: part of the name). Shared by every node that takes a facilitator ID (Site,
 * Merchant): each registers it in its `methods.listSearch` under SEARCH_PAYMENT_FACILITATORS.
 */
import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { namedEntry, searchListPage } from './listSearch';

export const SEARCH_PAYMENT_FACILITATORS = 'searchPaymentFacilitators';

/** "Name · CO (ID 12)", and an inactive one says so. */
function facilitatorEntry(record: IDataObject) {
	const entry = namedEntry(record);
	const country = typeof record.country === 'string' && record.country ? ` · ${record.country}` : '';
	const inactive = record.active === false ? ' · inactive' : '';
	return { ...entry, name: entry.name.replace(/ \(ID /, `${country}${inactive} (ID `) };
}

export async function searchPaymentFacilitators(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	const search = filter?.trim() ?? '';
	const body: IDataObject = /^\d+$/.test(search) ? { id: search } : search ? { name: search } : {};
	return searchListPage.call(this, { api: 'core', path: '/core/tools/payment-facilitator/search', body, toItem: facilitatorEntry }, paginationToken);
}
