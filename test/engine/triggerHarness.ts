/**
 * Serves one of the package's webhook triggers over real HTTP, the way n8n's webhook server does: each call
 * builds n8n-core's real WebhookContext around the request, runs the node's `webhook()`, answers (or lets the
 * node answer), and when the node hands back workflow data runs the workflow in n8n-core's WorkflowExecute
 * with the trigger as start node, followed by a pass-through node named "Received".
 *
 * The answer rules follow n8n 2.40.7's webhook helpers for `responseMode: 'onReceived'` (and `lastNode`, below):
 *  - `noWebhookResponse`: the node wrote the answer itself; n8n adds nothing.
 *  - no `workflowData`: answer `webhookResponse` (or "Webhook call received") and run nothing.
 *  - `workflowData`: the run starts, then the answer is the description's `responseData` when it is set (unset
 *    reads as `firstEntryJson`, sent as that very text, text/html), `noData` an empty body, and only an empty
 *    value lets the node's `webhookResponse` through (or "Workflow was started").
 *  - `webhook()` throws: HTTP 500, no run.
 *  - `lastNode` (a trigger that acknowledges after the run): the answer waits for the run; 500 when it failed.
 * The description's `responseMode` and `responseData` are read as n8n reads them: through their resolvers when the
 * node's parameters hold no expression, else by the expression engine (`descriptionNeededEngine`).
 * Objects are sent as JSON (application/json; charset=utf-8) and text as HTML, as Express does for n8n.
 *
 * Static data is kept per server the way n8n keeps it per workflow: each call loads a copy before the node runs
 * and saves it after, when the node changed it, so parallel calls each see what was saved before they started.
 */
/* eslint-disable @n8n/community-nodes/no-restricted-imports -- runs in Node, not in n8n: eslint.dev.config.mjs lints it */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'http';
import type { AddressInfo, Socket } from 'net';

import { WebhookContext, WorkflowExecute } from 'n8n-core';
import {
	createRunExecutionData,
	resolveWebhookDescriptionField,
	Workflow,
	type IExecuteFunctions,
	type INode,
	type IDataObject,
	type INodeExecutionData,
	type INodeParameters,
	type INodeType,
	type IRun,
	type IWebhookData,
	type IWebhookDescription,
	type IWebhookResponseData,
} from 'n8n-workflow';

import { nodeTypesRegistry, testAdditionalData, type TestCredentials } from '../helpers/engine';
import { packageNodeTypes } from '../helpers/nodeTypes';

/** Passes its input through: shows what the trigger handed to the next node (after `afterTrigger`, which may throw). */
class Received implements INodeType {
	execute: (this: IExecuteFunctions) => Promise<INodeExecutionData[][]>;

	constructor(hook?: (items: INodeExecutionData[]) => Promise<void>) {
		this.execute = async function (this: IExecuteFunctions) {
			await hook?.(this.getInputData());
			return [this.getInputData()];
		};
	}

	description = {
		displayName: 'Received',
		name: 'received',
		group: ['transform'],
		version: 1,
		description: 'Passes items through',
		defaults: { name: 'Received' },
		inputs: ['main'],
		outputs: ['main'],
		properties: [],
	} as unknown as INodeType['description'];

}

export interface TriggerCall {
	/** What the trigger's webhook() returned (undefined when it threw). */
	result?: IWebhookResponseData;
	error?: Error;
	/** The HTTP answer the caller got, and when (Date.now()). */
	status: number;
	answeredAt?: number;
	body: string;
	contentType?: string;
	/** The run the call started, if any. */
	run?: IRun;
	/** How n8n answers a call that starts a run, and whether reading it needed the expression engine. */
	responseMode?: string;
	descriptionNeededEngine?: boolean;
}

export interface TriggerServer {
	/** The URL to give the sandbox (the trigger's production webhook URL in n8n). */
	url: string;
	calls: TriggerCall[];
	/** Runs started so far (one per call that handed back workflow data). */
	runs(): IRun[];
	/** Output items of a node in a run. */
	output(run: IRun, nodeName: string): INodeExecutionData[];
	/** Resolves once every call received so far has been answered and its run (if any) has finished. */
	idle(): Promise<void>;
	/** The workflow's static data as last saved. */
	staticData(): Record<string, unknown>;
	stop(): Promise<void>;
}

export interface TriggerServerOptions {
	/** The trigger's node type name, e.g. paySuiteAutopayTrigger. */
	type: string;
	parameters?: INodeParameters;
	/** Credential data by credential type. */
	credentials: TestCredentials;
	/** The node's type version (default 1, what the older tests were written for). */
	typeVersion?: number;
	/** The workflow's time zone (its settings), default UTC. */
	timezone?: string;
	/** Runs in the node after the trigger, with the trigger's items: a throw fails the run. */
	afterTrigger?: (items: INodeExecutionData[]) => Promise<void>;
}

