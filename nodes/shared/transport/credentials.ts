/** Which credential signs each API's requests, its address and signer key, and a node run's credentials read once. */
import { createHash } from 'crypto';
import type { ICredentialDataDecryptedObject, IDataObject } from 'n8n-workflow';

import { keptWith } from '../context/runMemory';
import type { ApiName, PaySuiteContext } from './types';

export type CredentialType = 'paySuiteApi' | 'paySuiteOnboardingApi';

export const CREDENTIAL_FOR_API: Record<ApiName, CredentialType> = {
	core: 'paySuiteApi',
	gateway: 'paySuiteApi',
	checkout: 'paySuiteApi',
	links: 'paySuiteApi',
	onboarding: 'paySuiteOnboardingApi',
};

const URL_OVERRIDE: Record<ApiName, string | undefined> = {
	core: 'restUrl',
	gateway: 'gatewayUrl',
	checkout: 'checkoutUrl',
	links: 'linksUrl',
	onboarding: undefined,
};

export function baseUrlFor(api: ApiName, credentials: IDataObject): string {
	const override = URL_OVERRIDE[api];
	const chosen = (override && String(credentials[override] ?? '').trim()) || String(credentials.baseUrl ?? '').trim();
	return chosen.replace(/\/+$/, '');
}

/**
 * What a store shared by the process keys a signing credential's data by: SHA-256 of the API's address and every
 * field that makes the signature (login, secret key, digest), so that only the same signer finds it again and the
 * key reveals none of them.
 */
export function signerKey(api: ApiName, credentials: IDataObject): string {
	const parts = [baseUrlFor(api, credentials), credentials.login, credentials.secretKey, credentials.algorithm].map((part) => String(part ?? ''));
	return createHash('sha256').update(JSON.stringify(parts), 'utf8').digest('hex');
}

/**
 * n8n reads and decrypts a credential on every `getCredentials`, and `httpRequestWithAuthentication` again unless
 * handed `credentialsDecrypted`: most of a request's time. n8n itself resolves a node's credential once, at item 0
 * (RoutingNode, httpRequestWithAuthentication), so the package does too. Kept with n8n's context object of the run;
 * a failed read is not kept.
 */
export function credentialsOnce(ctx: PaySuiteContext, type: string): Promise<ICredentialDataDecryptedObject> {
	const byType = keptWith(ctx, 'credentials', () => new Map<string, Promise<ICredentialDataDecryptedObject>>());
	let read = byType.get(type);
	if (!read) {
		read = (ctx.getCredentials as (type: string, index?: number) => Promise<ICredentialDataDecryptedObject>)(type, 0);
		byType.set(type, read);
		read.catch(() => byType.delete(type));
	}
	return read;
}
