/**
 * A REAL `n8n start` (regular mode, SQLite): a trigger's record of the deliveries that started a run outlives n8n.
 * One published workflow, PaySuite Autopay Trigger → No Operation. Three deliveries run it once each (the second
 * and third are the records n8n 2.40.7 used to drop: the static data already held one; see webhookReplay.ts), n8n
 * is stopped and started again on the same user folder (the triggers' memory of the process is gone), and the same
 * bytes of the three are sent again: each is acknowledged as already received and nothing runs. A new delivery
 * still runs. With Acknowledge Delivery › When the Workflow Has Finished (a second workflow), n8n keeps no record of
 * the delivery for the trigger: the same bytes sent after the restart start a run again, which stops at the
 * trigger because the first run is marked as the delivery's (runGate.ts), so its work is done once.
 * Needs `npm run build` first (skips itself otherwise).
 */
import { randomUUID } from 'crypto';

import { startSandbox, type RunningSandbox } from '../../sandbox';
import { expectAcknowledged, type Answer } from '../engine/webhookCalls';
import { addSandboxCredentials, describeWithBuild, endedExecutions, setupN8n, startServer, storedRun, teardownN8n, until, type N8nHandle, type ServerHandle } from './harness';
import { autopayTriggerNode } from './workflows';

const describeIfBuilt = describeWithBuild('e2e replay-after-restart test');

const WEBHOOK_ID = 'a0c1e2e0-0000-4000-8000-00000000a0c3';
const WEBHOOK_ID_FINISHED = 'a0c1e2e0-0000-4000-8000-00000000a0c4';
const RECEIVED = 'Event AUTOPAY_CREATED received';
const DUPLICATE = `${RECEIVED}; already received, the workflow does not run again`;
const WAIT_MS = 3 * 60_000;

interface Event {
	id: string;
	date: string;
	reference: string;
}

