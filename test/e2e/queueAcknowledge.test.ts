/**
 * A worker killed while the deliveries it runs wait to be acknowledged, on the queue-mode cluster (Redis,
 * PostgreSQL, a main, 2 workers, a webhook process behind nginx; scripts/n8n/queue.js). Two published
 * workflows, Autopay Trigger → Wait 6 s → No Operation, one per Options › Acknowledge Delivery. The test plays the
 * platform: it sends 20 signed deliveries at once, kills (SIGKILL) the worker that started most of them once 10
 * runs have started, and sends again every delivery not answered 2xx, as the platform's retry does.
 *  - When Received (the default): every delivery is answered 200 before its run; the runs lost with the worker
 *    are never sent again (the platform was told they arrived).
 *  - When the Workflow Has Finished: the deliveries of the lost runs are answered 500 once n8n gives the runs up,
 *    the platform's retry runs them on the other worker, and in the end every delivery has exactly one successful
 *    run.
 * `PAYSUITE_E2E_FIGURES=1` prints the counts and times. Needs `npm run build` first (skips itself otherwise).
 */
/* eslint-disable @n8n/community-nodes/no-restricted-globals, no-console -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import { randomUUID } from 'crypto';

import { startSandbox, type RunningSandbox } from '../../sandbox';
import { autopaySignature } from '../../sandbox/routes/events/state';
import { endedExecutions, until } from './harness';
import { addSandboxCredentials, describeOnCluster, type ClusterProcess, type QueueHandle, setupQueue, teardownQueue } from './queueHarness';
import { autopayTriggerNode } from './workflows';

const describeIfBuilt = describeOnCluster('e2e queue acknowledgement test');

const DELIVERIES = 20;
const WAIT_MS = 6 * 60_000;
/** The worker is killed once this many runs have started (each then waits 6 s). */
const KILL_WHEN_STARTED = 10;

interface Sent {
	reference: string;
	bytes: string;
	/** Each attempt's HTTP status (0: no answer, the connection broke), what came with it, and how long it took. */
	attempts: Array<{ status: number; ms: number; body?: string; contentType?: string | null }>;
}

