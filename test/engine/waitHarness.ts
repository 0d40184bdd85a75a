/**
 * Runs a workflow whose node puts its execution to wait (Create and Wait for Payment), and serves its resume URL
 * over real HTTP the way n8n 2.40.7 does (dist/webhooks/waiting-webhooks.js, webhook-helpers.js):
 *  - the run goes through n8n-core's WorkflowExecute until the node waits; its data is then kept as JSON, as n8n
 *    keeps a waiting execution in its database;
 *  - a call to `/webhook-waiting/<executionId>` needs the run's resume token (`signature`), finds on the last node
 *    it ran a webhook description with `restartWebhook: true`, the call's method and an empty path; an unknown
 *    execution answers 404, a finished or running one 409, as n8n does;
 *  - the node's `webhook()` runs in n8n-core's WebhookContext over the waiting run; no `workflowData`: n8n answers
 *    the node's `webhookResponse` and the execution keeps waiting; `workflowData`: the node is disabled, its stack
 *    entry gets the data (`forwardAllOutputs`), the answer is sent (`onReceived`) and the run goes on to the end;
 *  - `passLimit()` is n8n's wait tracker when the wait's time has come: the run goes on from the waiting node
 *    (WorkflowExecute.handleWaitingState disables it, so it passes its input on).
 */
/* eslint-disable @n8n/community-nodes/no-restricted-imports -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'http';
import type { AddressInfo, Socket } from 'net';

import { WebhookContext, WorkflowExecute } from 'n8n-core';
import {
	Workflow,
	type IConnections,
	type IDataObject,
	type IExecuteFunctions,
	type INode,
	type INodeExecutionData,
	type INodeParameters,
	type INodeType,
	type IRun,
	type IRunExecutionData,
	type IWebhookData,
	type IWebhookResponseData,
} from 'n8n-workflow';

import { nodeTypesRegistry, testAdditionalData, type TestCredentials } from '../helpers/engine';
import { packageNodeTypes } from '../helpers/nodeTypes';

/** A node that emits the given items, and one that passes its input on: the start and the end of the workflow. */
function passThrough(name: string, emit?: IDataObject[]): INodeType {
	return {
		description: {
			displayName: name,
			name,
			group: ['transform'],
			version: 1,
			description: name,
			defaults: { name },
			inputs: emit ? [] : ['main'],
			outputs: ['main'],
			properties: [],
		},
		async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
			return [emit ? emit.map((json) => ({ json })) : this.getInputData()];
		},
	} as unknown as INodeType;
}

/** Payment Link › Create and Wait for Payment of a 250 USD annual plan, the reference from the deal. */
export const linkWaitParameters = (extra: Record<string, unknown> = {}) => ({
	resource: 'paymentLink',
	operation: 'createAndWait',
	name: 'Annual plan',
	reference: '=DEAL-{{ $json.dealId }}',
	description: 'Annual plan for ACME',
	currency: 'USD',
	total: 250,
	validity: 'days',
	validDays: 14,
	paymentExpiration: 30,
	additionalFields: {},
	...extra,
});

export interface WaitCall {
	status: number;
	body: string;
	/** Whether the call resumed the execution. */
	resumed: boolean;
}

export interface WaitingRun {
	/** The run as it stopped to wait (or ended, when it did not wait). */
	first: IRun;
	/** The base of the resume URLs this n8n gives (`webhookWaitingBaseUrl`). */
	waitingBaseUrl: string;
	calls: WaitCall[];
	/** The run once resumed (undefined while it waits). */
	resumed(): IRun | undefined;
	/** Whether the execution still waits. */
	waiting(): boolean;
	/** Output items of a node in the latest run (the resumed one once it resumed). */
	output(nodeName: string): IDataObject[];
	/** n8n's wait tracker at the wait's time limit: goes on without a call. */
	passLimit(): Promise<IRun>;
	/** Resolves once every call received so far has been answered and its run has ended. */
	idle(): Promise<void>;
	stop(): Promise<void>;
}

