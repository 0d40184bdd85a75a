/**
 * "From list" of Control › Payment Facilitator. The platform lists facilitators only through the signed Core
 * API, while this node works with the access-token credential: the list uses the node's optional second
 * credential (PaySuite API) and, without it, says how to get the list or to give the ID instead.
 */
import { NodeOperationError, type IDataObject, type ILoadOptionsFunctions, type INodeListSearchResult } from 'n8n-workflow';

import { namedEntry, searchListPage } from '../../shared/methods/listSearch';

export const SEARCH_PAYMENT_FACILITATORS = 'searchPaymentFacilitators';

/** The signed credential, the only one that may list facilitators. */
export const FACILITATOR_CREDENTIAL = 'paySuiteApi';

/** "Name · CO (ID 12)", and an inactive one says so. */
function facilitatorEntry(record: IDataObject) {
	const entry = namedEntry(record);
	const country = typeof record.country === 'string' && record.country ? ` · ${record.country}` : '';
	const inactive = record.active === false ? ' · inactive' : '';
	return { ...entry, name: entry.name.replace(/ \(ID /, `${country}${inactive} (ID `) };
}

export async function searchPaymentFacilitators(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	if (!this.getNode().credentials?.[FACILITATOR_CREDENTIAL]) {
		throw new NodeOperationError(
			this.getNode(),
			'To list payment facilitators, choose a PaySuite API credential (the signed one) for this node, or pick By ID',
			{
				description:
					'The platform lists payment facilitators only to the signed credential; this node otherwise works with the access token. The ID is also shown by Site › Payment Facilitator › Get Many.',
			},
		);
	}
	const search = filter?.trim() ?? '';
	// The platform searches by ID or by part of the name: digits are read as an ID.
	const body: IDataObject = /^\d+$/.test(search) ? { id: search } : search ? { name: search } : {};
	return searchListPage.call(this, { api: 'core', path: '/core/tools/payment-facilitator/search', body, toItem: facilitatorEntry }, paginationToken);
}
