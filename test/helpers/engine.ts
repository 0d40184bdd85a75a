/**
 * Runs workflows of this package's nodes in n8n's real execution engine (n8n-core's WorkflowExecute),
 * with credentials resolved and signed by the package's own credential classes. The trigger harness
 * (test/engine/triggerHarness.ts) builds its runs from the same node type registry and additional data.
 */
import { ExecutionLifecycleHooks, LoadOptionsContext, WorkflowExecute } from 'n8n-core';
import {
	Workflow,
	type ICredentialDataDecryptedObject,
	type ICredentialType,
	type IConnections,
	type IDataObject,
	type IExecuteFunctions,
	type IHttpRequestOptions,
	type INode,
	type INodeExecutionData,
	type INodeParameters,
	type INodeType,
	type INodeTypes,
	type IRun,
	type IRunExecutionData,
	type IVersionedNodeType,
	type IWorkflowExecuteAdditionalData,
	type WorkflowExecuteMode,
} from 'n8n-workflow';

import { PaySuiteApi } from '../../credentials/PaySuiteApi.credentials';
import { PaySuiteOnboardingApi } from '../../credentials/PaySuiteOnboardingApi.credentials';
import { packageNodeTypes } from './nodeTypes';

/** Emits the items given in its `items` parameter: the start of every test workflow. */
class TestItems implements INodeType {
	description = {
		displayName: 'Test Items',
		name: 'testItems',
		group: ['trigger'],
		version: 1,
		description: 'Emits fixed items',
		defaults: { name: 'Items' },
		inputs: [],
		outputs: ['main'],
		properties: [{ displayName: 'Items', name: 'items', type: 'json', default: '[]' }],
	} as unknown as INodeType['description'];

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const raw = this.getNodeParameter('items', 0) as string | IDataObject[];
		const items = (typeof raw === 'string' ? JSON.parse(raw) : raw) as IDataObject[];
		return [items.map((json) => ({ json }))];
	}
}

const credentialTypes: Record<string, ICredentialType> = {
	paySuiteApi: new PaySuiteApi(),
	paySuiteOnboardingApi: new PaySuiteOnboardingApi(),
};

/** n8n's node type registry over the given types, found by type name with or without a package prefix. */
export function nodeTypesRegistry(types: Record<string, INodeType>): INodeTypes {
	// n8n registers the AI-tool variant of a usableAsTool node as `<name>Tool` (n8n 2.40's
	// dist/tool-generation/ai-tools.js: `description.name += 'Tool'`), with the same execute.
	const byName = (name: string) => {
		const short = name.replace(/^.*\./, '');
		return (types[short] ?? types[short.replace(/Tool$/, '')]) as INodeType | IVersionedNodeType;
	};
	return {
		getByName: byName,
		getByNameAndVersion: (name: string) => byName(name) as INodeType,
		getKnownTypes: () => ({}),
	} as unknown as INodeTypes;
}

/** Resolves `={{$credentials.x}}` templates of generic (header) authentication. */
function resolveTemplate(value: unknown, credentials: ICredentialDataDecryptedObject): unknown {
	if (typeof value !== 'string' || !value.startsWith('=')) return value;
	return value.slice(1).replace(/\{\{\s*\$credentials\.(\w+)\s*\}\}/g, (_, key: string) => String(credentials[key] ?? ''));
}

async function authenticate(
	credentials: ICredentialDataDecryptedObject,
	typeName: string,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	const type = credentialTypes[typeName];
	const auth = type?.authenticate;
	if (!auth) return requestOptions;
	if (typeof auth === 'function') return auth(credentials, requestOptions);
	const headers = { ...(requestOptions.headers ?? {}) };
	for (const [key, value] of Object.entries(auth.properties.headers ?? {})) headers[key] = resolveTemplate(value, credentials) as string;
	return { ...requestOptions, headers };
}

