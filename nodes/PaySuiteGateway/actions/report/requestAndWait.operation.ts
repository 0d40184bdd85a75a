import type { IDataObject } from 'n8n-workflow';

import { compact, type PaySuiteOperation } from '../../../shared/operation';
import { pollUntilDone, PollTimeoutError } from '../../../shared/polling';
import { reportSchema } from '../../schemas';
import { obtainReport, outputProperties, reportItems, type ObtainOutcome } from './reportFile';
import { reportRequestBody, reportRequestProperties } from './request.operation';

export const requestAndWait: PaySuiteOperation = {
	value: 'requestAndWait',
	name: 'Request and Wait',
	action: 'Request a transaction report and wait for it',
	description: 'Request a report, then ask for it until it is ready (within the timeout) and output it',
	properties: [
		...reportRequestProperties,
		...outputProperties,
		{
			displayName: 'Timeout (Seconds)',
			name: 'timeout',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 300,
			description: 'How long to wait for the report before the item fails (its ID is in the error, for a later Obtain)',
		},
		{
			displayName: 'Poll Interval (Seconds)',
			name: 'pollInterval',
			type: 'number',
			typeOptions: { minValue: 0 },
			default: 5,
			description: 'Wait between two checks when the platform does not say how long to wait (Retry-After)',
		},
	],
	async execute(ctx) {
		const body = ctx.validate(reportSchema, compact(reportRequestBody(ctx)));
		const requested = await ctx.request<IDataObject>({ api: 'gateway', path: '/gateway/report', safety: 'write', body: body as unknown as IDataObject });
		const id = Number(requested.body.id);
		if (!Number.isInteger(id) || id <= 0) ctx.fail('The platform did not return the ID of the report');
		const timeoutSeconds = ctx.param<number>('timeout', 300);
		// A timeout becomes this item's failure; any other error (the platform's) goes on unchanged.
		const polled = await pollUntilDone<ObtainOutcome>(
			async () => {
				const outcome = await obtainReport(ctx, id);
				return { done: outcome.ready, value: outcome, retryAfterSeconds: outcome.ready ? undefined : outcome.retryAfterSeconds };
			},
			{ timeoutMs: timeoutSeconds * 1000, defaultDelayMs: ctx.param<number>('pollInterval', 5) * 1000, maxDelayMs: 60_000 },
		).catch((error: unknown) => (error instanceof PollTimeoutError ? error : Promise.reject(error)));
		if (polled instanceof PollTimeoutError) {
			return ctx.fail(
				`The report ${id} was not ready after ${timeoutSeconds} s`,
				`Get it later with Report > Obtain and the report ID ${id}, or raise the timeout. ${polled.message}.`,
			);
		}
		if (!polled.value.ready) return ctx.fail(`The report ${id} is not ready`);
		return reportItems(ctx, id, polled.value.file);
	},
};
