/**
 * What the Transaction Trigger's end-to-end tests share: the published workflow (the trigger polling every minute,
 * n8n's shortest interval, → No Operation), payments made in the sandbox as a buyer makes them, and the
 * transactions the workflow's executions received, read back through n8n's REST API.
 */
/* eslint-disable @n8n/community-nodes/no-restricted-globals, @typescript-eslint/no-explicit-any, @typescript-eslint/no-require-imports -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import type { RunningSandbox } from '../../sandbox';
import { endedExecutions, nodeType, outcome, storedRun, until } from './harness';

const examples = require('../../scripts/n8n/examples.js');

type Rest = { call(method: string, p: string, body?: unknown): Promise<{ status: number; json: any; text: string }> };

export const TRIGGER = 'Transactions';

/** The workflow: every approved transaction, polled every minute. */
export function pollingWorkflow(creds: Record<string, { id: string; name: string }>) {
	return {
		name: 'Approved transactions',
		nodes: [
			{
				name: TRIGGER,
				type: nodeType('paySuiteTransactionTrigger'),
				typeVersion: 1,
				position: [0, 0],
				parameters: { pollTimes: { item: [{ mode: 'everyMinute' }] }, triggerOn: 'newTransaction', statuses: ['APPROVED'] },
				credentials: { paySuiteApi: creds.paySuiteApi },
			},
			{ name: 'Done', type: 'n8n-nodes-base.noOp', typeVersion: 1, position: [240, 0], parameters: {} },
		],
		connections: { [TRIGGER]: { main: [[{ node: 'Done', type: 'main', index: 0 }]] } },
		settings: { executionOrder: 'v1' },
	};
}

/** Saves and publishes the workflow (n8n polls once at once, then every minute): its id. */
export async function publish(rest: Rest, workflow: ReturnType<typeof pollingWorkflow>): Promise<string> {
	const saved = await rest.call('POST', '/rest/workflows', workflow);
	if (saved.status !== 200) throw new Error(`saving the workflow failed: ${saved.status} ${saved.text}`);
	const { id, versionId } = saved.json.data as { id: string; versionId: string };
	const published = await rest.call('POST', `/rest/workflows/${id}/activate`, { versionId });
	if (published.status !== 200) throw new Error(`publishing the workflow failed: ${published.status} ${published.text}`);
	return id;
}

/** A buyer pays a checkout session of the sandbox (approved): the payment's internal reference. */
export async function approvedPayment(sandbox: RunningSandbox, reference: string): Promise<number> {
	const requestId = await examples.paidSession(sandbox.url, sandbox.credentials, reference, 42.5);
	const { session } = (await (await fetch(`${sandbox.url}/__sandbox/sessions/${requestId}`)).json()) as { session: { payments: Array<{ internalReference: number }> } };
	return session.payments[0].internalReference;
}

/** The internal references each finished execution of the workflow received from the trigger, oldest first. */
export async function receivedByExecution(rest: Rest, workflowId: string, timeoutMs = 3 * 60_000): Promise<number[][]> {
	// The trigger's runs: a Fetch Test Event is a manual execution of the same workflow.
	const finished = (await endedExecutions(rest, workflowId, 'every execution finished', undefined, timeoutMs)).filter((e) => e.mode === 'trigger');
	const received: number[][] = [];
	for (const { id, status } of [...finished].sort((a, b) => Number(a.id) - Number(b.id))) {
		const execution = (await rest.call('GET', `/rest/executions/${id}`)).json.data;
		if (status !== 'success') throw new Error(`execution ${id} ended ${status}: ${outcome(execution).error ?? 'no error recorded'}`);
		const items = storedRun(execution).resultData.runData[TRIGGER][0].data.main[0] as Array<{ json: { internal_reference: number; status: string } }>;
		for (const item of items) expect(item.json.status).toBe('APPROVED');
		received.push(items.map((item) => item.json.internal_reference));
	}
	return received;
}

/** Waits until every payment has been received by an execution (each poll of the trigger is a minute apart). */
export async function untilReceived(rest: Rest, workflowId: string, payments: number[], timeoutMs = 4 * 60_000): Promise<number[][]> {
	return until(
		`the executions receiving ${payments.join(', ')}`,
		async () => {
			const received = await receivedByExecution(rest, workflowId);
			const all = received.flat();
			return payments.every((payment) => all.includes(payment)) ? received : undefined;
		},
		timeoutMs,
	);
}

/** The Fetch Test Event button: a manual run of the trigger alone. Resolves the items and how long it took. */
export async function fetchTestEvent(rest: Rest, workflowId: string): Promise<{ items: Array<{ json: Record<string, unknown> }>; ms: number; status: string; error?: string }> {
	const started = Date.now();
	const got = await rest.call('GET', `/rest/workflows/${workflowId}`);
	const run = await rest.call('POST', `/rest/workflows/${workflowId}/run`, { workflowData: got.json.data, triggerToStartFrom: { name: TRIGGER }, destinationNode: { nodeName: TRIGGER, mode: 'inclusive' } });
	const executionId = run.json?.data?.executionId;
	if (!executionId) throw new Error(`Fetch Test Event answered ${run.status}: ${run.text.slice(0, 300)}`);
	const execution = await until(
		'the test event',
		async () => {
			const data = (await rest.call('GET', `/rest/executions/${executionId}`)).json?.data;
			return data && !['new', 'running', 'waiting'].includes(data.status) ? data : undefined;
		},
		60_000,
	);
	const ms = Date.now() - started;
	const items = storedRun(execution).resultData.runData[TRIGGER]?.[0]?.data?.main?.[0] ?? [];
	return { items, ms, ...outcome(execution) } as { items: Array<{ json: Record<string, unknown> }>; ms: number; status: string; error?: string };
}

/**
 * Fetch Test Event succeeds within 10 s with up to 10 approved transactions as sample items, the latest of them
 * `latest` (a payment the test made before publishing: the sandbox's seeded past is drawn by date and some pairs of
 * days hold no approved transaction, when the trigger rightly says that none matches).
 */
export async function expectSampleItemsWithin10s(rest: Rest, workflowId: string, latest: number): Promise<void> {
	const { items, ms, status, error } = await fetchTestEvent(rest, workflowId);
	expect({ status, error }).toEqual({ status: 'success' });
	expect(items.length).toBeGreaterThan(0);
	expect(items.length).toBeLessThanOrEqual(10);
	for (const item of items) expect(item.json).toMatchObject({ status: 'APPROVED', internal_reference: expect.any(Number) });
	expect(items.at(-1)!.json.internal_reference).toBe(latest);
	expect(ms).toBeLessThan(10_000);
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
