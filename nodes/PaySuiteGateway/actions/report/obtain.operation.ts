import { outputId } from '../../../shared/schemas/identifiers';
import type { PaySuiteOperation } from '../../../shared/operation/types';
import { reportIdLocator, reportOutputProperties } from '../../descriptions/fields';
import { obtainSchema } from '../../schemas';
import { obtainReport } from '../../../shared/reports/reportRequests';
import { reportItems } from './reportFile';

/** On the site's clock: from node version 4 the rows' dates are the site's. */
export const obtain: PaySuiteOperation = {
	siteClock: {},
	value: 'obtain',
	name: 'Obtain',
	action: 'Obtain a transaction report',
	description:
		'Get a requested report: one item per row (numbers as numbers), the file (CSV or TSV), or both. While the report is not ready, one item with ready false and the platform status.',
	properties: [reportIdLocator, ...reportOutputProperties],
	fieldLabels: { id: 'Report ID' },
	async execute(ctx) {
		const id = String(ctx.validate(obtainSchema, { id: ctx.param<unknown>('reportId', '') }).id);
		const outcome = await obtainReport(ctx, id);
		if (!outcome.done) return ctx.fn.helpers.returnJsonArray({ id: outputId(id), ready: false, status: outcome.value.status ?? null });
		return reportItems(ctx, id, outcome.value);
	},
};
