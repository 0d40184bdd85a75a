import { oneRequestOperation } from '../../../shared/operation/oneRequestOperation';
import { reportBody } from './reportBody';
import { reportRequestLabels, reportRequestProperties } from '../../descriptions/fields';
import { reportSchema, type ReportBody } from '../../schemas';
import { isLongerThanPlatformAllows } from './reportPeriod';

/** The platform refuses a period longer than 10 days (HTTP 400, BR): said here, before anything is sent. */
const withinPlatformLimit = reportSchema.superRefine((body, issues) => {
	if (!isLongerThanPlatformAllows(body.filters.startDate, body.filters.endDate)) return;
	issues.addIssue({
		code: 'custom',
		// Named "Period": with a preset (Last Month) the dates are not on the panel.
		path: ['period'],
		message:
			'is longer than 10 days, and the platform reports at most 10 days at once: use Request and Wait, which splits a longer period (such as Last Month) into reports of 10 days and outputs them as one, or choose a shorter period',
	});
});

export const request = oneRequestOperation<ReportBody>({
	siteClock: {},
	value: 'request',
	name: 'Request',
	action: 'Request a transaction report',
	description:
		'Ask for a tab-separated report of the transactions of a period of at most 10 days; get it later with Obtain, by the returned ID',
	api: 'gateway',
	path: '/gateway/report',
	safety: 'write',
	properties: reportRequestProperties,
	fieldLabels: reportRequestLabels,
	body: reportBody,
	schema: withinPlatformLimit,
});