/** Credential data by credential type (or by the id of a node's credential reference). */
export type TestCredentials = Record<string, ICredentialDataDecryptedObject>;

/** How many times n8n read (and, in a real n8n, fetched from its database and decrypted) each credential type. */
export type CredentialReads = Record<string, number>;

/**
 * What n8n hands a run besides the workflow: a credentials helper that serves the given credential data and
 * signs with the package's own credential classes, the execution hooks, and the instance's URLs.
 */
export function testAdditionalData(
	workflow: Workflow,
	credentials: TestCredentials,
	mode: WorkflowExecuteMode,
	executionId: string,
	reads: CredentialReads = {},
): IWorkflowExecuteAdditionalData {
	const credentialsHelper = {
		getParentTypes: () => [],
		isCredentialUsableByNode: () => true,
		authenticate,
		preAuthentication: async () => undefined,
		runPreAuthentication: async () => undefined,
		getCredentials: async () => {
			throw new Error('not used in tests');
		},
		getDecrypted: async (_additionalData: unknown, nodeCredentials: { id: string }, type: string) => {
			reads[type] = (reads[type] ?? 0) + 1;
			const data = credentials[type] ?? credentials[nodeCredentials.id];
			if (!data) throw new Error(`No test credentials of type ${type}`);
			return { ...data };
		},
		updateCredentials: async () => undefined,
		updateCredentialsOauthTokenData: async () => undefined,
		getCredentialsProperties: (type: string) => credentialTypes[type]?.properties ?? [],
	};

	const additionalData = {
		credentialsHelper,
		hooks: new ExecutionLifecycleHooks(mode, executionId, workflow as never),
		executeWorkflow: async () => {
			throw new Error('sub-workflows are not used in tests');
		},
		getRunExecutionData: async () => undefined,
		getRuntimeCredential: async () => undefined,
		currentNodeExecutionIndex: 0,
		restApiUrl: 'http://127.0.0.1:5678/rest',
		instanceBaseUrl: 'http://127.0.0.1:5678/',
		formBaseUrl: 'http://127.0.0.1:5678/form',
		formWaitingBaseUrl: 'http://127.0.0.1:5678/form-waiting',
		formTestBaseUrl: 'http://127.0.0.1:5678/form-test',
		webhookBaseUrl: 'http://127.0.0.1:5678/webhook',
		webhookWaitingBaseUrl: 'http://127.0.0.1:5678/webhook-waiting',
		webhookTestBaseUrl: 'http://127.0.0.1:5678/webhook-test',
		mcpBaseUrl: 'http://127.0.0.1:5678/mcp',
		mcpTestBaseUrl: 'http://127.0.0.1:5678/mcp-test',
		variables: {},
		logAiEvent: () => undefined,
		userId: 'test-user',
	} as unknown as IWorkflowExecuteAdditionalData;
	additionalData.executionId = executionId;
	return additionalData;
}

export interface TestNode {
	name: string;
	type: string;
	parameters?: INodeParameters;
	credentials?: string[];
	continueOnFail?: boolean;
	/** n8n's node settings Retry On Fail, Max Tries and Wait Between Tries (ms). */
	retry?: { maxTries: number; waitBetweenTries?: number };
	/** The node's version as a saved workflow holds it (default 1). */
	typeVersion?: number;
}

export interface RunOptions {
	/** Items the start node emits. */
	items?: IDataObject[];
	/** Nodes after the start node, chained in order. */
	nodes: TestNode[];
	credentials: TestCredentials;
	/** The execution's id (default `engine-test-execution`): another id is another execution. */
	executionId?: string;
	/** The workflow's time zone setting (default: none, so n8n's default zone). */
	timezone?: string;
	/** The workflow's id (default `engine-test`): another id is another workflow, with its own record in n8n. */
	workflowId?: string;
}

