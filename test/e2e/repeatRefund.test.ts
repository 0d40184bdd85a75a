/**
 * Money moves once when the editor re-runs a step, in a REAL `n8n start` (n8n 2.40.7, regular mode) with the
 * packed package, against the sandbox. The editor's *Execute step* on a node whose input is cleared runs the
 * workflow from its trigger to that node: every node before it runs again. Its REST call (n8n's editor,
 * useRunWorkflow.ts) is `POST /rest/workflows/:id/run` with `{ workflowId, startNodes: [], destinationNode:
 * { nodeName, mode: 'inclusive' } }` and no `runData`.
 *  - Manual Trigger → Session › Refund (partial 20.00 of a 120.50 payment) → a later step, executed twice that
 *    way: one `/api/reverse` in the sandbox's ledger, and the second execution stores the refusal; with Options ›
 *    Allow Repeat on, two refunds.
 *  - Manual Trigger → Notification › Send → a later step, executed twice: one message, one refusal (n8n's record
 *    of the workflow, in its database); with Allow Repeat, two.
 * Needs `npm run build` first (skips itself otherwise). PAYSUITE_E2E_FIGURES=1 prints the timings.
 */
/* eslint-disable @n8n/community-nodes/no-restricted-globals, @typescript-eslint/no-explicit-any, no-console -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import { startSandbox, type RunningSandbox } from '../../sandbox';
import { addSandboxCredentials, describeWithBuild, outcome, setupN8n, startServer, storedRun, teardownN8n, until, type N8nHandle, type ServerHandle } from './harness';
import { executeStepBody, messageThenLaterStep, paidInternalReference, paidPaymentWorkflow, refundThenLaterStep, type E2eWorkflow } from './workflows';

const describeIfBuilt = describeWithBuild('e2e repeatRefund');

const WAIT_MS = 90_000;

/** What one execution left: its status, its stored run and how long it took from the REST call to its end. */
interface Finished {
	executionId: string;
	status: string;
	run: any;
	ms: number;
}

