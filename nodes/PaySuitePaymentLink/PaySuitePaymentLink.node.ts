import {
	NodeConnectionTypes,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeType,
	type INodeTypeDescription,
} from 'n8n-workflow';

import { buildProperties } from '../shared/operation/properties';
import { executeResources } from '../shared/operation/execute';
import { paymentLink } from './actions/paymentLink/PaymentLink.resource';
import { credentialTest } from '../shared/transport/credentialTest';
import { loadOptions } from './methods/loadOptions';

const resources = [paymentLink];

export class PaySuitePaymentLink implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'PaySuite Payment Link',
		name: 'paySuitePaymentLink',
		icon: { light: 'file:../../icons/payment-link.svg', dark: 'file:../../icons/payment-link.dark.svg' },
		group: ['transform'],
		// 2: Create is valid 14 days unless given a date, reads dates on the credential's Site Time Zone and
		// simplifies its output (version 1 keeps its fields and what it sends, which saved workflows rely on).
		version: [1, 2],
		defaultVersion: 2,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description: 'Create, get and disable payment links',
		defaults: { name: 'PaySuite Payment Link' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'paySuiteApi', required: true, testedBy: 'paySuiteApiTest' }],
		properties: buildProperties(resources),
	};

	/** The credential's Test button (see credentialTest.ts) and the editor's lists (methods/). */
	methods = { credentialTest, loadOptions };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return executeResources.call(this, resources);
	}
}
