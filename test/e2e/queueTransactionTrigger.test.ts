/**
 * The Transaction Trigger on n8n's queue mode (scripts/n8n/queue.js: Redis, PostgreSQL, a main, 2 workers, 1
 * webhook process): n8n runs pollers on the main, which keeps the trigger's state in the workflow's static data
 * (PostgreSQL); each poll that finds new approved payments queues one execution, run by a worker. Each payment is
 * received once, later polls read the same period again and run nothing, and Fetch Test Event (run by a worker)
 * gives sample items within 10 s. Needs `npm run build` first (skips itself otherwise).
 */
import { startSandbox, type RunningSandbox } from '../../sandbox';
import { addSandboxCredentials, describeOnCluster, processesThatRan, setupQueue, teardownQueue, type QueueHandle } from './queueHarness';
import { approvedPayment, expectSampleItemsWithin10s, pollingWorkflow, publish, receivedByExecution, sleep, untilReceived } from './transactionPolls';

const describeIfBuilt = describeOnCluster('e2e queue transaction trigger test');

const ONE_POLL_MS = 70_000;

describeIfBuilt('e2e: the Transaction Trigger on an n8n queue-mode cluster', () => {
	let sandbox: RunningSandbox;
	let q: QueueHandle | undefined;
	let workflowId: string;
	let samplePayment: number;

	beforeAll(async () => {
		sandbox = await startSandbox({ port: 0, historyDays: 2, reportPendingPolls: 0, retryAfterSeconds: 0 });
		// Made before the workflow is published (not new to it): what Fetch Test Event shows, whatever the seeded past holds.
		samplePayment = await approvedPayment(sandbox, 'QSAMPLE-1');
		q = await setupQueue({ workers: 2, webhooks: 1 });
		const creds = await addSandboxCredentials(q, sandbox);
		workflowId = await publish(q.rest, pollingWorkflow(creds));
	});

	afterAll(async () => {
		await teardownQueue(q);
		await sandbox?.stop();
	});

	it('Fetch Test Event returns sample items in under 10 s', async () => {
		await expectSampleItemsWithin10s(q!.rest, workflowId, samplePayment);
	});

	it('receives each new approved payment once, in executions run by the workers', async () => {
		const payments = [await approvedPayment(sandbox, 'QPOLL-1'), await approvedPayment(sandbox, 'QPOLL-2')];
		const received = await untilReceived(q!.rest, workflowId, payments);
		expect(received.flat()).toEqual(payments);
		await sleep(ONE_POLL_MS);
		expect((await receivedByExecution(q!.rest, workflowId)).flat()).toEqual(payments);
		const later = await approvedPayment(sandbox, 'QPOLL-3');
		await untilReceived(q!.rest, workflowId, [later]);
		expect((await receivedByExecution(q!.rest, workflowId)).flat()).toEqual([...payments, later]);

		const filter = encodeURIComponent(JSON.stringify({ workflowId }));
		const runs = ((await q!.rest.call('GET', `/rest/executions?filter=${filter}`)).json.data.results as Array<{ id: string; mode: string }>).filter((e) => e.mode === 'trigger');
		for (const { id } of runs) expect(processesThatRan(q!, id)).toEqual([expect.stringMatching(/^worker-/)]);
	});
});
