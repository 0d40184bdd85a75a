import type { PaySuiteResource } from '../../../shared/operation/types';
import { getCurrentUser } from './getCurrentUser.operation';

export const account: PaySuiteResource = {
	value: 'account',
	name: 'Account',
	description: 'The consumer that owns the access token',
	operations: [getCurrentUser],
};
