/**
 * The triggers and Gateway › Process on n8n's queue mode, on one cluster (scripts/n8n/queue.js:
 * Redis, PostgreSQL, a main, 2 workers, 1 webhook process):
 *  - each trigger, published on the main, receives the sandbox's signed events at the WEBHOOK PROCESS's URL,
 *    20 deliveries at a time: every one is answered, every valid one runs exactly one execution (counted through
 *    the main's REST API, each on a worker), forged ones (a bad signature) get 401 and run nothing;
 *  - a worker killed (SIGKILL) while a workflow charges 20 items with Gateway › Process (the sandbox slowed, so
 *    the kill lands mid-run, between a charge and its answer): the cluster starts the worker again, which marks
 *    the execution crashed from its event log (or, without it, n8n ends it in error once the job's lock expires),
 *    so its Retry (POST /rest/executions/<id>/retry) replays nothing (n8n 2.40.7); the user runs the workflow
 *    again, on either worker, and every item is charged exactly once
 *    (each item sends the same idempotence key as before the kill: it does not depend on the execution).
 * QUEUE_TRIGGER_DELIVERIES sets the deliveries per trigger (default 300). Needs `npm run build` first (skips
 * itself otherwise).
 */
/* eslint-disable @n8n/community-nodes/no-restricted-globals, @typescript-eslint/no-explicit-any, @typescript-eslint/no-require-imports, no-console -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */

import { startSandbox, type RunningSandbox } from '../../sandbox';
import { expectAnswer, type Answer } from '../engine/webhookCalls';
import { gatewayProcessParameters } from '../helpers/fixtures';
import { captureServer } from './captures';
import { manualTrigger, nodeType, outcome, storedRun, until } from './harness';
import { addSandboxCredentials, describeOnCluster, finishedExecution, type QueueHandle, runOnCluster, setupQueue, teardownQueue } from './queueHarness';
import { triggerWorkflow, webhookPath, type TriggerKind } from './workflows';

const describeIfBuilt = describeOnCluster('e2e queue triggers test');

const fixed = Number(process.env.QUEUE_TRIGGER_DELIVERIES) || undefined;
const DELIVERIES: Record<TriggerKind, number> = { autopay: fixed ?? 300, checkout: fixed ?? 300, onboarding: fixed ?? 300 };
const PARALLEL = 20;
/** Every FORGED_EVERY-th delivery carries a bad signature. */
const FORGED_EVERY = 10;
const ITEMS = 20;

/** How long a wait on the cluster may take (300 deliveries through one loaded machine). */
const WAIT_MS = 5 * 60_000;

/** Runs `task` for each of `inputs`, `parallel` at a time; answers the results in order. */
async function pool<I, O>(inputs: I[], parallel: number, task: (input: I, index: number) => Promise<O>): Promise<O[]> {
	const out: O[] = new Array(inputs.length);
	let next = 0;
	await Promise.all(
		Array.from({ length: parallel }, async () => {
			while (next < inputs.length) {
				const i = next++;
				out[i] = await task(inputs[i], i);
			}
		}),
	);
	return out;
}


