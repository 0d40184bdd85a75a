import type { PaySuiteResource } from '../../../shared/operation/types';
import { addToSite } from './addToSite.operation';

export const sitePaymentMethod: PaySuiteResource = {
	value: 'sitePaymentMethod',
	name: 'Site Payment Method',
	description: 'Merchant payment methods offered on a site',
	operations: [addToSite],
};
