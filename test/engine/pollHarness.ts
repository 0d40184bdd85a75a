/**
 * Runs a polling trigger of the package the way n8n's poller does: each poll builds n8n-core's real PollContext
 * around the published workflow and calls the node's `poll()`; the workflow's static data carries from one poll to
 * the next, as in a running n8n. `restart()` is n8n starting again: a new workflow object whose static data is
 * read back from JSON, as from n8n's database (where n8n saves it whenever a poll outputs items).
 */
import { PollContext } from 'n8n-core';
import { Workflow, type IDataObject, type INode, type INodeExecutionData, type INodeParameters, type WorkflowActivateMode } from 'n8n-workflow';

import { nodeTypesRegistry, testAdditionalData, type TestCredentials } from '../helpers/engine';
import { packageNodeTypes } from '../helpers/nodeTypes';

export interface PollerOptions {
	type: string;
	parameters: INodeParameters;
	credentials: TestCredentials;
	/** The workflow's time zone setting. */
	timezone?: string;
	/** The node's type version (1 unless given). */
	typeVersion?: number;
}

export interface Poller {
	/** One poll of the published workflow: the items it outputs (none when it returns null). */
	poll(): Promise<INodeExecutionData[]>;
	/** Fetch Test Event in the editor: a poll in manual mode. */
	fetchTestEvent(): Promise<INodeExecutionData[]>;
	/** The node's static data as n8n would save it now. */
	savedStaticData(): IDataObject;
	/**
	 * n8n starts again: static data as last saved (when a poll outputs items), a new workflow object. `nodeData`
	 * replaces what was saved for the node (a workflow that was off for days: its state as it was then).
	 */
	restart(nodeData?: IDataObject): void;
	/** The published workflow as the running n8n holds it. */
	readonly workflow: Workflow;
}

const NODE_NAME = 'Trigger';

export function poller(options: PollerOptions): Poller {
	const node: INode = {
		id: 'trigger-node',
		name: NODE_NAME,
		type: options.type,
		typeVersion: options.typeVersion ?? 1,
		position: [0, 0],
		parameters: { pollTimes: { item: [{ mode: 'everyMinute' }] }, ...options.parameters },
		credentials: { paySuiteApi: { id: 'paySuiteApi', name: 'paySuiteApi' } },
	};
	const nodeTypes = nodeTypesRegistry(packageNodeTypes());
	const build = (staticData: IDataObject) =>
		new Workflow({
			id: 'poll-test',
			name: 'poll test',
			nodes: [node],
			connections: {},
			active: true,
			nodeTypes,
			staticData,
			settings: { executionOrder: 'v1', ...(options.timezone ? { timezone: options.timezone } : {}) },
		});
	let workflow = build({});
	// What n8n's database holds: saved when a poll outputs items (and at activation), as n8n does.
	let saved: IDataObject = {};
	// n8n makes the poll functions once, at activation ('activate', or 'init' when n8n starts), and polls at once.
	let activation: WorkflowActivateMode = 'activate';
	let activating = true;

	const save = () => {
		saved = JSON.parse(JSON.stringify(workflow.staticData)) as IDataObject;
	};
	const run = async (mode: 'trigger' | 'manual') => {
		const additionalData = testAdditionalData(workflow, options.credentials, mode, `poll-${Date.now()}`);
		const context = new PollContext(workflow, node, additionalData, mode, activation);
		const type = nodeTypes.getByNameAndVersion(options.type, 1);
		const result = await type.poll!.call(context);
		const items = result?.[0] ?? [];
		if (mode === 'trigger' && (items.length || activating)) save();
		if (mode === 'trigger') activating = false;
		return items;
	};
	return {
		poll: async () => await run('trigger'),
		fetchTestEvent: async () => await run('manual'),
		savedStaticData: () => JSON.parse(JSON.stringify(workflow.staticData)) as IDataObject,
		restart(nodeData?: IDataObject) {
			if (nodeData) saved = { ...saved, [`node:${NODE_NAME}`]: nodeData };
			workflow = build(JSON.parse(JSON.stringify(saved)) as IDataObject);
			activation = 'init';
			activating = true;
		},
		get workflow() {
			return workflow;
		},
	};
}
