/**
 * Whether a transaction Process got back was made before: the platform answers a key it has seen with the
 * transaction it made, so a second answer charged nothing new (Process says so above its output).
 * - This node got it before: n8n's record of the node (Remove Duplicates' Node scope), one key per signer, idempotency
 *   key and transaction, this process's calls in turn. Not the workflow's record: n8n writes a record whole, so a key
 *   added beside a trigger gate's (under its own lock) would drop the gate's entry and a delivery's copy would run
 *   again. Two workers at once can drop a key: a run within 5 minutes then says null, not true. Null where it cannot
 *   know: no record in this n8n, its database not answering, no transaction.
 * - Made elsewhere (another workflow, a copy): its date tells. The platform refuses a seed more than 5 minutes off its
 *   clock (DESIGN.md), so a transaction dated more than 5 minutes before the request was not made by it; dated before
 *   it within those minutes, n8n cannot tell.
 */
import type { DeduplicationHelperFunctions, IDataObject } from 'n8n-workflow';

import { credentialsOnce, signerKey } from '../shared/transport/credentials';
import { inTurn, RECORD_OPTIONS, writeKey } from '../shared/transport/repeatGuard';
import type { OperationContext } from '../shared/operation/types';

export async function alreadyProcessed(ctx: OperationContext, idempotencyKey: string, internalReference: unknown): Promise<boolean | null> {
	const store = ctx.fn.helpers as Partial<DeduplicationHelperFunctions> | undefined;
	const workflowId = ctx.fn.getWorkflow?.().id;
	if (!workflowId || typeof store?.checkProcessedAndRecord !== 'function' || internalReference === undefined || internalReference === null) return null;
	try {
		const signer = signerKey('gateway', await credentialsOnce(ctx.fn, 'paySuiteApi'));
		const key = writeKey(['processed', signer, idempotencyKey, String(internalReference)]);
		const found = await inTurn(`processed:${workflowId}:${ctx.fn.getNode().id}`, () => store.checkProcessedAndRecord!([key], 'node', RECORD_OPTIONS));
		return !found.new.map(String).includes(key);
	} catch {
		return null;
	}
}

/** The seed's tolerance (DESIGN.md): how far the platform's clock may be from the one that signed. */
export const CLOCKS_APART_MINUTES = 5;
/** The platform's dates are to the second. */
const SECOND = 1000;

/**
 * The transaction's (first) date against `sentAt`: `earlier` beyond the clocks' tolerance (not this request),
 * `maybeEarlier` before it but within (this request's, if the platform's clock is behind), else `now`.
 */
export function madeWhen(answer: IDataObject, sentAt: number): 'earlier' | 'maybeEarlier' | 'now' {
	const made = Date.parse(String(answer.transactionDate ?? answer.date ?? ''));
	if (!Number.isFinite(made)) return 'now';
	if (made < sentAt - CLOCKS_APART_MINUTES * 60_000 - SECOND) return 'earlier';
	return made < sentAt - 2 * SECOND ? 'maybeEarlier' : 'now';
}
