import type { PaySuiteResource } from '../../../shared/operation/types';
import { obtain } from './obtain.operation';
import { request } from './request.operation';
import { requestAndWait } from './requestAndWait.operation';

export const report: PaySuiteResource = {
	value: 'report',
	name: 'Report',
	description: 'Reports of the transactions of a period, as one item per row or as a file',
	operations: [request, obtain, requestAndWait],
};
