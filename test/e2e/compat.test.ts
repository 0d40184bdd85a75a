/**
 * The compatibility smoke test: the package in the n8n that PAYSUITE_N8N_VERSION names (default: the pinned one;
 * 1.123.x, 2.40.x and 2.41.x are the tested lines), run by the Node that scripts/n8n/install.js installs for it
 * (22 for 1.123, 24 for 2.x), the packed tarball installed as users install it:
 *  - n8n and Node are the expected versions, every node and both credentials load, both credential tests pass;
 *  - one workflow per action node (nodeCases.ts, one `n8n execute-batch`) against the sandbox;
 *  - one delivery per trigger: an event at the Autopay, Checkout and Onboarding Triggers' production URLs runs its
 *    published workflow once, and the Transaction Trigger's poll outputs a new payment;
 *  - the node's lock (repeatGuard.ts) on this n8n's SQLite store: the same refund called twice at once, LOCK_ROUNDS
 *    payments, is refunded once each (counted at the sandbox), the other call refused;
 *  - the examples this n8n gets (scripts/n8n/examples.js `examplesFor`) import and name only node versions it has;
 *    the ones left out name a node version it lacks.
 * Run: PAYSUITE_N8N_VERSION=1.123.81 npx jest --selectProjects e2e -- test/e2e/compat.test.ts
 * Needs `npm run build` first (skips itself otherwise).
 */
/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-explicit-any, @typescript-eslint/no-require-imports, no-console -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';

import { startSandbox, type LedgerEntry, type RunningSandbox } from '../../sandbox';
import {
	addSandboxCredentials,
	describeWithBuild,
	N8nHandle,
	outcomes,
	PACKAGE_NAME,
	packageLoadErrors,
	REPO_DIR,
	runWorkflowsBatch,
	setupN8n,
	startServer,
	teardownN8n,
	until,
	type BatchResult,
	type ServerHandle,
} from './harness';
import { NODE_CASES, type NodeCaseContext } from './nodeCases';
import { captureServer, finishedProcess } from './captures';
import { approvedPayment, pollingWorkflow, untilReceived } from './transactionPolls';
import { laterStep, partialRefundNode, triggerWorkflow, webhookPath, webhookStart, type E2eWorkflow, type TriggerKind } from './workflows';

const env = require('../../scripts/n8n/env.js');
const install = require('../../scripts/n8n/install.js');
const examples = require('../../scripts/n8n/examples.js');
const restApi = require('../../scripts/n8n/rest.js');

const describeIfBuilt = describeWithBuild('e2e compat');

const N8N_VERSION: string = install.N8N_VERSION;
const NODE_MAJOR = N8N_VERSION.startsWith('1.') ? 22 : 24;
const WAIT_MS = 60_000;
/** Payments each refunded by two calls at once. */
const LOCK_ROUNDS = 10;
const pkg = JSON.parse(fs.readFileSync(path.join(REPO_DIR, 'package.json'), 'utf8')) as { n8n: { nodes: string[]; credentials: string[] } };

type Rest = ServerHandle['rest'];


/**
 * Saves a workflow as the editor does (`active: false`: 1.123's database refuses a workflow without it) and publishes
 * it (`POST /rest/workflows/{id}/activate`, in 1.123 too): its id.
 */
async function publish(rest: Rest, wf: { name: string; nodes: unknown[]; connections: unknown }): Promise<string> {
	const saved = await rest.call('POST', '/rest/workflows', { name: wf.name, active: false, nodes: wf.nodes, connections: wf.connections, settings: { executionOrder: 'v1' } });
	if (saved.status !== 200) throw new Error(`saving ${wf.name} failed: ${saved.status} ${saved.text}`);
	const { id, versionId } = saved.json.data as { id: string; versionId: string };
	const published = await rest.call('POST', `/rest/workflows/${id}/activate`, { versionId });
	if (published.status !== 200) throw new Error(`publishing ${wf.name} failed: ${published.status} ${published.text}`);
	return id;
}


