/**
 * Whether a transaction Process got back was made before (Process says so above its output). The platform answers
 * a key it has seen with the transaction it made, as it was made, so a second answer charged nothing new.
 * - This node got it before: n8n's record of the node (Remove Duplicates' *Node* scope) keeps one key per signer,
 *   idempotency key and transaction; this process's calls take turns. Not the workflow's record, which a trigger's
 *   gate writes under its own lock: n8n writes a record whole, so a charge's key added beside it would drop the
 *   gate's entry (a copy of the delivery then ran again). Two workers' calls at the same moment can drop one key: a
 *   run within 5 minutes then says null (below), not true. Null where it cannot know: no record in this n8n, its
 *   database not answering, no transaction.
 * - Made elsewhere (another workflow, a copy): no document marks a returned transaction, but its date tells. The
 *   platform refuses a seed more than 5 minutes off its clock (DESIGN.md), so a request it accepted was signed on a
 *   clock within 5 minutes of its own: a transaction dated more than 5 minutes before the request was not made by
 *   it. Dated before the request within those minutes, it may or may not have been: n8n cannot tell.
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
 * When the platform dates the transaction (its first date), against `sentAt`, when this request was sent:
 * `earlier` beyond the clocks' tolerance (so not by this request), `maybeEarlier` before the request by this clock
 * but within it (as a transaction of this request is when the platform's clock is behind), else `now`.
 */
export function madeWhen(answer: IDataObject, sentAt: number): 'earlier' | 'maybeEarlier' | 'now' {
	const made = Date.parse(String(answer.transactionDate ?? answer.date ?? ''));
	if (!Number.isFinite(made)) return 'now';
	if (made < sentAt - CLOCKS_APART_MINUTES * 60_000 - SECOND) return 'earlier';
	return made < sentAt - 2 * SECOND ? 'maybeEarlier' : 'now';
}
