import {
	NodeConnectionTypes,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeType,
	type INodeTypeDescription,
	type IWebhookFunctions,
	type IWebhookResponseData,
} from 'n8n-workflow';

import { buildProperties } from '../shared/operation/properties';
import { executeResources, resumeResources } from '../shared/operation/execute';
import { paymentLink } from './actions/paymentLink/PaymentLink.resource';
import { credentialTest } from '../shared/transport/credentialTest';
import { loadOptions } from './methods/loadOptions';
import { manualRegistration } from '../shared/webhooks/reply';
import { resumeWebhook } from '../shared/webhooks/resume';

const resources = [paymentLink];

export class PaySuitePaymentLink implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'PaySuite Payment Link',
		name: 'paySuitePaymentLink',
		icon: { light: 'file:../../icons/payment-link.svg', dark: 'file:../../icons/payment-link.dark.svg' },
		group: ['transform'],
		// What each version reads differently: versions.ts.
		version: [1, 2, 3],
		defaultVersion: 3,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description: 'Create, get and disable payment links, or create one and wait for its payment',
		defaults: { name: 'PaySuite Payment Link' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'paySuiteApi', required: true, testedBy: 'paySuiteApiTest' }],
		// Create and Wait for Payment: the link's notification arrives on the waiting execution's resume URL.
		webhooks: [resumeWebhook],
		properties: buildProperties(resources),
	};

	methods = { credentialTest, loadOptions };

	/**
	 * No-ops asked for by n8n's community scanner of every node declaring webhooks; never called here: publishing
	 * registers no restart webhook (WebhookService.getNodeWebhooks skips them).
	 */
	webhookMethods = manualRegistration;

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return executeResources.call(this, resources);
	}

	/** Only on the resume URL of an execution waiting in Create and Wait for Payment. */
	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		return await resumeResources.call(this, resources);
	}
}