/** `name@version` of every node type (and each of its versions) this n8n serves. */
async function servedNodeVersions(rest: Rest): Promise<Set<string>> {
	const r = await rest.call('GET', '/types/nodes.json');
	expect(r.status).toBe(200);
	return new Set((r.json as Array<{ name: string; version: number | number[] }>).flatMap((n) => [n.version].flat().map((v) => `${n.name}@${v}`)));
}

const missingVersions = (wf: { nodes: Array<{ type: string; typeVersion?: number }> }, served: Set<string>) =>
	wf.nodes.map((n) => `${n.type}@${n.typeVersion ?? 1}`).filter((key) => !served.has(key));

describeIfBuilt(`e2e compat: the package in n8n ${N8N_VERSION} on Node ${NODE_MAJOR}`, () => {
	let sandbox: RunningSandbox;
	let n8n: N8nHandle | undefined;
	let server: ServerHandle | undefined;
	let capture: Awaited<ReturnType<typeof captureServer>>;
	let ctx: NodeCaseContext;
	let byId: Map<string, BatchResult>;
	let ledger: LedgerEntry[];
	const imported: Array<{ file: string; workflow: any }> = [];
	const left: Array<{ file: string; workflow: any }> = [];
	const workflowIds: Partial<Record<TriggerKind | 'transaction', string>> = {};
	const figures: Record<string, number> = {};
	const timed = async <T>(what: string, work: () => Promise<T>): Promise<T> => {
		const t0 = Date.now();
		try {
			return await work();
		} finally {
			figures[what] = Math.round((Date.now() - t0) / 100) / 10;
		}
	};

	beforeAll(async () => {
		sandbox = await startSandbox({ port: 0, processPendingPolls: 1, retryAfterSeconds: 1, reportPendingPolls: 1, reportRows: 3 });
		capture = await captureServer();
		n8n = await timed('install and package', () => setupN8n());
		const creds = await addSandboxCredentials(n8n, sandbox);
		ctx = { sandbox, creds, stamp: `${Date.now() % 1_000_000}`, day: new Date(Date.now() - 86_400_000).toISOString().slice(0, 10) };
		// The CLI runs before the server: both would use the same SQLite database.
		sandbox.clearLedger();
		const batch = await timed('node workflows', () => runWorkflowsBatch(n8n!, NODE_CASES.map((c) => c.workflow(ctx))));
		byId = new Map(batch.results.map((r) => [r.workflowId, r]));
		ledger = sandbox.ledger().filter((e) => !e.path.startsWith('/__sandbox'));
		for (const r of batch.results) if (r.status !== 'success') console.log(`${r.workflowId}: ${r.status} ${r.error}\n${batch.stdout.slice(-3000)}`);
		const all = examples.loadExamples() as Array<{ file: string; workflow: any }>;
		imported.push(...examples.examplesFor(N8N_VERSION, { examples: all, log: (m: string) => console.log(m) }));
		left.push(...all.filter((e) => !imported.includes(e)));
		await env.importWorkflows(n8n.userFolder, imported.map((e) => e.workflow));
		server = await timed('n8n start', () => startServer(n8n!));
		for (const kind of ['autopay', 'checkout', 'onboarding'] as const) workflowIds[kind] = await publish(server.rest, triggerWorkflow(kind, creds, capture.url) as E2eWorkflow);
		workflowIds.transaction = await publish(server.rest, pollingWorkflow(creds));
	});

	afterAll(async () => {
		await server?.stop();
		await teardownN8n(n8n);
		capture?.close();
		await sandbox?.stop();
		if (process.env.PAYSUITE_E2E_FIGURES) console.log(`compat n8n ${N8N_VERSION} (seconds): ${JSON.stringify(figures)}`);
	});

	it(`runs n8n ${N8N_VERSION} on Node ${NODE_MAJOR}`, async () => {
		const version = spawnSync(n8n!.paths.node, ['--version'], { encoding: 'utf8' }).stdout.trim();
		expect(version).toMatch(new RegExp(`^v${NODE_MAJOR}\\.`));
		const settings = await server!.rest.call('GET', '/rest/settings');
		expect(settings.json.data.versionCli).toBe(N8N_VERSION);
	});

	it('loads every node and both credentials; both credential tests pass against the sandbox', async () => {
		expect(packageLoadErrors(server!.logs())).toEqual([]);
		const served = await servedNodeVersions(server!.rest);
		const declared = pkg.n8n.nodes.map((f) => `${PACKAGE_NAME}.${new (Object.values(require(path.join(REPO_DIR, f)))[0] as any)().description.name}@1`);
		expect(declared).toHaveLength(11);
		expect(declared.filter((n) => !served.has(n))).toEqual([]);
		const credentials = await server!.rest.call('GET', '/types/credentials.json');
		const listed = new Set((credentials.json as Array<{ name: string }>).map((c) => c.name));
		expect(['paySuiteApi', 'paySuiteOnboardingApi'].filter((c) => !listed.has(c))).toEqual([]);
		// The imported credentials, by id (1.123 tests only stored ones), with their data as the panel sends it.
		const c = sandbox.credentials;
		const test = (type: string, data: Record<string, unknown>) => restApi.testCredential(server!.rest, type, data, ctx.creds[type]);
		expect(await test('paySuiteApi', { login: c.login, secretKey: c.secretKey, algorithm: 'sha256', timeZone: 'America/Bogota', baseUrl: sandbox.url })).toMatchObject({ status: 'OK' });
		expect(await test('paySuiteOnboardingApi', { baseUrl: sandbox.url, accessToken: c.accessToken, notificationSecret: c.notificationSecret })).toMatchObject({ status: 'OK' });
	});

	for (const c of NODE_CASES) {
		it(`node workflow: ${c.title}`, () => {
			const r = byId.get(c.id);
			expect({ id: c.id, status: r?.status, error: r?.error }).toEqual({ id: c.id, status: 'success', error: undefined });
			c.check(r!.output, (pattern: RegExp) => ledger.filter((e) => pattern.test(e.path)), ctx);
		});
	}

	/** Fires one delivery from the sandbox at the trigger's production URL; waits for its one successful run. */
	async function deliverOnce(kind: TriggerKind, body: Record<string, unknown>): Promise<any> {
		const response = await fetch(`${sandbox.url}/__sandbox/webhooks/${kind}`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ url: `${server!.url}${webhookPath(kind)}`, ...body }),
		});
		const { delivery } = (await response.json()) as { delivery: { status: number; body: string } };
		expect({ kind, status: delivery.status, code: JSON.parse(delivery.body).status?.status }).toEqual({ kind, status: 200, code: 'OK' });
		// The execution first: when it fails, its node's error is what the assertion shows.
		const filter = encodeURIComponent(JSON.stringify({ workflowId: workflowIds[kind] }));
		const done = await until(`the ${kind} execution`, async () => {
			const list = (await server!.rest.call('GET', `/rest/executions?filter=${filter}`)).json.data.results as Array<{ id: string; status: string }>;
			return list.length && list.every((e) => !['new', 'running', 'waiting'].includes(e.status)) ? list : undefined;
		}, WAIT_MS);
		expect(await outcomes(server!.rest, done)).toEqual([{ status: 'success' }]);
		const [item] = await until(`the ${kind} run`, () => capture.runs[kind], WAIT_MS);
		return item;
	}

	it('Autopay Trigger: one signed event runs its published workflow once', async () => {
		const item = await deliverOnce('autopay', { type: 'AUTOPAY_TRANSACTION_FAILED', reference: 'SUB-0042', additional: { attempt: 2 } });
		expect(item).toMatchObject({ signed: { type: 'AUTOPAY_TRANSACTION_FAILED' }, unsigned: { reference: 'SUB-0042' }, signatureVerified: true });
	});

	it('Checkout Trigger: the notification of a paid session runs its published workflow once', async () => {
		const requestId: number = await examples.paidSession(sandbox.url, sandbox.credentials, `COMPAT-${ctx.stamp}`, 50);
		expect(await deliverOnce('checkout', { requestId })).toMatchObject({ requestId, status: { status: 'APPROVED' } });
	});

	it('Onboarding Trigger: a process notification runs its published workflow once', async () => {
		const { processId } = await finishedProcess(sandbox, '900123459', 'compat');
		expect(await deliverOnce('onboarding', { processId })).toMatchObject({ processId, action: 'merchant.create', outcome: 'succeeded', signatureVerified: true });
	});

	it('Transaction Trigger: its poll outputs a new approved payment once', async () => {
		const payment = await approvedPayment(sandbox, `COMPAT-POLL-${ctx.stamp}`);
		const received = await timed('transaction poll', () => untilReceived(server!.rest, workflowIds.transaction!, [payment]));
		// Once, like every payment since the workflow was published (the Checkout Trigger test's paid session too).
		expect(received.flat().filter((p) => p === payment)).toEqual([payment]);
		expect(new Set(received.flat()).size).toBe(received.flat().length);
	});

	it(`the node's lock in its SQLite store: the same refund called twice at once, ${LOCK_ROUNDS} payments, refunded once each`, async () => {
		const path = `compat-lock-${ctx.stamp}`;
		const nodes = [webhookStart(path, `c0c1e2e0-0000-4000-8000-${ctx.stamp.padStart(12, '0')}`), partialRefundNode(ctx.creds, '={{ $json.body.internalReference }}'), laterStep()].map((node, i) => ({ ...node, position: [i * 240, 0] }));
		const connections = Object.fromEntries(nodes.slice(0, -1).map((node, i) => [node.name, { main: [[{ node: nodes[i + 1].name, type: 'main', index: 0 }]] }]));
		await publish(server!.rest, { name: 'Compat lock', nodes, connections });
		const url = `${server!.url}/webhook/${path}`;
		// A preflight lists the methods n8n serves at a path: POST once it has registered the workflow.
		await until('the refund webhook', async () => ((await fetch(url, { method: 'OPTIONS', headers: { origin: 'http://127.0.0.1' } })).headers.get('access-control-allow-methods')?.includes('POST') ? true : undefined), WAIT_MS);
		const call = async (internalReference: number) => (await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ internalReference }) })).status;
		const refunded: number[] = [];
		for (let round = 0; round < LOCK_ROUNDS; round++) {
			const internalReference = await approvedPayment(sandbox, `COMPAT-LOCK-${ctx.stamp}-${round}`);
			const statuses = await Promise.all([call(internalReference), call(internalReference)]);
			expect(statuses.sort()).toEqual([200, 500]);
			refunded.push(sandbox.ledger().filter((e) => e.path === '/api/reverse' && String(e.body?.internalReference) === String(internalReference)).length);
		}
		expect(refunded).toEqual(refunded.map(() => 1));
	});

	it('the examples it gets import and name only node versions it has; each one left out names one it lacks', async () => {
		const served = await servedNodeVersions(server!.rest);
		for (const { file, workflow } of imported) {
			const got = await server!.rest.call('GET', `/rest/workflows/${workflow.id}`);
			expect({ file, status: got.status, nodes: got.json?.data?.nodes?.length }).toEqual({ file, status: 200, nodes: workflow.nodes.length });
			expect({ file, missing: missingVersions(workflow, served) }).toEqual({ file, missing: [] });
		}
		for (const { file, workflow } of left) expect({ file, missing: missingVersions(workflow, served).length > 0 }).toEqual({ file, missing: true });
		if (N8N_VERSION.startsWith('1.')) expect(left.length).toBeGreaterThan(0);
		else expect(left).toEqual([]);
	});
});
