/**
 * Create and Wait for Payment in a REAL `n8n start` (regular mode) with the packed package, against the sandbox:
 *  - a published workflow (a won deal on a Webhook node → Payment Link › Create and Wait for Payment → Done) creates
 *    the link with its execution's resume URL and waits; paying on the sandbox's checkout page resumes it within
 *    seconds with `status` APPROVED and the amount; a rejected card leaves it waiting (the platform publishes no
 *    link event for it) until the approved retry;
 *  - a forged notification (the sandbox tampers its signature) and a replayed one (the bytes of another link's
 *    genuine PAID) are refused and leave it waiting;
 *  - a link valid one minute, unpaid: the platform's EXPIRED resumes it "not paid" after one read of the link;
 *  - n8n stopped and started again while it waits: the payment still resumes it;
 *  - Session › Create and Wait for Payment: the Webhook (answered by the node) gets the checkout page; a rejected
 *    payment resumes it with REJECTED.
 * Needs `npm run build` first (skips itself otherwise).
 */
/* eslint-disable @n8n/community-nodes/no-restricted-globals, @typescript-eslint/no-explicit-any, no-console -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import { startSandbox, type RunningSandbox } from '../../sandbox';
import { sessionCreateParameters } from '../helpers/fixtures';
import { addSandboxCredentials, distExists, nodeType, setupN8n, startServer, teardownN8n, type N8nHandle, type ServerHandle } from './harness';
import { CARDS, eventually, executionById, executionIn, executionsOf, lastItem, linkWaitNode, payOnPage, publish, waitingLink, waitingWorkflow, type Execution } from './waitingPayment';

const built = distExists();
if (!built) console.warn('e2e Create and Wait for Payment SKIPPED: dist/ does not exist; run `npm run build` first');
const describeIfBuilt = built ? describe : describe.skip;

describeIfBuilt('e2e: Create and Wait for Payment in a running n8n (regular mode)', () => {
	let sandbox: RunningSandbox;
	let n8n: N8nHandle | undefined;
	let server: ServerHandle | undefined;
	let creds: Record<string, { id: string; name: string }>;
	const rest = (method: string, path: string, body?: unknown) => server!.rest.call(method, path, body);
	const client = { call: rest };

	beforeAll(async () => {
		sandbox = await startSandbox({ port: 0, processPendingPolls: 0, retryAfterSeconds: 0 });
		n8n = await setupN8n();
		creds = await addSandboxCredentials(n8n, sandbox);
		server = await startServer(n8n);
	});

	afterAll(async () => {
		await server?.stop();
		await teardownN8n(n8n);
		await sandbox?.stop();
	});

	/**
	 * A won deal sent to the published workflow's production webhook, once n8n has registered it (it does so a moment
	 * after the publish call answers; a 404 starts nothing).
	 */
	async function dealWon(path: string, dealId: string, extra: Record<string, unknown> = {}) {
		const send = () =>
			fetch(`${server!.url}/webhook/${path}`, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify({ dealId, title: `Deal ${dealId}`, amount: 250, email: 'buyer@acme.example.com', ...extra }),
				redirect: 'manual',
			});
		return await eventually(`the webhook ${path} to be registered`, async () => {
			const answer = await send();
			return answer.status === 404 ? undefined : answer;
		}, 30_000);
	}

	/** Publishes Deal won → Create and Wait (link) → Done, sends a deal and waits until its execution waits. */
	async function waitingDeal(path: string, dealId: string, extra: Record<string, unknown> = {}, typeVersion = 2): Promise<{ workflowId: string; waiting: Execution }> {
		const workflowId = await publish(client, waitingWorkflow(`Deal ${dealId}`, path, creds, linkWaitNode(extra, typeVersion)));
		expect((await dealWon(path, dealId)).status).toBe(200);
		const waiting = await executionIn(client, workflowId, 'waiting');
		return { workflowId, waiting };
	}

	const linkReads = (id: number) => sandbox.ledger().filter((entry) => entry.path === `/api/payment-link/${id}`);
	const notificationUrlOf = (id: number) => {
		const created = sandbox.ledger().find((entry) => entry.path === '/api/payment-link' && (entry.body as any).reference && entry.status === 200 && linkCreated(entry, id));
		return (created!.body as any).notificationUrl as string;
	};
	const linkCreated = (entry: { body: unknown }, id: number) => {
		const links = (sandbox.world.slice('links', () => ({ links: {} })) as { links: Record<string, { reference: string }> }).links;
		return links[String(id)]?.reference === (entry.body as any).reference;
	};

	it('a published workflow creates a link and waits; paying on the checkout page resumes it within seconds, APPROVED with the amount', async () => {
		const { workflowId, waiting } = await waitingDeal('deal-paid', 'D-1');
		const link = waitingLink(waiting);
		expect(link).toMatchObject({ id: expect.any(Number), url: expect.stringContaining('/payment-link/'), reference: 'DEAL-D-1' });
		expect(new URL(notificationUrlOf(link.id)).pathname).toBe(`/webhook-waiting/${waiting.id}`);

		// A rejected card first: no link event is published for it, the execution keeps waiting.
		expect(await payOnPage(link.url, CARDS.rejected)).toContain('Payment rejected');
		await new Promise((resolve) => setTimeout(resolve, 1500));
		expect((await executionById(client, waiting.id)).status).toBe('waiting');

		const paidAt = Date.now();
		const page = await payOnPage(link.url, CARDS.approved);
		expect(page).toContain('Payment approved');
		expect(page).toContain('answered HTTP 200');
		const done = await executionIn(client, workflowId, 'success', 30_000);
		const resumedWithin = Date.now() - paidAt;
		expect(done.id).toBe(waiting.id);
		expect(lastItem(done.run, 'Done')).toMatchObject({
			status: 'APPROVED',
			amount: 250,
			currency: 'USD',
			reference: 'DEAL-D-1',
			linkId: link.id,
			internalReference: expect.anything(),
			paymentDateIso: expect.stringMatching(/-05:00$/),
			paymentCount: 2,
		});
		expect(resumedWithin).toBeLessThan(10_000);
		console.log(`e2e Create and Wait: resumed ${resumedWithin} ms after the payment`);
		// A notification after it resumed: n8n answers it itself, and nothing runs again.
		const again = await fetch(notificationUrlOf(link.id), { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
		expect(again.status).toBe(409);
		expect(await executionsOf(client, workflowId)).toHaveLength(1);
	});

	it('version 3 (the time limit outcome): paying still resumes it, with the read outcome and where it came from', async () => {
		const { workflowId, waiting } = await waitingDeal('deal-paid-v3', 'D-31', {}, 3);
		expect(await payOnPage(waitingLink(waiting).url, CARDS.approved)).toContain('Payment approved');
		const done = await executionIn(client, workflowId, 'success', 30_000);
		expect(done.id).toBe(waiting.id);
		expect(lastItem(done.run, 'Done')).toMatchObject({ status: 'APPROVED', amount: 250, reference: 'DEAL-D-31', outcomeFrom: 'notification' });
	});

	it('a forged notification and a replayed one are refused and leave it waiting; the payment then resumes it', async () => {
		// Another link of the site, paid: its PAID notification (genuine, signed with the site's key) is what gets replayed.
		const other = await waitingDeal('deal-other', 'D-2');
		await payOnPage(waitingLink(other.waiting).url, CARDS.approved);
		await executionIn(client, other.workflowId, 'success', 30_000);
		const deliveries = ((await (await fetch(`${sandbox.url}/__sandbox/webhooks/deliveries`)).json()) as { deliveries: Array<{ kind: string; body: string }> }).deliveries;
		const genuine = deliveries.filter((delivery) => delivery.kind === 'link').at(-1)!.body;

		const { workflowId, waiting } = await waitingDeal('deal-forged', 'D-3');
		const link = waitingLink(waiting);
		const url = notificationUrlOf(link.id);
		const forged = (await (await fetch(`${sandbox.url}/__sandbox/webhooks/link`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ url, linkId: link.id, tamper: true }) })).json()) as any;
		expect(forged.delivery.status).toBe(401);
		const replayed = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: genuine });
		expect(replayed.status).toBe(401);
		expect(((await replayed.json()) as any).status).toMatchObject({ status: 'FAILED', reason: 'XS' });
		expect((await executionById(client, waiting.id)).status).toBe('waiting');

		await payOnPage(link.url, CARDS.approved);
		const done = await executionIn(client, workflowId, 'success', 30_000);
		expect(lastItem(done.run, 'Done')).toMatchObject({ status: 'APPROVED', reference: 'DEAL-D-3' });
	});

	it('a link valid one minute and not paid: the platform says it expired, the node reads it once and resumes "not paid"', async () => {
		const { workflowId, waiting } = await waitingDeal('deal-expires', 'D-4', { validity: 'date', expirationDate: '={{ $now.plus({ minutes: 1 }) }}' });
		const link = waitingLink(waiting);
		expect(linkReads(link.id)).toHaveLength(0);
		const done = await executionIn(client, workflowId, 'success', 150_000);
		expect(lastItem(done.run, 'Done')).toMatchObject({ status: 'EXPIRED', linkStatus: 'EXPIRED', internalReference: null, reference: 'DEAL-D-4' });
		expect(linkReads(link.id)).toHaveLength(1);
	});

	it('n8n stopped and started again while it waits: the payment still resumes it', async () => {
		const { workflowId, waiting } = await waitingDeal('deal-restart', 'D-5');
		const port = server!.port;
		await server!.stop();
		server = await startServer(n8n!, { port });
		expect((await executionById(client, waiting.id)).status).toBe('waiting');
		await payOnPage(waitingLink(waiting).url, CARDS.approved);
		const done = await executionIn(client, workflowId, 'success', 60_000);
		expect(done.id).toBe(waiting.id);
		expect(lastItem(done.run, 'Done')).toMatchObject({ status: 'APPROVED', reference: 'DEAL-D-5', amount: 250 });
	});

	it('Session › Create and Wait: the webhook gets the checkout page at once; a rejected payment resumes it with REJECTED', async () => {
		const session = {
			name: 'Wait for payment',
			type: nodeType('paySuiteSession'),
			typeVersion: 2,
			parameters: { ...sessionCreateParameters({ ipAddress: '203.0.113.7', userAgent: 'Mozilla/5.0 (X11; Linux x86_64)' }), operation: 'createAndWait', reference: '=ORDER-{{ $json.body.dealId }}', options: { checkEverySeconds: 1 } },
		};
		const workflowId = await publish(client, waitingWorkflow('Session wait', 'order-paid', creds, session as any, true));
		const answer = await dealWon('order-paid', 'S-1');
		expect(answer.status).toBe(303);
		const { requestId, processUrl } = (await answer.json()) as { requestId: number; processUrl: string };
		expect(answer.headers.get('location')).toBe(processUrl);
		expect(processUrl).toContain(`/checkout/session/${requestId}/`);
		expect(await payOnPage(processUrl, CARDS.rejected)).toContain('Payment rejected');
		const done = await eventually('the session workflow to finish', async () => (await executionsOf(client, workflowId)).find((run) => run.status === 'success'), 30_000);
		expect(lastItem(done.run, 'Done')).toMatchObject({ requestId, status: 'REJECTED', reference: 'ORDER-S-1', internalReference: null });
	});
});
