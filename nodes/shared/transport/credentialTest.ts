/**
 * Functions, not a declarative `test` request: n8n answers a declarative test that cannot connect with the bare
 * code ("ECONNREFUSED"); these words say which address failed, why, and what to check. Every node names its test
 * (`testedBy`), so n8n finds it whichever node is installed.
 */
import type {
	ICredentialDataDecryptedObject,
	ICredentialsDecrypted,
	ICredentialTestFunctions,
	IDataObject,
	INodeCredentialTestResult,
} from 'n8n-workflow';

import { credentialTimeZone } from '../schemas/timeZone';
import { describeAuthFailure } from './authReasons';
import { buildAuth, type DigestAlgorithm } from './signing';
import { baseUrlFor } from './credentials';
import type { ApiName } from './types';

const TEST_TIMEOUT_MS = 15_000;

const OK: INodeCredentialTestResult = { status: 'OK', message: 'Connection successful' };
const failed = (message: string): INodeCredentialTestResult => ({ status: 'Error', message });

/** With what to check. Pure. */
export function unreachableWords(url: string, error: unknown): string {
	const candidate = error as { code?: unknown; message?: unknown; cause?: { code?: unknown } };
	const code = String(candidate?.cause?.code ?? candidate?.code ?? '');
	const text = String(candidate?.message ?? '');
	const at = `Could not reach ${url}`;
	if (code === 'ECONNREFUSED') return `${at} (connection refused): nothing answers at that address. Check the Base URL, its port, and that the platform (or the sandbox) is running.`;
	if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return `${at} (host not found): check the spelling of the host name in the Base URL, and this machine's network and DNS.`;
	if (['ETIMEDOUT', 'ECONNABORTED', 'ERR_SOCKET_CONNECTION_TIMEOUT', 'UND_ERR_CONNECT_TIMEOUT'].includes(code) || /timeout/i.test(text)) {
		return `${at} (no answer within ${TEST_TIMEOUT_MS / 1000} s): check the Base URL, and that a firewall or proxy lets this machine reach it.`;
	}
	if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return `${at} (network unreachable): check this machine's network, and the Base URL.`;
	if (/CERT|SSL|TLS|EPROTO/i.test(code) || /certificate|ssl|tls/i.test(text)) {
		return `${at} (the secure connection failed: ${code || 'certificate not accepted'}): check that the Base URL is the platform's https address; a self-signed or expired certificate is refused.`;
	}
	if (code === 'ECONNRESET' || code === 'EPIPE') return `${at} (the connection was closed): check the Base URL, http or https, and its port.`;
	return `${at} (${code || text || 'no answer'}): check the Base URL.`;
}

/** Or what is wrong with it. Pure. */
export function checkBaseUrl(url: string): { url: string } | { problem: string } {
	if (!url) return { problem: 'The Base URL is empty: set it to the address of the platform (for the sandbox: http://127.0.0.1:8765).' };
	let parsed: URL;
	try {
		parsed = new URL(url);
	} catch {
		return { problem: `The Base URL "${url}" is not a web address: write it in full, starting with https:// (or http:// for the sandbox).` };
	}
	if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return { problem: `The Base URL "${url}" must start with https:// or http://.` };
	return { url };
}

const statusBlock = (body: unknown): IDataObject | undefined =>
	body && typeof body === 'object' && !Array.isArray(body) && (body as IDataObject).status && typeof (body as IDataObject).status === 'object'
		? ((body as IDataObject).status as IDataObject)
		: undefined;

const notTheApi = (url: string, statusCode: number) =>
	`${url} answered, but not as the platform's API does (HTTP ${statusCode}): check that the Base URL is the API address the platform gave you, not its website.`;

/** Pure. */
export function signedVerdict(url: string, statusCode: number, body: unknown): INodeCredentialTestResult {
	const status = statusBlock(body);
	if (statusCode === 401) {
		return failed(describeAuthFailure(status?.reason) ?? 'The platform did not accept the credential: check its Login, Secret Key and Digest Algorithm.');
	}
	if (!status) return failed(notTheApi(url, statusCode));
	const state = String(status.status ?? '').toUpperCase();
	if (statusCode >= 200 && statusCode < 300 && state !== 'FAILED' && state !== 'ERROR') return OK;
	const words = status.message ? ` (${String(status.message)})` : '';
	return failed(`The platform refused these credentials${words}: check the Login, the Secret Key and the Base URL.`);
}

