import type { PaySuiteResource } from '../../../shared/operation/types';
import { calculateInterests } from './calculateInterests.operation';
import { getBalance } from './getBalance.operation';
import { getInformation } from './getInformation.operation';

export const card: PaySuiteResource = {
	value: 'card',
	name: 'Card',
	description: 'What the platform knows about a card: processor, credit options, interests, balance',
	operations: [getInformation, calculateInterests, getBalance],
};
