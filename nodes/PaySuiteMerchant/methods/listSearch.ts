/**
 * "From list" of Control › Payment Facilitator. The platform lists facilitators only through the signed Core API,
 * while this node works with the access-token credential: the list uses the node's optional second credential (PaySuite
 * API) and, without it, says how to get the list or to give the ID instead.
 */
import { NodeOperationError, type ILoadOptionsFunctions, type INodeListSearchResult } from 'n8n-workflow';

import { SEARCH_PAYMENT_FACILITATORS, searchPaymentFacilitators as searchWithSignedCredential } from '../../shared/methods/paymentFacilitators';

/** The signed credential, the only one that may list facilitators. */
export const FACILITATOR_CREDENTIAL = 'paySuiteApi';

async function searchPaymentFacilitators(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
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
	return searchWithSignedCredential.call(this, filter, paginationToken);
}

export const listSearch = { [SEARCH_PAYMENT_FACILITATORS]: searchPaymentFacilitators };
