import type { PaySuiteResource } from '../../../shared/operation/types';
import { get } from './get.operation';
import { waitForCompletion } from './waitForCompletion.operation';

export const processResource: PaySuiteResource = {
	value: 'process',
	name: 'Process',
	description: 'The asynchronous process a merchant write starts',
	operations: [get, waitForCompletion],
};
