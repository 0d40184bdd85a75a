/**
 * Whether this workflow got this transaction for this idempotency key before (Process says so above its output).
 * The platform answers a key it has seen with the transaction it made, so a second answer charged nothing new.
 * n8n's record of the workflow keeps one key per signer, idempotency key and transaction, added under the node's
 * lock: of two answers, the second finds the first's. Null where it cannot know: no record in this n8n, its
 * database not answering, no transaction.
 */
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
