import {
	NodeConnectionTypes,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeType,
	type INodeTypeDescription,
} from 'n8n-workflow';

import { executeResources } from '../shared/operation/execute';
import { buildProperties } from '../shared/operation/properties';
import { accountValidation } from './actions/accountValidation/AccountValidation.resource';
import { card } from './actions/card/Card.resource';
import { report } from './actions/report/Report.resource';
import { transaction } from './actions/transaction/Transaction.resource';
import { credentialTest } from '../shared/transport/credentialTest';
import { listSearch } from './methods/listSearch';

const resources = [transaction, card, report, accountValidation];

export class PaySuiteGateway implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'PaySuite Gateway',
		name: 'paySuiteGateway',
		icon: { light: 'file:../../icons/gateway.svg', dark: 'file:../../icons/gateway.dark.svg' },
		group: ['transform'],
		// 2: a new node starts on Get (version 1 kept its first operation, which saved workflows rely on).
		// 3: a report's file is CSV unless File Format says TSV (versions 1 and 2 keep TSV).
		// 4: a report asks for every type when Types is empty; its rows say their kind and payment, on the site's
		// clock; Search says so when it finds nothing (versions 1 to 3 keep their requests and outputs).
		version: [1, 2, 3, 4],
		defaultVersion: 4,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description: 'Process card payments directly, look up cards, pull transaction reports and validate bank accounts',
		defaults: { name: 'PaySuite Gateway' },
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
