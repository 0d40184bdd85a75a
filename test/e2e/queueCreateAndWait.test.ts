/**
 * Payment Link › Create and Wait for Payment on a queue-mode cluster (scripts/n8n/queue.js: Redis, PostgreSQL, a
 * main, 2 workers, a webhook process behind the router, WEBHOOK_URL the router's): a published workflow's won deal
 * arrives through the router, a worker creates the link with the execution's resume URL (the router's
 * /webhook-waiting/...) and puts it to wait; paying on the sandbox's checkout page sends the link's PAID there, the
 * webhook process answers it and queues the execution, and a worker finishes it, APPROVED with the amount. A forged
 * notification before it changes nothing. Needs `npm run build`.
 */
/* eslint-disable no-console -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import { startSandbox, type RunningSandbox } from '../../sandbox';
import { addSandboxCredentials, describeOnCluster, processesThatRan, type QueueHandle, setupQueue, teardownQueue } from './queueHarness';
import { CARDS, eventually, executionById, executionIn, lastItem, linkWaitNode, payOnPage, publish, waitingLink, waitingWorkflow } from './waitingPayment';

const describeIfBuilt = describeOnCluster('e2e queue Create and Wait for Payment test');

describeIfBuilt('e2e: Create and Wait for Payment on a queue-mode cluster', () => {
	let sandbox: RunningSandbox;
	let q: QueueHandle | undefined;
	let creds: Record<string, { id: string; name: string }>;

	beforeAll(async () => {
		sandbox = await startSandbox({ port: 0, processPendingPolls: 0, retryAfterSeconds: 0 });
		q = await setupQueue({ workers: 2, webhooks: 1 });
		creds = await addSandboxCredentials(q, sandbox);
	});

	afterAll(async () => {
		await teardownQueue(q);
		await sandbox?.stop();
	});

	it('waits on a worker, resumes through the webhook process on a worker when the link is paid; a forged call changes nothing', async () => {
		const workflowId = await publish(q!.rest, waitingWorkflow('Deal (queue)', 'deal-queue', creds, linkWaitNode()));
		// The won deal, through the router to the webhook process, once the workflow's webhook is registered there.
		const sent = await eventually('the published webhook', async () => {
			const answer = await fetch(`${q!.cluster.webhookUrl}/webhook/deal-queue`, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify({ dealId: 'Q-1', title: 'Deal Q-1', amount: 250, email: 'buyer@acme.example.com' }),
			});
			return answer.status === 404 ? undefined : answer;
		}, 60_000);
		expect(sent.status).toBe(200);
		const waiting = await executionIn(q!.rest, workflowId, 'waiting', 120_000);
		const link = waitingLink(waiting);
		const created = sandbox.ledger().find((entry) => entry.path === '/api/payment-link' && entry.status === 200)!;
		const notificationUrl = (created.body as { notificationUrl: string }).notificationUrl;
		expect(notificationUrl.startsWith(`${q!.cluster.webhookUrl}/webhook-waiting/${waiting.id}?`)).toBe(true);

		const forged = (await (
			await fetch(`${sandbox.url}/__sandbox/webhooks/link`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ url: notificationUrl, linkId: link.id, tamper: true }) })
		).json()) as { delivery: { status: number } };
		expect(forged.delivery.status).toBe(401);
		expect((await executionById(q!.rest, waiting.id)).status).toBe('waiting');

		const paidAt = Date.now();
		expect(await payOnPage(link.url, CARDS.approved)).toContain('answered HTTP 200');
		const done = await executionIn(q!.rest, workflowId, 'success', 120_000);
		console.log(`e2e queue Create and Wait: resumed and finished ${Date.now() - paidAt} ms after the payment`);
		expect(done.id).toBe(waiting.id);
		expect(lastItem(done.run, 'Done')).toMatchObject({ status: 'APPROVED', amount: 250, currency: 'USD', reference: 'DEAL-Q-1', linkId: link.id });
		// Started on a worker, resumed on a worker; never on the main nor the webhook process.
		const ranOn = processesThatRan(q!, waiting.id);
		expect(ranOn.length).toBeGreaterThanOrEqual(1);
		expect(ranOn.every((name) => name.startsWith('worker'))).toBe(true);
		const webhookLogs = q!.cluster.webhooks.map((process) => process.logs()).join('\n');
		const workerStarts = q!.cluster.workers.map((process) => (process.logs().match(new RegExp(`Worker started execution ${waiting.id} \\(job`, 'g')) ?? []).length);
		expect(workerStarts.reduce((sum, count) => sum + count, 0)).toBe(2);
		expect(webhookLogs).not.toMatch(new RegExp(`Worker started execution ${waiting.id} `));
	});
});
