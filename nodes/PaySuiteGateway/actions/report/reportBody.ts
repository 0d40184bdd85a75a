import type { IDataObject } from 'n8n-workflow';

import { clockOf } from '../../../shared/operation/siteClock';
import type { OperationContext } from '../../../shared/operation/types';
import { REPORT_TYPES } from '../../schemas';
import { namesAt } from '../../versions';
import { wantsSiteRows } from './reportFile';
import { periodDate, presetPeriod, type PeriodPreset } from './reportPeriod';

/**
 * The body of POST /gateway/report from the report request's fields (descriptions/fields.ts) (validated by the
 * caller), its dates the site's days written with the site's offset (the operation declares siteClock: the executor
 * resolves it).
 */
export function reportBody(ctx: OperationContext): IDataObject {
	const names = namesAt(ctx.node.typeVersion);
	const filters = ctx.param<Record<string, string[] | undefined>>('filters', {});
	const statuses = filters[names.statuses];
	const types = filters[names.types];
	const options = ctx.param<IDataObject>('options', {});
	const timeZone = clockOf(ctx).zone;
	const period = ctx.param<PeriodPreset>('period', 'custom');
	const preset = period === 'custom' ? undefined : presetPeriod(period, new Date(), timeZone);
	return {
		filters: {
			startDate: preset?.startDate ?? periodDate(ctx.param<unknown>('startDate', ''), timeZone),
			endDate: preset?.endDate ?? periodDate(ctx.param<unknown>('endDate', ''), timeZone),
			state: statuses?.length ? statuses : undefined,
			// From version 4, every type when none is chosen: the report then always has its type column.
			type: types?.length ? types : wantsSiteRows(ctx) ? [...REPORT_TYPES] : undefined,
		},
		callbackUrl: options.callbackUrl,
		locale: options.locale,
	};
}
