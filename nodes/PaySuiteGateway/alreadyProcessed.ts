/**
 * Whether a transaction Process got back was made before (Process says so above its output). The platform answers
 * a key it has seen with the transaction it made, as it was made, so a second answer charged nothing new.
 * - This workflow got it before: n8n's record of the workflow keeps one key per signer, idempotency key and
 *   transaction, added under the node's lock: of two answers, the second finds the first's. Null where it cannot
 *   know: no record in this n8n, its database not answering, no transaction.
 * - Made elsewhere (another workflow, a copy): no document marks a returned transaction, but its date tells. The
 *   platform refuses a seed more than 5 minutes off its clock (DESIGN.md), so a request it accepted was signed on a
 *   clock within 5 minutes of its own: a transaction dated more than 5 minutes before the request was not made by
 *   it. One made elsewhere within those minutes reads as new.
 */
import type { IDataObject } from 'n8n-workflow';

import { credentialsOnce, signerKey } from '../shared/transport/credentials';
import { sentRecord, writeKey } from '../shared/operation/repeatGuard';
import type { OperationContext } from '../shared/operation/types';

export async function alreadyProcessed(ctx: OperationContext, idempotencyKey: string, internalReference: unknown): Promise<boolean | null> {
	const record = sentRecord(ctx.fn);
	if (!record || internalReference === undefined || internalReference === null) return null;
	try {
		const signer = signerKey('gateway', await credentialsOnce(ctx.fn, 'paySuiteApi'));
		const key = writeKey(['processed', signer, idempotencyKey, String(internalReference)]);
		const { added } = await record.locked(() => record.lookAndAdd([key]));
		return !added.includes(key);
	} catch {
		return null;
	}
}

/** The seed's tolerance: how long before the request a transaction must be dated to be an earlier one. */
export const MADE_EARLIER_MINUTES = 5;

/**
 * Whether the platform dates the transaction (its first date) more than MADE_EARLIER_MINUTES before `sentAt`, and a
 * second more: its dates are to the second.
 */
export function datedBefore(answer: IDataObject, sentAt: number): boolean {
	const made = Date.parse(String(answer.transactionDate ?? answer.date ?? ''));
	return Number.isFinite(made) && made < sentAt - MADE_EARLIER_MINUTES * 60_000 - 1000;
}
