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
		// What each version reads differently: versions.ts.
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