export interface RunResult {
	run: IRun;
	workflow: Workflow;
	credentials: TestCredentials;
	/** Output items (first output) of each node by name. */
	output(nodeName: string): INodeExecutionData[];
	/** The error the run stopped on, if any. */
	error?: Error & { description?: string; httpCode?: string; context?: IDataObject };
	/** The credential reads of the run, by type. */
	credentialReads: CredentialReads;
}

export async function runWorkflow(options: RunOptions): Promise<RunResult> {
	const start: INode = {
		id: 'start',
		name: 'Items',
		type: 'testItems',
		typeVersion: 1,
		position: [0, 0],
		parameters: { items: JSON.stringify(options.items ?? [{}]) },
	};
	const nodes: INode[] = [start];
	const connections: IConnections = {};
	let previous = start.name;
	options.nodes.forEach((spec, index) => {
		nodes.push({
			id: `node-${index}`,
			name: spec.name,
			type: spec.type,
			typeVersion: spec.typeVersion ?? 1,
			position: [200 * (index + 1), 0],
			parameters: spec.parameters ?? {},
			credentials: Object.fromEntries((spec.credentials ?? []).map((type) => [type, { id: type, name: type }])),
			...(spec.continueOnFail ? { onError: 'continueRegularOutput' as const } : {}),
			...(spec.retry ? { retryOnFail: true, maxTries: spec.retry.maxTries, waitBetweenTries: spec.retry.waitBetweenTries ?? 0 } : {}),
		});
		connections[previous] = { main: [[{ node: spec.name, type: 'main', index: 0 }]] };
		previous = spec.name;
	});

	const workflow = new Workflow({
		id: options.workflowId ?? 'engine-test',
		name: 'engine test',
		nodes,
		connections,
		active: false,
		nodeTypes: nodeTypesRegistry({ testItems: new TestItems(), ...packageNodeTypes() }),
		settings: { executionOrder: 'v1', ...(options.timezone ? { timezone: options.timezone } : {}) },
	});

	const reads: CredentialReads = {};
	const additionalData = testAdditionalData(workflow, options.credentials, 'manual', options.executionId ?? 'engine-test-execution', reads);

	const run = await new WorkflowExecute(additionalData, 'manual').run({ workflow, startNode: start as never });
	return resultOf(run, workflow, options.credentials, reads);
}

function resultOf(run: IRun, workflow: Workflow, credentials: TestCredentials, reads: CredentialReads): RunResult {
	const runData = run.data.resultData.runData;
	return {
		run,
		workflow,
		credentials,
		credentialReads: reads,
		output: (nodeName: string) => runData[nodeName]?.at(-1)?.data?.main?.[0] ?? [],
		error: run.data.resultData.error as RunResult['error'],
	};
}

/**
 * n8n's "Retry" of a failed execution, as n8n 2.40's ExecutionService.retry does it: a NEW execution (mode
 * `retry`, another id) that goes on from the stored run data (read back from JSON, as from the database),
 * without the error and without the failed node's failed run, so that the failed node runs again on the input
 * the nodes before it had produced.
 */
export async function retryExecution(failed: RunResult, executionId = 'engine-test-retry'): Promise<RunResult> {
	const data = JSON.parse(JSON.stringify(failed.run.data)) as IRunExecutionData;
	const last = data.resultData.lastNodeExecuted;
	delete data.resultData.error;
	const runs = last ? data.resultData.runData[last] : undefined;
	if (runs?.length && runs[runs.length - 1].error !== undefined) runs.pop();
	const reads: CredentialReads = {};
	const additionalData = testAdditionalData(failed.workflow, failed.credentials, 'retry', executionId, reads);
	const run = await new WorkflowExecute(additionalData, 'retry', data).processRunExecutionData(failed.workflow);
	return resultOf(run, failed.workflow, failed.credentials, reads);
}

/** One node of this package as a test runs it: its name in the workflow, its type and its credential type. */
export interface NodeUnderTest {
	name: string;
	type: string;
	credentialType: string;
}

