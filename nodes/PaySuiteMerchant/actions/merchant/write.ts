/** Create and Update share one flow: validate, send with an Idempotency-Key, and optionally wait for the process. */
import type { IDataObject, IHttpRequestMethods, INodeExecutionData } from 'n8n-workflow';
import { z, type ZodType, type ZodTypeDef } from 'zod/v3';

import { assertProcessSucceeded, DEFAULT_PROCESS_TIMEOUT_SECONDS, processOutput, processPolling } from '../../../shared/schemas/onboardingProcess';
import { compact } from '../../../shared/operation/compact';
import { toItems } from '../../../shared/operation/items';
import { settleLostAnswer } from '../../../shared/operation/lostAnswer';
import { pollOrFail } from '../../../shared/operation/pollingOperation';
import { sendRequest } from '../../../shared/operation/send';
import type { OperationContext } from '../../../shared/operation/types';
import type { PaySuiteResponse } from '../../../shared/transport/types';
import { deriveIdempotencyKey, IDEMPOTENCY_KEY_PATTERN } from '../../idempotencyKeyHeader';

const userKeySchema = z.object({
	options: z.object({
		idempotencyKey: z.string().regex(IDEMPOTENCY_KEY_PATTERN, 'must be 16 to 64 characters of letters, digits and _ . : -'),
	}),
});

interface WriteSpec {
	method: IHttpRequestMethods;
	path: string;
	body: IDataObject;
	schema: ZodType<unknown, ZodTypeDef, unknown>;
	/** What the derived key is unique to, besides the body. */
	keyScope: string;
}

export async function sendMerchantWrite(ctx: OperationContext, spec: WriteSpec): Promise<INodeExecutionData[]> {
	const body = ctx.validate(spec.schema, compact(spec.body)) as IDataObject;
	const userKey = String(ctx.param<IDataObject>('options', {}).idempotencyKey ?? '').trim();
	const idempotencyKey = userKey ? ctx.validate(userKeySchema, { options: { idempotencyKey: userKey } }).options.idempotencyKey : deriveIdempotencyKey(spec.keyScope, body);

	let answer: PaySuiteResponse<IDataObject>;
	try {
		answer = await sendRequest<IDataObject>(ctx, {
			api: 'onboarding',
			method: spec.method,
			path: spec.path,
			body,
			headers: { 'Idempotency-Key': idempotencyKey, 'Content-Type': 'application/json' },
			// The platform deduplicates by Idempotency-Key, so a write that may not have arrived is safe to repeat.
			safety: 'idempotent',
			notFound: spec.method === 'POST' ? undefined : { what: `Merchant ${spec.path.split('/').pop() ?? ''}`, field: 'Merchant ID' },
			// The only conflict the document leaves open: the key of another write sent with a different body.
			conflictHint: `This Idempotency Key (${idempotencyKey}) was already used for ${spec.method === 'POST' ? 'a different merchant' : 'a different change'}: leave the Idempotency Key option empty (one is made from the ${spec.method === 'POST' ? "merchant's details" : 'change'}) or give this request its own.`,
		});
	} catch (error) {
		// The key is made of the body (or is the user's), so it is the same in any later run of the same item.
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
	if (!ctx.param<boolean>('waitForCompletion', true)) return toItems(processOutput(accepted, { idempotencyKey }));

	const processId = String(accepted.processId ?? '');
	if (!processId) ctx.fail('The platform accepted the write but returned no processId');
	const final = await pollOrFail(ctx, processPolling, processId, {
		timeoutSeconds: ctx.param<number>('timeoutSeconds', DEFAULT_PROCESS_TIMEOUT_SECONDS),
	});
	assertProcessSucceeded(ctx, final);
	return toItems(processOutput(final, { idempotencyKey }));
}
