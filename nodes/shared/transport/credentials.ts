/**
 * Which credential a request of each API signs with, the address it goes to, and the credentials of one node run
 * read once.
 */
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
 * The credentials of one node run, read once per credential type. n8n reads and decrypts a credential from its
 * database on every `getCredentials`, and `httpRequestWithAuthentication` reads it again unless it is handed the
 * decrypted data (`credentialsDecrypted`): that was most of the time of a request. n8n resolves a node's
 * credential once, at the first item, in its own declarative nodes (RoutingNode) and in
 * `httpRequestWithAuthentication` (which signs with item 0's): the package does the same, for the address and the
 * signature alike. Kept with n8n's context object of the run (one per node run, webhook call or editor lookup),
 * so it goes with it; a failed read is not kept.
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