/**
 * Whether n8n 2.40.7 reads and parses the body before the node runs (parseRequestBody): always for a start node at
 * type version 1, from version 2 only for JSON, text, form and XML content types. Otherwise the node finds no
 * `rawBody` and reads it itself (`readRawBody`).
 */
function n8nReadsBody(typeVersion: number, contentType: string): boolean {
	if (typeVersion === 1) return true;
	return /^(application\/json|text\/plain|application\/x-www-form-urlencoded)/.test(contentType) || /[/+]xml$/.test(contentType);
}

function readBody(request: IncomingMessage): Promise<Buffer> {
	return new Promise((resolve, reject) => {
		const chunks: Buffer[] = [];
		request.on('data', (chunk: Buffer) => chunks.push(chunk));
		request.on('end', () => resolve(Buffer.concat(chunks)));
		request.on('error', reject);
	});
}

/** Sends as Express's res.send / res.json do for n8n: text as HTML, anything else as JSON, undefined as nothing. */
function send(response: ServerResponse, status: number, body: unknown): void {
	const text = typeof body === 'string';
	const payload = body === undefined ? '' : text ? body : JSON.stringify(body);
	const headers: Record<string, string> = { 'content-length': String(Buffer.byteLength(payload)) };
	if (body !== undefined) headers['content-type'] = text ? 'text/html; charset=utf-8' : 'application/json; charset=utf-8';
	response.writeHead(status, headers);
	response.end(payload);
}

/**
 * A field of the webhook description as n8n 2.40.7 reads it (WebhookExecutionContext): natively through the
 * field's resolver when the node's parameters hold no expression, else through the expression engine.
 */
function descriptionField(workflow: Workflow, node: INode, description: IWebhookDescription, field: 'responseMode' | 'responseData', fallback: string) {
	const native = resolveWebhookDescriptionField(node, description, field);
	if (native.resolved) return { value: native.value as string, engine: false };
	return { value: (workflow.expression.getComplexParameterValue(node, description[field] as string, 'webhook', {}, undefined, fallback) ?? fallback) as string, engine: true };
}

/** n8n 2.40.7's answer to a call that starts a run with `responseMode: 'onReceived'` (extractWebhookOnReceivedResponse). */
function onReceivedAnswer(responseData: string | undefined, result: IWebhookResponseData): unknown {
	if (responseData === 'noData') return undefined;
	if (responseData) return responseData;
	return result.webhookResponse !== undefined ? result.webhookResponse : { message: 'Workflow was started' };
}

/** Captures what is written to the response, whoever writes it (the node or the harness). */
function capture(response: ServerResponse): () => { status: number; body: string; contentType?: string } {
	const chunks: Buffer[] = [];
	let contentType: string | undefined;
	const writable = response as unknown as { end: (...args: unknown[]) => ServerResponse; writeHead: (...args: unknown[]) => ServerResponse };
	const end = writable.end.bind(response);
	const writeHead = writable.writeHead.bind(response);
	writable.end = (...args: unknown[]) => {
		if (typeof args[0] === 'string' || Buffer.isBuffer(args[0])) chunks.push(Buffer.from(args[0] as string));
		return end(...args);
	};
	writable.writeHead = (...args: unknown[]) => {
		const headers = args.find((arg) => typeof arg === 'object' && arg !== null) as Record<string, unknown> | undefined;
		const given = Object.entries(headers ?? {}).find(([name]) => name.toLowerCase() === 'content-type')?.[1];
		if (given !== undefined) contentType = String(given);
		return writeHead(...args);
	};
	return () => {
		const type = contentType ?? response.getHeader('content-type');
		return { status: response.statusCode, body: Buffer.concat(chunks).toString('utf8'), ...(type ? { contentType: String(type) } : {}) };
	};
}

let servers = 0;

