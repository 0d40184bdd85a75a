import { requestOperation } from '../../../shared/operation';
import { reportRequestBody, reportRequestProperties } from '../../descriptions/fields';
import { reportSchema, type ReportBody } from '../../schemas';

export const request = requestOperation<ReportBody>({
	value: 'request',
	name: 'Request',
	action: 'Request a transaction report',
	description: 'Ask for a tab-separated report of the transactions of a period; get it later with Obtain, by the returned ID',
	api: 'gateway',
	path: '/gateway/report',
	safety: 'write',
	properties: reportRequestProperties,
	body: reportRequestBody,
	schema: reportSchema,
});
