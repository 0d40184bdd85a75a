import type { PaySuiteResource } from '../../../shared/operation/types';
import { cancel } from './cancel.operation';
import { create } from './create.operation';
import { createAndWait } from './createAndWait.operation';
import { get } from './get.operation';
import { SINCE } from '../../versions';

export const session: PaySuiteResource = {
	value: 'session',
	name: 'Session',
	description: 'Checkout sessions: the hosted page where the buyer pays',
	operations: [get, create, createAndWait, cancel],
	// Reads first in the list; saved workflows keep their default.
	firstDefault: 'create',
	// A new node starts on a read: adding the node never puts a payment on the canvas (version 2 on).
	defaultOperation: { value: 'get', since: SINCE.getFirst },
};
