import type { IDataObject, IHttpRequestMethods } from 'n8n-workflow';
import type { ZodType, ZodTypeDef } from 'zod/v3';

import type { NotFoundSubject } from '../transport/platformAnswer';
import { safetyOf, type ApiName, type PaySuiteRequest, type RequestSafety } from '../transport/types';
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
}

/** One request: build, validate, send (claimed first when guarded, a lost answer settled), map the answer. */
export function oneRequestOperation<Body = IDataObject>(spec: OneRequestOperationSpec<Body>): PaySuiteOperation {
	const safety = safetyOf(spec);
	return {
		...labelsOf(spec),
		properties: spec.properties,
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
			return paySuiteRequest<IDataObject>(ctx, request, {
				repeat: spec.repeat?.(ctx, body),
				lostAnswer: () => spec.lostAnswer?.(ctx, body),
				output: async (answer) => ctx.fn.helpers.returnJsonArray(spec.output ? await spec.output(answer, ctx, body) : answer),
			});
		},
	};
}
