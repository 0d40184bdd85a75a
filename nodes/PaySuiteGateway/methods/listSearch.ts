/** The Gateway's "From list" searches: the transactions of an internal reference (shared with every node). */
import { SEARCH_TRANSACTIONS, searchTransactions } from '../../shared/methods/transactions';

export const listSearch = { [SEARCH_TRANSACTIONS]: searchTransactions };