describeIfBuilt('e2e: Execute step on a later node re-runs a refund or a message (real n8n, regular mode)', () => {
	let sandbox: RunningSandbox;
	let n8n: N8nHandle | undefined;
	let server: ServerHandle | undefined;
	let creds: Record<string, { id: string; name: string }>;
	const figures: string[] = [];

	beforeAll(async () => {
		sandbox = await startSandbox({ port: 0, processPendingPolls: 0, retryAfterSeconds: 0 });
		n8n = await setupN8n();
		creds = await addSandboxCredentials(n8n, sandbox);
		server = await startServer(n8n);
	});

	afterAll(async () => {
		if (process.env.PAYSUITE_E2E_FIGURES) console.log(figures.join('\n'));
		await server?.stop();
		await teardownN8n(n8n);
		await sandbox?.stop();
	});

	const rest = (method: string, path: string, body?: unknown) => server!.rest.call(method, path, body);

	/** Saves a workflow as the editor does (`POST /rest/workflows`); answers its id. */
	async function save(workflow: E2eWorkflow): Promise<string> {
		const saved = await rest('POST', '/rest/workflows', { name: workflow.name, nodes: workflow.nodes, connections: workflow.connections, settings: { executionOrder: 'v1' } });
		expect(saved.status).toBe(200);
		return saved.json.data.id as string;
	}

	/** `POST /rest/workflows/:id/run` with `body`, then `GET /rest/executions/:id` until the execution has ended. */
	async function runAndWait(workflowId: string, body: unknown): Promise<Finished> {
		const began = Date.now();
		const started = await rest('POST', `/rest/workflows/${workflowId}/run`, body);
		expect(started.status).toBe(200);
		const executionId = String(started.json.data.executionId);
		return until(
			`execution ${executionId}`,
			async () => {
				const execution = (await rest('GET', `/rest/executions/${executionId}`)).json?.data;
				if (!execution || ['new', 'running', 'waiting'].includes(execution.status)) return undefined;
				return { executionId, status: execution.status as string, run: storedRun(execution), ms: Date.now() - began };
			},
			WAIT_MS,
		);
	}

	/** A new paid payment of 120.50 USD (the editor's Execute workflow on a setup workflow); its internal reference. */
	async function paidPayment(tag: string): Promise<string> {
		const id = await save(paidPaymentWorkflow(creds, sandbox.url, `REPEAT-${tag}-${Date.now() % 100000}`, `psE2ePaid${tag}`));
		const paid = await runAndWait(id, { triggerToStartFrom: { name: 'Start' } });
		expect(outcome(paid)).toEqual({ status: 'success' });
		return paidInternalReference(paid.run);
	}

	const refundsOf = (internalReference: string) => sandbox.ledger().filter((entry) => entry.path === '/api/reverse' && String((entry.body as { internalReference?: unknown }).internalReference) === internalReference);
	const nodeError = (finished: Finished, node: string) => finished.run.resultData.runData[node]?.[0]?.error;
	const nodeRan = (finished: Finished, node: string) => (finished.run.resultData.runData[node] ?? []).length;

	/** Execute step on `node`, twice, as the editor does with its input cleared. */
	async function executeStepTwice(workflowId: string, node: string): Promise<[Finished, Finished]> {
		const first = await runAndWait(workflowId, executeStepBody(workflowId, node));
		const second = await runAndWait(workflowId, executeStepBody(workflowId, node));
		return [first, second];
	}

	it('Execute step on the node after a partial refund, twice: ONE refund sent, the second run stores the refusal', async () => {
		const internalReference = await paidPayment('Guard');
		const workflowId = await save(refundThenLaterStep('psE2eRefundStep', creds, internalReference));
		const [first, second] = await executeStepTwice(workflowId, 'After Refund');
		figures.push(`refund, Execute step twice: ${first.ms} ms (${first.status}), ${second.ms} ms (${second.status})`);

		// Both runs started at the Manual Trigger and ran the refund again: the editor's call re-runs upstream nodes.
		expect(outcome(first)).toEqual({ status: 'success' });
		expect(nodeRan(first, 'Start')).toBe(1);
		expect(first.run.resultData.runData['After Refund'][0].data.main[0][0].json).toMatchObject({ amount: 20, refundedAmount: 20, refundableAmount: 100.5 });
		expect(second.status).toBe('error');
		expect(nodeRan(second, 'Start')).toBe(1);
		expect(nodeRan(second, 'After Refund')).toBe(0);
		const refusal = nodeError(second, 'Refund');
		expect(refusal.message).toMatch(new RegExp(`^Not sent: A refund of 20\\.00 USD of transaction ${internalReference} was already made within the last (minute|2 minutes) \\(item 0\\)$`));
		expect(refusal.description).toBe(
			"Nothing was sent. Given back so far by this workflow's refunds: 20 USD; left: 100.5 USD. The same refund within 15 minutes is refused, as n8n's record of this workflow shows it, " +
				'so that re-running a step or a workflow never gives money back twice. To send it again on purpose, turn on Options > Allow Repeat of this node.',
		);
		expect(second.run.resultData.error.message).toBe(refusal.message);
		expect(refundsOf(internalReference)).toHaveLength(1);
	});

	it('with Options › Allow Repeat on, the same two Execute step calls refund twice', async () => {
		const internalReference = await paidPayment('Allow');
		const workflowId = await save(refundThenLaterStep('psE2eRefundAllow', creds, internalReference, { allowRepeat: true }));
		const [first, second] = await executeStepTwice(workflowId, 'After Refund');
		figures.push(`refund with Allow Repeat, Execute step twice: ${first.ms} ms (${first.status}), ${second.ms} ms (${second.status})`);
		expect([first, second].map(outcome)).toEqual([{ status: 'success' }, { status: 'success' }]);
		expect(second.run.resultData.runData['After Refund'][0].data.main[0][0].json).toMatchObject({ amount: 20, refundedAmount: 40, refundableAmount: 80.5 });
		expect(refundsOf(internalReference)).toHaveLength(2);
	});

	it('Execute step after Notification › Send, twice: one message, one refusal; with Allow Repeat, two messages', async () => {
		const text = `Your refund is on its way (${Date.now()})`;
		const sent = async () => ((await (await fetch(`${sandbox.url}/__sandbox/onboarding/messages`)).json()) as { messages: Array<{ body: { message: string } }> }).messages.filter((m) => m.body.message === text);

		const guarded = await save(messageThenLaterStep('psE2eMessageStep', creds, text));
		const [first, second] = await executeStepTwice(guarded, 'After Send');
		figures.push(`message, Execute step twice: ${first.ms} ms (${first.status}), ${second.ms} ms (${second.status})`);
		expect([first, second].map(outcome)).toEqual([{ status: 'success' }, { status: 'error', error: expect.any(String) }]);
		expect(nodeError(second, 'Send').message).toMatch(/^Not sent: the same message \(SMS, e-mail\) was already sent within the last (minute|2 minutes) \(item 0\)$/);
		expect(await sent()).toHaveLength(1);

		const allowed = await save(messageThenLaterStep('psE2eMessageAllow', creds, text, { allowRepeat: true }));
		const [third, fourth] = await executeStepTwice(allowed, 'After Send');
		expect([third, fourth].map(outcome)).toEqual([{ status: 'success' }, { status: 'success' }]);
		expect(await sent()).toHaveLength(3);
	});
});