describeIfBuilt('e2e: a delivery sent again after n8n restarted (regular mode)', () => {
	let sandbox: RunningSandbox;
	let n8n: N8nHandle | undefined;
	let server: ServerHandle | undefined;
	let workflowId: string;
	let finishedWorkflowId: string;

	beforeAll(async () => {
		sandbox = await startSandbox({ port: 0, processPendingPolls: 0, retryAfterSeconds: 0 });
		n8n = await setupN8n();
		const creds = await addSandboxCredentials(n8n, sandbox);
		server = await startServer(n8n);
		const done = { name: 'Done', type: 'n8n-nodes-base.noOp', typeVersion: 1, position: [240, 0], parameters: {} };
		const connections = { Trigger: { main: [[{ node: 'Done', type: 'main', index: 0 }]] } };
		workflowId = await publish('Replay after restart', [autopayTriggerNode(creds, WEBHOOK_ID), done], connections);
		const finishedTrigger = { ...autopayTriggerNode(creds, WEBHOOK_ID_FINISHED), typeVersion: 2, parameters: { events: [], options: { acknowledge: 'finished' } } };
		finishedWorkflowId = await publish('Replay after restart, answered when finished', [finishedTrigger, done], connections);
	});

	async function publish(name: string, nodes: object[], connections: object): Promise<string> {
		// `active: false` as the editor sends it: 1.123's database refuses a workflow without it.
		const saved = await server!.rest.call('POST', '/rest/workflows', { name, nodes, connections, active: false, settings: { executionOrder: 'v1' } });
		if (saved.status !== 200) throw new Error(`saving the workflow failed: ${saved.status} ${saved.text}`);
		const { id, versionId } = saved.json.data as { id: string; versionId: string };
		const published = await server!.rest.call('POST', `/rest/workflows/${id}/activate`, { versionId });
		if (published.status !== 200) throw new Error(`publishing the workflow failed: ${published.status} ${published.text}`);
		return id;
	}

	afterAll(async () => {
		await server?.stop();
		await teardownN8n(n8n);
		await sandbox?.stop();
	});

	const url = (webhookId = WEBHOOK_ID) => `${server!.url}/webhook/${webhookId}/autopay`;

	/** Until n8n has registered the published workflow's webhook (an empty body gets the trigger's 400, and no run). */
	const registered = (webhookId = WEBHOOK_ID) =>
		until('the trigger answering', async () => ((await fetch(url(webhookId), { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status === 400 ? true : undefined), WAIT_MS);

	const newEvent = (reference: string): Event => ({ id: randomUUID(), date: new Date().toISOString().replace(/\.\d{3}Z$/, '+00:00'), reference });

	/** The sandbox signs and sends the event to the trigger; answers n8n's answer and the bytes sent. */
	async function send(event: Event, webhookId = WEBHOOK_ID): Promise<{ answer: Answer; sent: string }> {
		const response = await fetch(`${sandbox.url}/__sandbox/webhooks/autopay`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ url: url(webhookId), type: 'AUTOPAY_CREATED', ...event }),
		});
		expect(response.status).toBe(200);
		const { delivery, sent } = (await response.json()) as { delivery: Answer & { error?: string }; sent: string };
		expect(delivery.error).toBeUndefined();
		return { answer: delivery, sent };
	}

	/**
	 * The workflow's executions, once `atLeast` are listed and none is running: n8n answers a delivery before its
	 * execution is listed, so a count read at once can miss the last one.
	 */
	async function executions(atLeast: number, ofWorkflow = workflowId): Promise<Array<{ id: string; status: string }>> {
		return endedExecutions(server!.rest, ofWorkflow, 'every execution finished', (results) => results.length >= atLeast, WAIT_MS);
	}

	it('acknowledges the same bytes as already received after a restart, and runs nothing', async () => {
		await registered();
		const events = [1, 2, 3].map((i) => newEvent(`RESTART-${i}`));
		const first = [];
		for (const event of events) {
			const { answer, sent } = await send(event);
			expectAcknowledged(answer, RECEIVED);
			first.push(sent);
		}
		expect((await executions(3)).map((e) => e.status)).toEqual(['success', 'success', 'success']);

		// Same user folder, same port: the trigger's production URL does not change.
		const port = server!.port;
		await server!.stop();
		server = await startServer(n8n!, { port });
		await registered();

		for (const [i, event] of events.entries()) {
			const { answer, sent } = await send(event);
			expect(sent).toBe(first[i]);
			expectAcknowledged(answer, DUPLICATE);
		}
		expect(await executions(3)).toHaveLength(3);

		// A new delivery still runs.
		expectAcknowledged((await send(newEvent('RESTART-4'))).answer, RECEIVED);
		expect((await executions(4)).map((e) => e.status)).toEqual(['success', 'success', 'success', 'success']);
	});

	it('When the Workflow Has Finished: the same bytes after a restart run to the trigger only, and the work is done once', async () => {
		await registered(WEBHOOK_ID_FINISHED);
		const event = newEvent('RESTART-FINISHED');
		const first = await send(event, WEBHOOK_ID_FINISHED);
		expect(first.answer.status).toBe(200);
		await executions(1, finishedWorkflowId);

		const port = server!.port;
		await server!.stop();
		server = await startServer(n8n!, { port });
		await registered(WEBHOOK_ID_FINISHED);

		const again = await send(event, WEBHOOK_ID_FINISHED);
		expect(again.sent).toBe(first.sent);
		expect(again.answer.status).toBe(200);
		const runs = await executions(2, finishedWorkflowId);
		expect(runs.map((e) => e.status)).toEqual(['success', 'success']);
		// Done ran in one of the two: the second run stopped at the trigger, its output saying why.
		const stored = await Promise.all(runs.map(async (e) => storedRun((await server!.rest.call('GET', `/rest/executions/${e.id}`)).json.data)));
		expect(stored.filter((run) => run.resultData.runData.Done?.length)).toHaveLength(1);
		const copy = stored.find((run) => !run.resultData.runData.Done);
		expect(JSON.stringify(copy.resultData.runData.Trigger)).toMatch(/already ran successfully in execution \d+: this copy stops here/);
	});
});
