import type { PaySuiteResource } from '../../../shared/operation/types';
import { create } from './create.operation';
import { createAndWait } from './createAndWait.operation';
import { disable } from './disable.operation';
import { get } from './get.operation';

export const paymentLink: PaySuiteResource = {
	value: 'paymentLink',
	name: 'Payment Link',
	description: 'Links buyers open to pay; one link may take several payments',
	operations: [get, create, createAndWait, disable],
	// Reads first in the list; saved workflows keep their default.
	firstDefault: 'create',
};
