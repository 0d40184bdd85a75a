import type { IDataObject } from 'n8n-workflow';

import { readId } from '../../../shared/identifiers';
import { compact, pollingOperation } from '../../../shared/operation';
import { reportOutputProperties, reportRequestBody, reportRequestProperties } from '../../descriptions/fields';
import { reportSchema } from '../../schemas';
import { reportItems, reportPolling } from './reportFile';

export const requestAndWait = pollingOperation({
	value: 'requestAndWait',
	name: 'Request and Wait',
	action: 'Request a transaction report and wait for it',
	description: 'Request a report, then ask for it until it is ready (within the timeout) and output it',
	properties: [...reportRequestProperties, ...reportOutputProperties],
	timeout: {
		name: 'timeout',
		default: 300,
		description: 'How long to wait for the report before the item fails (its ID is in the error, for a later Obtain)',
	},
	interval: {
		name: 'pollInterval',
		default: reportPolling.intervalSeconds,
		description: 'Wait between two checks when the platform does not say how long to wait (Retry-After)',
	},
	async start(ctx) {
		const body = ctx.validate(reportSchema, compact(reportRequestBody(ctx)));
		const requested = await ctx.request<IDataObject>({ api: 'gateway', path: '/gateway/report', safety: 'write', body: body as unknown as IDataObject });
		const id = readId(requested.body.id);
		if ('problem' in id) return ctx.fail('The platform did not return the ID of the report');
		return id.digits;
	},
	polling: reportPolling,
	output: (ctx, file, id) => reportItems(ctx, id, file),
});
