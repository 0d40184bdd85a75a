import type { PaySuiteResource } from '../../../shared/operation/types';
import { create } from './create.operation';
import { get } from './get.operation';
import { update } from './update.operation';

export const merchant: PaySuiteResource = {
	value: 'merchant',
	name: 'Merchant',
	description: 'Merchants with their sites, payment methods and integrations',
	operations: [get, create, update],
	// Reads first in the list; saved workflows keep their default.
	firstDefault: 'create',
};
