/**
 * A REAL `n8n start` with this package installed as a community package:
 *  - n8n loads the package without errors and lists every node and credential type it declares;
 *  - the credential tests run through n8n's REST API: good credentials pass, a wrong secret fails with words;
 *  - the three triggers, in published workflows, receive the sandbox's webhooks: a valid event gets the exact
 *    acknowledgement (JSON bytes and content type) and runs the workflow once (its next node reports the
 *    trigger's item to a capture server in this test); a forged one gets 401, replays and 20 parallel copies of
 *    one delivery are acknowledged without a second run, and a failed platform query gets a short 503.
 * Needs `npm run build` first (skips itself otherwise).
 */
/* eslint-disable @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-explicit-any, @typescript-eslint/no-require-imports -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import * as fs from 'fs';
import * as path from 'path';

import { startSandbox, type RunningSandbox } from '../../sandbox';
import {
	addSandboxCredentials,
	describeWithBuild,
	N8nHandle,
	PACKAGE_NAME,
	packageLoadErrors,
	REPO_DIR,
	setupN8n,
	startServer,
	teardownN8n,
	testCredential,
	until,
	type ServerHandle,
} from './harness';
import { expectAnswer, type Answer } from '../engine/webhookCalls';
import { captureServer, finishedProcess } from './captures';
import { triggerWorkflow, webhookPath, type E2eWorkflow, type TriggerKind } from './workflows';

const examples = require('../../scripts/n8n/examples.js');

const describeIfBuilt = describeWithBuild('e2e server');

const pkg = JSON.parse(fs.readFileSync(path.join(REPO_DIR, 'package.json'), 'utf8')) as { n8n: { nodes: string[]; credentials: string[] } };

/** How long to wait for the real n8n's trigger runs and executions. */
const WAIT_MS = 60_000;

/** The type name a compiled file declares (`description.name` for nodes, `name` for credentials). */
function declaredName(file: string, kind: 'node' | 'credential'): string {
	const mod = require(path.join(REPO_DIR, file));
	const Cls = Object.values(mod)[0] as new () => { description?: { name: string }; name?: string };
	const instance = new Cls();
	return String(kind === 'node' ? instance.description?.name : instance.name);
}


