/**
 * "From list" of a payment facilitator: the platform's facilitator search, paged, narrowed by the name typed in
 * the search box. Shared by every node that takes a facilitator ID (Site, Merchant): each registers it in its
 * `methods.listSearch` under SEARCH_PAYMENT_FACILITATORS.
 */
import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { namedEntry, searchListPage } from './listSearch';

export const SEARCH_PAYMENT_FACILITATORS = 'searchPaymentFacilitators';

export async function searchPaymentFacilitators(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	const name = filter?.trim();
	return searchListPage.call(
		this,
		{
			api: 'core',
			path: '/core/tools/payment-facilitator/search',
			body: name ? { name } : {},
			toItem: (facilitator) => {
				const entry = namedEntry(facilitator);
				return facilitator.active === false ? { ...entry, name: `${entry.name} · inactive` } : entry;
			},
		},
		paginationToken,
	);
}
