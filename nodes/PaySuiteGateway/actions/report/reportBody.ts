import type { IDataObject } from 'n8n-workflow';

import { clockOf } from '../../../shared/operation/siteClock';
import type { OperationContext } from '../../../shared/operation/types';
import { REPORT_TYPES } from '../../schemas';
import { wantsSiteRows } from './reportFile';
import { periodDate, presetPeriod, type PeriodPreset } from './reportPeriod';

/**
 * The body of POST /gateway/report from the report request's fields (descriptions/fields.ts) (validated by the caller), its dates the site's days
 * written with the site's offset (the operation declares siteClock: the executor resolves it).
 */
export function reportBody(ctx: OperationContext): IDataObject {
	const filters = ctx.param<{ statuses?: string[]; types?: string[] }>('filters', {});
	const options = ctx.param<IDataObject>('options', {});
	const timeZone = clockOf(ctx).zone;
	const period = ctx.param<PeriodPreset>('period', 'custom');
	const preset = period === 'custom' ? undefined : presetPeriod(period, new Date(), timeZone);
	return {
		filters: {
			startDate: preset?.startDate ?? periodDate(ctx.param<unknown>('startDate', ''), timeZone),
			endDate: preset?.endDate ?? periodDate(ctx.param<unknown>('endDate', ''), timeZone),
			state: filters.statuses?.length ? filters.statuses : undefined,
			// From version 4, every type when none is chosen: the report then always has its type column.
			type: filters.types?.length ? filters.types : wantsSiteRows(ctx) ? [...REPORT_TYPES] : undefined,
		},
		callbackUrl: options.callbackUrl,
		locale: options.locale,
	};
}
