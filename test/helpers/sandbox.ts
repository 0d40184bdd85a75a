/**
 * The sandbox for one test file: started before its tests, stopped after them, cleaned between them; and the
 * credential data that points the package's nodes at it.
 */
import type { IDataObject } from 'n8n-workflow';

import { describeViolation, startSandbox, type FieldViolation, type LedgerEntry, type RunningSandbox, type SandboxOptions } from '../../sandbox';

/** What is cleaned before each test: all state (`reset`), only the ledger, or what the given function does. */
export type BetweenTests = 'reset' | 'clearLedger' | ((sandbox: RunningSandbox) => void);

/**
 * Starts a sandbox on a free port in `beforeAll`, stops it in `afterAll` and cleans it in `beforeEach`; after each
 * test, fails it when the sandbox answered a field the API documents do not show (naming the endpoint and path).
 * Returns a stand-in for the running sandbox: use it in tests and hooks (it throws before the sandbox runs).
 */
export function withSandbox(options: SandboxOptions = {}, between: BetweenTests = 'reset'): RunningSandbox {
	let running: RunningSandbox | undefined;
	beforeAll(async () => {
		running = await startSandbox({ port: 0, ...options });
	});
	afterAll(async () => {
		await running?.stop();
	});
	beforeEach(() => {
		if (between === 'reset') running!.reset();
		else if (between === 'clearLedger') running!.clearLedger();
		else between(running!);
	});
	afterEach(() => {
		if ((options.documentedFields ?? 'fail') !== 'fail') return;
		const found = running?.violations() ?? [];
		running?.clearViolations();
		if (found.length) throw new Error(`The sandbox answered fields the API documents do not show (sandbox/documented/):\n${undocumentedLines(found)}`);
	});
	return new Proxy({} as RunningSandbox, {
		get: (_target, property) => {
			if (!running) throw new Error(`sandbox.${String(property)} was read before the sandbox started (in beforeAll)`);
			return Reflect.get(running, property);
		},
	});
}

/** Violations as lines: `POST /api/reverse (HTTP 200): payment.refunds`, each once. */
export const undocumentedLines = (violations: FieldViolation[]): string => [...new Set(violations.map(describeViolation))].join('\n');

/** The ledger without the control calls (`/__sandbox/...`) the tests make themselves. */
export const apiCallsOf = (sandbox: RunningSandbox): LedgerEntry[] => sandbox.ledger().filter((entry) => !entry.path.startsWith('/__sandbox'));

/**
 * `paySuiteApi` credential data for the sandbox's site (sha256, Site Time Zone America/Bogota as the site's),
 * or for another login / secret key / time zone (`timeZone: ''`: a credential saved before the field existed).
 */
export const paySuiteApi = (sandbox: RunningSandbox, as: { login?: string; secretKey?: string; timeZone?: string } = {}) => ({
	paySuiteApi: {
		login: as.login ?? sandbox.credentials.login,
		secretKey: as.secretKey ?? sandbox.credentials.secretKey,
		algorithm: 'sha256',
		timeZone: as.timeZone ?? sandbox.credentials.timeZone,
		baseUrl: sandbox.url,
	},
});

/** `paySuiteOnboardingApi` credential data for the sandbox, or with another access token / notification secret. */
export const onboardingApi = (sandbox: RunningSandbox, as: { accessToken?: string; notificationSecret?: string } = {}) => ({
	paySuiteOnboardingApi: {
		baseUrl: sandbox.url,
		accessToken: as.accessToken ?? sandbox.credentials.accessToken,
		notificationSecret: as.notificationSecret ?? sandbox.credentials.notificationSecret,
	},
});

/** A signed call's body as the ledger holds it, without its `auth` (which must be there). */
export const withoutAuth = (body: unknown): IDataObject => {
	const { auth, ...rest } = (body ?? {}) as IDataObject;
	expect(auth).toBeDefined();
	return rest;
};

/** Calls a sandbox control endpoint (GET, or POST with a JSON body), expects it to succeed and returns its answer. */
export async function control(sandbox: RunningSandbox, path: string, body?: IDataObject): Promise<IDataObject> {
	const response = await fetch(`${sandbox.url}${path}`, {
		method: body === undefined ? 'GET' : 'POST',
		headers: { 'content-type': 'application/json' },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	expect(response.status).toBeLessThan(300);
	return (await response.json()) as IDataObject;
}
