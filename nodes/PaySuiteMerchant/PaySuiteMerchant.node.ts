import {
	NodeConnectionTypes,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeType,
	type INodeTypeDescription,
} from 'n8n-workflow';

import { executeResources } from '../shared/operation/execute';
import { buildProperties } from '../shared/operation/properties';
import { account } from './actions/account/Account.resource';
import { merchant } from './actions/merchant/Merchant.resource';
import { processResource } from './actions/process/Process.resource';
import { credentialTest } from '../shared/transport/credentialTest';
import { FACILITATOR_CREDENTIAL, listSearch } from './methods/listSearch';

const resources = [merchant, processResource, account];

export class PaySuiteMerchant implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'PaySuite Merchant',
		name: 'paySuiteMerchant',
		icon: { light: 'file:../../icons/merchant.svg', dark: 'file:../../icons/merchant.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description: 'Register, update and read merchants through the onboarding API, and follow their processes',
		defaults: { name: 'PaySuite Merchant' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [
			{ name: 'paySuiteOnboardingApi', required: true, testedBy: 'paySuiteOnboardingApiTest' },
			// Optional, and only where it serves: the platform lists payment facilitators (Control › Payment
			// Facilitator › From List) only to the signed credential. Nothing else of this node uses it.
			{
				name: FACILITATOR_CREDENTIAL,
				required: false,
				testedBy: 'paySuiteApiTest',
				displayOptions: { show: { resource: ['merchant'], operation: ['create', 'update'], specifyBody: ['fields'] } },
			},
		],
		properties: buildProperties(resources),
	};

	/** The credentials' Test buttons (see credentialTest.ts) and the editor's lists (methods/). */
	methods = { credentialTest, listSearch };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return executeResources.call(this, resources);
	}
}
