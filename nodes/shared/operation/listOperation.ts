import type { IDataObject } from 'n8n-workflow';
import type { ZodType, ZodTypeDef } from 'zod/v3';

import type { ApiName } from '../transport/types';
import { compact } from './compact';
import { collectPages, type PageBlock, type PageRequest } from './pagination';
import { limitProperty, returnAllProperty } from '../descriptions/commonFields';
import { sendRequest } from './send';
import { labelsOf, type OperationContext, type OperationLabels, type PaySuiteOperation } from './types';

interface ListOperationSpec<Filters> extends OperationLabels {
	api: ApiName;
	path: string;
	/** The search filters, without pagination. */
	filters: (ctx: OperationContext) => unknown;
	schema?: ZodType<Filters, ZodTypeDef, unknown>;
	/** Key of the records in the answer; `data` in every search of the spec. */
	recordsKey?: string;
}

/** A paginated search: Return All / Limit over the spec's `pagination` block, one output item per record. */
export function listOperation<Filters = IDataObject>(spec: ListOperationSpec<Filters>): PaySuiteOperation {
	return {
		...labelsOf(spec),
		parallel: 'read',
		properties: [...spec.properties, returnAllProperty, limitProperty],
		async execute(ctx) {
			const raw = compact(spec.filters(ctx));
			const filters = (spec.schema ? ctx.validate(spec.schema, raw) : raw) as IDataObject;
			const returnAll = ctx.param<boolean>('returnAll', false);
			const limit = ctx.param<number>('limit', 50);
			const records = await collectPages(
				async (page: PageRequest) => {
					const answer = await sendRequest<IDataObject>(ctx, {
						api: spec.api,
						path: spec.path,
						safety: 'read',
						body: { ...filters, pagination: page },
					});
					const list = answer.body[spec.recordsKey ?? 'data'];
					return {
						records: Array.isArray(list) ? (list as IDataObject[]) : [],
						pagination: answer.body.pagination as PageBlock | undefined,
					};
				},
				{ returnAll, limit },
			);
			return ctx.fn.helpers.returnJsonArray(records);
		},
	};
}
