import type { PaySuiteResource } from '../../../shared/operation/types';
import { create } from './create.operation';
import { getMany } from './getMany.operation';

export const ticket: PaySuiteResource = {
	value: 'ticket',
	name: 'Ticket',
	description: 'Ticket records (a ticket number and an issue date) tied to a transaction',
	operations: [getMany, create],
	// Reads first in the list; saved workflows keep their default.
	firstDefault: 'create',
};