describeIfBuilt('e2e: acknowledging deliveries on a queue-mode cluster while a worker is killed', () => {
	let sandbox: RunningSandbox;
	let q: QueueHandle | undefined;
	const figures: string[] = [];

	beforeAll(async () => {
		sandbox = await startSandbox({ port: 0, processPendingPolls: 0, retryAfterSeconds: 0 });
		q = await setupQueue({ workers: 2, webhooks: 1 });
	});

	afterAll(async () => {
		if (process.env.PAYSUITE_E2E_FIGURES) console.log(figures.join('\n'));
		await teardownQueue(q);
		await sandbox?.stop();
	});

	/** Publishes Autopay Trigger (this acknowledgement) → Wait 6 s → No Operation; its production URL and id. */
	async function publish(acknowledge: 'received' | 'finished'): Promise<{ url: string; workflowId: string }> {
		const creds = q!.credentials.paySuiteApi ? { ...q!.credentials } : await addSandboxCredentials(q!, sandbox);
		const webhookId = randomUUID();
		const trigger = autopayTriggerNode(creds, webhookId);
		const nodes = [
			{ ...trigger, typeVersion: 2, parameters: { events: [], options: { acknowledge } } },
			{ name: 'Wait', type: 'n8n-nodes-base.wait', typeVersion: 1.1, position: [240, 0], webhookId: randomUUID(), parameters: { amount: 6, unit: 'seconds' } },
			{ name: 'Done', type: 'n8n-nodes-base.noOp', typeVersion: 1, position: [480, 0], parameters: {} },
		];
		const connections = { Trigger: { main: [[{ node: 'Wait', type: 'main', index: 0 }]] }, Wait: { main: [[{ node: 'Done', type: 'main', index: 0 }]] } };
		const saved = await q!.rest.call('POST', '/rest/workflows', { name: `Acknowledge ${acknowledge}`, nodes, connections, settings: { executionOrder: 'v1' } });
		if (saved.status !== 200) throw new Error(`saving the workflow failed: ${saved.status} ${saved.text}`);
		const workflowId = saved.json.data.id as string;
		const published = await q!.rest.call('POST', `/rest/workflows/${workflowId}/activate`, { versionId: saved.json.data.versionId });
		if (published.status !== 200) throw new Error(`publishing the workflow failed: ${published.status} ${published.text}`);
		const url = `${q!.cluster.webhookUrl}/webhook/${webhookId}/autopay`;
		await until('the trigger behind nginx', async () => ((await fetch(url, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } })).status === 400 ? true : undefined), WAIT_MS);
		return { url, workflowId };
	}

	/** A delivery signed as the platform signs it (the sandbox's site secret), to be sent as these bytes each time. */
	function delivery(reference: string): Sent {
		const event = { id: randomUUID(), type: 'AUTOPAY_CREATED', date: new Date().toISOString().replace(/\.\d{3}Z$/, '+00:00'), reference };
		const signature = autopaySignature(event.id, event.type, event.date, sandbox.credentials.secretKey);
		return { reference, bytes: JSON.stringify({ ...event, signature, additional: { reference } }), attempts: [] };
	}

	async function attempt(url: string, sent: Sent): Promise<void> {
		const started = Date.now();
		try {
			const response = await fetch(url, { method: 'POST', body: sent.bytes, headers: { 'content-type': 'application/json' } });
			const body = await response.text();
			sent.attempts.push({ status: response.status, ms: Date.now() - started, body, contentType: response.headers.get('content-type') });
		} catch {
			sent.attempts.push({ status: 0, ms: Date.now() - started });
		}
	}

	const acknowledged = (sent: Sent) => sent.attempts.some((a) => a.status >= 200 && a.status < 300);

	/**
	 * Sends every delivery at once; once half of their runs have started (all in the Wait node then), kills the
	 * worker that started most of them; waits for every answer and for the worker to run again.
	 */
	async function sendAndKill(url: string, sent: Sent[]): Promise<ClusterProcess> {
		const startedCount = (w: ClusterProcess) => (w.logs().match(/Worker started execution/g) ?? []).length;
		const before = q!.cluster.workers.map(startedCount);
		const sending = Date.now();
		const answers = Promise.all(sent.map((s) => attempt(url, s)));
		const started = await until(
			`${KILL_WHEN_STARTED} runs started`,
			() => {
				const now = q!.cluster.workers.map((w, i) => startedCount(w) - before[i]);
				return now.reduce((a, b) => a + b, 0) >= KILL_WHEN_STARTED ? now : undefined;
			},
			WAIT_MS,
		);
		const victim = q!.cluster.workers[started.indexOf(Math.max(...started))];
		figures.push(`runs started per worker at the kill, ${Date.now() - sending} ms after sending: ${started.join(', ')}; killed ${victim.name}`);
		const restarts = victim.restarts;
		process.kill(-victim.pid, 'SIGKILL');
		await answers;
		await until(`${victim.name} running again`, () => (victim.restarts === restarts + 1 && victim.up ? true : undefined), WAIT_MS);
		return victim;
	}

	/** The workflow's production executions once all are finished: status and the delivery's reference. */
	async function executions(workflowId: string, expected: number): Promise<Array<{ status: string; reference: string }>> {
		const list = await endedExecutions(q!.rest, workflowId, `${expected} finished executions`, (results) => results.length >= expected, WAIT_MS);
		const found: Array<{ status: string; reference: string }> = [];
		for (const e of list.filter((x) => x.mode === 'webhook')) {
			const { json } = await q!.rest.call('GET', `/rest/executions/${e.id}`);
			const match = /"(ACK-[A-Z]+-\d+)"/.exec(String(json.data.data));
			found.push({ status: e.status, reference: match ? match[1] : '? (its data is gone)' });
		}
		return found;
	}

	const successesPer = (runs: Array<{ status: string; reference: string }>, sent: Sent[]) =>
		Object.fromEntries(sent.map((s) => [s.reference, runs.filter((r) => r.status === 'success' && r.reference === s.reference).length]));

	it('When Received (the default): answered 200 once the run recorded its delivery, 500 when its worker died before; acknowledged runs lost with the worker are not sent again', async () => {
		const { url, workflowId } = await publish('received');
		const sent = Array.from({ length: DELIVERIES }, (_, i) => delivery(`ACK-RECEIVED-${i}`));
		await sendAndKill(url, sent);
		const runs = await executions(workflowId, DELIVERIES);
		const ran = successesPer(runs, sent);
		const answered = sent.filter((s) => s.attempts[0].status === 200);
		const lost = answered.filter((s) => ran[s.reference] === 0).length;
		figures.push(`When Received: ${answered.length} answered 200 (slowest ${Math.max(...answered.map((s) => s.attempts[0].ms))} ms), the rest ${JSON.stringify(countBy(sent.filter((s) => s.attempts[0].status !== 200).map((s) => String(s.attempts[0].status))))}; runs ${JSON.stringify(countBy(runs.map((r) => r.status)))}; acknowledged deliveries without a successful run: ${lost}`);
		// Each delivery either acknowledged (its run recorded it), or answered 500 so that the platform sends it again.
		expect(sent.filter((s) => ![200, 500].includes(s.attempts[0].status)).map((s) => s.attempts[0].status)).toEqual([]);
		// The runs on the killed worker that had recorded their delivery (how many depends on when it died) are lost:
		// nothing sends them again.
		expect(runs.filter((r) => r.status === 'success')).toHaveLength(answered.length - lost);
		expect(sent.filter((s) => s.attempts[0].status !== 200 && ran[s.reference] > 0).map((s) => s.reference)).toEqual([]);
	});

	it('When the Workflow Has Finished: the lost runs are answered 500, sent again, and every delivery runs successfully exactly once', async () => {
		const { url, workflowId } = await publish('finished');
		const sent = Array.from({ length: DELIVERIES }, (_, i) => delivery(`ACK-FINISHED-${i}`));
		await sendAndKill(url, sent);
		const firstRound = sent.map((s) => s.attempts[0].status);
		figures.push(`When the Workflow Has Finished, first answers: ${JSON.stringify(countBy(firstRound))}; 200s after ${range(sent.filter((s) => s.attempts[0].status === 200).map((s) => s.attempts[0].ms))} ms, others after ${range(sent.filter((s) => s.attempts[0].status !== 200).map((s) => s.attempts[0].ms))} ms`);
		expect(firstRound.filter((status) => status !== 200).length).toBeGreaterThan(0);
		// n8n's answers after the run: nothing but a 200 when it succeeded, its own 500 when the run was lost.
		const shapes = new Set(sent.map(({ attempts: [a] }) => JSON.stringify({ status: a.status, contentType: a.contentType, body: a.body })));
		expect([...shapes].sort()).toEqual(
			[
				{ status: 200, contentType: 'application/json; charset=utf-8', body: '' },
				{ status: 500, contentType: 'application/json; charset=utf-8', body: '{"message":"Error in workflow"}' },
			].map((shape) => JSON.stringify(shape)),
		);
		// The platform's retry: whatever was not answered 2xx is sent again, the same bytes, until it is.
		for (let round = 1; round <= 3 && sent.some((s) => !acknowledged(s)); round++) {
			await Promise.all(sent.filter((s) => !acknowledged(s)).map((s) => attempt(url, s)));
		}
		figures.push(`resent: ${sent.filter((s) => s.attempts.length > 1).length}, answers of the resends: ${JSON.stringify(countBy(sent.flatMap((s) => s.attempts.slice(1).map((a) => a.status))))}, slowest ${Math.max(0, ...sent.flatMap((s) => s.attempts.slice(1).map((a) => a.ms)))} ms`);
		expect(sent.filter((s) => !acknowledged(s)).map((s) => s.reference)).toEqual([]);
		const runs = await executions(workflowId, DELIVERIES);
		figures.push(`runs ${JSON.stringify(countBy(runs.map((r) => r.status)))}`);
		expect(successesPer(runs, sent)).toEqual(Object.fromEntries(sent.map((s) => [s.reference, 1])));
		// Every delivery answered 200 had its run succeed; only the lost ones were sent again.
		expect(sent.filter((s) => s.attempts.length > 1).length).toBe(runs.filter((r) => r.status !== 'success').length);
	});
});

function countBy(values: Array<string | number>): Record<string, number> {
	return values.reduce<Record<string, number>>((n, v) => ((n[v] = (n[v] ?? 0) + 1), n), {});
}

function range(ms: number[]): string {
	return ms.length ? `${Math.min(...ms)}-${Math.max(...ms)}` : '-';
}
