/**
 * The queue-mode cluster as an operator runs it (`npm start -- --queue`, scripts/n8n/queue.js, from deploy/): Redis,
 * PostgreSQL, nginx in front of a main, 2 workers and a webhook process. One published workflow: Autopay Trigger →
 * No Operation.
 *  - The URLs the editor shows work: both are nginx's address (N8N_WEBHOOK_URL); nginx sends /webhook/ to the
 *    webhook process and /webhook-test/ to the main, which alone serves it ("Listen for test event" receives there).
 *  - The main takes no production webhook (N8N_DISABLE_PRODUCTION_MAIN_PROCESS): copies of one delivery sent to the
 *    main and to the webhook URL at the same moment start one run.
 *  - A worker or the webhook process killed (SIGKILL) is started again while the rest keeps running; meanwhile the
 *    nginx answers 503 with Retry-After (the platform sends again), never a 500.
 *  - Stopping the cluster while deliveries arrive: every one gets the trigger's answer or is refused (connection
 *    refused, 503), none gets a 500 (nginx stops first, answering the calls in flight).
 * Needs `npm run build` first (skips itself otherwise).
 */
/* eslint-disable @n8n/community-nodes/no-restricted-globals, no-console -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import { randomUUID } from 'crypto';

import { startSandbox, type RunningSandbox } from '../../sandbox';
import { expectAcknowledged, type Answer } from '../engine/webhookCalls';
import { endedExecutions, until } from './harness';
import { addSandboxCredentials, describeOnCluster, type QueueHandle, setupQueue, teardownQueue } from './queueHarness';
import { autopayTriggerNode } from './workflows';

const describeIfBuilt = describeOnCluster('e2e queue cluster test');

const WEBHOOK_ID = 'a0c1e2e0-0000-4000-8000-00000000c1a5';
const RECEIVED = 'Event AUTOPAY_CREATED received';
const WAIT_MS = 5 * 60_000;
const COPIES = 10;

interface Event {
	id: string;
	date: string;
	reference: string;
}

const newEvent = (reference: string): Event => ({ id: randomUUID(), date: new Date().toISOString().replace(/\.\d{3}Z$/, '+00:00'), reference });

describeIfBuilt('e2e: the queue-mode cluster an operator runs', () => {
	let sandbox: RunningSandbox;
	let q: QueueHandle | undefined;
	let workflowId: string;
	const events: string[] = [];

	beforeAll(async () => {
		sandbox = await startSandbox({ port: 0, processPendingPolls: 0, retryAfterSeconds: 0 });
		q = await setupQueue({ workers: 2, webhooks: 1 });
		const creds = await addSandboxCredentials(q, sandbox);
		const nodes = [autopayTriggerNode(creds, WEBHOOK_ID), { name: 'Done', type: 'n8n-nodes-base.noOp', typeVersion: 1, position: [240, 0], parameters: {} }];
		const saved = await q.rest.call('POST', '/rest/workflows', { name: 'Cluster', nodes, connections: { Trigger: { main: [[{ node: 'Done', type: 'main', index: 0 }]] } }, settings: { executionOrder: 'v1' } });
		if (saved.status !== 200) throw new Error(`saving the workflow failed: ${saved.status} ${saved.text}`);
		workflowId = saved.json.data.id;
		const published = await q.rest.call('POST', `/rest/workflows/${workflowId}/activate`, { versionId: saved.json.data.versionId });
		if (published.status !== 200) throw new Error(`publishing the workflow failed: ${published.status} ${published.text}`);
		await until('the trigger behind nginx', async () => ((await post(productionUrl(), '{}')).status === 400 ? true : undefined), WAIT_MS);
	});

	afterAll(async () => {
		await teardownQueue(q);
		await sandbox?.stop();
	});

	const productionUrl = () => `${q!.cluster.webhookUrl}/webhook/${WEBHOOK_ID}/autopay`;
	const post = async (url: string, body: string) => {
		const r = await fetch(url, { method: 'POST', body, headers: { 'content-type': 'application/json' } });
		return { status: r.status, text: await r.text(), retryAfter: r.headers.get('retry-after') };
	};

	/** The sandbox signs the event and sends it to `url`; answers what came back and the bytes sent. */
	async function send(url: string, event: Event): Promise<{ answer: Answer & { error?: string }; sent: string }> {
		const response = await fetch(`${sandbox.url}/__sandbox/webhooks/autopay`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ url, type: 'AUTOPAY_CREATED', ...event }),
		});
		const { delivery, sent } = (await response.json()) as { delivery: Answer & { error?: string }; sent: string };
		return { answer: delivery, sent };
	}

	/** The references of the workflow's finished production runs (a reference per run). */
	async function runReferences(): Promise<string[]> {
		const list = await endedExecutions(q!.rest, workflowId, 'every execution finished', undefined, WAIT_MS);
		const references: string[] = [];
		for (const e of list.filter((x) => x.mode === 'webhook')) {
			const { json } = await q!.rest.call('GET', `/rest/executions/${e.id}`);
			const match = /"(CL-[A-Z]+-[A-Za-z0-9-]+)"/.exec(json.data.data);
			references.push(match ? match[1] : `? (${e.status})`);
		}
		return references;
	}

	it("shows nginx's address as the Production and the Test URL, and each answers", async () => {
		const settings = (await q!.rest.call('GET', '/rest/settings')).json.data;
		expect({ production: settings.urlBaseWebhook, test: settings.urlBaseWebhookTest }).toEqual({ production: `${q!.cluster.url}/`, test: `${q!.cluster.url}/` });
		// "Listen for test event", then the event at the Test URL the editor shows: it runs (on a worker).
		const workflowData = (await q!.rest.call('GET', `/rest/workflows/${workflowId}`)).json.data;
		const listening = await q!.rest.call('POST', `/rest/workflows/${workflowId}/run`, { workflowData, triggerToStartFrom: { name: 'Trigger' } });
		expect(listening.json.data).toEqual({ waitingForWebhook: true });
		const testUrl = `${settings.urlBaseWebhookTest}${settings.endpointWebhookTest}/${WEBHOOK_ID}/autopay`;
		const { answer } = await send(testUrl, newEvent('CL-TEST-1'));
		expectAcknowledged(answer, RECEIVED);
		const filter = encodeURIComponent(JSON.stringify({ workflowId }));
		const manual = await until('the test run', async () => {
			const r = await q!.rest.call('GET', `/rest/executions?filter=${filter}`);
			return (r.json.data.results as Array<{ mode: string; status: string }>).find((e) => e.mode === 'manual' && e.status === 'success');
		}, WAIT_MS);
		expect(manual).toBeDefined();
		// The test path is the main's alone: the webhook process does not know it.
		expect((await post(`${q!.cluster.webhooks[0].url}/webhook-test/${WEBHOOK_ID}/autopay`, '{}')).status).toBe(404);
	});

	it(`${COPIES} deliveries, each sent to the main and twice to the webhook URL at the same moment: one run each`, async () => {
		const sent = Array.from({ length: COPIES }, (_, i) => newEvent(`CL-COPY-${i}`));
		for (const event of sent) {
			const [atMain, ...atRouter] = await Promise.all([send(`${q!.cluster.main.url}/webhook/${WEBHOOK_ID}/autopay`, event), send(productionUrl(), event), send(productionUrl(), event)]);
			// The main takes no production call: n8n answers 404 there, and runs nothing.
			expect({ reference: event.reference, main: atMain.answer.status }).toEqual({ reference: event.reference, main: 404 });
			const started = atRouter.filter((c) => JSON.parse(c.answer.body).status.message === RECEIVED);
			expect({ reference: event.reference, started: started.length }).toEqual({ reference: event.reference, started: 1 });
		}
		const runs = (await runReferences()).filter((r) => r.startsWith('CL-COPY-'));
		expect(runs.sort()).toEqual(sent.map((e) => e.reference).sort());
	});

	it('a worker killed is started again while deliveries keep running on the other one', async () => {
		const worker = q!.cluster.workers[0];
		const [before, pid] = [worker.restarts, worker.pid];
		process.kill(-pid, 'SIGKILL');
		// Once it has exited (its Redis connection closed, a second for Redis to drop it): a job handed to a worker in
		// its last moment is lost with it under When Received, which is another test's case (queueOutages).
		await until('worker-1 down', () => (worker.up ? undefined : true), WAIT_MS);
		await new Promise((resolve) => setTimeout(resolve, 1000));
		const during = await Promise.all(Array.from({ length: 5 }, (_, i) => send(productionUrl(), newEvent(`CL-WORKER-${i}`))));
		for (const { answer } of during) expectAcknowledged(answer, RECEIVED);
		await until('worker-1 running again', () => (worker.restarts === before + 1 && worker.up ? true : undefined), WAIT_MS);
		expect(worker.pid).not.toBe(pid);
		const after = await send(productionUrl(), newEvent('CL-WORKER-after'));
		expectAcknowledged(after.answer, RECEIVED);
		expect((await runReferences()).filter((r) => r.startsWith('CL-WORKER-')).sort()).toEqual([...[0, 1, 2, 3, 4].map((i) => `CL-WORKER-${i}`), 'CL-WORKER-after'].sort());
	});

	it('the webhook process killed: 503 with Retry-After until it is running again, then deliveries run', async () => {
		const webhook = q!.cluster.webhooks[0];
		const before = webhook.restarts;
		process.kill(-webhook.pid, 'SIGKILL');
		await until('the supervisor to notice', () => (webhook.up ? undefined : true), 10_000);
		const meanwhile = await send(productionUrl(), newEvent('CL-DOWN-1'));
		expect({ status: meanwhile.answer.status, body: JSON.parse(meanwhile.answer.body) }).toEqual({ status: 503, body: { message: expect.stringMatching(/try again shortly/) } });
		await until('webhook-1 running again', () => (webhook.restarts === before + 1 && webhook.up ? true : undefined), WAIT_MS);
		const again = await until('the trigger registered again', async () => {
			const r = await send(productionUrl(), newEvent('CL-DOWN-2'));
			return r.answer.status === 200 ? r : undefined;
		}, WAIT_MS);
		expectAcknowledged(again.answer, RECEIVED);
	});

	it('stopping the cluster while deliveries arrive: each is answered by the trigger or refused, none gets a 500', async () => {
		const answers: Array<{ status?: number; error?: string }> = [];
		let sending = true;
		const senders = Array.from({ length: 4 }, async (_, s) => {
			for (let i = 0; sending; i++) {
				const { answer } = await send(productionUrl(), newEvent(`CL-STOP-${s}-${i}`)).catch((e) => ({ answer: { error: String(e) } as Answer & { error?: string } }));
				answers.push(answer.error ? { error: answer.error } : { status: answer.status });
				if (answer.error) await new Promise((resolve) => setTimeout(resolve, 50));
			}
		});
		await until('some deliveries answered', () => (answers.filter((a) => a.status === 200).length >= 8 ? true : undefined), WAIT_MS);
		const stopped = Date.now();
		await q!.cluster.stop();
		events.push(`cluster stopped in ${Date.now() - stopped} ms under load`);
		sending = false;
		await Promise.all(senders);
		const statuses = answers.map((a) => a.status ?? 'refused');
		expect(statuses.filter((s) => s !== 200 && s !== 503 && s !== 'refused')).toEqual([]);
		if (process.env.PAYSUITE_E2E_FIGURES) console.log(`${events.join('\n')}\nanswers while stopping: ${JSON.stringify(Object.entries(statuses.reduce<Record<string, number>>((n, s) => ((n[s] = (n[s] ?? 0) + 1), n), {})))}`);
	});
});
