/**
 * The jobs users come for, done in a REAL `n8n start` with the packed package, against the sandbox:
 *  - a payment link paid on the sandbox's checkout page starts the published Checkout Trigger workflow exactly
 *    once, with the paid session and the link's reference, the site's notification URL pointing at it; a replay
 *    of that notification runs nothing, and a rejected card (the trigger filtered on Approved) is acknowledged
 *    without a run;
 *  - Report › Request and Wait over 31 days asks the sandbox for windows of at most 10 days, contiguous and in
 *    order, and outputs every transaction of the 31 days once;
 *  - "Execute step" (the editor's manual run from a trigger) receives the event the sandbox command of the
 *    trigger's page (docs/nodes/, which its panel's notice links to) sends to the test URL.
 * Needs `npm run build` first (skips itself otherwise).
 */
/* eslint-disable @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-explicit-any, @typescript-eslint/no-require-imports -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import { execFile } from 'child_process';
import { readFileSync } from 'fs';
import * as path from 'path';
import { promisify } from 'util';

import { startSandbox, type RunningSandbox } from '../../sandbox';
import {
	addSandboxCredentials,
	chain,
	describeWithBuild,
	manualTrigger,
	nodeType,
	outcome,
	outcomes,
	setupN8n,
	startServer,
	REPO_DIR,
	storedRun,
	teardownN8n,
	until,
	type Connections,
	type N8nHandle,
	type ServerHandle,
	type WorkflowNode,
} from './harness';
import { expectAnswer, type Answer } from '../engine/webhookCalls';

const examples = require('../../scripts/n8n/examples.js');

const describeIfBuilt = describeWithBuild('e2e jobs');

const DAY_MS = 86_400_000;
/** The sandbox site's time zone (sandbox/world.ts), also the report workflow's: Bogota has no daylight saving. */
const SITE_ZONE = 'America/Bogota';
const SITE_OFFSET = '-05:00';

/** How long to wait for the real n8n's executions to show up and finish. */
const WAIT_MS = 90_000;

/** A resource locator's "By ID" value, as the editor saves it. */
const byId = (value: string | number) => ({ __rl: true, mode: 'id', value: String(value) });

/** The first item a node output in a stored run. */
const firstItem = (run: any, node: string) => run.resultData.runData[node]?.[0]?.data?.main?.[0]?.[0]?.json;
const items = (run: any, node: string): any[] => (run.resultData.runData[node]?.[0]?.data?.main?.[0] ?? []).map((item: { json: unknown }) => item.json);

interface Delivery {
	url: string;
	headers: Record<string, string>;
	body: string;
	status: number;
	response: string;
}