describeIfBuilt('e2e: triggers and Gateway › Process on an n8n queue-mode cluster', () => {
	let sandbox: RunningSandbox;
	let q: QueueHandle | undefined;
	let capture: Awaited<ReturnType<typeof captureServer>>;
	let creds: Record<string, { id: string; name: string }>;
	const workflowIds: Partial<Record<TriggerKind, string>> = {};
	/** What happened to the killed worker's execution, printed with PAYSUITE_E2E_FIGURES=1. */
	const figures: string[] = [];

	beforeAll(async () => {
		sandbox = await startSandbox({ port: 0, processPendingPolls: 0, retryAfterSeconds: 0 });
		capture = await captureServer();
		q = await setupQueue();
		creds = await addSandboxCredentials(q, sandbox);
		// Saved and published on the main, as the editor does.
		for (const kind of ['autopay', 'checkout', 'onboarding'] as const) {
			const wf = triggerWorkflow(kind, creds, capture.url);
			const saved = await q.rest.call('POST', '/rest/workflows', { name: wf.name, nodes: wf.nodes, connections: wf.connections, settings: { executionOrder: 'v1' } });
			if (saved.status !== 200) throw new Error(`saving the ${kind} workflow failed: ${saved.status} ${saved.text}`);
			const { id, versionId } = saved.json.data as { id: string; versionId: string };
			const published = await q.rest.call('POST', `/rest/workflows/${id}/activate`, { versionId });
			if (published.status !== 200) throw new Error(`publishing the ${kind} workflow failed: ${published.status} ${published.text}`);
			workflowIds[kind] = id;
		}
	});

	afterAll(async () => {
		if (process.env.PAYSUITE_E2E_FIGURES) console.log(figures.join('\n'));
		await teardownQueue(q);
		capture?.close();
		await sandbox?.stop();
	});

	/** How many executions of a workflow n8n recorded, with these statuses if given (the main's REST API). */
	async function executionCount(workflowId: string, status?: string[]): Promise<number> {
		const filter = encodeURIComponent(JSON.stringify({ workflowId, ...(status ? { status } : {}) }));
		const r = await q!.rest.call('GET', `/rest/executions?filter=${filter}&limit=1`);
		expect(r.status).toBe(200);
		expect(r.json.data.estimated).toBe(false);
		return r.json.data.count as number;
	}

	/** Ids of the executions each n8n process logged starting. */
	function startedBy(): Map<string, string[]> {
		const byProcess = new Map<string, string[]>();
		for (const p of [q!.cluster.main, ...q!.cluster.workers, ...q!.cluster.webhooks]) {
			byProcess.set(p.name, [...p.logs().matchAll(/Worker started execution (\d+) \(job/g)].map((m) => m[1]));
		}
		return byProcess;
	}

	const c = () => sandbox.credentials;

	/** What the sandbox's control API needs to send delivery `i` of a kind, and how its run's item names it. */
	async function deliveries(kind: TriggerKind, count: number): Promise<Array<{ body: Record<string, unknown>; id: string }>> {
		if (kind === 'autopay') return Array.from({ length: count }, (_, i) => ({ body: { type: 'AUTOPAY_CREATED', reference: `Q-AUTOPAY-${i}` }, id: `Q-AUTOPAY-${i}` }));
		const examples = require('../../scripts/n8n/examples.js');
		return pool(Array.from({ length: count }, (_, i) => i), 4, async (i) => {
			if (kind === 'checkout') {
				const requestId: number = await examples.paidSession(sandbox.url, c(), `Q-CHECKOUT-${i}`, 10 + i);
				return { body: { requestId }, id: String(requestId) };
			}
			const accepted = await fetch(`${sandbox.url}/api/merchants`, {
				method: 'POST',
				headers: { 'content-type': 'application/json', authorization: `Bearer ${c().accessToken}`, 'idempotency-key': `queue-onboarding-${i}-${Date.now()}` },
				body: JSON.stringify({
					name: `Queue Test ${i} S.A.S.`,
					brand: `QueueTest${i}`,
					languages: ['es'],
					currencies: ['USD'],
					document: { type: 'NIT', number: String(800_000_000 + i) },
					address: { street: 'Calle 1 # 2-3', city: 'Bogota', state: 11, country: 'CO', phone: '+5712345678', postalCode: '110111' },
					legalRepresentative: { name: 'Ana', surname: 'Lopez', document: '52123456', documentType: 'CC' },
					control: { seller: 'direct' },
				}),
			});
			expect(accepted.status).toBe(202);
			const { processId } = (await accepted.json()) as { processId: string };
			return { body: { processId }, id: processId };
		});
	}

	/** How a run's item (what Report Run posted) names its delivery. */
	const runId: Record<TriggerKind, (item: any) => string> = {
		autopay: (item) => item.unsigned.reference,
		checkout: (item) => String(item.requestId),
		onboarding: (item) => item.processId,
	};

	for (const kind of ['autopay', 'checkout', 'onboarding'] as const) {
		it(`${kind}: ${DELIVERIES[kind]} deliveries, ${PARALLEL} at a time, to the webhook process: every one answered, one run on a worker per valid one, forged ones 401`, async () => {
			const webhook = q!.cluster.webhooks[0];
			expect(webhook.url).not.toBe(q!.cluster.main.url);
			const url = `${webhook.url}${webhookPath(kind)}`;
			const planned = await deliveries(kind, DELIVERIES[kind]);
			const forged = (i: number) => i % FORGED_EVERY === FORGED_EVERY - 1;
			sandbox.clearLedger();
			const startedBefore = new Set([...startedBy().values()].flat());
			const answers = await pool(planned, PARALLEL, async ({ body }, i) => {
				const response = await fetch(`${sandbox.url}/__sandbox/webhooks/${kind}`, {
					method: 'POST',
					headers: { 'content-type': 'application/json' },
					body: JSON.stringify({ url, ...body, ...(forged(i) ? { tamper: true } : {}) }),
				});
				return ((await response.json()) as { delivery?: Answer & { error?: string } }).delivery;
			});
			// Every delivery got an HTTP answer from the webhook process: 200 with the acknowledgement, or 401.
			expect(answers.filter((a) => !a || a.error !== undefined)).toEqual([]);
			answers.forEach((answer, i) => {
				if (forged(i)) expectAnswer(answer!, 401, 'FAILED', 'XS', 'The notification could not be verified');
				else expect({ i, status: answer!.status, ok: JSON.parse(answer!.body).status.status }).toEqual({ i, status: 200, ok: 'OK' });
			});
			const valid = planned.filter((_, i) => !forged(i)).map((d) => d.id);

			// Exactly one finished execution per valid delivery, each started by a worker (only this workflow runs now).
			await until(`${valid.length} finished ${kind} executions`, async () =>
				(await executionCount(workflowIds[kind]!, ['success', 'error', 'crashed', 'canceled'])) >= valid.length ? true : undefined,
				WAIT_MS,
			);
			expect(await executionCount(workflowIds[kind]!)).toBe(valid.length);
			expect(await executionCount(workflowIds[kind]!, ['success'])).toBe(valid.length);
			const started = startedBy();
			const onWorkers = q!.cluster.workers.flatMap((w) => started.get(w.name)!).filter((id) => !startedBefore.has(id));
			expect(onWorkers).toHaveLength(valid.length);
			for (const p of [q!.cluster.main, ...q!.cluster.webhooks]) expect({ [p.name]: started.get(p.name) }).toEqual({ [p.name]: [] });
			// Each run carried its own delivery: the valid ones, each once, no forged one.
			const items = await until(`${valid.length} ${kind} runs reported`, () => ((capture.runs[kind]?.length ?? 0) >= valid.length ? capture.runs[kind] : undefined), WAIT_MS);
			expect(items.map(runId[kind]).sort()).toEqual([...valid].sort());
		});
	}

	it('a worker killed while Gateway › Process charges 20 items: it comes back; n8n\'s Retry replays nothing; run again, every item is charged exactly once', async () => {
		const reference = `Q-KILL-${Date.now() % 1_000_000}`;
		const nodes = [
			{ ...manualTrigger(), position: [0, 0] },
			{
				name: 'Orders',
				type: 'n8n-nodes-base.code',
				typeVersion: 2,
				position: [240, 0],
				parameters: { jsCode: `return Array.from({ length: ${ITEMS} }, (_, n) => ({ json: { n } }));` },
			},
			{
				name: 'Charge',
				type: nodeType('paySuiteGateway'),
				typeVersion: 1,
				position: [480, 0],
				credentials: { paySuiteApi: creds.paySuiteApi },
				parameters: gatewayProcessParameters({ reference: `={{ '${reference}-' + $json.n }}`, total: '={{ 10 + $json.n }}' }),
			},
		];
		const connections = {
			Start: { main: [[{ node: 'Orders', type: 'main', index: 0 }]] },
			Orders: { main: [[{ node: 'Charge', type: 'main', index: 0 }]] },
		};
		const saved = await q!.rest.call('POST', '/rest/workflows', { name: 'Queue kill', nodes, connections, settings: { executionOrder: 'v1' } });
		expect(saved.status).toBe(200);
		const id = saved.json.data.id as string;

		// Each charge is made, then its answer waits 800 ms: 20 items take about 16 s, and a kill lands mid-run.
		sandbox.clearLedger();
		sandbox.setFaults([{ path: '/gateway/process', kind: 'latency', latencyMs: 800, when: 'after' }]);
		const charges = () => sandbox.ledger().filter((e) => e.path === '/gateway/process');
		const transactions = async () => {
			const r = (await (await fetch(`${sandbox.url}/__sandbox/gateway/transactions`)).json()) as { transactions: Array<{ reference: string; idempotenceKey: string | null; status: { status: string } }> };
			return r.transactions.filter((t) => t.reference.startsWith(`${reference}-`));
		};
		const started = await q!.rest.call('POST', `/rest/workflows/${id}/run`, { triggerToStartFrom: { name: 'Start' } });
		expect(started.status).toBe(200);
		const executionId = String(started.json.data.executionId);
		const victim = await until('a worker to start the execution', () => q!.cluster.workers.find((w) => new RegExp(`Worker started execution ${executionId} \\(job`).test(w.logs())), WAIT_MS);
		await until('5 charges', () => (charges().length >= 5 ? true : undefined), 120_000);
		const [victimPid, restarts] = [victim.pid, victim.restarts];
		process.kill(-victimPid, 'SIGKILL'); // a crash: the cluster starts it again
		const chargedBeforeKill = (await transactions()).length;
		expect(chargedBeforeKill).toBeGreaterThanOrEqual(5);
		expect(chargedBeforeKill).toBeLessThan(ITEMS);
		sandbox.clearFaults();
		// The rest keeps running, and the killed worker is started again.
		await until('the killed worker running again', () => (victim.restarts === restarts + 1 && victim.up ? true : undefined), WAIT_MS);
		expect(victim.pid).not.toBe(victimPid);

		// Either way it never runs again (n8n 2.40.7): the worker started again reads its event log (the user folder
		// is shared) and marks the execution crashed, its nodes as far as the log goes; or, with no such log, the
		// job's lock expires (QUEUE_WORKER_LOCK_DURATION, 60 s) and n8n ends it in error, its run data replaced.
		const failed = await finishedExecution(q!, executionId, 5 * 60_000);
		figures.push(`killed worker's execution: ${failed.status} after ${Date.parse(failed.stoppedAt) - Date.parse(failed.startedAt)} ms`);
		expect(['crashed', 'error']).toContain(failed.status);
		if (failed.status === 'error') expect(storedRun(failed).resultData.error.message).toMatch(/failed to be processed too many times/);
		expect(await transactions()).toHaveLength(chargedBeforeKill); // nothing ran it again by itself
		// n8n's Retry of it replays nothing: refused (a crashed execution), or ended in error at once; no charge.
		const retried = await q!.rest.call('POST', `/rest/executions/${executionId}/retry`, { loadWorkflow: false });
		if (retried.status === 200) {
			const retry = await finishedExecution(q!, String(retried.json.data.id ?? retried.json.data));
			figures.push(`its Retry: a new execution, ${retry.status}`);
			expect(outcome(retry)).toEqual({ status: 'error', error: expect.any(String) });
		} else {
			figures.push(`its Retry: refused, ${retried.status} ${retried.text.slice(0, 200)}`);
			expect({ status: retried.status, crashed: failed.status }).toEqual({ status: 500, crashed: 'crashed' });
		}
		expect(await transactions()).toHaveLength(chargedBeforeKill);

		// The user runs the workflow again: the same items, so the same keys, on whichever worker runs it.
		const again = await runOnCluster(q!, id);
		expect(outcome(again)).toEqual({ status: 'success' });
		expect(again.ranOn).toEqual([expect.stringMatching(/^worker-\d$/)]);
		expect(again.output.data.resultData.runData.Charge[0].data.main[0]).toHaveLength(ITEMS);

		// The ledger: every item charged once; the items the killed run charged were sent again with their key and got their transaction back.
		const made = await transactions();
		expect(made).toHaveLength(ITEMS);
		expect(new Set(made.map((t) => t.reference)).size).toBe(ITEMS);
		expect(new Set(made.map((t) => t.idempotenceKey)).size).toBe(ITEMS);
		const keysSent = charges().map((e) => (e.body as { idempotenceKey: string }).idempotenceKey);
		expect(new Set(keysSent)).toEqual(new Set(made.map((t) => t.idempotenceKey)));
		expect(keysSent.length).toBeGreaterThan(ITEMS); // the items charged before the kill were sent again
	});
});
