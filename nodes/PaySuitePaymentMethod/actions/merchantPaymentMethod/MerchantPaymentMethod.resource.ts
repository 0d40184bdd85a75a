import type { PaySuiteResource } from '../../../shared/operation/types';
import { create } from './create.operation';
import { deleteOperation } from './delete.operation';
import { getMany } from './getMany.operation';
import { update } from './update.operation';

export const merchantPaymentMethod: PaySuiteResource = {
	value: 'merchantPaymentMethod',
	name: 'Merchant Payment Method',
	description: 'Payment methods attached to a merchant (the platform calls a merchant a customer)',
	operations: [getMany, create, update, deleteOperation],
	// Reads first in the list; saved workflows keep their default.
	firstDefault: 'create',
};
