import { compact } from '../../../shared/operation/compact';
import { pollOrFail } from '../../../shared/operation/pollingOperation';
import { intervalProperty, timeoutProperty } from '../../../shared/descriptions/commonFields';
import { clockOf } from '../../../shared/operation/siteClock';
import type { PaySuiteOperation } from '../../../shared/operation/types';
import { reportBody } from './reportBody';
import { reportOutputProperties, reportRequestLabels, reportRequestProperties, reportWhenEmptyProperty } from '../../descriptions/fields';
import { reportSchema } from '../../schemas';
import { reportPolling, requestReportId } from './reportFile';
import { WindowedReport } from './windowedReport';
import { reportWindows } from './reportPeriod';

const timeout = {
	name: 'timeout',
	default: 300,
	description:
		'How long to wait for each report before the item fails (its ID is in the error, for a later Obtain); a period of more than 10 days is several reports, waited for one after the other',
};
const interval = {
	name: 'pollInterval',
	default: reportPolling.intervalSeconds,
	description: 'Wait between two checks when the platform does not say how long to wait (Retry-After)',
};

/** On the site's clock: the period's days and its windows are the site's. */
export const requestAndWait: PaySuiteOperation = {
	siteClock: {},
	value: 'requestAndWait',
	name: 'Request and Wait',
	action: 'Request a transaction report and wait for it',
	description:
		'Request a report, then ask for it until it is ready (within the timeout) and output it; a period of more than 10 days is asked in windows of 10 days and output as one report',
	properties: [...reportRequestProperties, ...reportOutputProperties, reportWhenEmptyProperty, timeoutProperty(timeout), intervalProperty(interval)],
	fieldLabels: reportRequestLabels,
	async execute(ctx) {
		const body = ctx.validate(reportSchema, compact(reportBody(ctx)));
		const timing = { timeoutSeconds: ctx.param<number>(timeout.name, timeout.default), intervalSeconds: ctx.param<number>(interval.name, interval.default) };
		const report = new WindowedReport(ctx);
		// One window at a time: the platform works on one report of ours at once, and the rows come out in order.
		let complete = false;
		try {
			for (const window of reportWindows(body.filters.startDate, body.filters.endDate, clockOf(ctx).zone)) {
				const id = await requestReportId(ctx, { ...body, filters: { ...body.filters, ...window } });
				// Read as it downloads, before the next window is asked for.
				await report.add(id, window, await pollOrFail(ctx, reportPolling, id, timing));
			}
			complete = true;
		} finally {
			// The file of the period was being written: n8n drops it, as the item fails.
			if (!complete) report.abort(new Error('The report was not complete'));
		}
		return report.result(body.filters);
	},
};
