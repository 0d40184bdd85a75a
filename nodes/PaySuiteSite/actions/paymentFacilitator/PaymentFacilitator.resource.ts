import type { PaySuiteResource } from '../../../shared/operation/types';
import { getMany } from './getMany.operation';

export const paymentFacilitator: PaySuiteResource = {
	value: 'paymentFacilitator',
	name: 'Payment Facilitator',
	description: 'Payment facilitators known to the platform',
	operations: [getMany],
};
