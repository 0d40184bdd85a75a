import {
	NodeConnectionTypes,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeType,
	type INodeTypeDescription,
} from 'n8n-workflow';

import { executeResources } from '../shared/operation/execute';
import { buildProperties } from '../shared/operation/properties';
import { paymentFacilitator } from './actions/paymentFacilitator/PaymentFacilitator.resource';
import { site } from './actions/site/Site.resource';
import { credentialTest } from '../shared/transport/credentialTest';
import { listSearch } from './methods/listSearch';

const resources = [site, paymentFacilitator];

export class PaySuiteSite implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'PaySuite Site',
		name: 'paySuiteSite',
		icon: { light: 'file:../../icons/site.svg', dark: 'file:../../icons/site.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description: 'Create and configure sites, and look up payment facilitators',
		defaults: { name: 'PaySuite Site' },
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
