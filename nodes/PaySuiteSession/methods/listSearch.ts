/** The Session node's editor methods: the transaction list of every Internal Reference field. */
import { SEARCH_TRANSACTIONS, searchTransactions } from '../../shared/methods/transactions';

export const listSearch = { [SEARCH_TRANSACTIONS]: searchTransactions };
