import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { formatIsoUtc, parseDateTimeInput } from '../../../shared/dateTime';
import { requestOperation, type OperationContext } from '../../../shared/operation';
import { localeOption } from '../../fields';
import { REPORT_STATES, REPORT_TYPES, reportSchema, type ReportBody } from '../../schemas';

const label = (value: string) => value.split('_').map((word) => word[0] + word.slice(1).toLowerCase()).join(' ');

export const reportRequestProperties: INodeProperties[] = [
	{
		displayName: 'Start Date',
		name: 'startDate',
		type: 'dateTime',
		default: '',
		required: true,
		description: "Start of the period of the report (the workflow's time zone when no offset is given)",
	},
	{
		displayName: 'End Date',
		name: 'endDate',
		type: 'dateTime',
		default: '',
		required: true,
		description: 'End of the period of the report',
	},
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: [
			{
				displayName: 'States',
				name: 'state',
				type: 'multiOptions',
				options: REPORT_STATES.map((value) => ({ name: label(value), value })),
				default: [],
				description: 'Only transactions in these states',
			},
			{
				displayName: 'Types',
				name: 'type',
				type: 'multiOptions',
				options: REPORT_TYPES.map((value) => ({ name: label(value), value })),
				default: [],
				description: 'Only transactions of these types; the report then has a type column',
			},
		],
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Callback URL',
				name: 'callbackUrl',
				type: 'string',
				default: '',
				description: 'URL the platform calls when the report is ready',
			},
			localeOption,
		],
	},
];

/** A date-time parameter as ISO 8601 with its offset; left as typed when unreadable, so validation names it. */
function isoDate(ctx: OperationContext, name: string): unknown {
	const value = ctx.param<unknown>(name, '');
	const date = parseDateTimeInput(value, ctx.fn.getTimezone());
	return date ? formatIsoUtc(date) : value;
}

export function reportRequestBody(ctx: OperationContext): IDataObject {
	const filters = ctx.param<{ state?: string[]; type?: string[] }>('filters', {});
	const options = ctx.param<IDataObject>('options', {});
	return {
		filters: {
			startDate: isoDate(ctx, 'startDate'),
			endDate: isoDate(ctx, 'endDate'),
			state: filters.state?.length ? filters.state : undefined,
			type: filters.type?.length ? filters.type : undefined,
		},
		callbackUrl: options.callbackUrl,
		locale: options.locale,
	};
}

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
