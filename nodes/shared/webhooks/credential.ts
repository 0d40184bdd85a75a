/**
 * The credential a trigger checks signatures with, read once and kept in this process's memory for a short while
 * instead of at every delivery.
 *
 * Why: in n8n 2.x a trigger's `getCredentials()` resolves the credential's expressions in an expression isolate of
 * its own (n8n's credentials helper builds a throwaway workflow for it), and for any trigger other than its own
 * Webhook node n8n already holds the pool's one warm isolate for the webhook call: every delivery created a second
 * isolate cold, most of what made a delivery slower than n8n's Webhook node with a Header Auth credential
 * (docs/nodes/triggers.md, Performance).
 *
 * Safety:
 *  - memory of this process only: never the workflow's static data (saved in the database), never an output;
 *  - kept per workflow, node and credential ID, and for at most `keepSeconds`;
 *  - a check that fails with the kept credential is made again with a fresh read, so a changed secret applies from
 *    the first delivery signed with it; an old secret is refused at the latest `keepSeconds` after the change;
 *  - calls of the test URL (while building) always read the credential afresh.
 */
import type { ICredentialDataDecryptedObject, IWebhookFunctions } from 'n8n-workflow';

/** How long a credential read is used for the next deliveries. */
export const CREDENTIAL_KEEP_SECONDS = 60;
/** At most this many credentials kept (one per trigger node in use); beyond it the oldest go first. */
const MAX_KEPT = 500;

interface Kept {
	read: Promise<ICredentialDataDecryptedObject>;
	atMs: number;
}

/** Credential reads by key, each used for `keepSeconds`. A read in progress is shared by the calls that need it. */
export class CredentialMemory {
	private readonly kept = new Map<string, Kept>();

	constructor(
		private readonly nowMs: () => number = Date.now,
		private readonly keepSeconds: number = CREDENTIAL_KEEP_SECONDS,
		private readonly maxKept: number = MAX_KEPT,
	) {}

	/** The kept read of `key` when it is recent enough, else undefined. */
	recent(key: string): Promise<ICredentialDataDecryptedObject> | undefined {
		const entry = this.kept.get(key);
		if (!entry) return undefined;
		if (this.nowMs() - entry.atMs > this.keepSeconds * 1000) {
			this.kept.delete(key);
			return undefined;
		}
		return entry.read;
	}

	/** Reads afresh and keeps the read; a failed read is not kept. */
	fresh(key: string, read: () => Promise<ICredentialDataDecryptedObject>): Promise<ICredentialDataDecryptedObject> {
		const entry: Kept = { read: read(), atMs: this.nowMs() };
		this.kept.delete(key);
		this.kept.set(key, entry);
		entry.read.catch(() => {
			if (this.kept.get(key) === entry) this.kept.delete(key);
		});
		// A Map keeps insertion order: the first entries are the oldest.
		for (const oldest of this.kept.keys()) {
			if (this.kept.size <= this.maxKept) break;
			this.kept.delete(oldest);
		}
		return entry.read;
	}
}

/** One per n8n process, shared by every workflow's trigger nodes (keys keep them apart). */
const memory = new CredentialMemory();

/**
 * Runs `check` with the node's credential of `type`: with the one read lately when it passes, else with a fresh
 * read. Production calls only; test calls always read afresh.
 */
export async function checkWithCredential<T extends { ok: boolean }>(
	fn: IWebhookFunctions,
	type: string,
	check: (credentials: ICredentialDataDecryptedObject) => T,
	credentials: CredentialMemory = memory,
): Promise<T> {
	const read = async () => await fn.getCredentials(type);
	if (fn.getMode() !== 'webhook') return check(await read());
	const node = fn.getNode();
	const key = [fn.getWorkflow().id ?? '', node.name, type, node.credentials?.[type]?.id ?? ''].join('\u0000');
	const recent = credentials.recent(key);
	if (recent) {
		const result = check(await recent);
		if (result.ok) return result;
	}
	return check(await credentials.fresh(key, read));
}
