import type { PaySuiteResource } from '../../../shared/operation/types';
import { checkout } from './checkout.operation';
import { reauthorize } from './reauthorize.operation';
import { refund } from './refund.operation';
import { reverse } from './reverse.operation';

export const transaction: PaySuiteResource = {
	value: 'transaction',
	name: 'Transaction',
	description: 'Refunds, reversals and pre-authorization actions on a payment',
	operations: [refund, checkout, reauthorize, reverse],
};