/**
 * n8n's dialog shows only an error's words, so a credential without a Site Time Zone fails the test saying so: the
 * nodes would take each workflow's zone for the site's times. Pure.
 */
export function siteClockVerdict(connected: INodeCredentialTestResult, data: IDataObject): INodeCredentialTestResult {
	if (connected.status !== 'OK') return connected;
	const zone = credentialTimeZone(data);
	if (zone) return { status: 'OK', message: `Connection successful. Site Time Zone: ${zone}: the nodes read and write the site's times on its clock.` };
	const typed = typeof data.timeZone === 'string' ? data.timeZone.trim() : '';
	if (typed) return failed(`The connection works, but the Site Time Zone '${typed}' is not a time zone name: choose the site's zone in the list, such as America/Bogota.`);
	return failed(
		"The connection works, but no Site Time Zone is set: choose the site's time zone, as the platform's back office shows it (such as America/Bogota). Until then the nodes take each workflow's time zone for the site's times (a link's expiry, a report's days), hours off when the two differ.",
	);
}

/** Pure. */
export function bearerVerdict(url: string, statusCode: number, body: unknown): INodeCredentialTestResult {
	if (statusCode === 401) return failed('The access token is not valid or has expired: check the Access Token of the credential, or ask for a new one.');
	if (statusCode === 403) return failed('The access token lacks the permission needed: ask for a token with onboarding:read, onboarding:create and onboarding:update.');
	if (statusCode >= 200 && statusCode < 300 && body && typeof body === 'object' && !Array.isArray(body)) return OK;
	return failed(notTheApi(url, statusCode));
}

interface LegacyResponse {
	statusCode: number;
	body: unknown;
}

/** When nothing answers, the words name the Base URL the user typed. */
async function send(ctx: ICredentialTestFunctions, baseUrl: string, options: IDataObject & { uri: string }): Promise<LegacyResponse | { unreachable: string }> {
	try {
		return (await ctx.helpers.request({ ...options, json: true, simple: false, resolveWithFullResponse: true, timeout: TEST_TIMEOUT_MS })) as LegacyResponse;
	} catch (error) {
		return { unreachable: unreachableWords(baseUrl, error) };
	}
}

const baseOf = (api: ApiName, data: ICredentialDataDecryptedObject | undefined) => checkBaseUrl(baseUrlFor(api, (data ?? {}) as IDataObject));

/** A cheap signed read; the platform answers 401 with a reason for bad credentials. */
export async function paySuiteApiTest(this: ICredentialTestFunctions, credential: ICredentialsDecrypted): Promise<INodeCredentialTestResult> {
	const data = credential.data ?? {};
	const base = baseOf('core', data);
	if ('problem' in base) return failed(base.problem);
	const uri = `${base.url}/core/tools/payment-facilitator/search`;
	const auth = buildAuth(String(data.login ?? ''), String(data.secretKey ?? ''), (data.algorithm as DigestAlgorithm) ?? 'sha256');
	const answer = await send(this, base.url, { method: 'POST', uri, body: { pagination: { perPage: 1, currentPage: 1 }, auth } });
	return 'unreachable' in answer ? failed(answer.unreachable) : siteClockVerdict(signedVerdict(base.url, answer.statusCode, answer.body), data as IDataObject);
}

/** Any valid token may read it. */
export async function paySuiteOnboardingApiTest(this: ICredentialTestFunctions, credential: ICredentialsDecrypted): Promise<INodeCredentialTestResult> {
	const data = credential.data ?? {};
	const base = baseOf('onboarding', data);
	if ('problem' in base) return failed(base.problem);
	const uri = `${base.url}/api/user`;
	const answer = await send(this, base.url, { method: 'GET', uri, headers: { Authorization: `Bearer ${String(data.accessToken ?? '')}`, Accept: 'application/json' } });
	return 'unreachable' in answer ? failed(answer.unreachable) : bearerVerdict(base.url, answer.statusCode, answer.body);
}

export const credentialTest = { paySuiteApiTest, paySuiteOnboardingApiTest };