export async function startTriggerServer(options: TriggerServerOptions): Promise<TriggerServer> {
	const types: Record<string, INodeType> = { ...packageNodeTypes(), received: new Received(options.afterTrigger) };
	const nodeTypes = nodeTypesRegistry(types);
	const triggerType = types[options.type];
	if (!triggerType?.webhook || !triggerType.description.webhooks?.length) throw new Error(`${options.type} is not a webhook trigger of this package`);

	const trigger: INode = {
		id: 'trigger',
		name: 'Trigger',
		type: options.type,
		typeVersion: options.typeVersion ?? 1,
		position: [0, 0],
		webhookId: '3f0c6f1e-2a4b-4c1d-9e8f-000000000001',
		parameters: options.parameters ?? {},
		credentials: Object.fromEntries(Object.keys(options.credentials).map((type) => [type, { id: type, name: type }])),
	};
	const received: INode = { id: 'received', name: 'Received', type: 'received', typeVersion: 1, position: [200, 0], parameters: {} };
	// Its own id per server: the triggers' in-process memory of deliveries is kept per workflow, as in n8n.
	const workflowId = `trigger-test-${++servers}`;
	let savedStaticData: IDataObject = {};
	const newWorkflow = (staticData: IDataObject) =>
		new Workflow({
			id: workflowId,
			name: 'trigger test',
			nodes: [{ ...trigger, parameters: { ...trigger.parameters } }, received],
			connections: { Trigger: { main: [[{ node: 'Received', type: 'main', index: 0 }]] } },
			active: true,
			nodeTypes,
			staticData,
			settings: { executionOrder: 'v1', ...(options.timezone ? { timezone: options.timezone } : {}) },
		});

	let executions = 0;
	const additionalDataFor = (workflow: Workflow, executionId: string) => testAdditionalData(workflow, options.credentials, 'webhook', executionId);

	const calls: TriggerCall[] = [];
	const pending = new Set<Promise<void>>();

	async function handle(incoming: IncomingMessage, response: ServerResponse): Promise<void> {
		const answered = capture(response);
		const rawBody = await readBody(incoming);
		const url = new URL(incoming.url ?? '/', 'http://127.0.0.1');
		let body: unknown = {};
		if (/json/i.test(String(incoming.headers['content-type'] ?? ''))) {
			try {
				body = rawBody.length ? JSON.parse(rawBody.toString('utf8')) : {};
			} catch {
				body = {};
			}
		}
		// What n8n's webhook server gives the node: the parsed body, the raw bytes, query and path parameters.
		const contentType = String(incoming.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
		const request = incoming as IncomingMessage & { rawBody?: Buffer };
		const read = n8nReadsBody(trigger.typeVersion, contentType);
		Object.assign(incoming, read ? { rawBody, body } : { body: {}, readRawBody: async () => void (request.rawBody = rawBody) });
		Object.assign(incoming, { query: Object.fromEntries(url.searchParams), params: {} });

		// n8n loads the workflow's static data from its database for each call.
		const loaded = JSON.parse(JSON.stringify(savedStaticData)) as IDataObject;
		const workflow = newWorkflow(loaded);
		const executionId = `trigger-execution-${++executions}`;
		const additionalData = additionalDataFor(workflow, executionId);
		additionalData.httpRequest = incoming as never;
		additionalData.httpResponse = response as never;
		const node = workflow.getNode('Trigger')!;
		const webhookData: IWebhookData = {
			httpMethod: 'POST',
			node: node.name,
			path: `${trigger.webhookId}/${triggerType.description.webhooks![0].path as string}`,
			webhookDescription: triggerType.description.webhooks![0],
			workflowId: workflow.id,
			workflowExecuteAdditionalData: additionalData,
			webhookId: trigger.webhookId,
		};
		const context = new WebhookContext(workflow, node, additionalData, 'webhook', webhookData, [], null);

		const call: TriggerCall = { status: 0, body: '' };
		calls.push(call);
		try {
			call.result = await triggerType.webhook!.call(context);
		} catch (error) {
			call.error = error as Error;
			if (!response.writableEnded) send(response, 500, { message: 'Error in workflow' });
			Object.assign(call, answered());
			return;
		}
		const result = call.result;
		const mode = descriptionField(workflow, node, webhookData.webhookDescription, 'responseMode', 'onReceived');
		const data = descriptionField(workflow, node, webhookData.webhookDescription, 'responseData', 'firstEntryJson');
		Object.assign(call, { responseMode: mode.value, descriptionNeededEngine: mode.engine || data.engine });
		const saveIfChanged = () => {
			// n8n saves the static data if it is still marked changed (as JSON, in the workflow's row), then answers.
			if ((workflow.staticData as { __dataChanged?: boolean }).__dataChanged) savedStaticData = JSON.parse(JSON.stringify(workflow.staticData)) as IDataObject;
		};
		const answer = (status: number, body: unknown) => {
			send(response, status, body);
			Object.assign(call, answered(), { answeredAt: Date.now() });
		};
		// As n8n 2.40.7 does when the call starts a run: it prepares the run with a second Workflow over the same
		// static data object (WorkflowRunner.run), which clears the object's "changed" mark, and only then reads
		// the answer (`onReceived`) or runs the workflow (`lastNode`, `responseNode`).
		if (result.workflowData !== undefined) newWorkflow(loaded);
		const onReceived = result.workflowData !== undefined && !result.noWebhookResponse ? onReceivedAnswer(data.value, result) : undefined;
		const startsRun = result.workflowData !== undefined && !result.noWebhookResponse;
		const afterRun = startsRun && mode.value === 'lastNode';
		const byNode = startsRun && mode.value === 'responseNode';
		if (!afterRun && !byNode) saveIfChanged();
		if (result.noWebhookResponse) {
			// n8n leaves the answer to the node; a node that wrote none would leave the caller hanging.
			if (!response.writableEnded) send(response, 599, { message: 'The node wrote no answer' });
			Object.assign(call, answered(), { answeredAt: Date.now() });
		} else if (result.workflowData === undefined) {
			answer(200, result.webhookResponse !== undefined ? result.webhookResponse : { message: 'Webhook call received' });
		} else if (!afterRun && !byNode) {
			answer(200, onReceived);
		}
		if (result.workflowData === undefined) return;

		if (byNode) {
			// `responseNode`: n8n answers what a step of the run sends (its 'sendResponse' hook), saving the call's
			// static data as it answers; the run has its own, loaded when it starts and saved when it ends (a
			// worker's, or n8n's WorkflowRunner with loadStaticData).
			const runWorkflow = newWorkflow(JSON.parse(JSON.stringify(savedStaticData)) as IDataObject);
			const runData = additionalDataFor(runWorkflow, executionId);
			runData.hooks!.addHandler('sendResponse', (sent) => {
				if (response.headersSent) return;
				saveIfChanged();
				answer(Number(sent.statusCode ?? 200), sent.body);
			});
			call.run = await new WorkflowExecute(runData, 'webhook', createRunExecutionData({
				executionData: { nodeExecutionStack: [{ node: runWorkflow.getNode('Trigger')!, data: { main: result.workflowData }, source: null }] },
			})).processRunExecutionData(runWorkflow);
			if ((runWorkflow.staticData as { __dataChanged?: boolean }).__dataChanged) savedStaticData = JSON.parse(JSON.stringify(runWorkflow.staticData)) as IDataObject;
			if (response.headersSent) return;
			// The run ended without an answer: n8n's 500 when it failed, else an empty 200.
			const ended = call.run.data.resultData;
			const last = ended.lastNodeExecuted ? ended.runData[ended.lastNodeExecuted]?.at(-1) : undefined;
			if (ended.error || last?.error) answer(500, { message: 'Error in workflow' });
			else answer(200, undefined);
			return;
		}

		const runExecutionData = createRunExecutionData({
			executionData: { nodeExecutionStack: [{ node, data: { main: result.workflowData }, source: null }] },
		});
		call.run = await new WorkflowExecute(additionalData, 'webhook', runExecutionData).processRunExecutionData(workflow);
		if (!afterRun) return;
		// `lastNode`: the answer once the run has ended: n8n's 500 when it failed, else the last node's data as
		// `responseData` says (`noData`: an empty body, sent by Express's res.json as application/json).
		saveIfChanged();
		const runData = call.run.data.resultData;
		const lastNode = runData.lastNodeExecuted ? runData.runData[runData.lastNodeExecuted]?.at(-1) : undefined;
		if (runData.error || lastNode?.error) answer(500, { message: 'Error in workflow' });
		else if (data.value === 'noData') {
			response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': '0' });
			response.end();
			Object.assign(call, answered(), { answeredAt: Date.now() });
		} else answer(200, { message: `responseData ${data.value} is not what the triggers ask for` });
	}

	const sockets = new Set<Socket>();
	const server: Server = createServer((request, response) => {
		const work = handle(request, response).catch((error: Error) => {
			if (!response.headersSent) send(response, 500, { message: error.message });
		});
		pending.add(work);
		void work.finally(() => pending.delete(work));
	});
	server.on('connection', (socket) => {
		sockets.add(socket);
		socket.on('close', () => sockets.delete(socket));
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
	const { port } = server.address() as AddressInfo;

	return {
		url: `http://127.0.0.1:${port}/webhook/${trigger.webhookId}/${triggerType.description.webhooks[0].path as string}`,
		calls,
		runs: () => calls.filter((call) => call.run).map((call) => call.run!),
		output: (run, nodeName) => run.data.resultData.runData[nodeName]?.[0]?.data?.main?.[0] ?? [],
		idle: async () => {
			while (pending.size) await Promise.all([...pending]);
		},
		staticData: () => JSON.parse(JSON.stringify(savedStaticData)) as Record<string, unknown>,
		stop: () =>
			new Promise<void>((resolve) => {
				for (const socket of sockets) socket.destroy();
				server.close(() => resolve());
			}),
	};
}
