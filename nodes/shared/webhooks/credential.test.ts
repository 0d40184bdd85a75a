import type { ICredentialDataDecryptedObject, IWebhookFunctions } from 'n8n-workflow';

import { checkWithCredential, CREDENTIAL_KEEP_SECONDS, CredentialMemory } from './credential';

/** A webhook call whose credential reads are counted; `secret` is what the next read returns. */
function webhookCall(stored: { secret: string }, options: { mode?: string; workflowId?: string; credentialId?: string } = {}) {
	const reads: string[] = [];
	const fn = {
		getCredentials: async (type: string) => {
			reads.push(type);
			if (!stored.secret) throw new Error('Credentials not found');
			return { secretKey: stored.secret } as ICredentialDataDecryptedObject;
		},
		getMode: () => options.mode ?? 'webhook',
		getWorkflow: () => ({ id: options.workflowId ?? 'wf-1' }),
		getNode: () => ({ name: 'Trigger', credentials: { paySuiteApi: { id: options.credentialId ?? 'cred-1', name: 'c' } } }),
	} as unknown as IWebhookFunctions;
	return { fn, reads };
}

/** A check that passes only when the credential's secret is `expected`. */
const signedWith = (expected: string) => (credentials: ICredentialDataDecryptedObject) => ({ ok: credentials.secretKey === expected });

describe('checkWithCredential', () => {
	let now: number;
	let memory: CredentialMemory;
	beforeEach(() => {
		now = Date.UTC(2025, 4, 1);
		memory = new CredentialMemory(() => now);
	});

	it('reads the credential once for the deliveries of the next minute, then afresh', async () => {
		const stored = { secret: 'key-1' };
		const { fn, reads } = webhookCall(stored);
		for (let i = 0; i < 3; i++) expect(await checkWithCredential(fn, 'paySuiteApi', signedWith('key-1'), memory)).toEqual({ ok: true });
		expect(reads).toEqual(['paySuiteApi']);
		now += CREDENTIAL_KEEP_SECONDS * 1000 + 1;
		expect(await checkWithCredential(fn, 'paySuiteApi', signedWith('key-1'), memory)).toEqual({ ok: true });
		expect(reads).toHaveLength(2);
	});

	it('checks a failed check again with a fresh read: a changed secret applies from its first delivery', async () => {
		const stored = { secret: 'old-key' };
		const { fn, reads } = webhookCall(stored);
		expect(await checkWithCredential(fn, 'paySuiteApi', signedWith('old-key'), memory)).toEqual({ ok: true });
		stored.secret = 'new-key';
		expect(await checkWithCredential(fn, 'paySuiteApi', signedWith('new-key'), memory)).toEqual({ ok: true });
		expect(reads).toHaveLength(2);
		// The old secret is gone from memory as soon as the new one was read.
		expect(await checkWithCredential(fn, 'paySuiteApi', signedWith('old-key'), memory)).toEqual({ ok: false });
		expect(reads).toHaveLength(3);
	});

	it('refuses an old secret at the latest a minute after the credential changed, even without a delivery signed with the new one', async () => {
		const stored = { secret: 'old-key' };
		const { fn } = webhookCall(stored);
		await checkWithCredential(fn, 'paySuiteApi', signedWith('old-key'), memory);
		stored.secret = 'new-key';
		now += CREDENTIAL_KEEP_SECONDS * 1000 + 1;
		expect(await checkWithCredential(fn, 'paySuiteApi', signedWith('old-key'), memory)).toEqual({ ok: false });
	});

	it('keeps workflows and credentials apart', async () => {
		const a = webhookCall({ secret: 'key-a' }, { workflowId: 'wf-a' });
		const b = webhookCall({ secret: 'key-b' }, { workflowId: 'wf-b' });
		const c = webhookCall({ secret: 'key-c' }, { workflowId: 'wf-a', credentialId: 'cred-2' });
		expect(await checkWithCredential(a.fn, 'paySuiteApi', signedWith('key-a'), memory)).toEqual({ ok: true });
		expect(await checkWithCredential(b.fn, 'paySuiteApi', signedWith('key-a'), memory)).toEqual({ ok: false });
		expect(await checkWithCredential(c.fn, 'paySuiteApi', signedWith('key-a'), memory)).toEqual({ ok: false });
	});

	it('reads afresh at every call of the test URL', async () => {
		const { fn, reads } = webhookCall({ secret: 'key-1' }, { mode: 'manual' });
		await checkWithCredential(fn, 'paySuiteApi', signedWith('key-1'), memory);
		await checkWithCredential(fn, 'paySuiteApi', signedWith('key-1'), memory);
		expect(reads).toHaveLength(2);
	});

	it('shares one read between deliveries that arrive together, and keeps no failed read', async () => {
		const stored = { secret: 'key-1' };
		const { fn, reads } = webhookCall(stored);
		const results = await Promise.all([1, 2, 3].map(() => checkWithCredential(fn, 'paySuiteApi', signedWith('key-1'), memory)));
		expect(results.every((r) => r.ok)).toBe(true);
		expect(reads).toHaveLength(1);

		const missing = webhookCall({ secret: '' }, { workflowId: 'wf-2' });
		await expect(checkWithCredential(missing.fn, 'paySuiteApi', signedWith('key-1'), memory)).rejects.toThrow('Credentials not found');
		await expect(checkWithCredential(missing.fn, 'paySuiteApi', signedWith('key-1'), memory)).rejects.toThrow('Credentials not found');
		expect(missing.reads).toHaveLength(2);
	});
});
