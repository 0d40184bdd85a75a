import type { IDataObject } from 'n8n-workflow';
import type { ZodType, ZodTypeDef } from 'zod/v3';

import type { ApiName } from '../transport/types';
import { compact } from './compact';
import { limitProperty, returnAllProperty } from '../descriptions/commonFields';
import { paySuiteRequest } from '../transport/request';
import { labelsOf, type OperationContext, type OperationLabels, type PaySuiteOperation } from './types';

export interface PageBlock {
	total?: number;
	perPage?: number;
	currentPage?: number;
	lastPage?: number;
}

export interface PageRequest {
	perPage: number;
	currentPage: number;
}

const MAX_PER_PAGE = 100;

/**
 * Walks the spec's `pagination` block: asks page after page until the last page or the limit.
 * `fetchPage` returns the page's records and its pagination block.
 */
export async function collectPages(
	fetchPage: (page: PageRequest) => Promise<{ records: IDataObject[]; pagination?: PageBlock }>,
	options: { returnAll: boolean; limit: number; perPage?: number },
): Promise<IDataObject[]> {
	const wanted = options.returnAll ? Infinity : Math.max(0, options.limit);
	const perPage = options.perPage ?? (options.returnAll ? MAX_PER_PAGE : Math.min(Math.max(wanted, 1), MAX_PER_PAGE));
	const collected: IDataObject[] = [];
	for (let currentPage = 1; collected.length < wanted; currentPage++) {
		const { records, pagination } = await fetchPage({ perPage, currentPage });
		collected.push(...records);
		const lastPage = Number(pagination?.lastPage ?? currentPage);
		if (records.length === 0 || currentPage >= lastPage) break;
	}
	return Number.isFinite(wanted) ? collected.slice(0, wanted) : collected;
}

interface ListOperationSpec<Filters> extends OperationLabels {
	api: ApiName;
	path: string;
	/** The search filters, without pagination. */
	filters: (ctx: OperationContext) => unknown;
	schema?: ZodType<Filters, ZodTypeDef, unknown>;
	/** Key of the records in the answer; `data` in every search of the spec. */
	recordsKey?: string;
	/** Each record as an item; as it is by default. */
	output?: (record: IDataObject, ctx: OperationContext) => IDataObject;
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
					const answer = await paySuiteRequest<IDataObject>(ctx, {
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
			return ctx.fn.helpers.returnJsonArray(spec.output ? records.map((record) => spec.output!(record, ctx)) : records);
		},
	};
}
