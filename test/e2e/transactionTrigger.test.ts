/**
 * A REAL `n8n start` (regular mode): a published workflow whose PaySuite Transaction Trigger polls every minute
 * (the shortest n8n allows) outputs each new approved payment of the sandbox once, and nothing twice after n8n is
 * stopped and started again on the same user folder; Fetch Test Event gives sample items within 10 s.
 * Needs `npm run build` first (skips itself otherwise).
 */
import { startSandbox, type RunningSandbox } from '../../sandbox';
import { addSandboxCredentials, describeWithBuild, setupN8n, startServer, teardownN8n, type N8nHandle, type ServerHandle } from './harness';
import { approvedPayment, expectSampleItemsWithin10s, pollingWorkflow, publish, receivedByExecution, sleep, untilReceived } from './transactionPolls';

const describeIfBuilt = describeWithBuild('e2e transaction trigger test');

/** Longer than one poll interval: a poll has happened in between. */
const ONE_POLL_MS = 70_000;

describeIfBuilt('e2e: the Transaction Trigger polls in a real n8n (regular mode)', () => {
	let sandbox: RunningSandbox;
	let n8n: N8nHandle | undefined;
	let server: ServerHandle | undefined;
	let workflowId: string;
	let samplePayment: number;

	beforeAll(async () => {
		// Two days of past transactions and a payment of our own, made before the workflow is published (so not new to
		// it): what Fetch Test Event shows. Each report ready at its first obtain.
		sandbox = await startSandbox({ port: 0, historyDays: 2, reportPendingPolls: 0, retryAfterSeconds: 0 });
		samplePayment = await approvedPayment(sandbox, 'SAMPLE-1');
		n8n = await setupN8n();
		const creds = await addSandboxCredentials(n8n, sandbox);
		server = await startServer(n8n);
		workflowId = await publish(server.rest, pollingWorkflow(creds));
	});

	afterAll(async () => {
		await server?.stop();
		await teardownN8n(n8n);
		await sandbox?.stop();
	});

	it('Fetch Test Event returns sample items in under 10 s', async () => {
		await expectSampleItemsWithin10s(server!.rest, workflowId, samplePayment);
	});

	it('outputs each new approved payment once, and nothing twice after n8n restarts', async () => {
		const rest = () => server!.rest;
		// Past transactions happened before the workflow was published: they are not new.
		const payments = [await approvedPayment(sandbox, 'POLL-1'), await approvedPayment(sandbox, 'POLL-2')];
		const received = await untilReceived(rest(), workflowId, payments);
		expect(received.flat()).toEqual(payments);
		// Later polls read the same period again (the overlap): nothing runs again.
		await sleep(ONE_POLL_MS);
		expect((await receivedByExecution(rest(), workflowId)).flat()).toEqual(payments);

		const port = server!.port;
		await server!.stop();
		server = await startServer(n8n!, { port });
		// n8n polls at once when it starts, then every minute: two polls, nothing again.
		await sleep(ONE_POLL_MS);
		expect((await receivedByExecution(rest(), workflowId)).flat()).toEqual(payments);

		const after = await approvedPayment(sandbox, 'POLL-3');
		await untilReceived(rest(), workflowId, [after]);
		await sleep(ONE_POLL_MS);
		expect((await receivedByExecution(rest(), workflowId)).flat()).toEqual([...payments, after]);
	});
});
