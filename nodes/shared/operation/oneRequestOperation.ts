import type { IDataObject, IHttpRequestMethods } from 'n8n-workflow';
import type { ZodType, ZodTypeDef } from 'zod/v3';

import type { NotFoundSubject } from '../transport/platformAnswer';
import { safetyOf, type ApiName, type PaySuiteRequest, type RequestSafety } from '../transport/types';
import { limitProperty, returnAllProperty } from '../descriptions/commonFields';
import { compact } from './compact';
import type { LostAnswerWords } from '../transport/lostAnswer';
import type { RepeatCheck } from '../transport/repeatGuard';
import { paySuiteRequest } from '../transport/request';
import { labelsOf, type OperationContext, type OperationLabels, type PaySuiteOperation } from './types';

interface OneRequestOperationSpec<Body> extends OperationLabels {
	api: ApiName;
	method?: IHttpRequestMethods;
	safety?: RequestSafety;
	path: string | ((ctx: OperationContext, body: Body) => string);
	/** Before validation. */
	body?: (ctx: OperationContext) => unknown;
	/** The spec's rules for that body. */
	schema?: ZodType<Body, ZodTypeDef, unknown>;
	headers?: (ctx: OperationContext, body: Body) => IDataObject;
	/** The whole answer as one item by default. */
	output?: (answer: IDataObject, ctx: OperationContext, body: Body) => IDataObject | IDataObject[] | Promise<IDataObject | IDataObject[]>;
	acceptFailedStatus?: boolean;
	refusalHint?: string;
	/** For a 404: "Session 123 was not found: check the Session ID". */
	notFound?: (ctx: OperationContext, body: Body) => NotFoundSubject;
	/** What a 409 means for this request, and what to do. */
	conflictHint?: string;
	/** For a write: what to say, and how to look, when its answer is lost. */
	lostAnswer?: (ctx: OperationContext, body: Body) => LostAnswerWords;
	/**
	 * For a write the platform does not deduplicate: what makes two the same, and how a repeat is refused
	 * (repeatGuard.ts).
	 */
	repeat?: (ctx: OperationContext, body: Body) => Omit<RepeatCheck, 'request'>;
	/**
	 * A search over the spec's `pagination` block: Return All and Limit are added, the body (the filters) is sent
	 * page after page, and `output` maps each record of `recordsKey` (`data` in every search of the spec).
	 */
	list?: { recordsKey?: string };
}

/** One request: build, validate, send (claimed first when guarded, a lost answer settled), map the answer. */
export function oneRequestOperation<Body = IDataObject>(spec: OneRequestOperationSpec<Body>): PaySuiteOperation {
	const safety = spec.list ? 'read' : safetyOf(spec);
	return {
		...labelsOf(spec),
		properties: spec.list ? [...spec.properties, returnAllProperty, limitProperty] : spec.properties,
		...(safety === 'write' ? {} : { parallel: safety }),
		async execute(ctx) {
			const raw = compact(spec.body ? spec.body(ctx) : {});
			const body = (spec.schema ? ctx.validate(spec.schema, raw) : raw) as Body;
			const request: PaySuiteRequest = {
				api: spec.api,
				method: spec.method,
				safety: spec.safety,
				path: typeof spec.path === 'function' ? spec.path(ctx, body) : spec.path,
				body: spec.method === 'GET' ? undefined : (body as IDataObject),
				headers: spec.headers?.(ctx, body),
				acceptFailedStatus: spec.acceptFailedStatus,
				refusalHint: spec.refusalHint,
				notFound: spec.notFound?.(ctx, body),
				conflictHint: spec.conflictHint,
			};
			if (spec.list) return await listed(ctx, spec, request, body);
			return paySuiteRequest<IDataObject>(ctx, request, {
				repeat: spec.repeat?.(ctx, body),
				lostAnswer: () => spec.lostAnswer?.(ctx, body),
				output: async (answer) => ctx.fn.helpers.returnJsonArray(spec.output ? await spec.output(answer, ctx, body) : answer),
			});
		},
	};
}

/** Every page's records (as many as Return All and Limit ask for), each mapped by `output`. */
async function listed<Body>(ctx: OperationContext, spec: OneRequestOperationSpec<Body>, request: PaySuiteRequest, body: Body) {
	const records = await collectPages(
		async (pagination: PageRequest) => {
			const answer = await paySuiteRequest<IDataObject>(ctx, { ...request, safety: 'read', body: { ...request.body, pagination } });
			const list = answer.body[spec.list?.recordsKey ?? 'data'];
			return { records: Array.isArray(list) ? (list as IDataObject[]) : [], pagination: answer.body.pagination as PageBlock | undefined };
		},
		{ returnAll: ctx.param<boolean>('returnAll', false), limit: ctx.param<number>('limit', 50) },
	);
	const output = spec.output;
	const mapped = output ? await Promise.all(records.map(async (record) => await output(record, ctx, body))) : records;
	return ctx.fn.helpers.returnJsonArray(mapped.flat());
}

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
