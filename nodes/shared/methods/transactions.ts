/**
 * "From list" of a transaction: the platform finds transactions only by their reference and amount
 * (`/gateway/search`, meant to recover a transaction after a lost connection), so the search box takes the
 * reference followed by the amount and currency, as a user reads them on an order: `ORDER-1001 50000 COP`.
 * Used by every field that takes a transaction's internal reference (Gateway, Session, tickets).
 */
import { NodeOperationError, type IDataObject, type ILoadOptionsFunctions, type INodeListSearchResult } from 'n8n-workflow';

import { idLocatorProperty, type IdLocator } from '../descriptions/locator';
import { paySuiteRequest } from '../transport/request';

export const SEARCH_TRANSACTIONS = 'searchTransactions';

const SEARCH_WORDS = 'Type the payment reference, its amount and currency, such as ORDER-1001 50000 COP';

/** The search box's text as the search's reference and amount, or undefined when it is not in that form. */
export function parseTransactionSearch(filter: string | undefined): { reference: string; amount: { currency: string; total: number } } | undefined {
	const match = /^\s*(.+?)\s+([0-9]+(?:[.,][0-9]+)?)\s+([A-Za-z]{3})\s*$/.exec(filter ?? '');
	if (!match) return undefined;
	return { reference: match[1], amount: { currency: match[3].toUpperCase(), total: Number(match[2].replace(',', '.')) } };
}

/** One transaction as a list entry: what tells two apart on one order (status, date, amount). */
function transactionEntry(txn: IDataObject) {
	const status = (txn.status as IDataObject | undefined)?.status ?? txn.status;
	const amount = txn.amount as IDataObject | undefined;
	const when = typeof txn.date === 'string' ? ` · ${txn.date.slice(0, 16).replace('T', ' ')}` : '';
	const money = amount ? ` · ${String(amount.total ?? '')} ${String(amount.currency ?? '')}` : '';
	return {
		name: `${String(txn.internalReference)} · ${String(txn.reference ?? '')} · ${String(status ?? '')}${money}${when}`,
		value: String(txn.internalReference),
	};
}

export async function searchTransactions(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	const search = parseTransactionSearch(filter);
	if (!search) throw new NodeOperationError(this.getNode(), SEARCH_WORDS);
	const { body } = (await paySuiteRequest.call(this, { api: 'gateway', method: 'POST', path: '/gateway/search', body: search, safety: 'read' })) as {
		body: IDataObject;
	};
	const found = (body.transactions ?? body.data ?? []) as IDataObject[];
	return { results: found.filter((txn) => txn.internalReference !== undefined && txn.internalReference !== null).map(transactionEntry) };
}

/** The Internal Reference field of a transaction, the same in every node that takes one. */
export const internalReferenceLocator = (overrides: Partial<IdLocator> = {}) =>
	idLocatorProperty({
		displayName: 'Internal Reference',
		name: 'internalReference',
		description: "The transaction's internal reference: the number the platform gave the payment",
		example: '1234567',
		searchListMethod: SEARCH_TRANSACTIONS,
		searchFilterRequired: true,
		hint: 'From List: type the payment reference, amount and currency, such as ORDER-1001 50000 COP',
		...overrides,
	});
