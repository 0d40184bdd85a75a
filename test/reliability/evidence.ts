/**
 * What the reliability suite collects besides the nodes' outputs: every signed request's nonce (none may be
 * used twice), the secrets that must never show (the secret key, every tranKey sent, the access token, the
 * notification secret, card numbers and CVVs), to scan outputs, errors and logs (test/helpers/logs.ts) for
 * those secrets.
 */
import type { IDataObject, IRun } from 'n8n-workflow';

import { expectedTranKey } from '../../sandbox/auth';
import type { LedgerEntry } from '../../sandbox';

// ---------------------------------------------------------------------------------------------------------
// Nonces
// ---------------------------------------------------------------------------------------------------------

/** Every signed request's nonce, across all the sandboxes of a part. */
export class NonceBook {
	private readonly seen = new Map<string, number>();
	/** Signed requests the sandbox refused as a replay (reason 100). */
	replayRefusals = 0;

	/** Reads the nonces of these ledger entries (the ledger keeps `auth.nonce`; it masks only the tranKey). */
	add(entries: LedgerEntry[]): void {
		for (const entry of entries) {
			const nonce = (entry.body as IDataObject | undefined)?.auth && ((entry.body as { auth: IDataObject }).auth.nonce as string | undefined);
			if (typeof nonce === 'string') this.seen.set(nonce, (this.seen.get(nonce) ?? 0) + 1);
			if (entry.auth?.reason === 100) this.replayRefusals++;
		}
	}

	get checked(): number {
		let total = 0;
		for (const count of this.seen.values()) total += count;
		return total;
	}

	/** Nonces sent more than once. */
	get reused(): string[] {
		return [...this.seen].filter(([, count]) => count > 1).map(([nonce]) => nonce);
	}

	list(): string[] {
		return [...this.seen.keys()];
	}
}

// ---------------------------------------------------------------------------------------------------------
// Secrets
// ---------------------------------------------------------------------------------------------------------

export interface SecretHit {
	/** What was scanned: "Gateway Process output", "n8n log"... */
	source: string;
	/** Which secret: "secret key", "tranKey", "card number"... (never the value itself). */
	secret: string;
}

/** A tranKey: Base64 of a SHA-256 (44 characters) or SHA-1 (28) digest. */
const BASE64_DIGEST = /[A-Za-z0-9+/]{27}=|[A-Za-z0-9+/]{43}=/g;

/**
 * The secrets of a part and the scan of what the nodes and n8n produced. Plain secrets are found as text; the
 * thousands of tranKeys by picking every Base64 digest out of the text and looking it up; a CVV (3 or 4 digits,
 * which ids, amounts and references hold by chance) as a text value of its own (`"987"`) or next to a word
 * that names it (`cvv: 987`).
 */
export class SecretScan {
	private readonly plain = new Map<string, string>();
	private readonly cvvs = new Set<string>();
	private readonly tranKeys = new Set<string>();
	readonly hits: SecretHit[] = [];
	textsScanned = 0;
	bytesScanned = 0;
	/** Output items (error items included) scanned one by one. */
	itemsScanned = 0;
	/** Error messages and descriptions scanned (of error items and of executions that stopped on an error). */
	errorsScanned = 0;

	addSecret(label: string, value: string | undefined): void {
		if (value) this.plain.set(value, label);
	}

	addCvv(value: string): void {
		this.cvvs.add(value);
	}

	/**
	 * The tranKey of each signed request of the ledger, computed again from what the ledger keeps (nonce, seed)
	 * and the site's secret key, as the platform checks it.
	 */
	addTranKeys(entries: LedgerEntry[], secretKey: string): void {
		for (const entry of entries) {
			const auth = (entry.body as { auth?: IDataObject } | undefined)?.auth;
			if (!auth || typeof auth.nonce !== 'string' || typeof auth.seed !== 'string') continue;
			const algorithm = entry.auth?.algorithm === 'sha1' ? 'sha1' : 'sha256';
			this.tranKeys.add(expectedTranKey(Buffer.from(auth.nonce, 'base64'), auth.seed, secretKey, algorithm));
		}
	}

	get secretsChecked(): { plain: number; cvvs: number; tranKeys: number } {
		return { plain: this.plain.size, cvvs: this.cvvs.size, tranKeys: this.tranKeys.size };
	}

	/** What the report says of the scan. */
	summary(logLines: number): Record<string, number> {
		return {
			secretValues: this.plain.size,
			cvvs: this.cvvs.size,
			tranKeys: this.tranKeys.size,
			itemsScanned: this.itemsScanned,
			errorsScanned: this.errorsScanned,
			logLines,
			textsScanned: this.textsScanned,
			bytesScanned: this.bytesScanned,
			hits: this.hits.length,
		};
	}

	/** Scans a text (or a value, as JSON) and records what it finds. */
	scan(source: string, value: unknown): SecretHit[] {
		const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
		this.textsScanned++;
		this.bytesScanned += text.length;
		const found: SecretHit[] = [];
		for (const [secret, label] of this.plain) if (text.includes(secret)) found.push({ source, secret: label });
		for (const match of text.match(BASE64_DIGEST) ?? []) if (this.tranKeys.has(match)) found.push({ source, secret: 'tranKey' });
		for (const cvv of this.cvvs) {
			if (text.includes(`"${cvv}"`) || new RegExp(`(cvv|cvc|security code)[^0-9]{0,8}${cvv}(?![0-9])`, 'i').test(text)) found.push({ source, secret: 'CVV' });
		}
		this.hits.push(...found);
		return found;
	}

	/**
	 * Scans a run: each node's output items (error items included) and the error it stopped on. The start node
	 * (`Items`, what the test hands the workflow, card numbers included) is not the package's output.
	 */
	scanRun(label: string, run: IRun, inputNodes = ['Items']): void {
		for (const [nodeName, runs] of Object.entries(run.data.resultData.runData)) {
			if (inputNodes.includes(nodeName)) continue;
			for (const taskData of runs) {
				for (const item of Object.values(taskData.data ?? {}).flat(2)) {
					if (!item) continue;
					this.itemsScanned++;
					this.scan(`${label}: ${nodeName} output item`, item);
					if ((item.json as IDataObject).error !== undefined) this.errorsScanned++;
				}
				if (taskData.error) this.scanError(`${label}: ${nodeName} error`, taskData.error);
			}
		}
		if (run.data.resultData.error) this.scanError(`${label}: execution error`, run.data.resultData.error);
	}

	/** An error's message, description and everything n8n keeps of it. */
	scanError(source: string, error: unknown): void {
		const failure = error as { message?: string; description?: string };
		this.errorsScanned++;
		this.scan(`${source} message`, failure.message ?? '');
		this.scan(`${source} description`, failure.description ?? '');
		// As n8n-core keeps it with the execution and logs it: its own fields (node and parameters included), message and stack.
		this.scan(`${source} as stored`, { ...(error as object), message: failure.message, stack: (error as Error).stack });
	}
}
