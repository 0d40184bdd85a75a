import {
	NodeConnectionTypes,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeType,
	type INodeTypeDescription,
} from 'n8n-workflow';

import { executeResources } from '../shared/operation/execute';
import { buildProperties } from '../shared/operation/properties';
import { merchantPaymentMethod } from './actions/merchantPaymentMethod/MerchantPaymentMethod.resource';
import { sitePaymentMethod } from './actions/sitePaymentMethod/SitePaymentMethod.resource';
import { credentialTest } from '../shared/transport/credentialTest';
import { listSearch } from './methods/listSearch';
import { loadOptions } from './methods/loadOptions';

const resources = [merchantPaymentMethod, sitePaymentMethod];

export class PaySuitePaymentMethod implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'PaySuite Payment Method',
		name: 'paySuitePaymentMethod',
		icon: { light: 'file:../../icons/payment-method.svg', dark: 'file:../../icons/payment-method.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description: 'Add, update, remove and search the payment methods of a merchant, and offer them on its sites',
		defaults: { name: 'PaySuite Payment Method' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'paySuiteApi', required: true, testedBy: 'paySuiteApiTest' }],
		properties: buildProperties(resources),
	};

	/** The credential's Test button (see credentialTest.ts) and the editor's lists (methods/). */
	methods = { credentialTest, listSearch, loadOptions };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return executeResources.call(this, resources);
	}
}
