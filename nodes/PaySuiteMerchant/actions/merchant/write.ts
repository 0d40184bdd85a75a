/** Create and Update share one flow: validate, send with an Idempotency-Key, and optionally wait for the process. */
import type { IDataObject, IHttpRequestMethods, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { z, type ZodType, type ZodTypeDef } from 'zod';

import { deriveIdempotencyKey, IDEMPOTENCY_KEY_PATTERN } from '../../../shared/idempotencyKey';
import { assertProcessSucceeded, DEFAULT_PROCESS_TIMEOUT_SECONDS, processOutput, waitForProcess } from '../../../shared/onboardingProcess';
import { compact, toItems, type OperationContext } from '../../../shared/operation';

export const waitProperties: INodeProperties[] = [
	{
		displayName: 'Wait for Completion',
		name: 'waitForCompletion',
		type: 'boolean',
		default: true,
		description:
			'Whether to wait until the process is final (asking again while the platform answers Retry-After) and output it with the merchant ID. Off: output the accepted process right away.',
	},
	{
		displayName: 'Timeout (Seconds)',
		name: 'timeoutSeconds',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: DEFAULT_PROCESS_TIMEOUT_SECONDS,
		displayOptions: { show: { waitForCompletion: [true] } },
		description: 'How long to wait for the process before the item fails (the process goes on; check it later with Process → Get)',
	},
];

export const writeOptionsProperty: INodeProperties = {
	displayName: 'Options',
	name: 'options',
	type: 'collection',
	placeholder: 'Add Option',
	default: {},
	options: [
		{
			displayName: 'Idempotency Key',
			name: 'idempotencyKey',
			type: 'string',
			default: '',
			description:
				'16 to 64 characters of letters, digits and _ . : -. Leave empty to use one derived from the body, so that running the same item again returns the original process instead of doing the work twice.',
		},
	],
};

const userKeySchema = z.object({
	options: z.object({
		idempotencyKey: z.string().regex(IDEMPOTENCY_KEY_PATTERN, 'must be 16 to 64 characters of letters, digits and _ . : -'),
	}),
});

export interface WriteSpec {
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

	const answer = await ctx.request<IDataObject>({
		api: 'onboarding',
		method: spec.method,
		path: spec.path,
		body,
		headers: { 'Idempotency-Key': idempotencyKey, 'Content-Type': 'application/json' },
		// The platform deduplicates by Idempotency-Key, so a write that may not have arrived is safe to repeat.
		safety: 'idempotent',
	});
	const accepted = answer.body;
	if (!ctx.param<boolean>('waitForCompletion', true)) return toItems(processOutput(accepted, { idempotencyKey }));

	const processId = String(accepted.processId ?? '');
	if (!processId) ctx.fail('The platform accepted the write but returned no processId');
	const final = await waitForProcess(ctx, processId, ctx.param<number>('timeoutSeconds', DEFAULT_PROCESS_TIMEOUT_SECONDS));
	assertProcessSucceeded(ctx, final);
	return toItems(processOutput(final, { idempotencyKey }));
}
