/**
 * No surprise repeats on n8n's queue mode: Redis, PostgreSQL, a main, 2 workers and a webhook process
 * (queueHarness.ts), n8n 2.40.7, against the sandbox.
 *  - Refund: a published workflow Webhook → Session › Refund (partial 20.00 of a 120.50 payment, the payment's
 *    internal reference in the call's body) → a later step. The same call twice, one after the other: two
 *    production executions on the workers, one refund and one refusal (n8n's record of the workflow, its
 *    deduplication store in PostgreSQL, is the memory every worker reads; the sandbox answers documented fields
 *    only). Two copies at the same moment, on SIMULTANEOUS_ROUNDS payments: each execution and each `/api/reverse`
 *    matched, and none refunded twice (the node's lock, repeatGuard.ts; the figure docs/scaling.md gives).
 *  - Notification › Send: a published workflow Webhook → Send. The same message twice, one after the other: one
 *    sent, one refused, whichever worker runs each, and the workflow's static data left alone.
 *  - The editor's Execute step twice (manual runs, which OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS sends to the
 *    workers): a refund once and a message once, whichever workers run them.
 * PAYSUITE_E2E_FIGURES=1 prints timings and the order of events. Needs `npm run build` first.
 */
/* eslint-disable @n8n/community-nodes/no-restricted-globals, @typescript-eslint/no-explicit-any, @typescript-eslint/no-require-imports, no-console -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import { randomUUID } from 'crypto';

import { startSandbox, type LedgerEntry, type RunningSandbox } from '../../sandbox';
import { endedExecutions, outcome, storedRun, until, writeFigure } from './harness';
import { addSandboxCredentials, describeOnCluster, finishedExecution, importWorkflows, processesThatRan, setupQueue, teardownQueue, type QueueHandle } from './queueHarness';

const examples = require('../../scripts/n8n/examples.js');
import {
	executeStepBody,
	laterStep,
	messageNode,
	messageThenLaterStep,
	partialRefundNode,
	refundThenLaterStep,
	webhookStart,
	type E2eWorkflow,
} from './workflows';

const describeIfBuilt = describeOnCluster('e2e queue repeat test');

const SIMULTANEOUS_ROUNDS = 50;
/** The payment to refund: the internal reference in the webhook call's body. */
const FROM_CALL = '={{ $json.body.internalReference }}';
const WAIT_MS = 3 * 60_000;

/** An execution as the main stores it, once ended: its status, its run, the processes that started it. */
interface Ended {
	id: string;
	status: string;
	run: any;
	ranOn: string[];
}

