/**
 * What the Create and Wait for Payment e2e tests share: the published workflows (a webhook's deal → the waiting
 * node → "Done"), a buyer paying on the sandbox's checkout page, and reading a real n8n's executions through its
 * REST API (regular mode or a queue-mode main).
 */
/* eslint-disable @n8n/community-nodes/no-restricted-globals, @typescript-eslint/no-explicit-any -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import { randomUUID } from 'crypto';

import { nodeType, storedRun, type WorkflowNode } from './harness';

type Rest = { call(method: string, p: string, body?: unknown): Promise<{ status: number; json: any; text: string }> };
type Creds = Record<string, { id: string; name: string }>;

/** A won deal arriving on a Webhook node → the waiting node → Done. `respond`: the Webhook answers from a node. */
export function waitingWorkflow(name: string, path: string, creds: Creds, waiting: WorkflowNode, respond = false) {
	const nodes: WorkflowNode[] = [
		{
			name: 'Deal won',
			type: 'n8n-nodes-base.webhook',
			typeVersion: 2,
			position: [0, 0],
			webhookId: randomUUID(),
			parameters: { httpMethod: 'POST', path, ...(respond ? { responseMode: 'responseNode' } : {}), options: {} },
		},
		{ ...waiting, name: 'Wait for payment', position: [240, 0], credentials: { paySuiteApi: creds.paySuiteApi } },
		{ name: 'Done', type: 'n8n-nodes-base.noOp', typeVersion: 1, position: [480, 0], parameters: {} },
		// n8n asks a Webhook node that responds from a node for a Respond to Webhook node; the waiting node answered first.
		...(respond ? [{ name: 'Respond', type: 'n8n-nodes-base.respondToWebhook', typeVersion: 1.1, position: [720, 0] as [number, number], parameters: { respondWith: 'noData', options: {} } }] : []),
	];
	const connections = {
		'Deal won': { main: [[{ node: 'Wait for payment', type: 'main' as const, index: 0 }]] },
		'Wait for payment': { main: [[{ node: 'Done', type: 'main' as const, index: 0 }]] },
		...(respond ? { Done: { main: [[{ node: 'Respond', type: 'main' as const, index: 0 }]] } } : {}),
	};
	return { name, nodes, connections, settings: { executionOrder: 'v1' } };
}

/** Payment Link › Create and Wait for Payment, the reference and amount from the deal the webhook received. */
export function linkWaitNode(extra: Record<string, unknown> = {}, typeVersion = 2): WorkflowNode {
	return {
		name: 'Wait for payment',
		type: nodeType('paySuitePaymentLink'),
		typeVersion,
		parameters: {
			resource: 'paymentLink',
			operation: 'createAndWait',
			name: '={{ $json.body.title }}',
			reference: '=DEAL-{{ $json.body.dealId }}',
			description: '={{ $json.body.title }}',
			currency: 'USD',
			total: '={{ $json.body.amount }}',
			validity: 'days',
			validDays: 14,
			paymentExpiration: 30,
			additionalFields: { receiverEmails: '={{ $json.body.email }}' },
			...extra,
		},
	};
}

/**
 * Saves and publishes a workflow through the REST API, as the editor's Publish does (`active: false` on saving:
 * 1.123's database refuses a workflow without it). Resolves its id.
 */
export async function publish(rest: Rest, workflow: object): Promise<string> {
	const saved = await rest.call('POST', '/rest/workflows', { active: false, ...workflow });
	if (saved.status !== 200) throw new Error(`saving the workflow failed: ${saved.status} ${saved.text.slice(0, 300)}`);
	const { id, versionId } = saved.json.data as { id: string; versionId: string };
	const published = await rest.call('POST', `/rest/workflows/${id}/activate`, { versionId });
	if (published.status !== 200) throw new Error(`publishing the workflow failed: ${published.status} ${published.text.slice(0, 300)}`);
	return id;
}

export interface Execution {
	id: string;
	status: string;
	mode: string;
	run: any;
}

/** The workflow's executions, newest first, with their runs. */
export async function executionsOf(rest: Rest, workflowId: string): Promise<Execution[]> {
	const filter = encodeURIComponent(JSON.stringify({ workflowId }));
	const listed = await rest.call('GET', `/rest/executions?filter=${filter}`);
	const results = (listed.json?.data?.results ?? []) as Array<{ id: string }>;
	return Promise.all(results.map((entry) => executionById(rest, entry.id)));
}

export async function executionById(rest: Rest, id: string): Promise<Execution> {
	const got = await rest.call('GET', `/rest/executions/${id}`);
	const execution = got.json.data;
	return { id: String(id), status: execution.status, mode: execution.mode, run: storedRun(execution) };
}

/** Polls until `probe` answers something; fails naming `what`. */
export async function eventually<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 90_000): Promise<T> {
	for (const deadline = Date.now() + timeoutMs; ; ) {
		const value = await probe();
		if (value !== undefined) return value;
		if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
		await new Promise((resolve) => setTimeout(resolve, 250));
	}
}

/** The execution of `workflowId` once it is in `status` (the only one, or the newest). */
export const executionIn = (rest: Rest, workflowId: string, status: string, timeoutMs?: number) =>
	eventually(`an execution of ${workflowId} ${status}`, async () => (await executionsOf(rest, workflowId)).find((execution) => execution.status === status), timeoutMs);

/** The first item a node output in a stored run (its last run: a resumed node's). */
export const lastItem = (run: any, node: string) => run.resultData.runData[node]?.at(-1)?.data?.main?.[0]?.[0]?.json;

/** The link a waiting execution shows (the waiting node's output). */
export const waitingLink = (execution: Execution): { id: number; url: string; reference: string } => lastItem(execution.run, 'Wait for payment');

/** What a person does on a checkout page: open it, click the button of this test card. Resolves the page's answer. */
export async function payOnPage(url: string, card: string): Promise<string> {
	const page = await fetch(url);
	const html = await page.text();
	const attempt = /name="attempt" value="([^"]+)"/.exec(html);
	if (!attempt) throw new Error(`the page ${url} offers no payment (HTTP ${page.status})`);
	const paid = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ attempt: attempt[1], card }).toString() });
	return await paid.text();
}

export const CARDS = { approved: '4111111111111111', rejected: '4000000000000002' } as const;
