/**
 * n8n's own "Retry" of a failed execution, in a REAL n8n 2.40.7: a workflow whose Gateway > Process charged the
 * card but lost every answer (the sandbox answers 503 after doing the work) fails; n8n's retry of that execution
 * (POST /rest/executions/{id}/retry, what the executions list's Retry button calls) is a new execution with a
 * new id, and it must get the first charge back from the platform instead of charging again.
 * Needs `npm run build` first (skips itself otherwise).
 */
import { startSandbox, type RunningSandbox } from '../../sandbox';
import { gatewayProcessParameters } from '../helpers/fixtures';
import {
	addSandboxCredentials,
	describeWithBuild,
	manualTrigger,
	nodeType,
	outcome,
	runWorkflow,
	setupN8n,
	startServer,
	teardownN8n,
	type N8nHandle,
	type ServerHandle,
} from './harness';

const describeIfBuilt = describeWithBuild('e2e retry');

describeIfBuilt("n8n's Retry of a failed Gateway > Process execution", () => {
	let n8n: N8nHandle | undefined;
	let sandbox: RunningSandbox | undefined;
	let server: ServerHandle | undefined;

	beforeAll(async () => {
		sandbox = await startSandbox({ port: 0, retryAfterSeconds: 0 });
		n8n = await setupN8n();
	});
	afterAll(async () => {
		await server?.stop();
		await sandbox?.stop();
		await teardownN8n(n8n);
	});

	it('charges once: the retried execution sends the same idempotence key and gets the first transaction', async () => {
		const credentials = await addSandboxCredentials(n8n!, sandbox!);
		const reference = `E2E-RETRY-${Date.now() % 1_000_000}`;
		sandbox!.setFaults([{ path: '/gateway/process', kind: 'status', status: 503, when: 'after' }]);
		const failed = await runWorkflow(
			n8n!,
			[
				manualTrigger(),
				{
					name: 'Charge',
					type: nodeType('paySuiteGateway'),
					credentials: { paySuiteApi: credentials.paySuiteApi },
					parameters: gatewayProcessParameters({ reference }),
				},
			],
			undefined,
			{ id: `retry${Date.now() % 1_000_000}` },
		);
		expect(failed.exitCode).toBe(1);
		const charged = () => sandbox!.ledger().filter((call) => call.path === '/gateway/process');
		const attemptsOfFirst = charged().length;
		expect(attemptsOfFirst).toBeGreaterThanOrEqual(1);
		const transactions = () => Object.values(sandbox!.world.slice<{ transactions: Record<string, { view: { reference: string; internalReference: number } }> }>('gateway', () => ({ transactions: {} })).transactions)
			.map((txn) => txn.view)
			.filter((view) => view.reference === reference);
		expect(transactions()).toHaveLength(1);

		sandbox!.clearFaults();
		server = await startServer(n8n!);
		const filter = encodeURIComponent(JSON.stringify({ workflowId: failed.workflowId }));
		const listed = await server.rest.call('GET', `/rest/executions?filter=${filter}`);
		expect(listed.status).toBe(200);
		const executions = listed.json.data.results as Array<{ id: string; status: string }>;
		expect(executions.map((execution) => execution.status)).toEqual(['error']);

		const retried = await server.rest.call('POST', `/rest/executions/${executions[0].id}/retry`, { loadWorkflow: false });
		expect(retried.status).toBe(200);
		const retry = retried.json.data;
		expect({ ...outcome(retry), retryOf: retry.retryOf, mode: retry.mode }).toEqual({ status: 'success', retryOf: executions[0].id, mode: 'retry' });
		expect(String(retry.id)).not.toBe(executions[0].id);

		// The retry did send the charge again (the node ran), with the one key of every attempt of both
		// executions, and there is still one transaction.
		expect(charged().length).toBe(attemptsOfFirst + 1);
		expect(new Set(charged().map((call) => call.body.idempotenceKey)).size).toBe(1);
		const [transaction] = transactions();
		expect(transactions()).toHaveLength(1);
		const stored = await server.rest.call('GET', `/rest/executions/${retry.id}`);
		expect(stored.status).toBe(200);
		expect(JSON.stringify(stored.json.data)).toContain(String(transaction.internalReference));
	});
});