describeIfBuilt('e2e: the same refund or message twice on a queue-mode cluster (main, 2 workers, webhook process)', () => {
	let sandbox: RunningSandbox;
	let q: QueueHandle | undefined;
	let creds: Record<string, { id: string; name: string }>;
	const payments: string[] = [];
	const figures: string[] = [];

	beforeAll(async () => {
		const began = Date.now();
		sandbox = await startSandbox({ port: 0, processPendingPolls: 0, retryAfterSeconds: 0 });
		q = await setupQueue({ workers: 2, webhooks: 1 });
		figures.push(`cluster up: ${Date.now() - began} ms`);
		creds = await addSandboxCredentials(q, sandbox);
		// Paid payments of 120.50 USD, one per case: 1 sequential, SIMULTANEOUS_ROUNDS at once, 1 for Execute step. Paid
		// at the sandbox itself (its buyer pays a session), so that the same setup runs on n8n 1.123's REST API too.
		for (let i = 0; i < SIMULTANEOUS_ROUNDS + 2; i++) {
			const requestId: number = await examples.paidSession(sandbox.url, sandbox.credentials, `QREPEAT-${i}-${Date.now() % 100000}`, 120.5);
			const { session } = (await (await fetch(`${sandbox.url}/__sandbox/sessions/${requestId}`)).json()) as { session: { payments: Array<{ internalReference: number }> } };
			payments.push(String(session.payments[0].internalReference));
		}
	});

	afterAll(async () => {
		if (process.env.PAYSUITE_E2E_FIGURES) console.log(figures.join('\n'));
		await teardownQueue(q);
		await sandbox?.stop();
	});

	const rest = (method: string, path: string, body?: unknown) => q!.rest.call(method, path, body);

	/** Saves and publishes a workflow (the editor's Save and Publish); answers its id once the webhook process serves `path`. */
	async function publish(name: string, nodes: E2eWorkflow['nodes'], path: string): Promise<string> {
		const placed = nodes.map((node, i) => ({ position: [i * 240, 0] as [number, number], ...node }));
		const connections = Object.fromEntries(placed.slice(0, -1).map((node, i) => [node.name, { main: [[{ node: placed[i + 1].name, type: 'main', index: 0 }]] }]));
		const saved = await rest('POST', '/rest/workflows', { name, active: false, nodes: placed, connections, settings: { executionOrder: 'v1' } });
		expect(saved.status).toBe(200);
		const { id, versionId } = saved.json.data as { id: string; versionId: string };
		expect((await rest('POST', `/rest/workflows/${id}/activate`, { versionId })).status).toBe(200);
		// A preflight call lists the methods the webhook process serves at a path: POST once it knows the workflow.
		await until(
			`the webhook process to serve ${path}`,
			async () => {
				const preflight = await fetch(webhookUrl(path), { method: 'OPTIONS', headers: { origin: 'http://127.0.0.1' } });
				return preflight.headers.get('access-control-allow-methods')?.includes('POST') ? true : undefined;
			},
			WAIT_MS,
		);
		return id;
	}

	const webhookUrl = (path: string) => `${q!.cluster.webhooks[0].url}/webhook/${path}`;
	/** A production call of the webhook; its run has ended when it is answered (the Webhook node answers with the last node). */
	const call = async (path: string, body: unknown) => {
		const answer = await fetch(webhookUrl(path), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
		// 200 with the last node's item, or n8n's 500 when the run ended in error: anything else started no run.
		expect([200, 500]).toContain(answer.status);
		return answer.status;
	};

	/** The workflow's executions once `count` of them have ended, oldest first. */
	async function ended(workflowId: string, count: number): Promise<Ended[]> {
		const listed = await endedExecutions(
			q!.rest,
			workflowId,
			`${count} ended execution(s) of workflow ${workflowId}`,
			(results) => results.length >= count && results.every((e) => ['success', 'error', 'crashed'].includes(e.status)),
			WAIT_MS,
		);
		const all = await Promise.all(listed.map(async (e) => ({ id: e.id, status: e.status, run: storedRun(await finishedExecution(q!, e.id)), ranOn: processesThatRan(q!, e.id) })));
		return all.sort((a, b) => Number(a.id) - Number(b.id));
	}

	const refundError = (e: Ended, node = 'Refund') => e.run.resultData.runData[node]?.[0]?.error?.message as string | undefined;
	const ledgerOf = (internalReference: string): LedgerEntry[] =>
		sandbox.ledger().filter((entry) => ['/api/reverse', '/gateway/query'].includes(entry.path) && String(entry.body?.internalReference) === internalReference);
	const refundsOf = (internalReference: string) => ledgerOf(internalReference).filter((entry) => entry.path === '/api/reverse');
	/** The sandbox's reads (Q) and refunds (R) of a payment, in the order they arrived: "QQRRQQ". */
	const order = (internalReference: string) => ledgerOf(internalReference).map((entry) => (entry.path === '/api/reverse' ? 'R' : 'Q')).join('');

	it('a refund sent twice as production executions: one refund, one refusal, run by the workers', async () => {
		const path = `repeat-refund-${randomUUID().slice(0, 8)}`;
		const refund = partialRefundNode(creds, FROM_CALL);
		const workflowId = await publish('Queue repeat refund', [webhookStart(path, randomUUID()), refund, laterStep()], path);
		const [internalReference] = payments;
		const began = Date.now();
		const statuses = [await call(path, { internalReference }), await call(path, { internalReference })];
		figures.push(`refund, two production calls one after the other: ${Date.now() - began} ms, answers ${statuses.join(', ')}`);
		const [first, second] = await ended(workflowId, 2);
		figures.push(`  ${first.id} ${first.status} on ${first.ranOn}; ${second.id} ${second.status} on ${second.ranOn}`);

		expect([first, second].map(outcome)).toEqual([{ status: 'success' }, { status: 'error', error: expect.any(String) }]);
		for (const e of [first, second]) expect(e.ranOn).toEqual([expect.stringMatching(/^worker-\d$/)]);
		expect(refundError(second)).toMatch(new RegExp(`^Not sent: A refund of 20\\.00 USD of transaction ${internalReference} was already made within the last (minute|2 minutes) \\(item 0\\)$`));
		// What was refunded and what is left, as n8n's record of the workflow keeps it.
		expect(second.run.resultData.runData.Refund[0].error.description).toContain("Given back so far by this workflow's refunds: 20 USD; left: 100.5 USD.");
		expect(refundsOf(internalReference)).toHaveLength(1);
	});

	it('two copies at the same moment: counted, each execution matched to what the sandbox received', async () => {
		const path = `repeat-refund-at-once-${randomUUID().slice(0, 8)}`;
		const refund = partialRefundNode(creds, FROM_CALL);
		const workflowId = await publish('Queue repeat refund at once', [webhookStart(path, randomUUID()), refund, laterStep()], path);
		const rounds = payments.slice(1, 1 + SIMULTANEOUS_ROUNDS);
		for (const internalReference of rounds) await Promise.all([call(path, { internalReference }), call(path, { internalReference })]);
		const executions = await ended(workflowId, 2 * rounds.length);
		let twice = 0;
		let neither = 0;
		for (const internalReference of rounds) {
			const mine = executions.filter((e) => JSON.stringify(e.run.resultData.runData.Webhook[0].data.main[0][0].json.body) === JSON.stringify({ internalReference }));
			expect(mine).toHaveLength(2);
			const succeeded = mine.filter((e) => e.status === 'success');
			// Every refund the sandbox made is an execution that says it made it, and a refused copy sent nothing.
			expect(refundsOf(internalReference)).toHaveLength(succeeded.length);
			if (succeeded.length !== 1) figures.push(`  payment ${internalReference}: ${mine.map((e) => `${e.status}: ${refundError(e) ?? ''}`).join(' | ')}`);
			// Both refused is safe (nothing sent, each item says so) but not what was meant: counted beside doubles.
			if (succeeded.length === 0) neither++;
			for (const refused of mine.filter((e) => e.status !== 'success')) {
				expect(refundError(refused)).toMatch(/^Not sent: A refund of 20\.00 USD of transaction \d+ (was already made within the last (minute|2 minutes)|is being made at this moment by another run of this workflow) \(item 0\)$/);
			}
			if (succeeded.length === 2) twice++;
			const seen = succeeded.map((e) => e.run.resultData.runData['After Refund'][0].data.main[0][0].json.refundedAmount);
			figures.push(`  at once, payment ${internalReference}: ${succeeded.length} refund(s), order ${order(internalReference)}, workers ${mine.map((e) => e.ranOn[0]).join('+')}, refundedAmount after each: ${seen.join(', ')}`);
		}
		const summary = `refund, two copies at the same moment on two workers: refunded twice in ${twice} of ${rounds.length} rounds, by neither copy in ${neither}`;
		figures.push(summary);
		// The figure docs/scaling.md gives, written whatever the outcome (test-results/ is not committed).
		writeFigure('queue-repeat', summary);
		expect({ twice }).toEqual({ twice: 0 });
	});

	it('a message sent twice as production executions: one sent, one refused, whichever workers run them', async () => {
		const path = `repeat-message-${randomUUID().slice(0, 8)}`;
		const send = messageNode(creds, '={{ $json.body.text }}');
		const workflowId = await publish('Queue repeat message', [webhookStart(path, randomUUID()), send], path);
		const texts = [1, 2, 3].map((n) => `Your order ${n} has shipped (${Date.now()})`);
		for (const text of texts) for (let copy = 0; copy < 2; copy++) await call(path, { text });
		const executions = await ended(workflowId, 2 * texts.length);
		const messages = ((await (await fetch(`${sandbox.url}/__sandbox/onboarding/messages`)).json()) as { messages: Array<{ body: { message: string } }> }).messages;
		let acrossWorkers = 0;
		for (const [n, text] of texts.entries()) {
			const [first, second] = executions.slice(2 * n, 2 * n + 2);
			expect([first, second].map(outcome)).toEqual([{ status: 'success' }, { status: 'error', error: expect.any(String) }]);
			expect(refundError(second, 'Send')).toMatch(/^Not sent: the same message \(SMS, e-mail\) was already sent within the last (minute|2 minutes) \(item 0\)$/);
			expect(messages.filter((m) => m.body.message === text)).toHaveLength(1);
			if (first.ranOn[0] !== second.ranOn[0]) acrossWorkers++;
			figures.push(`  message ${n + 1}: ${first.id} on ${first.ranOn}, ${second.id} (refused) on ${second.ranOn}`);
		}
		figures.push(`message, two production calls one after the other (3 messages): refused across workers in ${acrossWorkers} of 3`);
		// The memory is not the workflow's static data: a worker starts each new execution without it (n8n 2.40.7).
		expect((await rest('GET', `/rest/workflows/${workflowId}`)).json.data.staticData).toBeNull();
	});

	it("the editor's Execute step twice on the workers: a refund once, a message once", async () => {
		const internalReference = payments[1 + SIMULTANEOUS_ROUNDS];
		const refundFlow = refundThenLaterStep('psE2eQRefundStep', creds, internalReference);
		const text = `Your refund is on its way (${Date.now()})`;
		const messageFlow = messageThenLaterStep('psE2eQMessageStep', creds, text);
		await importWorkflows(q!, [refundFlow, messageFlow]);
		const step = async (workflowId: string, node: string) => {
			const started = await rest('POST', `/rest/workflows/${workflowId}/run`, executeStepBody(workflowId, node));
			expect(started.status).toBe(200);
			const id = String(started.json.data.executionId);
			const execution = await finishedExecution(q!, id);
			return { id, status: execution.status as string, run: storedRun(execution), ranOn: processesThatRan(q!, id) };
		};
		const refunds = [await step(refundFlow.id, 'After Refund'), await step(refundFlow.id, 'After Refund')];
		expect(refunds.map(outcome)).toEqual([{ status: 'success' }, { status: 'error', error: expect.any(String) }]);
		expect(refundError(refunds[1])).toMatch(/^Not sent: A refund of 20\.00 USD/);
		expect(refundsOf(internalReference)).toHaveLength(1);

		const sends = [await step(messageFlow.id, 'After Send'), await step(messageFlow.id, 'After Send')];
		const sent = ((await (await fetch(`${sandbox.url}/__sandbox/onboarding/messages`)).json()) as { messages: Array<{ body: { message: string } }> }).messages.filter((m) => m.body.message === text);
		expect(sends.map(outcome)).toEqual([{ status: 'success' }, { status: 'error', error: expect.any(String) }]);
		expect(refundError(sends[1], 'Send')).toMatch(/^Not sent: the same message \(SMS, e-mail\) was already sent /);
		expect(sent).toHaveLength(1);
		figures.push(`Execute step twice: refund on ${refunds.map((e) => e.ranOn).join(', ')} (1 refund); message on ${sends.map((e) => e.ranOn).join(', ')} (${sent.length} sent)`);
	});
});
