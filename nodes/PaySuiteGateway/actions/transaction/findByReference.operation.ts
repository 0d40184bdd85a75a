/**
 * Transaction › Find by Reference. The platform searches by reference only with the amount, so this reads the period's
 * reports (windows of at most 10 days, every type), keeps the reference's rows and reads each payment
 * (`/gateway/query`). A refund carries its payment's reference (DESIGN.md, "Facts").
 */
import type { IDataObject, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { z } from 'zod/v3';

import { optionsCollection } from '../../../shared/descriptions/collections';
import { simplifyProperty, simplifyOn } from '../../../shared/descriptions/simplify';
import { pollOrFail } from '../../../shared/operation/pollingOperation';
import { intervalProperty, timeoutProperty } from '../../../shared/descriptions/commonFields';
import { paySuiteRequest } from '../../../shared/transport/request';
import { clockOf } from '../../../shared/operation/siteClock';
import type { OperationContext, PaySuiteOperation } from '../../../shared/operation/types';
import { TsvReportParser, type ReportRow } from '../../../shared/reports/reportTsv';
import { siteRows } from '../../../shared/reports/siteRows';
import { referenceSchema } from '../../../shared/schemas/payment';
import { periodDateProperties, whenEmptyProperty } from '../../descriptions/fields';
import { GATEWAY_DATES, simplifyTransaction } from '../../output';
import { dateTime, querySchema, REPORT_TYPES } from '../../schemas';
import { asBuffer } from '../../../shared/reports/reportRequests';
import { brokenDownload, reportPolling, requestReportId } from '../report/reportFile';
import { periodDate, recentPeriod, reportWindows, type ReportWindow } from '../report/reportPeriod';
import { groupByPayment, relatedFields, sameReference, withRelated } from './referenceHistory';

const PERIOD_DAYS: Record<string, number> = { last7Days: 7, last30Days: 30, last90Days: 90 };

const properties: INodeProperties[] = [
	{
		displayName: 'Reference',
		name: 'reference',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. ORDER-1001',
		description: 'Your reference of the payment, such as an order number: found whatever its amount, capitals aside',
	},
	{
		displayName: 'Search Period',
		name: 'searchPeriod',
		type: 'options',
		options: [
			{ name: 'Custom', value: 'custom', description: 'From the Start Date to the End Date' },
			{ name: 'Last 30 Days', value: 'last30Days', description: 'The last 30 days up to now (3 reports)' },
			{ name: 'Last 7 Days', value: 'last7Days', description: 'The last 7 days up to now (1 report)' },
			{ name: 'Last 90 Days', value: 'last90Days', description: 'The last 90 days up to now (9 reports: slower)' },
		],
		default: 'last30Days',
		description: "When the payment was made, on the site's clock. The platform's reports hold at most 10 days each: a longer period is read in several.",
	},
	...periodDateProperties({ show: { searchPeriod: ['custom'] } }),
	simplifyProperty,
	whenEmptyProperty({
		saying: 'One item: found 0, the reference and period searched, and what to try',
		nothing: 'No item: the next nodes do not run',
		description: 'What to output when no transaction of the period has this reference',
	}),
	optionsCollection([
		intervalProperty({ name: 'pollInterval', default: 5, description: 'Wait between two checks of a report when the platform does not say how long to wait (Retry-After)' }),
		timeoutProperty({ name: 'timeout', default: 300, description: 'How long to wait for each report before the item fails' }),
	]),
];

const searchSchema = z
	.object({ reference: referenceSchema, startDate: dateTime, endDate: dateTime })
	.refine((search) => Date.parse(search.startDate) <= Date.parse(search.endDate), { message: 'must not be before the Start Date', path: ['endDate'] });
type Search = z.infer<typeof searchSchema>;

/** Its dates on the site's clock. */
function searchOf(ctx: OperationContext): Search {
	const zone = clockOf(ctx).zone;
	const preset = PERIOD_DAYS[ctx.param<string>('searchPeriod', 'last30Days')];
	const period: ReportWindow = preset
		? recentPeriod(preset, new Date(), zone)
		: { startDate: periodDate(ctx.param<unknown>('startDate', ''), zone) as string, endDate: periodDate(ctx.param<unknown>('endDate', ''), zone) as string };
	return ctx.validate(searchSchema, { reference: String(ctx.param<string>('reference', '') ?? '').trim(), ...period });
}

/** Asked for with every type, waited for, read as it downloads. */
async function windowRows(ctx: OperationContext, window: ReportWindow, reference: string): Promise<ReportRow[]> {
	const options = ctx.param<IDataObject>('options', {});
	const timing = { timeoutSeconds: Number(options.timeout ?? 300), intervalSeconds: Number(options.pollInterval ?? reportPolling.intervalSeconds) };
	const id = await requestReportId(ctx, { filters: { ...window, type: [...REPORT_TYPES] } }, 'read');
	const download = await pollOrFail(ctx, reportPolling, id, timing);
	const parser = new TsvReportParser();
	const rows: ReportRow[] = [];
	const keep = (found: ReportRow[]) => rows.push(...found.filter((row) => sameReference(row, reference)));
	try {
		for await (const chunk of download) keep(parser.push(asBuffer(chunk)));
		keep(parser.end());
	} catch (error) {
		download.destroy?.();
		brokenDownload(ctx, id, error, parser.rowCount);
	}
	return rows;
}

function nothingFound(search: Search): IDataObject {
	return {
		found: 0,
		reference: search.reference,
		startDate: search.startDate,
		endDate: search.endDate,
		message: `No transaction has the reference ${search.reference} between ${search.startDate} and ${search.endDate} (the site's clock). Check the reference (spaces and dashes count, capitals do not); for an older payment choose a longer Search Period or Custom dates; a payment of the last minutes may not be in the platform's reports yet: try again in a few minutes.`,
	};
}

async function readTransaction(ctx: OperationContext, internalReference: unknown): Promise<IDataObject> {
	const query = ctx.validate(querySchema, { internalReference: String(internalReference ?? '') });
	const { body } = await paySuiteRequest<IDataObject>(ctx, { api: 'gateway', path: '/gateway/query', safety: 'read', body: query as unknown as IDataObject });
	return simplifyOn(ctx) ? simplifyTransaction(body) : body;
}

export const findByReference: PaySuiteOperation = {
	siteClock: { dates: GATEWAY_DATES },
	value: 'findByReference',
	name: 'Find by Reference',
	action: 'Find a payment by its reference',
	description: "Find the payments with a reference (such as an order number) in a period, each with its refunds, from the platform's reports; no amount needed",
	properties,
	fieldLabels: { startDate: 'Start Date', endDate: 'End Date' },
	async execute(ctx) {
		const search = searchOf(ctx);
		const rows: ReportRow[] = [];
		// One window at a time: the platform works on one report of ours at once.
		for (const window of reportWindows(search.startDate, search.endDate, clockOf(ctx).zone)) rows.push(...(await windowRows(ctx, window, search.reference)));
		if (rows.length === 0) return ctx.param<string>('whenEmpty', 'message') === 'message' ? [{ json: nothingFound(search) }] : [];
		const items: INodeExecutionData[] = [];
		for (const found of groupByPayment(siteRows(rows, clockOf(ctx).zone))) {
			items.push({ json: withRelated(await readTransaction(ctx, found.row.internal_reference), relatedFields(found)) });
		}
		return items;
	},
};
