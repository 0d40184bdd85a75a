import type { PaySuiteResource } from '../../../shared/operation/types';
import { send } from './send.operation';

export const message: PaySuiteResource = {
	value: 'message',
	name: 'Message',
	description: 'One-way informational messages',
	operations: [send],
};
