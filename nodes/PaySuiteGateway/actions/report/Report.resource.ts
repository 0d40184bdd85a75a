import type { PaySuiteResource } from '../../../shared/operation/types';
import { obtain } from './obtain.operation';
import { request } from './request.operation';
import { requestAndWait } from './requestAndWait.operation';

export const report: PaySuiteResource = {
	value: 'report',
	name: 'Report',
	description: 'Tab-separated reports of the transactions of a period',
	operations: [request, obtain, requestAndWait],
};