export interface WaitingRunOptions {
	/** The package node under test: its type, parameters and type version; it is named "Wait Node". */
	node: { type: string; parameters: INodeParameters; typeVersion?: number };
	credentials: TestCredentials;
	/** The items the start node emits (one by default). */
	items?: IDataObject[];
	/** The workflow's time zone (its settings). */
	timezone?: string;
}

const readBody = (request: IncomingMessage): Promise<Buffer> =>
	new Promise((resolve, reject) => {
		const chunks: Buffer[] = [];
		request.on('data', (chunk: Buffer) => chunks.push(chunk));
		request.on('end', () => resolve(Buffer.concat(chunks)));
		request.on('error', reject);
	});

let executions = 0;

export async function startWaitingRun(options: WaitingRunOptions): Promise<WaitingRun> {
	const executionId = `wait-execution-${++executions}`;
	const nodeTypes = nodeTypesRegistry({ ...packageNodeTypes(), start: passThrough('start', options.items ?? [{ dealId: 'D-1' }]), received: passThrough('received') });
	const nodes: INode[] = [
		{ id: 'start', name: 'Deal', type: 'start', typeVersion: 1, position: [0, 0], parameters: {} },
		{
			id: 'wait-node',
			name: 'Wait Node',
			type: options.node.type,
			typeVersion: options.node.typeVersion ?? 2,
			position: [200, 0],
			webhookId: '7b9a1c00-0000-4000-8000-000000000001',
			parameters: options.node.parameters,
			credentials: Object.fromEntries(Object.keys(options.credentials).map((type) => [type, { id: type, name: type }])),
		},
		{ id: 'received', name: 'Received', type: 'received', typeVersion: 1, position: [400, 0], parameters: {} },
	];
	const connections: IConnections = {
		Deal: { main: [[{ node: 'Wait Node', type: 'main', index: 0 }]] },
		'Wait Node': { main: [[{ node: 'Received', type: 'main', index: 0 }]] },
	};
	const workflowOf = () =>
		new Workflow({ id: 'wait-test', name: 'wait test', nodes, connections, active: true, nodeTypes, settings: { executionOrder: 'v1', ...(options.timezone ? { timezone: options.timezone } : {}) } });

	const calls: WaitCall[] = [];
	const pending = new Set<Promise<void>>();
	const sockets = new Set<Socket>();
	let stored = '';
	let state: 'waiting' | 'running' | 'finished' = 'running';
	let resumedRun: IRun | undefined;
	let port = 0;

	const additionalDataFor = (workflow: Workflow) => {
		const data = testAdditionalData(workflow, options.credentials, 'webhook', executionId);
		Object.assign(data, { webhookWaitingBaseUrl: `http://127.0.0.1:${port}/webhook-waiting` });
		return data;
	};
	/** The run's data as n8n reads it back from its database. */
	const load = () => JSON.parse(stored) as IRunExecutionData;

	async function goOn(runData: IRunExecutionData): Promise<IRun> {
		state = 'running';
		const workflow = workflowOf();
		const run = await new WorkflowExecute(additionalDataFor(workflow), 'webhook', runData).processRunExecutionData(workflow);
		resumedRun = run;
		keep(run);
		return run;
	}

	function keep(run: IRun): void {
		stored = JSON.stringify(run.data);
		state = run.waitTill ? 'waiting' : 'finished';
	}

	async function handle(incoming: IncomingMessage, response: ServerResponse): Promise<void> {
		const rawBody = await readBody(incoming);
		const url = new URL(incoming.url ?? '/', 'http://127.0.0.1');
		const answer = (status: number, body: unknown, resumed = false) => {
			const text = typeof body === 'string' ? body : JSON.stringify(body);
			response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
			response.end(text);
			calls.push({ status, body: text, resumed });
		};
		const [, base, id, suffix = ''] = url.pathname.split('/');
		if (base !== 'webhook-waiting' || id !== executionId) return answer(404, { message: `The execution "${id}" does not exist.` });
		const runData = load();
		if (!runData.resumeToken || url.searchParams.get('signature') !== runData.resumeToken) return answer(401, { error: 'Invalid token' });
		if (state !== 'waiting') return answer(409, { message: `The execution "${id}" is ${state === 'running' ? 'running already' : 'finished already'}.` });

		const workflow = workflowOf();
		const node = workflow.getNode(runData.resultData.lastNodeExecuted!)!;
		const nodeType = nodeTypes.getByNameAndVersion(node.type, node.typeVersion);
		const description = (nodeType.description.webhooks ?? []).find((hook) => hook.restartWebhook === true && hook.httpMethod === 'POST' && hook.path === suffix);
		if (!description || !nodeType.webhook) return answer(404, { message: 'no waiting webhook with a matching path/method' });

		// As waiting-webhooks.js: the node is disabled in the stack entry, and the wait is over for this run's data.
		runData.executionData!.nodeExecutionStack[0].node.disabled = true;
		runData.waitTill = undefined;
		runData.resultData.runData[node.name].pop();
		const additionalData = additionalDataFor(workflow);
		let body: unknown = {};
		try {
			body = rawBody.length ? JSON.parse(rawBody.toString('utf8')) : {};
		} catch {
			// The node reads the raw bytes and says what is wrong with them.
		}
		Object.assign(incoming, { rawBody, body, query: Object.fromEntries(url.searchParams), params: {} });
		additionalData.httpRequest = incoming as never;
		additionalData.httpResponse = response as never;
		const webhookData: IWebhookData = {
			httpMethod: 'POST',
			node: node.name,
			path: description.path as string,
			webhookDescription: description,
			workflowId: workflow.id,
			workflowExecuteAdditionalData: additionalData,
		};
		const context = new WebhookContext(workflow, node, additionalData, 'webhook', webhookData, [], runData);
		let result: IWebhookResponseData;
		try {
			result = await nodeType.webhook.call(context);
		} catch (error) {
			return answer(500, { message: (error as Error).message });
		}
		if (result.noWebhookResponse) {
			calls.push({ status: response.statusCode, body: '(written by the node)', resumed: false });
			if (!response.writableEnded) response.end();
			return;
		}
		if (result.workflowData === undefined) return answer(200, result.webhookResponse ?? { message: 'Webhook call received' });
		const entry = runData.executionData!.nodeExecutionStack[0];
		entry.data.main = result.workflowData;
		entry.metadata = { ...entry.metadata, forwardAllOutputs: true };
		answer(200, result.webhookResponse ?? { message: 'Workflow was started' }, true);
		await goOn(runData);
	}

	const server: Server = createServer((request, response) => {
		const work = handle(request, response).catch((error: Error) => {
			if (!response.headersSent) response.writeHead(500).end(error.message);
		});
		pending.add(work);
		void work.finally(() => pending.delete(work));
	});
	server.on('connection', (socket) => {
		sockets.add(socket);
		socket.on('close', () => sockets.delete(socket));
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
	port = (server.address() as AddressInfo).port;

	const workflow = workflowOf();
	const start = workflow.getNode('Deal')!;
	const first = await new WorkflowExecute(additionalDataFor(workflow), 'webhook').run({ workflow, startNode: start as never });
	keep(first);

	return {
		first,
		waitingBaseUrl: `http://127.0.0.1:${port}/webhook-waiting`,
		calls,
		resumed: () => resumedRun,
		waiting: () => state === 'waiting',
		output: (nodeName) => ((resumedRun ?? first).data.resultData.runData[nodeName]?.at(-1)?.data?.main?.[0] ?? []).map((item) => item.json),
		passLimit: async () => {
			if (state !== 'waiting') throw new Error('the execution does not wait');
			return await goOn(load());
		},
		idle: async () => {
			while (pending.size) await Promise.all([...pending]);
		},
		stop: () =>
			new Promise<void>((resolve) => {
				for (const socket of sockets) socket.destroy();
				server.close(() => resolve());
			}),
	};
}
