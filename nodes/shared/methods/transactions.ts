/**
 * "From list" of a transaction: the platform finds transactions only by their reference and amount
 * (`/gateway/search`, meant to recover a transaction after a lost connection), so the search box takes the
 * reference followed by the amount and currency, as a user reads them on an order: `ORDER1001 50000 COP`.
 * Used by every field that takes a transaction's internal reference (Gateway, Session, tickets).
 */
import { NodeOperationError, type IDataObject, type ILoadOptionsFunctions, type INodeListSearchResult } from 'n8n-workflow';

import { exampleText } from '../descriptions/fields';
import { idLocatorProperty, type IdLocator } from '../descriptions/locator';
import { paySuiteRequest } from '../transport/request';

export const SEARCH_TRANSACTIONS = 'searchTransactions';

/**
 * The one example of what to type, shown by the field's hint, its placeholder and the list's error alike. No
 * dash in it: n8n's list shows an error's message split at every dash and joined with spaces, so an example
 * with one would read differently there ("ORDER-1001" shows as "ORDER 1001").
 */
export const TRANSACTION_SEARCH_EXAMPLE = 'ORDER1001 50000 COP';

/** What the search box takes, as the hint and the error say it. */
export const TRANSACTION_SEARCH_WORDS = `Type the reference, amount and currency, ${exampleText(TRANSACTION_SEARCH_EXAMPLE)}`;

type TransactionSearch = { reference: string; amount: { currency: string; total: number } };

/** The search box's text as the search's reference and amount, or undefined when it is not in that form. */
export function parseTransactionSearch(filter: string | undefined): TransactionSearch | undefined {
	const match = /^\s*(.+?)\s+([0-9]+(?:[.,][0-9]+)?)\s+([A-Za-z]{3})\s*$/.exec(filter ?? '');
	if (!match) return undefined;
	return { reference: match[1], amount: { currency: match[3].toUpperCase(), total: Number(match[2].replace(',', '.')) } };
}

const CURRENCY = /^[A-Za-z]{3}$/;
const NUMBER_LIKE = /^[0-9][0-9.,]*$/;

/** What is missing or wrong in a search box's text that parseTransactionSearch refuses, in the user's words. */
export function transactionSearchProblem(filter: string | undefined): string {
	const words = (filter ?? '').trim().split(/\s+/).filter(Boolean);
	const last = words[words.length - 1] ?? '';
	const beforeLast = words[words.length - 2] ?? '';
	if (words.length === 0) return '';
	if (NUMBER_LIKE.test(last)) return words.length === 1 ? 'The reference and currency are missing.' : 'The currency is missing.';
	if (words.length >= 2 && CURRENCY.test(last)) {
		if (!NUMBER_LIKE.test(beforeLast)) return 'The amount is missing.';
		if (words.length === 2) return 'The reference is missing.';
		return `The amount ${beforeLast} is not a number such as 50000 or 120.50.`;
	}
	return 'The amount and currency are missing.';
}

/** The error of a search box's text the platform cannot search with: what is missing, then what to type. */
export function transactionSearchMessage(filter: string | undefined): string {
	return [transactionSearchProblem(filter), TRANSACTION_SEARCH_WORDS].filter(Boolean).join(' ');
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
	// n8n's list shows this message (not a description) under "Could not load list".
	if (!search) throw new NodeOperationError(this.getNode(), transactionSearchMessage(filter));
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
		listPlaceholder: exampleText(TRANSACTION_SEARCH_EXAMPLE),
		hint: `From List: ${TRANSACTION_SEARCH_WORDS.replace(/^Type/, 'type')}`,
		...overrides,
	});
