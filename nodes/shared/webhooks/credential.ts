/**
 * The credential a trigger checks signatures with, kept in this process's memory a short while: in n8n 2.x a
 * trigger's `getCredentials()` resolves expressions in a cold isolate of its own, most of what made a delivery slower
 * than n8n's Webhook node (docs/nodes/triggers.md, Performance). Safety: this process's memory only (never static
 * data nor an output); per workflow, node and credential ID, for at most `keepSeconds`; a check failing with the kept
 * credential is made again with a fresh read, so a changed secret applies at once and an old one is refused within
 * `keepSeconds`; test URL calls always read afresh.
 */
import type { ICredentialDataDecryptedObject, IWebhookFunctions } from 'n8n-workflow';

export const CREDENTIAL_KEEP_SECONDS = 60;
/** One per trigger node in use; the oldest go first. */
const MAX_KEPT = 500;

type Kept = { read: Promise<ICredentialDataDecryptedObject>; atMs: number };

/** A read in progress is shared by the calls that need it. */
export class CredentialMemory {
	private readonly kept = new Map<string, Kept>();

	constructor(
		private readonly nowMs: () => number = Date.now,
		private readonly keepSeconds: number = CREDENTIAL_KEEP_SECONDS,
		private readonly maxKept: number = MAX_KEPT,
	) {}

	recent(key: string): Promise<ICredentialDataDecryptedObject> | undefined {
		const entry = this.kept.get(key);
		if (!entry) return undefined;
		if (this.nowMs() - entry.atMs > this.keepSeconds * 1000) {
			this.kept.delete(key);
			return undefined;
		}
		return entry.read;
	}

	/** A failed read is not kept. */
	fresh(key: string, read: () => Promise<ICredentialDataDecryptedObject>): Promise<ICredentialDataDecryptedObject> {
		const entry: Kept = { read: read(), atMs: this.nowMs() };
		this.kept.delete(key);
		this.kept.set(key, entry);
		entry.read.catch(() => {
			if (this.kept.get(key) === entry) this.kept.delete(key);
		});
		// Insertion order: the oldest first.
		for (const oldest of this.kept.keys()) {
			if (this.kept.size <= this.maxKept) break;
			this.kept.delete(oldest);
		}
		return entry.read;
	}
}

/** One per n8n process; keys keep workflows apart. */
const memory = new CredentialMemory();

/** The one read lately when it passes, else a fresh read; test calls always read afresh. */
export async function checkWithCredential<T extends { ok: boolean }>(fn: IWebhookFunctions, type: string, check: (credentials: ICredentialDataDecryptedObject) => T, credentials: CredentialMemory = memory): Promise<T> {
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