describeIfBuilt('e2e: n8n start with the package, its credential tests and its triggers', () => {
	let sandbox: RunningSandbox;
	let n8n: N8nHandle | undefined;
	let server: ServerHandle | undefined;
	let capture: Awaited<ReturnType<typeof captureServer>>;
	const workflows: Partial<Record<TriggerKind, E2eWorkflow>> = {};

	beforeAll(async () => {
		sandbox = await startSandbox({ port: 0, processPendingPolls: 0, retryAfterSeconds: 0 });
		capture = await captureServer();
		n8n = await setupN8n();
		const creds = await addSandboxCredentials(n8n, sandbox);
		server = await startServer(n8n);
		// Created through the REST API (as the editor saves them, with a version to publish), then published.
		for (const kind of ['autopay', 'checkout', 'onboarding'] as const) {
			const wf = triggerWorkflow(kind, creds, capture.url);
			const saved = await server.rest.call('POST', '/rest/workflows', { name: wf.name, nodes: wf.nodes, connections: wf.connections, settings: { executionOrder: 'v1' } });
			if (saved.status !== 200) throw new Error(`saving the ${kind} workflow failed: ${saved.status} ${saved.text}`);
			const { id, versionId } = saved.json.data as { id: string; versionId: string };
			const published = await server.rest.call('POST', `/rest/workflows/${id}/activate`, { versionId });
			if (published.status !== 200) throw new Error(`publishing the ${kind} workflow failed: ${published.status} ${published.text}`);
			workflows[kind] = { ...wf, id };
		}
	});

	afterAll(async () => {
		await server?.stop();
		await teardownN8n(n8n);
		capture?.close();
		await sandbox?.stop();
	});

	it('loads the package without errors and lists every node and credential type it declares', async () => {
		expect(packageLoadErrors(server!.logs())).toEqual([]);
		const nodes = await server!.rest.call('GET', '/types/nodes.json');
		expect(nodes.status).toBe(200);
		const listed = new Set((nodes.json as Array<{ name: string }>).map((n) => n.name));
		const expected = pkg.n8n.nodes.map((f) => `${PACKAGE_NAME}.${declaredName(f, 'node')}`);
		expect(expected).toHaveLength(11);
		expect(expected.filter((n) => !listed.has(n))).toEqual([]);
		const credentials = await server!.rest.call('GET', '/types/credentials.json');
		const listedCreds = new Set((credentials.json as Array<{ name: string }>).map((n) => n.name));
		expect(pkg.n8n.credentials.map((f) => declaredName(f, 'credential')).filter((n) => !listedCreds.has(n))).toEqual([]);
	});

	it('credential test of the signed APIs: good credentials pass, a wrong secret or login fails with words', async () => {
		const c = sandbox.credentials;
		const base = { login: c.login, secretKey: c.secretKey, algorithm: 'sha256', timeZone: c.timeZone, baseUrl: sandbox.url };
		sandbox.clearLedger();
		expect(await testCredential(server!, 'paySuiteApi', base)).toMatchObject({ status: 'OK', message: expect.stringContaining('Site Time Zone: America/Bogota') });
		const wrongSecret = await testCredential(server!, 'paySuiteApi', { ...base, secretKey: 'not-the-secret-key' });
		expect(wrongSecret.status).toBe('Error');
		expect(wrongSecret.message).toMatch(/Wrong secret key: the tranKey did not match/);
		expect(wrongSecret.message).not.toContain('not-the-secret-key');
		const wrongLogin = await testCredential(server!, 'paySuiteApi', { ...base, login: 'nobody-here' });
		expect(wrongLogin).toMatchObject({ status: 'Error', message: expect.stringMatching(/Unknown login/) });
		// The tests really reached the sandbox, signed (nodes/shared/transport/credentialTest.ts, named by the nodes' testedBy).
		const tried = sandbox.ledger().filter((e) => e.path === '/core/tools/payment-facilitator/search');
		expect(tried.map((e) => [e.status, e.auth?.ok])).toEqual([
			[200, true],
			[401, false],
			[401, false],
		]);
	});

	it('credential test of the onboarding API: a good token passes, a wrong one fails with words', async () => {
		const c = sandbox.credentials;
		expect(await testCredential(server!, 'paySuiteOnboardingApi', { baseUrl: sandbox.url, accessToken: c.accessToken })).toMatchObject({ status: 'OK' });
		const wrong = await testCredential(server!, 'paySuiteOnboardingApi', { baseUrl: sandbox.url, accessToken: 'sbx_not_a_token' });
		expect(wrong).toMatchObject({ status: 'Error', message: expect.stringMatching(/access token is not valid/) });
	});

	it('credential test of an address where nothing listens: which URL could not be reached, and why', async () => {
		const c = sandbox.credentials;
		const nowhere = 'http://127.0.0.1:9';
		const signed = await testCredential(server!, 'paySuiteApi', { login: c.login, secretKey: c.secretKey, algorithm: 'sha256', baseUrl: nowhere });
		expect(signed).toMatchObject({ status: 'Error', message: expect.stringMatching(/^Could not reach http:\/\/127\.0\.0\.1:9 \(connection refused\): .*Check the Base URL/) });
		const onboarding = await testCredential(server!, 'paySuiteOnboardingApi', { baseUrl: nowhere, accessToken: c.accessToken });
		expect(onboarding.message).toBe(signed.message);
		const empty = await testCredential(server!, 'paySuiteApi', { login: c.login, secretKey: c.secretKey, algorithm: 'sha256', baseUrl: '' });
		expect(empty).toMatchObject({ status: 'Error', message: expect.stringMatching(/^The Base URL is empty/) });
	});

	/** Fires a sandbox webhook at the trigger's production URL; returns the trigger's HTTP answer(s) and what was sent. */
	async function fire(kind: TriggerKind, body: Record<string, unknown>): Promise<Answer & { sent: string; headers: Record<string, string>; copies: Answer[] }> {
		const response = await fetch(`${sandbox.url}/__sandbox/webhooks/${kind}`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ url: `${server!.url}${webhookPath(kind)}`, ...body }),
		});
		const answer = (await response.json()) as { delivery?: Answer & { error?: string }; deliveries?: Answer[]; sent: string; headers: Record<string, string> };
		expect(answer.delivery?.error).toBeUndefined();
		return { ...answer.delivery!, sent: answer.sent, headers: answer.headers, copies: answer.deliveries ?? [answer.delivery!] };
	}

	/** Posts these bytes and headers to the trigger's production URL as they are (a replay). */
	async function postRaw(kind: TriggerKind, text: string, headers: Record<string, string> = {}): Promise<Answer> {
		const response = await fetch(`${server!.url}${webhookPath(kind)}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: text });
		return { status: response.status, body: await response.text(), contentType: response.headers.get('content-type') ?? undefined };
	}

	const duplicateOf = (message: string) => `${message}; already received, the workflow does not run again`;

	/** Executions n8n recorded for a workflow (REST API, as the editor lists them). */
	async function executions(workflowId: string): Promise<Array<{ status: string }>> {
		const filter = encodeURIComponent(JSON.stringify({ workflowId }));
		const r = await server!.rest.call('GET', `/rest/executions?filter=${filter}`);
		expect(r.status).toBe(200);
		return r.json.data.results;
	}

	/** Waits until the workflow has `count` runs reported and as many finished executions; answers the reported items. */
	async function runsOf(kind: TriggerKind, count: number): Promise<any[]> {
		const runs = await until(`${count} ${kind} run(s)`, () => ((capture.runs[kind]?.length ?? 0) >= count ? capture.runs[kind] : undefined), WAIT_MS);
		const done = await until(`the ${kind} executions to finish`, async () => {
			const list = await executions(workflows[kind]!.id);
			return list.length >= count && list.every((e) => e.status !== 'running' && e.status !== 'new') ? list : undefined;
		}, WAIT_MS);
		expect(done.map((e) => e.status)).toEqual(Array(count).fill('success'));
		expect(runs).toHaveLength(count);
		return runs;
	}

	/**
	 * Forged first, then valid: the forged call is refused with 401, the valid one gets the exact acknowledgement
	 * (JSON, not n8n's "firstEntryJson") and runs exactly once; three replays of its bytes are acknowledged as
	 * duplicates without a run.
	 */
	async function forgedThenValid(kind: TriggerKind, valid: Record<string, unknown>, acknowledgement: string): Promise<any> {
		expectAnswer(await fire(kind, { ...valid, tamper: true }), 401, 'FAILED', 'XS', 'The notification could not be verified');
		const accepted = await fire(kind, valid);
		expectAnswer(accepted, 200, 'OK', '00', acknowledgement);
		for (let i = 0; i < 3; i++) expectAnswer(await postRaw(kind, accepted.sent, accepted.headers), 200, 'OK', '00', duplicateOf(acknowledgement));
		const runs = await runsOf(kind, 1);
		return runs[0];
	}

	/** A new delivery sent `copies` times at once: one run, every other copy acknowledged as a duplicate. */
	async function parallelCopiesRunOnce(kind: TriggerKind, delivery: Record<string, unknown>, acknowledgement: string, runsBefore: number) {
		const burst = await fire(kind, { ...delivery, copies: 20 });
		expect(burst.copies).toHaveLength(20);
		const messages = burst.copies.map((copy) => (expectAnswer(copy, 200, 'OK', '00', JSON.parse(copy.body).status.message), JSON.parse(copy.body).status.message));
		expect(messages.filter((message) => message === acknowledgement)).toHaveLength(1);
		expect(messages.filter((message) => message === duplicateOf(acknowledgement))).toHaveLength(19);
		await runsOf(kind, runsBefore + 1);
	}

	it('Autopay Trigger: a signed event runs the workflow once with the event; a forged one gets 401, copies no run', async () => {
		const item = await forgedThenValid('autopay', { type: 'AUTOPAY_TRANSACTION_FAILED', reference: 'SUB-0042', additional: { attempt: 2 } }, 'Event AUTOPAY_TRANSACTION_FAILED received');
		expect(item).toMatchObject({
			signed: { type: 'AUTOPAY_TRANSACTION_FAILED' },
			unsigned: { reference: 'SUB-0042', additional: { attempt: 2 } },
			signatureVerified: true,
		});
		await parallelCopiesRunOnce('autopay', { type: 'AUTOPAY_CANCELED' }, 'Event AUTOPAY_CANCELED received', 1);
	});

	it('Checkout Trigger: a signed notification of a paid session runs once with the session the platform reports', async () => {
		// Created and paid as the demo does it (a failed call there throws).
		const requestId: number = await examples.paidSession(sandbox.url, sandbox.credentials, 'E2E-CHECKOUT-1', 50);
		const item = await forgedThenValid('checkout', { requestId }, `Notification of session ${requestId} received`);
		expect(item).toMatchObject({ requestId, status: { status: 'APPROVED' }, notification: { signed: { requestId, status: 'APPROVED' }, unsigned: { reference: 'E2E-CHECKOUT-1' } } });
		// The trigger confirmed the notification with a signed query of the session, once.
		expect(sandbox.ledger().filter((e) => e.path === `/api/session/${requestId}`).map((e) => e.auth?.ok)).toEqual([true]);

		const other: number = await examples.paidSession(sandbox.url, sandbox.credentials, 'E2E-CHECKOUT-2', 60);
		await parallelCopiesRunOnce('checkout', { requestId: other }, `Notification of session ${other} received`, 1);
		expect(sandbox.ledger().filter((e) => e.path === `/api/session/${other}`)).toHaveLength(1);
	});

	it('Checkout Trigger: an unknown session is answered as a forgery; a failed session query gets a short 503, not a stack trace', async () => {
		expectAnswer(await fire('checkout', { requestId: 99999, status: 'APPROVED', reference: 'GHOST' }), 401, 'FAILED', 'XS', 'The notification could not be verified');
		const requestId: number = await examples.paidSession(sandbox.url, sandbox.credentials, 'E2E-CHECKOUT-3', 70);
		sandbox.setFaults([{ path: `/api/session/${requestId}`, kind: 'status', status: 502, count: 4 }]);
		try {
			expectAnswer(await fire('checkout', { requestId }), 503, 'FAILED', 'XU', 'The notification could not be processed now; send it again later');
		} finally {
			sandbox.clearFaults();
		}
		// No execution was recorded for either (the two runs are the earlier test's).
		expect((await executions(workflows.checkout!.id)).length).toBe(2);
	});

	it('Onboarding Trigger: a signed process notification runs once with the queried result; a forged one gets 401, copies no run', async () => {
		const { processId, final } = await finishedProcess(sandbox, '900123457', 'e2e-onboarding');
		const item = await forgedThenValid('onboarding', { processId }, 'Process result received');
		expect(item).toMatchObject({ processId, action: 'merchant.create', outcome: 'succeeded', signatureVerified: true });
		expect(JSON.stringify(item)).toContain(String(final.result?.merchantId ?? processId));
		const second = (await finishedProcess(sandbox, '900123458', 'e2e-onboarding')).processId;
		await parallelCopiesRunOnce('onboarding', { processId: second }, 'Process result received', 1);
	});
});
