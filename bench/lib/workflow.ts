/**
 * Running a workflow in the shared n8n as the editor's "Execute workflow" does (REST), and reading each node's
 * own time from the stored execution.
 */
/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error, @typescript-eslint/no-explicit-any, @typescript-eslint/no-require-imports -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import { join } from 'path';

import type { BenchN8n } from './types';

const env = require('../../scripts/n8n/env.js');

export interface BenchNode {
	name: string;
	type: string;
	typeVersion?: number;
	parameters?: Record<string, unknown>;
	credentials?: Record<string, { id: string; name: string }>;
}

export interface SavedWorkflow {
	id: string;
	data: unknown;
	trigger: string;
}

export interface FinishedRun {
	executionId: string;
	status: string;
	/** Each node's own time (`runData[node][0].executionTime`, ms). */
	nodeTimes: Record<string, number>;
	/** Items each node output (first output). */
	itemCounts: Record<string, number>;
	/** The first node error's message, if any. */
	error?: string;
}

export const MANUAL_TRIGGER: BenchNode = { name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, parameters: {} };

/** A Code node that outputs these items (the same source for every variant; its time is not counted). */
export function itemsNode(name: string, items: Array<Record<string, unknown>>): BenchNode {
	return {
		name,
		type: 'n8n-nodes-base.code',
		typeVersion: 2,
		parameters: { mode: 'runOnceForAllItems', jsCode: `return ${JSON.stringify(items)}.map((json) => ({ json }));` },
	};
}

/** Saves a workflow whose nodes run in a line, first to last. */
export async function saveWorkflow(n8n: BenchN8n, name: string, nodes: BenchNode[]): Promise<SavedWorkflow> {
	const connections: Record<string, unknown> = {};
	nodes.forEach((node, i) => {
		if (i < nodes.length - 1) connections[node.name] = { main: [[{ node: nodes[i + 1].name, type: 'main', index: 0 }]] };
	});
	const placed = nodes.map((node, i) => ({ typeVersion: 1, parameters: {}, position: [i * 240, 0], ...node }));
	const saved = await n8n.rest.call('POST', '/rest/workflows', { name, nodes: placed, connections, settings: { executionOrder: 'v1' } });
	if (saved.status !== 200) throw new Error(`saving workflow "${name}" answered ${saved.status}: ${saved.text.slice(0, 300)}`);
	const id = saved.json.data.id as string;
	const got = await n8n.rest.call('GET', `/rest/workflows/${id}`);
	return { id, data: got.json.data, trigger: nodes[0].name };
}

/** n8n stores an execution as `flatted` text: its own copy of flatted reads it. */
function parseFlatted(text: string): any {
	const flatted = require(join(env.n8nPaths().dir, 'node_modules', 'flatted'));
	return flatted.parse(text);
}

let resets = 0;
/**
 * One look at the execution. A reused keep-alive connection n8n closed at that moment fails the look (ECONNRESET):
 * it is only a read, so the next poll asks again (a few times at most).
 */
async function pollOnce(n8n: BenchN8n, executionId: string): Promise<{ json: any } | undefined> {
	try {
		return await n8n.rest.call('GET', `/rest/executions/${executionId}`);
	} catch (error) {
		if (++resets > 20) throw error;
		return undefined;
	}
}

/** Runs a saved workflow from its trigger and waits for the execution to finish. */
export async function runWorkflow(n8n: BenchN8n, workflow: SavedWorkflow, timeoutMs = 10 * 60 * 1000): Promise<FinishedRun> {
	const started = await n8n.rest.call('POST', `/rest/workflows/${workflow.id}/run`, {
		workflowData: workflow.data,
		triggerToStartFrom: { name: workflow.trigger },
	});
	const executionId = started.json?.data?.executionId as string | undefined;
	if (!executionId) throw new Error(`running workflow ${workflow.id} answered ${started.status}: ${started.text.slice(0, 300)}`);
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		await new Promise((resolve) => setTimeout(resolve, 200));
		const got = await pollOnce(n8n, executionId);
		if (!got) continue;
		const execution = got.json?.data;
		if (execution && !['new', 'running', 'waiting'].includes(execution.status)) {
			const data = typeof execution.data === 'string' ? parseFlatted(execution.data) : execution.data;
			const runData = (data?.resultData?.runData ?? {}) as Record<string, Array<{ executionTime: number; error?: { message: string }; data?: { main?: unknown[][] } }>>;
			const nodeTimes: Record<string, number> = {};
			const itemCounts: Record<string, number> = {};
			let error: string | undefined = data?.resultData?.error?.message;
			for (const [node, runs] of Object.entries(runData)) {
				nodeTimes[node] = runs[0].executionTime;
				itemCounts[node] = runs[0].data?.main?.[0]?.length ?? 0;
				if (runs[0].error && !error) error = `${node}: ${runs[0].error.message}`;
			}
			return { executionId, status: execution.status, nodeTimes, itemCounts, error };
		}
		if (Date.now() > deadline) throw new Error(`execution ${executionId} did not finish within ${timeoutMs} ms`);
	}
}

/** Runs the workflow and fails unless it succeeded with `items` items out of `node`. */
export async function runChecked(n8n: BenchN8n, workflow: SavedWorkflow, node: string, items: number): Promise<FinishedRun> {
	const run = await runWorkflow(n8n, workflow);
	if (run.status !== 'success' || run.error) throw new Error(`execution ${run.executionId} ended ${run.status}: ${run.error ?? 'no error message'}`);
	if (run.itemCounts[node] !== items) throw new Error(`execution ${run.executionId}: ${node} output ${run.itemCounts[node]} items, expected ${items}`);
	return run;
}
