/**
 * Every action node inside a REAL n8n (the pinned n8n, run by Node 24, with this package packed and installed
 * as a community package), against the sandbox running in this jest process. All node workflows run in ONE
 * `n8n execute-batch` process; the failure path runs once with `n8n execute` (exit code 1). The workflows and
 * their assertions are in nodeCases.ts (queue.test.ts runs the same ones on a queue-mode cluster).
 * Needs `npm run build` first (skips itself otherwise).
 */
/* eslint-disable no-console -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import { startSandbox, type LedgerEntry, type RunningSandbox } from '../../sandbox';
import {
	addCredentials,
	addSandboxCredentials,
	describeWithBuild,
	N8nHandle,
	runError,
	runWorkflow,
	runWorkflowsBatch,
	setupN8n,
	teardownN8n,
	nodeType,
	type BatchResult,
} from './harness';
import { NODE_CASES, type NodeCaseContext } from './nodeCases';

const describeIfBuilt = describeWithBuild('e2e nodes');

describeIfBuilt('e2e: every action node in a real n8n, against the sandbox', () => {
	let sandbox: RunningSandbox;
	let n8n: N8nHandle | undefined;
	let ctx: NodeCaseContext;
	let byId: Map<string, BatchResult>;
	let ledger: LedgerEntry[];

	beforeAll(async () => {
		sandbox = await startSandbox({ port: 0, processPendingPolls: 1, retryAfterSeconds: 1, reportPendingPolls: 1, reportRows: 3 });
		n8n = await setupN8n();
		const creds = await addSandboxCredentials(n8n, sandbox);
		ctx = { sandbox, creds, stamp: `${Date.now() % 1_000_000}`, day: new Date(Date.now() - 86_400_000).toISOString().slice(0, 10) };
		sandbox.clearLedger();
		const batch = await runWorkflowsBatch(n8n, NODE_CASES.map((c) => c.workflow(ctx)));
		byId = new Map(batch.results.map((r) => [r.workflowId, r]));
		ledger = sandbox.ledger().filter((e) => !e.path.startsWith('/__sandbox'));
		// A failing run shows what n8n printed; a passing one prints nothing.
		for (const r of batch.results) if (r.status !== 'success') console.log(`${r.workflowId}: ${r.status} ${r.error}\n${batch.stdout.slice(-3000)}`);
	});

	afterAll(async () => {
		await teardownN8n(n8n);
		await sandbox?.stop();
	});

	const outputOf = (id: string) => {
		const r = byId.get(id);
		expect({ id, status: r?.status, error: r?.error }).toEqual({ id, status: 'success', error: undefined });
		return r!.output;
	};
	const calls = (pattern: RegExp) => ledger.filter((e) => pattern.test(e.path));

	for (const c of NODE_CASES) it(c.title, () => c.check(outputOf(c.id), calls, ctx));

	it('a wrong secret key fails the run (exit 1) with the words for reason 102 and no secret in the output', async () => {
		const c = sandbox.credentials;
		const [wrong] = Object.values(
			await addCredentials(n8n!, [{ type: 'paySuiteApi', name: 'Wrong secret', data: { login: c.login, secretKey: 'not-the-secret-key', algorithm: 'sha256', baseUrl: sandbox.url } }]),
		);
		sandbox.clearLedger();
		const run = await runWorkflow(n8n!, [
			{ name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, parameters: {} },
			{ name: 'Facilitators', type: nodeType('paySuiteSite'), typeVersion: 1, credentials: { paySuiteApi: wrong }, parameters: { resource: 'paymentFacilitator', operation: 'getMany', limit: 1, filters: {} } },
		]);
		expect(run.exitCode).toBe(1);
		const error = runError(run, 'Facilitators') ?? runError(run);
		expect(`${error?.message} ${error?.description}`).toMatch(/Wrong secret key/);
		expect(run.stdout + run.stderr).not.toContain('not-the-secret-key');
		expect(run.stdout + run.stderr).not.toContain(c.secretKey);
		const [call] = sandbox.ledger().filter((e) => !e.path.startsWith('/__sandbox'));
		expect(call).toMatchObject({ path: '/core/tools/payment-facilitator/search', status: 401, auth: { ok: false } });
	});
});
