import type { PaySuiteResource } from '../../../shared/operation/types';
import { createSession } from './createSession.operation';
import { getSession } from './getSession.operation';
import { validateToken } from './validateToken.operation';

export const accountValidation: PaySuiteResource = {
	value: 'accountValidation',
	name: 'Account Validation',
	description: 'Validation of bank accounts, turned into tokens the gateway can charge',
	operations: [getSession, createSession, validateToken],
	// Reads first in the list; saved workflows keep their default.
	firstDefault: 'createSession',
};
