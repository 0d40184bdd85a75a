import {
	NodeConnectionTypes,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeType,
	type INodeTypeDescription,
} from 'n8n-workflow';

import { executeResources } from '../shared/operation/execute';
import { buildProperties } from '../shared/operation/properties';
import { session } from './actions/session/Session.resource';
import { ticket } from './actions/ticket/Ticket.resource';
import { transaction } from './actions/transaction/Transaction.resource';
import { credentialTest } from '../shared/transport/credentialTest';
import { listSearch } from './methods/listSearch';

const resources = [session, transaction, ticket];

export class PaySuiteSession implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'PaySuite Session',
		name: 'paySuiteSession',
		icon: { light: 'file:../../icons/session.svg', dark: 'file:../../icons/session.dark.svg' },
		group: ['transform'],
		// What each version reads differently: versions.ts.
		version: [1, 2],
		defaultVersion: 2,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description: 'Create (and wait for the payment of), get and cancel checkout sessions, refund and act on their payments, and record tickets',
		defaults: { name: 'PaySuite Session' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'paySuiteApi', required: true, testedBy: 'paySuiteApiTest' }],
		properties: buildProperties(resources),
	};

	/** The credential's Test button (see credentialTest.ts) and the editor's lists (methods/). */
	methods = { credentialTest, listSearch };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return executeResources.call(this, resources);
	}
}
