/** Create and Update: validate, send with an Idempotency-Key, and optionally wait for the process. */
import type { IDataObject, IHttpRequestMethods, INodeExecutionData } from 'n8n-workflow';
import { z, type ZodType, type ZodTypeDef } from 'zod/v3';

import { processPolling } from '../../../shared/operation/processPolling';
import { assertProcessSucceeded, DEFAULT_PROCESS_TIMEOUT_SECONDS, processOutput } from '../../../shared/schemas/onboardingProcess';
import { compact } from '../../../shared/operation/compact';
import { settleLostAnswer } from '../../../shared/transport/lostAnswer';
import { pollOrFail } from '../../../shared/operation/pollingOperation';
import { paySuiteRequest } from '../../../shared/transport/request';
import type { OperationContext } from '../../../shared/operation/types';
import { platformError } from '../../../shared/transport/failures';
import type { PaySuiteResponse } from '../../../shared/transport/types';
import { idempotencyKeyHeaderFor, IDEMPOTENCY_KEY_PATTERN } from '../../idempotencyKeyHeader';

const userKeySchema = z.object({
	options: z.object({ idempotencyKey: z.string().regex(IDEMPOTENCY_KEY_PATTERN, 'must be 16 to 64 characters of letters, digits and _ . : -') }),
});

interface WriteSpec {
	method: IHttpRequestMethods;
	/** Used when the server answers that `method` is not there (404 or 405: nothing was done); same body and key. */
	fallbackMethod?: IHttpRequestMethods;
	path: string;
	body: IDataObject;
	schema: ZodType<unknown, ZodTypeDef, unknown>;
	keyScope: string;
}

const NOT_THERE = [404, 405];

/**
 * The fallback is sent only after a 404 or 405 to `method`: any other answer (a refusal, a success, none at all) is
 * final, so a write is never sent twice when the first answer could mean it was done.
 */
async function sendWithFallback(ctx: OperationContext, spec: WriteSpec, body: IDataObject, idempotencyKey: string): Promise<PaySuiteResponse<IDataObject>> {
	const create = spec.method === 'POST';
	const notFound = create ? undefined : { what: `Merchant ${spec.path.split('/').pop() ?? ''}`, field: 'Merchant ID' };
	const send = (method: IHttpRequestMethods, passThroughStatuses?: number[]) =>
		paySuiteRequest<IDataObject>(ctx, {
			api: 'onboarding',
			method,
			path: spec.path,
			body,
			headers: { 'Idempotency-Key': idempotencyKey, 'Content-Type': 'application/json' },
			// The platform deduplicates by Idempotency-Key, so a write that may not have arrived is safe to repeat.
			safety: 'deduplicated',
			notFound,
			// The conflicts the document leaves open: the key of another write, or of this change for another merchant.
			conflictHint: `This Idempotency Key (${idempotencyKey}) was already used for ${create ? 'a different merchant' : 'a different change or another merchant'}: leave the Idempotency Key option empty (one is made from the ${create ? "merchant's details" : 'merchant and the change'}) or give this request its own.`,
			passThroughStatuses,
		});
	if (!spec.fallbackMethod) return send(spec.method);
	const first = await send(spec.method, NOT_THERE);
	if (!NOT_THERE.includes(first.statusCode)) return first;
	const second = await send(spec.fallbackMethod, [405]);
	if (second.statusCode !== 405) return second;
	// The fallback is not there: the first answer was the server's verdict (a 404 for an unknown merchant).
	throw platformError(ctx.fn, first.statusCode, first.body, ctx.itemIndex, { api: 'onboarding', method: spec.method, path: spec.path, notFound });
}

export async function merchantWrite(ctx: OperationContext, spec: WriteSpec): Promise<INodeExecutionData[]> {
	const body = ctx.validate(spec.schema, compact(spec.body)) as IDataObject;
	const userKey = String(ctx.param<IDataObject>('options', {}).idempotencyKey ?? '').trim();
	const idempotencyKey = userKey ? ctx.validate(userKeySchema, { options: { idempotencyKey: userKey } }).options.idempotencyKey : idempotencyKeyHeaderFor(spec.keyScope, body);

	let answer: PaySuiteResponse<IDataObject>;
	try {
		answer = await sendWithFallback(ctx, spec, body, idempotencyKey);
	} catch (error) {
		// The key is made of the body (or is the user's), so any later run of the same item sends the same one.
		return settleLostAnswer(ctx, error, {
			maybe: `The merchant ${spec.method === 'POST' ? 'creation' : 'update'} may have been accepted`,
			check: `To get its process, run the same item again (n8n's Retry of this execution included): it sends the same Idempotency-Key (${idempotencyKey}), so the platform returns the first process instead of doing it twice.`,
		});
	}
	const accepted = answer.body;
	// The platform answers a key it has seen with the original process: one of another kind is another write's.
	const expected = spec.method === 'POST' ? 'merchant.create' : 'merchant.update';
	if (accepted.action !== undefined && accepted.action !== null && accepted.action !== expected) {
		ctx.fail(
			`This Idempotency-Key was already used for another write (process ${String(accepted.processId ?? 'unknown')}, ${String(accepted.action)}). Leave Idempotency Key empty to get a new one, or give this write its own key.`,
			`For the key ${idempotencyKey} the platform answered with that earlier process instead of doing this ${expected === 'merchant.create' ? 'creation' : 'update'}: nothing was done for this item.`,
		);
	}
	if (!ctx.param<boolean>('waitForCompletion', true)) return ctx.fn.helpers.returnJsonArray(processOutput(accepted, { idempotencyKey }));

	const processId = String(accepted.processId ?? '');
	if (!processId) ctx.fail('The platform accepted the write but returned no processId');
	const final = await pollOrFail(ctx, processPolling, processId, { timeoutSeconds: ctx.param<number>('timeoutSeconds', DEFAULT_PROCESS_TIMEOUT_SECONDS) });
	assertProcessSucceeded(ctx, final);
	return ctx.fn.helpers.returnJsonArray(processOutput(final, { idempotencyKey }));
}