describeIfBuilt('e2e: the jobs, end to end in a running n8n', () => {
	let sandbox: RunningSandbox;
	let n8n: N8nHandle | undefined;
	let server: ServerHandle | undefined;
	let creds: Record<string, { id: string; name: string }>;

	beforeAll(async () => {
		sandbox = await startSandbox({ port: 0, processPendingPolls: 0, retryAfterSeconds: 0, reportPendingPolls: 1, historyDays: 62 });
		n8n = await setupN8n();
		creds = await addSandboxCredentials(n8n, sandbox);
		server = await startServer(n8n);
	});

	afterAll(async () => {
		await server?.stop();
		await teardownN8n(n8n);
		await sandbox?.stop();
	});

	const rest = (method: string, path: string, body?: unknown) => server!.rest.call(method, path, body);
	const api = () => ({ paySuiteApi: creds.paySuiteApi });

	/** Saves a workflow as the editor does; answers its id and version. */
	async function save(name: string, nodes: WorkflowNode[], connections: Connections = chain(...nodes.map((n) => n.name)), settings: Record<string, unknown> = {}) {
		const placed = nodes.map((node, i) => ({ position: [i * 240, 0] as [number, number], typeVersion: 1, ...node }));
		const saved = await rest('POST', '/rest/workflows', { name, nodes: placed, connections, settings: { executionOrder: 'v1', ...settings } });
		expect(saved.status).toBe(200);
		return saved.json.data as { id: string; versionId: string };
	}

	/** The workflow's Publish button. */
	async function publish(workflow: { id: string; versionId: string }) {
		const published = await rest('POST', `/rest/workflows/${workflow.id}/activate`, { versionId: workflow.versionId });
		expect(published.status).toBe(200);
	}

	/** A click on "Execute workflow" from this trigger (a Manual Trigger), or "Execute step" on a webhook trigger. */
	async function runFrom(workflowId: string, trigger: string): Promise<{ executionId?: string; waitingForWebhook?: boolean }> {
		const workflowData = (await rest('GET', `/rest/workflows/${workflowId}`)).json.data;
		const started = await rest('POST', `/rest/workflows/${workflowId}/run`, { workflowData, triggerToStartFrom: { name: trigger } });
		expect(started.status).toBe(200);
		return started.json.data;
	}

	/** Executions n8n recorded for a workflow, newest first (as the editor lists them). */
	async function executions(workflowId: string): Promise<Array<{ id: string; status: string; mode: string }>> {
		const filter = encodeURIComponent(JSON.stringify({ workflowId }));
		const listed = await rest('GET', `/rest/executions?filter=${filter}`);
		expect(listed.status).toBe(200);
		return listed.json.data.results;
	}

	/** Waits for an execution to finish; answers its status and stored run. */
	async function finished(executionId: string): Promise<{ status: string; mode: string; run: any }> {
		return until(`execution ${executionId} to finish`, async () => {
			const got = await rest('GET', `/rest/executions/${executionId}`);
			const execution = got.json?.data;
			if (!execution || ['new', 'running', 'waiting'].includes(execution.status)) return undefined;
			return { status: execution.status, mode: execution.mode, run: storedRun(execution) };
		}, WAIT_MS);
	}

	/** Waits until the workflow has `count` executions, all finished. */
	async function finishedExecutions(workflowId: string, count: number) {
		const list = await until(`${count} execution(s) of workflow ${workflowId}`, async () => {
			const found = await executions(workflowId);
			return found.length >= count ? found : undefined;
		}, WAIT_MS);
		return Promise.all(list.map((execution) => finished(execution.id)));
	}

	async function deliveriesTo(url: string): Promise<Delivery[]> {
		const answer = (await (await fetch(`${sandbox.url}/__sandbox/webhooks/deliveries`)).json()) as { deliveries: Delivery[] };
		return answer.deliveries.filter((delivery) => delivery.url === url);
	}

	/** What a person does on the page a link's url opens: open it, click the button of this test card. */
	async function payOnPage(url: string, card: string): Promise<string> {
		const page = await fetch(url);
		expect(page.status).toBe(200);
		const html = await page.text();
		expect(html).toContain(`value="${card}"`);
		const attempt = /name="attempt" value="([^"]+)"/.exec(html)![1];
		const paid = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ attempt, card }).toString() });
		expect(paid.status).toBe(200);
		return paid.text();
	}

	const asAnswer = (delivery: Delivery): Answer => ({ status: delivery.status, body: delivery.response, contentType: 'application/json; charset=utf-8' });

	it('a payment link paid on the sandbox page starts the published Checkout Trigger workflow once, with the paid session and the link reference', async () => {
		const webhookId = 'b0c1e2e0-0000-4000-8000-00000000c017';
		const productionUrl = `${server!.url}/webhook/${webhookId}/checkout`;
		const reference = 'DEAL-1717';

		// The job's workflow: paid checkout → mark the deal won (a Set node stands for the CRM), published.
		const trigger = await save('Paid link → deal won', [
			{ name: 'Paid Checkout', type: nodeType('paySuiteCheckoutTrigger'), webhookId, credentials: api(), parameters: { statuses: ['APPROVED'], options: {} } },
			{
				name: 'Mark Deal Won',
				type: 'n8n-nodes-base.set',
				typeVersion: 3.4,
				parameters: {
					mode: 'manual',
					assignments: {
						assignments: [
							{ id: 'deal', name: 'deal', type: 'string', value: '={{ $json.request.payment.reference }}' },
							{ id: 'stage', name: 'stage', type: 'string', value: 'won' },
						],
					},
					options: {},
				},
			},
		]);
		await publish(trigger);

		// Set up through the nodes, run from the editor: the site's Notification URL is the trigger's (a link's own
		// Notification URL too would run the workflow twice for one payment: the link's PAID and the session's).
		const setup = await save('Link for the deal', [
			manualTrigger('Try it'),
			{
				name: 'Site Notification URL',
				type: nodeType('paySuiteSite'),
				credentials: api(),
				parameters: { resource: 'site', operation: 'updateAll', siteId: byId(sandbox.credentials.siteId), integration: { notificationUrl: productionUrl } },
			},
			{
				name: 'Create Link',
				type: nodeType('paySuitePaymentLink'),
				credentials: api(),
				parameters: {
					resource: 'paymentLink',
					operation: 'create',
					name: 'Deal 1717',
					reference,
					description: 'Annual plan for ACME',
					currency: 'USD',
					total: 1200,
					expirationDate: `${new Date().getUTCFullYear() + 1}-03-01T10:15:00`,
					paymentExpiration: 30,
					additionalFields: {},
				},
			},
		]);
		const { executionId } = await runFrom(setup.id, 'Try it');
		const made = await finished(executionId!);
		expect(outcome(made)).toEqual({ status: 'success' });
		const link = firstItem(made.run, 'Create Link') as { id: number; url: string };
		expect(link.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/payment-link\//);
		const siteUpdates = sandbox.ledger().filter((entry) => entry.path === '/core/site/update-all');
		expect(siteUpdates.map((entry) => [entry.status, entry.body.data?.integration?.notificationUrl])).toEqual([[200, productionUrl]]);

		// A declined card first: notified once, acknowledged, and the workflow (Statuses: Approved) does not run.
		expect(await payOnPage(link.url, '4000000000000002')).toContain('Payment rejected');
		const declined = await deliveriesTo(productionUrl);
		expect(declined).toHaveLength(1);
		const declinedRequestId = JSON.parse(declined[0].body).requestId;
		expectAnswer(asAnswer(declined[0]), 200, 'OK', '00', `Notification of session ${declinedRequestId} received; this workflow does not handle it`);
		expect(await executions(trigger.id)).toEqual([]);

		// Then a good card: one notification (the site's), one run.
		const page = await payOnPage(link.url, '4111111111111111');
		expect(page).toContain('Payment approved');
		expect(page).toContain('The shop was notified: it answered HTTP 200.');
		expect(page).not.toContain(productionUrl);
		const delivered = await deliveriesTo(productionUrl);
		expect(delivered).toHaveLength(2);
		const paid = delivered[1];
		const requestId = JSON.parse(paid.body).requestId;
		expect(requestId).not.toBe(declinedRequestId);
		expectAnswer(asAnswer(paid), 200, 'OK', '00', `Notification of session ${requestId} received`);

		const [execution] = await finishedExecutions(trigger.id, 1);
		expect(outcome(execution)).toEqual({ status: 'success' });
		const session = firstItem(execution.run, 'Paid Checkout');
		expect(session).toMatchObject({
			requestId,
			status: { status: 'APPROVED' },
			request: { payment: { reference, amount: { currency: 'USD', total: 1200 } } },
			notification: { signed: { requestId, status: 'APPROVED' }, unsigned: { reference } },
			signatureVerified: true,
		});
		expect(session.payment).toEqual([expect.objectContaining({ reference, status: expect.objectContaining({ status: 'APPROVED' }) })]);
		expect(firstItem(execution.run, 'Mark Deal Won')).toMatchObject({ deal: reference, stage: 'won' });

		// The same notification delivered again (replayed byte for byte): acknowledged as a duplicate, no second run.
		const replay = await fetch(productionUrl, { method: 'POST', headers: { 'content-type': 'application/json', ...paid.headers }, body: paid.body });
		expectAnswer(
			{ status: replay.status, body: await replay.text(), contentType: replay.headers.get('content-type') ?? undefined },
			200,
			'OK',
			'00',
			`Notification of session ${requestId} received; already received, the workflow does not run again`,
		);
		expect(await outcomes(server!.rest, await executions(trigger.id))).toEqual([{ status: 'success' }]);
	});

	it('Report › Request and Wait over 31 days: windows of at most 10 days, contiguous and in order, and every row of the 31 days once', async () => {
		// The 31 whole days of the site's calendar before today, typed as the editor's date picker gives them (no offset).
		const today = new Intl.DateTimeFormat('en-CA', { timeZone: SITE_ZONE }).format(new Date());
		const day = (offset: number) => new Date(Date.parse(`${today}T12:00:00Z`) + offset * DAY_MS).toISOString().slice(0, 10);
		const first = day(-31);
		const last = day(-1);
		const start = Date.parse(`${first}T00:00:00${SITE_OFFSET}`);
		const end = Date.parse(`${last}T23:59:59${SITE_OFFSET}`);

		const report = await save(
			'Last 31 days report',
			[
				manualTrigger('Try it'),
				{
					name: 'Report',
					type: nodeType('paySuiteGateway'),
					credentials: api(),
					parameters: {
						resource: 'report',
						operation: 'requestAndWait',
						period: 'custom',
						startDate: `${first}T00:00:00`,
						endDate: `${last}T23:59:59`,
						filters: {},
						options: {},
						output: 'items',
						timeout: 60,
						pollInterval: 1,
					},
				},
			],
			undefined,
			{ timezone: SITE_ZONE },
		);
		sandbox.clearLedger();
		const { executionId } = await runFrom(report.id, 'Try it');
		const done = await finished(executionId!);
		expect(outcome(done)).toEqual({ status: 'success' });

		// What the sandbox received: the report requests, in order.
		const windows = sandbox
			.ledger()
			.filter((entry) => entry.path === '/gateway/report')
			.map((entry) => {
				expect(entry.status).toBe(200);
				const { startDate, endDate } = entry.body.filters as { startDate: string; endDate: string };
				return { start: Date.parse(startDate), end: Date.parse(endDate) };
			});
		expect(windows).toHaveLength(4);
		expect(windows[0].start).toBe(start);
		expect(windows[windows.length - 1].end).toBe(end);
		windows.forEach((window, i) => {
			expect(window.end).toBeGreaterThan(window.start);
			expect(window.end - window.start).toBeLessThanOrEqual(10 * DAY_MS);
			// The next window starts the second after this one ends: no gap, no overlap.
			if (i > 0) expect(window.start).toBe(windows[i - 1].end + 1000);
		});

		// The rows: the sandbox's own transactions of the site in the 31 days, each once, in order.
		const { transactions } = (await (await fetch(`${sandbox.url}/__sandbox/gateway/transactions`)).json()) as {
			transactions: Array<{ siteLogin: string; transactionDate: string; internalReference: number }>;
		};
		const expected = transactions
			.filter((txn) => txn.siteLogin === sandbox.credentials.login)
			.filter((txn) => Date.parse(txn.transactionDate) >= start && Date.parse(txn.transactionDate) <= end)
			.map((txn) => String(txn.internalReference));
		expect(expected.length).toBeGreaterThan(31);
		const rows = items(done.run, 'Report').map((row) => String(row.internal_reference));
		expect(rows).toEqual(expected);
		expect(new Set(rows).size).toBe(rows.length);
	});

	/** The sandbox command a trigger's page tells the user to run (the page its panel's notice links to). */
	function pageCommand(page: string): string {
		const text = readFileSync(path.join(REPO_DIR, 'docs', 'nodes', `${page}.md`), 'utf8');
		return /`(curl <Base URL>\/__sandbox\/webhooks\/[^`]+)`/.exec(text)![1];
	}

	/** Runs a page's command in a shell, its placeholders replaced as the user would. */
	async function runCommand(command: string, values: Record<string, string>): Promise<any> {
		let line = command;
		for (const [placeholder, value] of Object.entries(values)) {
			expect(line).toContain(placeholder);
			line = line.split(placeholder).join(value);
		}
		expect(line).not.toMatch(/<[A-Z][\w ]+>/);
		// Exactly the line the user pastes into a terminal (curl prints the sandbox's answer, its progress goes to stderr).
		const { stdout } = await promisify(execFile)('sh', ['-c', line]);
		return JSON.parse(stdout);
	}

	it.each([
		['Autopay', 'paySuiteAutopayTrigger', 'autopay', { events: [] }],
		['Checkout', 'paySuiteCheckoutTrigger', 'checkout', { statuses: [], options: {} }],
	] as const)('"Execute step" on the %s Trigger receives the event the sandbox command of its page sends', async (kind, type, webhookPath, parameters) => {
		const webhookId = `b0c1e2e0-0000-4000-8000-0000000${kind === 'Autopay' ? 'a' : 'c'}1017`;
		const triggerName = `PaySuite ${kind} Trigger`;
		const workflow = await save(`Listen: ${kind}`, [{ name: triggerName, type: nodeType(type), webhookId, credentials: api(), parameters }]);
		expect(await runFrom(workflow.id, triggerName)).toEqual({ waitingForWebhook: true });

		const testUrl = `${server!.url}/webhook-test/${webhookId}/${webhookPath}`;
		const values: Record<string, string> = { '<Base URL>': sandbox.url, '<Test URL>': testUrl };
		let requestId: number | undefined;
		if (kind === 'Checkout') {
			requestId = await examples.paidSession(sandbox.url, sandbox.credentials, 'LISTEN-1017', 25);
			values['<Request ID>'] = String(requestId);
		}
		const answer = await runCommand(pageCommand(`${kind.toLowerCase()}-trigger`), values);
		expect(answer.delivery).toMatchObject({ status: 200 });

		const [execution] = await finishedExecutions(workflow.id, 1);
		expect({ ...outcome(execution), mode: execution.mode }).toEqual({ status: 'success', mode: 'manual' });
		const item = firstItem(execution.run, triggerName);
		// The run's item is the event the command sent.
		const sent = JSON.parse(answer.sent);
		if (kind === 'Autopay') expect(item).toMatchObject({ signed: { id: sent.id, type: 'AUTOPAY_TRANSACTION_FAILED', date: sent.date }, signatureVerified: true });
		else expect(item).toMatchObject({ requestId, status: { status: 'APPROVED' }, request: { payment: { reference: 'LISTEN-1017' } }, notification: { signed: { requestId, date: sent.status.date } }, signatureVerified: true });
	});
});