export interface NodeRunOptions {
	/** Items the start node emits (one empty item by default). */
	items?: IDataObject[];
	continueOnFail?: boolean;
	executionId?: string;
	timezone?: string;
	retry?: TestNode['retry'];
	typeVersion?: number;
	workflowId?: string;
}

/** Runs a workflow of the start node and one node of this package with the given parameters. */
export function runNode(node: NodeUnderTest, parameters: IDataObject, credentials: TestCredentials, options: NodeRunOptions = {}): Promise<RunResult> {
	return runWorkflow({
		items: options.items,
		nodes: [
			{
				name: node.name,
				type: node.type,
				credentials: [node.credentialType],
				continueOnFail: options.continueOnFail,
				retry: options.retry,
				typeVersion: options.typeVersion,
				parameters: parameters as never,
			},
		],
		credentials,
		executionId: options.executionId,
		timezone: options.timezone,
		workflowId: options.workflowId,
	});
}

/** The json of a node's output items. */
export const outputJson = (result: RunResult, nodeName: string): IDataObject[] => result.output(nodeName).map((item) => item.json);

/**
 * The run stopped on an item refused before anything was sent: the error's message names the item, its details
 * keep the refused field's path (`field`, as sent: not in the words the user reads), and the API calls made
 * meanwhile are none. Returns the error for the caller's further checks.
 */
export function expectFieldRefused(result: RunResult, field: string, apiCalls: unknown[], item = 0): NonNullable<RunResult['error']> {
	expect(result.error).toBeDefined();
	expect(result.error!.context?.fieldPaths).toContain(field);
	expect(result.error!.message).toMatch(new RegExp(`\\(item ${item}[;)]`));
	expect(result.error!.message).not.toContain(`'${field}'`);
	expect(apiCalls).toEqual([]);
	return result.error!;
}

/** What the editor asks a node's `methods` for: a list search (resource locator) or a dropdown's options. */
export interface NodeMethodCall {
	node: NodeUnderTest;
	/** The node's parameters as the editor holds them while the user edits (resource, operation, ...). */
	parameters: IDataObject;
	credentials: TestCredentials;
	/** The search box's text (list searches only). */
	filter?: string;
	/** The token of the page after the first (list searches only). */
	paginationToken?: string;
}

/**
 * Runs one of a node's `listSearch` or `loadOptions` methods as n8n's editor backend does
 * (DynamicNodeParametersService): in n8n-core's LoadOptionsContext over a workflow that holds the node, with the
 * node's current parameters in the additional data and its credentials resolved by the test credentials helper.
 */
export async function runNodeMethod<T>(kind: 'listSearch' | 'loadOptions', method: string, call: NodeMethodCall): Promise<T> {
	const node: INode = {
		id: 'node-0',
		name: call.node.name,
		type: call.node.type,
		typeVersion: 1,
		position: [0, 0],
		parameters: call.parameters as INodeParameters,
		credentials: { [call.node.credentialType]: { id: call.node.credentialType, name: call.node.credentialType } },
	};
	const nodeTypes = nodeTypesRegistry(packageNodeTypes());
	const workflow = new Workflow({ id: 'engine-test', name: 'engine test', nodes: [node], connections: {}, active: false, nodeTypes, settings: { executionOrder: 'v1' } });
	const additionalData = testAdditionalData(workflow, call.credentials, 'manual', 'engine-test-method');
	additionalData.currentNodeParameters = call.parameters as INodeParameters;
	const context = new LoadOptionsContext(workflow, node, additionalData, 'parameters');
	const nodeType = nodeTypes.getByNameAndVersion(call.node.type, 1) as INodeType;
	const methods = nodeType.methods?.[kind] as Record<string, (this: unknown, ...args: unknown[]) => Promise<T>> | undefined;
	const fn = methods?.[method];
	if (!fn) throw new Error(`${call.node.type} has no ${kind} method ${method}`);
	return kind === 'listSearch' ? fn.call(context, call.filter, call.paginationToken) : fn.call(context);
}
