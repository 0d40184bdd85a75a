import type { PaySuiteResource } from '../../../shared/operation/types';
import { findByReference } from './findByReference.operation';
import { get } from './get.operation';
import { processPayment } from './process.operation';
import { search } from './search.operation';
import { SINCE } from '../../versions';

export const transaction: PaySuiteResource = {
	value: 'transaction',
	name: 'Transaction',
	description: 'Card payments processed directly by the gateway',
	operations: [get, search, findByReference, processPayment],
	// Reads first in the list; saved workflows keep their default.
	firstDefault: 'process',
	// A new node starts on a read: adding the node never puts a payment on the canvas (version 2 on).
	defaultOperation: { value: 'get', since: SINCE.getFirst },
};
