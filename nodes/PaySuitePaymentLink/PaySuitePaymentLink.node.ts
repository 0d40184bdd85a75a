import {
	NodeConnectionTypes,
	type IExecuteFunctions,
	type ILoadOptionsFunctions,
	type INodePropertyOptions,
	type INodeExecutionData,
	type INodeType,
	type INodeTypeDescription,
} from 'n8n-workflow';

import { buildProperties, executeResources } from '../shared/operation';
import { timeZoneOptions } from '../shared/timeZone';
import { credentialTest } from '../shared/credentialTest';
import { paymentLink } from './actions/paymentLink/PaymentLink.resource';

const resources = [paymentLink];

export class PaySuitePaymentLink implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'PaySuite Payment Link',
		name: 'paySuitePaymentLink',
		icon: { light: 'file:../../icons/paysuite.svg', dark: 'file:../../icons/paysuite.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description: 'Create, get and disable payment links',
		defaults: { name: 'PaySuite Payment Link' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'paySuiteApi', required: true, testedBy: 'paySuiteApiTest' }],
		properties: buildProperties(resources),
	};

	methods = {
		/** The credential's Test button (see credentialTest.ts). */
		credentialTest,
		loadOptions: {
			/** Every zone, the workflow's first; each says what the expiration date picked would be sent as. */
			async getSiteTimeZones(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
				return timeZoneOptions(this.getTimezone(), this.getCurrentNodeParameter('expirationDate'));
			},
		},
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return executeResources.call(this, resources);
	}
}
